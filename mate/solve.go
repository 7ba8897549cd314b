package mate

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/tsume-shogi/tsume/shogi"
)

// Status is the outcome of a search.
type Status int

// The outcomes of Solve.
const (
	Unknown Status = iota // a limit was reached first
	Mate                  // the attacker mates by force
	NoMate                // the attacker cannot force mate
)

// String returns "unknown", "mate" or "nomate".
func (s Status) String() string {
	switch s {
	case Mate:
		return "mate"
	case NoMate:
		return "nomate"
	}
	return "unknown"
}

// SolverOptions configures a Solver. The zero value is usable: a 256 MB
// table, no limits, futile interpositions discounted, the tsume convention
// for the defender's hand, and the soundness checks.
type SolverOptions struct {
	HashMB       int           // transposition table size in megabytes (default 256)
	MaxNodes     uint64        // stop after this many nodes in all (0: no limit)
	MaxTime      time.Duration // stop after this long (0: no limit; ctx may also end the search)
	Futile       FutileRule    // how futile interpositions count towards the length
	DefenderHand DefenderHand  // Remaining (default) or AsGiven
	// SkipSoundness leaves out the search for alternative solutions (余詰),
	// which costs one bounded search per other check along the main line.
	SkipSoundness bool
	// Progress, if set, is called about every 65,536 nodes from the
	// searching goroutine.
	Progress func(Progress)
}

// Progress reports a running search.
type Progress struct {
	Phase    string // "proof", "length", "soundness"
	Nodes    uint64
	Elapsed  time.Duration
	Hashfull int // per mille of the table in use
}

// Alternative is another attacker move along the main line that also mates
// within the remaining length (余詰).
type Alternative struct {
	Ply  int        // 0-based ply of the main line where it can be played
	Move shogi.Move // the other move
	// LastMovePromotion is true when it is the solution's last move with
	// the other promotion choice, which the tsume convention tolerates.
	LastMovePromotion bool
}

// Solution is the result of Solve.
type Solution struct {
	Status Status
	// Position is the position solved, with the defender's hand applied.
	Position shogi.Position
	// PV is the main line under tsume conventions: the attacker mates in
	// the fewest moves, the defender resists longest and, between equally
	// long defences, leaves the attacker no spare pieces if it can.
	PV []shogi.Move
	// Length is len(PV); LengthExact is false when a limit stopped the
	// search for a shorter mate, so that Length is only an upper bound.
	Length      int
	LengthExact bool
	Nodes       uint64
	Time        time.Duration
	// Soundness: Unique is false when Alternatives lists another way to
	// mate within the remaining length (last-move promotion choices
	// aside); SoundnessChecked is false when it was skipped or a limit
	// cut it short.
	Unique           bool
	SoundnessChecked bool
	Alternatives     []Alternative
	Leftover         bool // the attacker holds pieces at the end (駒余り)
	FirstMoveForced  bool // the first move is the attacker's only check
}

// Solver solves tsume problems with df-pn. A Solver keeps its table
// between calls; it is not safe for concurrent use.
type Solver struct {
	opts SolverOptions
	tt   *table
}

// NewSolver returns a Solver with its table allocated.
func NewSolver(opts SolverOptions) *Solver {
	if opts.HashMB <= 0 {
		opts.HashMB = 256
	}
	return &Solver{opts: opts, tt: newTable(opts.HashMB)}
}

// ErrNotAProblem is wrapped by the errors Solve returns for positions it
// cannot search.
var ErrNotAProblem = errors.New("mate: not a tsume position")

