package gen

import (
	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/shogi"
)

// workspace is the per-worker scratch state.
type workspace struct {
	analysis mate.Result
}

// judge completes a candidate (it gives White the remaining hand), checks
// it with the exact mate-in-1 analysis and the filters of o, and returns
// the problem when it passes.
func (o *Options) judge(cand *shogi.Position, ws *workspace) (Problem, bool) {
	h, err := mate.RemainingHand(cand, shogi.Black)
	if err != nil {
		return Problem{}, false
	}
	q := *cand
	q.SetHand(shogi.White, h)
	q.SetSideToMove(shogi.Black)
	ksq := q.King(shogi.White)
	if ksq == shogi.NoSquare || !inRegion(ksq, o.King) || !q.IsValid() {
		return Problem{}, false
	}
	if (q.King(shogi.Black) != shogi.NoSquare) != o.TwoKings || q.InCheck() {
		return Problem{}, false
	}
	n := countPieces(&q)
	if n > o.MaxPieces || n < o.MinPieces || !o.kindsAllowed(&q) {
		return Problem{}, false
	}
	sym := q.IsSymmetric()
	if o.Symmetric && !sym {
		return Problem{}, false
	}
	a := &ws.analysis
	mate.Analyze(&q, a)
	switch len(a.Mates) {
	case 1:
	case 2:
		if !o.AllowPromotionAmbiguity || a.Mates[0].IsDrop() || a.Mates[0] != a.Mates[1].TogglePromotion() {
			return Problem{}, false
		}
	default:
		return Problem{}, false
	}
	sol := a.Mates[0]
	if o.MaxChecks > 0 && a.Checks > o.MaxChecks || o.MaxLegal > 0 && a.Legal > o.MaxLegal {
		return Problem{}, false
	}
	if o.Mate == DropMate && !sol.IsDrop() || o.Mate == MoveMate && sol.IsDrop() {
		return Problem{}, false
	}
	if !o.AllowLeftover {
		after := q
		after.DoMove(sol)
		if !after.Hand(shogi.Black).IsEmpty() {
			return Problem{}, false
		}
	}
	score, tempting := DifficultyScore(&q, a, sol)
	if lo, hi := o.Difficulty.scoreRange(); score < lo || score >= hi {
		return Problem{}, false
	}
	return Problem{
		Method:             o.Method,
		Seed:               o.Seed,
		Position:           q,
		Solution:           sol,
		PromotionAmbiguous: len(a.Mates) == 2,
		Legal:              a.Legal,
		Checks:             a.Checks,
		Replies:            a.Replies,
		Tempting:           tempting,
		Score:              score,
		Pieces:             n,
		KingEdge:           onEdge(ksq),
		KingCorn:           inCorner(ksq),
		Symmetric:          sym,
	}, true
}

// kindsAllowed reports whether every piece on the board (other than the
// kings) and in Black's hand is of an allowed kind.
func (o *Options) kindsAllowed(p *shogi.Position) bool {
	if len(o.Kinds) == 0 {
		return true
	}
	var ok [shogi.NumKinds]bool
	for _, k := range o.Kinds {
		ok[k] = true
	}
	ok[shogi.King] = true
	for b := p.Occupied(); b.Any(); {
		if !ok[p.PieceAt(b.PopLSB()).Kind().Demote()] {
			return false
		}
	}
	h := p.Hand(shogi.Black)
	for _, k := range allKinds {
		if h.Has(k) && !ok[k] {
			return false
		}
	}
	return true
}
