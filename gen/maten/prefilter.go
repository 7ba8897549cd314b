package maten

import (
	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/shogi"
)

// This file holds the judge's tests of a candidate made before any
// search: cheap necessary conditions that turn most candidates away.

// repliesMated is the prefilter of a constructed candidate q of n plies,
// whose main line is to start with a and d: after a, every other reply
// of the defender that is not a futile interposition (of the plain rule)
// must allow a mate in 1, so that only d leads on to the rest of the
// line. At 3 plies the test is exact under the plain rules: a candidate
// that fails it has no mate in 3 beginning with a. Above 3 plies it also
// rejects problems whose other replies need longer mates of their own;
// letting one or two of them through (each left to the solver) cost
// 1.2 to 7 times the instructions per problem at 5 to 9 plies
// (docs/performance.md).
func (j *judge) repliesMated(q *shogi.Position, a, d shogi.Move) bool {
	r := &j.after
	*r = *q
	r.DoMove(a)
	j.replies = r.Evasions(j.replies[:0])
	for _, e := range j.replies {
		if e == d || mate.IsFutileInterposition(r, e) {
			continue
		}
		c := &j.reply
		*c = *r
		c.DoMove(e)
		if !j.hasMate1(c) {
			return false
		}
	}
	return true
}

// hasMate1 reports whether the side to move in p mates in one, as
// mate.Mate1 would list a move, without allocating: a legal check after
// which the defender has no legal move, a pawn drop never (打歩詰 is
// illegal).
func (j *judge) hasMate1(p *shogi.Position) bool {
	j.checks = p.Checks(j.checks[:0])
	for _, m := range j.checks {
		// A king that can step away, the common answer, is seen without
		// playing the check (KingEscapesAfter counts the steps that
		// KingEscapes would after it), and so is the whole reply list.
		if m.IsDrop() && m.DroppedKind() == shogi.Pawn || p.KingEscapesAfter(m) > 0 {
			continue
		}
		c := &j.mated
		*c = *p
		c.DoMove(m)
		if !c.HasLegalMove() {
			return true
		}
	}
	return false
}

// twoKeys3 reports whether two checks of q, a position with no mate in
// 1, each mate in 3 plies whatever White replies: after each, every
// legal reply, futile interpositions included, allows a mate in 1 (by
// hasMate1). Such a candidate of 3 plies is cooked (余詰) under every
// rule of the solver, whose soundness search lists the other key as an
// alternative at ply 0; it is rejected without the search, which took
// most of a mate-in-3's solver time on such candidates. A check after
// which a reply escapes the test (a reply without a mate in 1, or an
// interposition the futile rule would discount) decides nothing here:
// the solver judges such candidates as before.
func (j *judge) twoKeys3(q *shogi.Position) bool {
	return j.forcingChecks(q, 2, false) == 2
}