// Solve searches p for a forced mate by its side to move (the attacker).
// With DefenderHand Remaining, the defender first gets every remaining
// piece. The position must be legal and the defender must have a king on
// the board. A limit or the end of ctx gives status Unknown (with a
// shorter solution than the best if the proof was already complete).
func (s *Solver) Solve(ctx context.Context, p *shogi.Position) (*Solution, error) {
	start := time.Now()
	q := *p
	if s.opts.DefenderHand == Remaining {
		var err error
		if q, err = WithRemainingHand(p); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrNotAProblem, err)
		}
	}
	if err := q.Validate(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNotAProblem, err)
	}
	attacker := q.SideToMove()
	if q.King(attacker.Opp()) == shogi.NoSquare {
		return nil, fmt.Errorf("%w: the defender (%s) has no king on the board", ErrNotAProblem, attacker.Opp())
	}
	sol := &Solution{Position: q}
	var nodes uint64
	var deadline time.Time
	if s.opts.MaxTime > 0 {
		deadline = start.Add(s.opts.MaxTime)
	}
	phase := "proof"
	s.tt.newGeneration()
	newSearchFor := func(futile bool, depth int) *search {
		sr := newSearch(s.tt, attacker)
		sr.futile, sr.depthLimit = futile, depth
		sr.ctx, sr.deadline, sr.maxNodes, sr.nodes = ctx, deadline, s.opts.MaxNodes, &nodes
		if s.opts.Progress != nil {
			sr.progress = func() {
				s.opts.Progress(Progress{Phase: phase, Nodes: nodes, Elapsed: time.Since(start), Hashfull: s.tt.hashfull()})
			}
		}
		return sr
	}
	finish := func() *Solution {
		sol.Nodes, sol.Time = nodes, time.Since(start)
		sol.Length = len(sol.PV)
		return sol
	}

	// 1. Is there a mate at all? Every reply counts here, so that a mate
	// is a mate by the plain rules whatever the futile rule.
	sr := newSearchFor(false, 0)
	st := sr.run(&q)
	switch st {
	case NoMate:
		sol.Status = NoMate
		return finish(), nil
	case Unknown:
		return finish(), nil
	}
	sol.Status = Mate
	sol.PV = sr.principalVariation(&q)
	if len(sol.PV) == 0 {
		return finish(), errors.New("mate: internal error: proven root without a main line")
	}

	// 2. The tsume solution: the refiner searches the mate lengths with
	// df-pn as its oracle, starting from the length of the proof found.
	phase = "length"
	futile := s.opts.Futile == Discount
	ref := newRefiner(sr, futile)
	// The refinement is bounded by a number of steps (so that the result
	// does not depend on the machine) and, with a time limit, by a
	// quarter of the time left.
	if !deadline.IsZero() {
		ref.deadline = time.Now().Add(time.Until(deadline) / 4)
	}
	// Iterative deepening: the first length that holds is the shortest.
	// The proof's own length bounds the search from above.
	found := false
	for d := 1; d < len(sol.PV) && !ref.inexact; d += 2 {
		if l, _ := ref.value(&q, d); l <= d && !ref.inexact {
			if pv := ref.line(&q, l); pv != nil {
				sol.PV, found = pv, true
			}
			break
		}
	}
	if !found && !ref.inexact {
		// No shorter mate: the proof's length is the shortest; take the
		// line again under the futile rule.
		if l, _ := ref.value(&q, len(sol.PV)); l <= len(sol.PV) && !ref.inexact {
			if pv := ref.line(&q, l); pv != nil {
				sol.PV = pv
			}
		}
	}
	sol.LengthExact = !ref.inexact && sr.stopped == nil
	if ref.inexact {
		// Keep the proof's own line; the stop of the refinement is not a
		// stop of the solve.
		sr.stopped = nil
	}
	end := q
	for _, m := range sol.PV {
		end.DoMove(m)
	}
	sol.Leftover = !end.Hand(attacker).IsEmpty()
	sol.FirstMoveForced = len(q.Checks(nil)) == 1

	// 3. Soundness: does another attacker move along the main line also
	// mate within the remaining length?
	if s.opts.SkipSoundness || !sol.LengthExact {
		return finish(), nil
	}
	phase = "soundness"
	sol.Unique, sol.SoundnessChecked = true, true
	pos := q
	for ply, m := range sol.PV {
		if ply%2 == 0 {
			remaining := len(sol.PV) - ply
			for _, alt := range pos.Checks(nil) {
				if alt == m {
					continue
				}
				child := pos
				child.DoMove(alt)
				mates := ref.mated(&child)
				if !mates && remaining >= 3 && ref.ask(&child) != oracleNoMate {
					l, _ := ref.value(&child, remaining-1)
					mates = l <= remaining-1
				}
				if ref.inexact || sr.stopped != nil {
					sol.SoundnessChecked = false
					return finish(), nil
				}
				if mates {
					a := Alternative{Ply: ply, Move: alt, LastMovePromotion: remaining == 1 && alt == m.TogglePromotion()}
					sol.Alternatives = append(sol.Alternatives, a)
					if !a.LastMovePromotion {
						sol.Unique = false
					}
				}
			}
		}
		pos.DoMove(m)
	}
	return finish(), nil
}

