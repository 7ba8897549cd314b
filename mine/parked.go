package mine

import (
	"context"
	"sync"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/shogi"
)

// The rounds of kept search a reply with a 64th of the budget, then, if
// that decided nothing, with an 8th, then with the whole budget. A
// search's budget only stops it (mate.Solver.MateWithinMore): the search
// of a round is the search of the round before, gone on further. So the
// search of a reply left undecided is parked at its round's budget, on a
// goroutine of its own with its solver, and the next round goes on with
// it instead of searching the reply again from an empty table: the same
// search, node for node, with the same outcome and the same count of
// nodes, without the nodes of the rounds before done again. The searches
// counted are unchanged (each round's, as if made afresh).
//
// A parked search holds a solver and the part of its table it touched
// (about 2 MB after a first round, 8 MB after a second): at most
// maxParked a worker are parked at once, and a reply beyond them is
// searched afresh in the next round, as before, with the same outcome.

// maxParked is the number of a Miner's searches parked at once, a worker.
const maxParked = 4

// parked is a search of a reply of kept under way on a goroutine of its
// own, waiting at a budget for a larger one or under way.
type parked struct {
	s      *mate.Solver
	cancel context.CancelFunc // ends the search
	more   chan uint64        // the next budget; 0 stops the search
	done   chan parkedStop    // the search is at a budget, or has ended
	ended  bool
	// waiting: parked at a budget (counted by the pool) for the next
	// round, which may go on with it.
	waiting bool
}

// parkedStop is where a parked search stopped: at a budget (its nodes),
// or at its end (its outcome).
type parkedStop struct {
	w     mate.Within
	ended bool
}

// searchPool hands out the solvers of the searches of kept's replies, and
// counts the parked ones. It is safe for concurrent use.
type searchPool struct {
	opts mate.SolverOptions
	max  int // the searches parked at once

	mu     sync.Mutex
	free   []*mate.Solver
	parked int
	parks  int // the searches parked so far
}

// solver returns a solver of the pool's options.
func (sp *searchPool) solver() (*mate.Solver, error) {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	if n := len(sp.free); n > 0 {
		s := sp.free[n-1]
		sp.free = sp.free[:n-1]
		return s, nil
	}
	return mate.NewSolver(sp.opts)
}

// park reports whether a search may be parked, and counts it if so.
func (sp *searchPool) park() bool {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	if sp.parked >= sp.max {
		return false
	}
	sp.parked++
	sp.parks++
	return true
}

// unpark counts a parked search no longer parked.
func (sp *searchPool) unpark() {
	sp.mu.Lock()
	sp.parked--
	sp.mu.Unlock()
}

// release ends k if it has not ended and gives its solver back.
func (sp *searchPool) release(k *parked) {
	if !k.ended {
		k.more <- 0
		for !(<-k.done).ended {
		}
		k.ended = true
	}
	sp.mu.Lock()
	sp.free = append(sp.free, k.s)
	sp.mu.Unlock()
}

// start starts the search of p for a mate within plies with the budget
// budget, in ctx (its end ends the search), on a goroutine of its own.
func (sp *searchPool) start(ctx context.Context, p *shogi.Position, plies int, budget uint64) (*parked, error) {
	s, err := sp.solver()
	if err != nil {
		return nil, err
	}
	sctx, cancel := context.WithCancel(ctx)
	k := &parked{s: s, cancel: cancel, more: make(chan uint64), done: make(chan parkedStop)}
	q := *p
	go func() {
		defer cancel()
		var c counts
		w := withinMore(sctx, s, &q, plies, budget, &c, func(nodes uint64) uint64 {
			k.done <- parkedStop{w: mate.Within{Status: mate.Unknown, Nodes: nodes}}
			return <-k.more
		})
		k.done <- parkedStop{w: w, ended: true}
	}()
	return k, nil
}

// run lets k go on to its next stop, its search ended early when ctx
// ends, and returns where it stopped.
func (k *parked) run(ctx context.Context) parkedStop {
	stop := context.AfterFunc(ctx, k.cancel)
	st := <-k.done
	stop()
	k.ended = st.ended
	return st
}

// withinMore is within with the budget of MateWithinMore.
func withinMore(ctx context.Context, s *mate.Solver, p *shogi.Position, plies int, budget uint64, c *counts, more func(uint64) uint64) mate.Within {
	w, err := s.MateWithinMore(ctx, p, plies, budget, more)
	return counted(w, err, c)
}
