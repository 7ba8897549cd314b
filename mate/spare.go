package mate

import (
	"slices"

	"github.com/tsume-shogi/tsume/shogi"
)

// The main line's spare pieces. Between equally long defences the
// defender takes one that leaves the attacker no spare piece, if it can
// (docs/solver.md, "Tsume conventions for the main line"); tsumeLine
// compares the defences by the spare pieces of the proofs the table holds
// for them, and a proof is only one of the attacker's mates of that
// length: another may use the piece the first leaves. So a line that
// tsumeLine reads ending with a spare piece is checked once more: a
// depth-first walk of the exact lines (the attacker's checks that keep
// the mate within the length, the defender's longest replies) looks for
// one that ends with none, the attacker's and the defender's moves alike
// taken in the order of their proofs' spare pieces. It is bounded by
// spareWalkVisits positions and spareWalkNodes nodes of search; past
// either, the line read stays.

// spareWalkVisits bounds the positions spareFreeLine visits.
const spareWalkVisits = 1 << 14

// spareWalkNodes bounds the nodes of the searches spareFreeLine makes
// (the depth-limited questions whether a defence is the longest).
const spareWalkNodes = 200_000

// spareFreeLine returns a main line from root, whose shortest mate is
// exactly length plies, that ends with the attacker's hand empty, or nil
// when it finds none within its bounds. A limit it reaches of its own is
// lifted again; the solver's own limits and the context stop it as they
// stop the search.
//
// With unique (a caller that only asks whether the solution is unique,
// SolverOptions.FirstAlternative), the walk does not go through an
// attacker's position with two checks that keep the mate (other than the
// last move's two promotion choices): a main line through it would not be
// unique, so the answer is no either way. It takes only the checks the
// table proves: a check it would have to search is either the only one,
// whose proof the table lost (the line read then stays), or another, a
// second solution that the soundness search finds anyway.
func (s *search[P, PP]) spareFreeLine(root *P, length int, unique bool) []shogi.Move {
	global := s.maxNodes
	s.maxNodes = s.nodes + spareWalkNodes
	if global > 0 {
		s.maxNodes = min(s.maxNodes, global)
	}
	defer func() {
		s.maxNodes = global
		if s.stopped == errNodeLimit && (global == 0 || s.nodes < global) {
			s.stopped = nil
		}
	}()
	w := spareWalk[P, PP]{s: s, ancestors: make([]P, 1, length+1), pv: make([]shogi.Move, 0, length), unique: unique}
	w.ancestors[0] = *root
	if !w.walk(length) {
		return nil
	}
	return w.pv
}

// spareWalk is the state of spareFreeLine's walk: the positions from the
// root and the moves between them.
type spareWalk[P any, PP positionOps[P]] struct {
	s         *search[P, PP]
	ancestors []P
	pv        []shogi.Move
	visits    int
	unique    bool // see spareFreeLine
}

// spareStep is a move of the walk with its position and its proof's spare
// pieces, the order the walk tries the moves in.
type spareStep[P any] struct {
	move  shogi.Move
	pos   P
	spare int
}

// walk reports whether the last of w.ancestors, mated in exactly rem
// plies, has an exact line that ends with no spare piece, and leaves it in
// w.pv.
func (w *spareWalk[P, PP]) walk(rem int) bool {
	s := w.s
	if w.visits++; w.visits > spareWalkVisits || s.stopped != nil {
		return false
	}
	p := &w.ancestors[len(w.ancestors)-1]
	scratch := make([]shogi.Move, 0, shogi.MaxMoves)
	attacker := PP(p).SideToMove() == s.attacker
	if !attacker && s.mated(p, scratch) {
		return PP(p).HandTotal(s.attacker) == 0
	}
	if rem <= 0 {
		return false
	}
	var moves []shogi.Move
	if attacker {
		moves = PP(p).Checks(nil)
	} else {
		moves = s.replies(p, nil)
	}
	var steps []spareStep[P]
	for _, m := range moves {
		st := spareStep[P]{move: m, pos: *p}
		PP(&st.pos).DoMove(m)
		l, sp, ok := s.childValue(w.ancestors, &st.pos, rem, scratch, w.unique && attacker)
		if s.stopped != nil {
			return false
		}
		if !ok {
			if !attacker && s.futile && droppedInterposition(PP(p), m) {
				continue // futile by capture
			}
			if !attacker {
				return false // not mated within rem after all
			}
			continue
		}
		if attacker && l+1 != rem {
			continue
		}
		if !attacker && rem-3 >= 1 {
			// Only the longest defences: no mate two plies shorter.
			if r := s.lookupAt(&st.pos, uint16(rem-3)); r.pn == 0 {
				continue
			}
			if r := s.searchAt(w.ancestors, &st.pos, uint16(rem-3)); s.stopped != nil {
				return false
			} else if r.pn == 0 {
				continue
			}
		}
		st.spare = sp
		steps = append(steps, st)
		if w.unique && attacker && len(steps) > 1 && (rem != 1 || steps[0].move.TogglePromotion() != st.move) {
			return false
		}
	}
	slices.SortStableFunc(steps, func(a, b spareStep[P]) int { return a.spare - b.spare })
	for i := range steps {
		w.ancestors = append(w.ancestors, steps[i].pos)
		w.pv = append(w.pv, steps[i].move)
		if w.walk(rem - 1) {
			return true
		}
		w.ancestors = w.ancestors[:len(w.ancestors)-1]
		w.pv = w.pv[:len(w.pv)-1]
		if s.stopped != nil {
			return false
		}
	}
	return false
}

// endsWithSpare reports whether line, played from q, leaves the attacker
// pieces in hand.
func endsWithSpare[P any, PP positionOps[P]](q *P, line []shogi.Move, attacker shogi.Color) bool {
	end := *q
	for _, m := range line {
		PP(&end).DoMove(m)
	}
	return PP(&end).HandTotal(attacker) != 0
}
