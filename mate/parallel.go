package mate

import (
	"errors"
	"sync"
	"sync/atomic"

	"github.com/tsume-shogi/tsume/shogi"
)

// This file is the parallel df-pn search of SolverOptions.Threads > 1
// (docs/solver.md, "Threads"): helper threads run the same df-pn from the
// root of each search over the shared table (sharedtable.go), as the
// threads of Kaneko's parallel df-pn (2010) do, and every thread counts in
// a shared array the threads searching each position after a check, at
// every ply (docs/performance.md, "Two threads at every ply"); a thread about to
// play a check that another thread is searching plays its parent's
// second-best check instead when the busy check's proof number, raised as
// a virtual proof number (Hoki et al. 2013), is no longer the smallest.
// At an AND node the threads take the same reply: diverting there too,
// as until session 14, made two threads search more nodes on the
// classics (docs/performance.md, "Two threads"). Whatever a thread stores
// is a proof, a disproof or the numbers of an unfinished search, as in
// one thread: the answers are the same, the nodes and the lines of equal
// length may not be (the threads' interleaving is not deterministic).

// parallelAfter is how many nodes the main thread searches alone before
// the helpers join a search: most of the searches of the length, line and
// soundness steps are a few hundred nodes, which the helpers would only
// slow down.
const parallelAfter = 4096

// busySize is the number of counters of the threads searching each
// position, indexed by the low bits of its full key.
const busySize = 1 << 16

// errSolvedElsewhere stops the main thread when a helper has resolved the
// root of their search; searchAt then reads the helper's answer from the
// table. It never leaves searchAt.
var errSolvedElsewhere = errors.New("mate: the root was resolved by another thread")

// errHelperStop stops a helper when the main thread's search has ended.
var errHelperStop = errors.New("mate: the main thread's search ended")

// parallel is what the threads of a parallel search share, held by the
// main thread's search and its helpers.
type parallel[P any, PP positionOps[P]] struct {
	helpers []*search[P, PP]
	busy    []atomic.Int32 // threads searching each position (full key mod busySize)
	stop    atomic.Bool    // the main thread's search ended: the helpers return
	solved  atomic.Bool    // a helper resolved the root
	nodes   atomic.Uint64  // the helpers' nodes not yet added to the main thread's
	// left is the main thread's node budget left for the helpers' nodes,
	// as of its last tick (0: no limit): a helper stops itself once nodes
	// reaches it, so that the limit holds while the main thread waits
	// for a core (publishLeft).
	left atomic.Uint64
	wg   sync.WaitGroup
	// The main thread grows the table's prefix in use while the helpers
	// wait: pause asks them to, parked counts those waiting, live those
	// searching.
	pause        atomic.Bool
	parked, live atomic.Int32

	// The main thread's search in progress (searchAt): its root and
	// settings, for the helpers.
	active    bool
	running   bool // the helpers have joined it
	start     uint64
	ancestors []P
	root      P
	rem       uint16
}

// newParallel makes s the main thread of a parallel search with threads
// threads in all.
func newParallel[P any, PP positionOps[P]](s *search[P, PP], threads int) {
	par := &parallel[P, PP]{busy: make([]atomic.Int32, busySize)}
	for range threads - 1 {
		h := newSearch[P, PP](s.tt, s.attacker)
		h.par, h.helper = par, true
		par.helpers = append(par.helpers, h)
	}
	s.par = par
}

// beginParallel records the root of a search of the main thread, which
// the helpers join once it has taken parallelAfter nodes.
func (s *search[P, PP]) beginParallel(ancestors []P, pos *P, rem uint16) {
	par := s.par
	par.active, par.running, par.start = true, false, s.nodes
	par.ancestors, par.root, par.rem = ancestors, *pos, rem
	par.stop.Store(false)
	par.solved.Store(false)
	s.publishLeft()
}

// publishLeft tells the helpers how many nodes the main thread's budget
// leaves them. The main thread counts the helpers' nodes only at its
// ticks; without this a helper searched on past the limit for as long as
// the main thread waited for a core on a busy machine (a search limited
// to 50,000 nodes took 67,584).
func (s *search[P, PP]) publishLeft() {
	var left uint64
	if s.maxNodes > 0 {
		left = 1
		if s.nodes < s.maxNodes {
			left = s.maxNodes - s.nodes
		}
	}
	s.par.left.Store(left)
}

// endParallel ends the main thread's search: the helpers stop, their
// nodes are added to the main thread's, and the stop of the main thread
// because a helper resolved the root is lifted.
func (s *search[P, PP]) endParallel() {
	par := s.par
	par.stop.Store(true)
	par.wg.Wait()
	par.active, par.running = false, false
	par.ancestors = nil
	s.nodes += par.nodes.Swap(0)
	if s.stopped == errSolvedElsewhere {
		s.stopped = nil
	}
}