// run searches from p at ply 0 and returns the root's status.
func (s *search) run(p *shogi.Position) Status {
	f := s.frame(0)
	f.pos = *p
	s.path = s.path[:0]
	clear(s.onPath)
	s.mid(0, infinity, infinity)
	r := s.tt.lookup(p.BoardKey(), p.Hand(s.attacker), s.remaining(0), s.futile, s)
	switch {
	case r.pn == 0:
		return Mate
	case r.dn == 0 && r.anchor < 0 && s.stopped == nil:
		return NoMate
	}
	return Unknown
}

// principalVariation follows the proof in the table from p: at an attacker
// node the proven move with the shortest mate (then the most spare
// pieces), at a defender node the reply with the longest (then the fewest
// spare pieces). A proof lost from the table is searched again.
func (s *search) principalVariation(root *shogi.Position) []shogi.Move {
	var pv []shogi.Move
	p := *root
	scratch := make([]shogi.Move, 0, shogi.MaxMoves)
	var ancestors []shogi.Position
	for ply := 0; ply < 10000; ply++ {
		ancestors = append(ancestors, p)
		or := p.SideToMove() == s.attacker
		var moves []shogi.Move
		if or {
			moves = p.Checks(nil)
		} else {
			moves = s.replies(&p, make([]shogi.Move, 0, shogi.MaxMoves))
		}
		if len(moves) == 0 {
			return pv // mated (an attacker node without checks cannot be on a proof)
		}
		best, bestLen, bestSpare := shogi.NoMove, 0, 0
		for attempt := 0; attempt < 2 && best == shogi.NoMove; attempt++ {
			complete := true
			for _, m := range moves {
				q := p
				q.DoMove(m)
				var length, spare int
				if or && s.mated(&q, scratch) {
					length, spare = 0, q.Hand(s.attacker).Total()
				} else {
					r := s.tt.lookup(q.BoardKey(), q.Hand(s.attacker), s.remaining(ply+1), s.futile, s)
					if r.pn != 0 {
						if !or {
							complete = false
						}
						continue
					}
					length, spare = int(r.length), int(r.spare)
				}
				if best == shogi.NoMove ||
					or && (length < bestLen || length == bestLen && spare > bestSpare) ||
					!or && (length > bestLen || length == bestLen && spare < bestSpare) {
					best, bestLen, bestSpare = m, length, spare
				}
			}
			if !complete {
				best = shogi.NoMove
			}
			if best == shogi.NoMove && attempt == 0 {
				// The table lost part of the proof: prove this node again
				// with the main line so far as its path.
				s.reprove(ancestors)
				if s.stopped != nil {
					return nil
				}
			}
		}
		if best == shogi.NoMove {
			return nil
		}
		pv = append(pv, best)
		p.DoMove(best)
	}
	return nil
}

// reprove searches the last of ancestors again, with the others as its path.
func (s *search) reprove(ancestors []shogi.Position) {
	ply := len(ancestors) - 1
	s.path = s.path[:0]
	clear(s.onPath)
	for i, a := range ancestors[:ply] {
		s.visits++
		s.path = append(s.path, pathNode{full: a.Key(), visit: s.visits})
		s.onPath[a.Key()] = i
	}
	s.frame(ply).pos = ancestors[ply]
	s.mid(ply, infinity, infinity)
}