// resolvedElsewhere reports whether the table holds a proof or a disproof
// of the node at ply (key, hand) for this search: another thread found
// it while this one searched the node from older numbers of its
// children, whose unfinished numbers must not push it out.
func (s *search[P, PP]) resolvedElsewhere(key uint64, hand shogi.Hand, ply int) bool {
	r := s.tt.lookup(key, hand, s.remaining(ply), s.futile, s)
	return r.pn == 0 || r.dn == 0
}

// parallelTick is called every 1,024 nodes of each thread. A helper adds
// them to the shared count and stops when the main thread's search has
// ended; the main thread starts the helpers once its search has taken
// parallelAfter nodes, stops when a helper has resolved the root, and
// applies the node limit to the nodes of all threads.
func (s *search[P, PP]) parallelTick() {
	par := s.par
	if s.helper {
		n := par.nodes.Add(1024)
		if l := par.left.Load(); par.stop.Load() || l != 0 && n >= l {
			s.stopped = errHelperStop
		}
		if par.pause.Load() {
			par.parked.Add(1)
			for i := 1; par.pause.Load(); i++ {
				backoff(i)
			}
			par.parked.Add(-1)
		}
		return
	}
	if !par.active {
		return
	}
	s.publishLeft()
	if !par.running && s.nodes-par.start >= parallelAfter {
		par.running = true
		for _, h := range par.helpers {
			h.futile, h.excluded = s.futile, s.excluded
			h.limited, h.limit = s.rem0()
			h.nodes, h.stopped = 0, nil
			par.wg.Add(1)
			par.live.Add(1)
			go h.help(par.ancestors, par.root, par.rem)
		}
	}
	if s.stopped != nil {
		return
	}
	if par.solved.Load() {
		s.stopped = errSolvedElsewhere
	} else if s.maxNodes > 0 && s.nodes+par.nodes.Load() >= s.maxNodes {
		s.stopped = errNodeLimit
	}
}

// rem0 returns the depth limit of the main thread's search at its root
// (searchChildless changes s.limit for a while).
func (s *search[P, PP]) rem0() (limited bool, limit int) {
	par := s.par
	if par.rem == unlimited {
		return false, len(par.ancestors)
	}
	return true, len(par.ancestors) + int(par.rem)
}

// help is a helper's search of the main thread's root pos, reached by
// ancestors, with rem plies left: df-pn from the root until it is
// resolved (then the main thread stops too) or the main thread's search
// ends.
func (s *search[P, PP]) help(ancestors []P, pos P, rem uint16) {
	par := s.par
	defer par.wg.Done()
	defer par.live.Add(-1)
	for i := range ancestors {
		a := PP(&ancestors[i])
		s.push(a.Key(), a.BoardKey(), a.Hand(s.attacker), a.SideToMove() == s.attacker)
	}
	if r := s.lookupAt(&pos, rem); r.pn != 0 && r.dn != 0 {
		ply := len(ancestors)
		s.frame(ply).pos = pos
		s.mid(ply, infinity, infinity)
	}
	if s.stopped == nil {
		par.solved.Store(true)
	}
	for range ancestors {
		s.pop()
	}
	par.nodes.Add(s.nodes & 1023)
}

// growShared grows the prefix in use of a shared table when a sample of
// its clusters says it is full enough (sharedFull), with the helpers
// waiting, if any are searching. Only the main thread calls it.
func (s *search[P, PP]) growShared() {
	if !s.tt.sharedFull() {
		return
	}
	par := s.par
	if par == nil {
		s.tt.grow()
		return
	}
	par.pause.Store(true)
	for i := 1; par.parked.Load() < par.live.Load(); i++ {
		backoff(i)
	}
	s.tt.grow()
	par.pause.Store(false)
}

// markBusy adds d to the count of threads searching the position of full
// key full.
func (par *parallel[P, PP]) markBusy(full uint64, d int32) {
	par.busy[full&(busySize-1)].Add(d)
}

// divert returns the check that the thread searches next, of the OR node
// of frame f whose children's proof numbers low ranked, and the number
// its threshold is set from: the best check, unless other threads search
// it and its proof number raised by them (a virtual proof number) is
// larger than the second best's, which is then searched with the best's
// virtual number as the second best. A second best at th (the node's
// proof number threshold) or above is never taken: its search would
// return at once.
func (s *search[P, PP]) divert(f *frame[P], low *lowest, th uint32) (int, uint32) {
	if low.next < 0 || low.second >= th {
		return low.best, low.second
	}
	n := s.par.busy[f.children[low.best].full&(busySize-1)].Load()
	if n <= 0 {
		return low.best, low.second
	}
	v := uint32(min(uint64(low.val)+uint64(max(low.val, 2))*uint64(n), uint64(infinity-1)))
	if v <= low.second {
		return low.best, low.second
	}
	return low.next, v
}
