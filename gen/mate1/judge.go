package mate1

import (
	"context"

	"github.com/tsume-shogi/tsume/gen"
	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/theme"
)

// newJudge returns a judge of the options with its own analysis buffers.
func (o *Options) newJudge() gen.Judge {
	var a mate.Result
	return func(cand *shogi.Position, _ int, p *problem.Problem) bool { return o.judge(cand, &a, p) }
}

// judge completes a candidate (it gives White the remaining hand), checks
// it with the exact mate-in-1 analysis and the filters of o, and sets *p
// to the problem when it passes (under Options.Bases, the position and
// the line alone).
func (o *Options) judge(cand *shogi.Position, a *mate.Result, p *problem.Problem) bool {
	if !o.AllowLeftover && cand.Hand(shogi.Black).Total() > 1 {
		return false // a mate in one uses one piece of the hand at most
	}
	h, ok := mate.HandLeft(cand, shogi.Black)
	if !ok {
		return false
	}
	q := *cand
	q.SetHand(shogi.White, h)
	q.SetSideToMove(shogi.Black)
	ksq := q.King(shogi.White)
	if ksq == shogi.NoSquare || !o.King.Has(ksq) || !q.IsValid() {
		return false
	}
	if (q.King(shogi.Black) != shogi.NoSquare) != o.TwoKings || q.InCheck() {
		return false
	}
	n := problem.Pieces(&q)
	if n > o.MaxPieces || n < o.MinPieces || !o.kindsAllowed(&q) {
		return false
	}
	if o.Symmetric && !q.IsSymmetric() {
		return false
	}
	// Bases need the mating moves alone (Analyze lists the same, and
	// counts the replies to every check for the metrics besides), which
	// cost no more than HasMate1 where there is none: the reverse
	// method's candidates nearly all have one.
	if o.Bases {
		if a.Mates = mate.AppendMates1(a.Mates[:0], &q); len(a.Mates) == 0 {
			return false
		}
	} else {
		if !mate.HasMate1(&q) {
			return false // (nearly every random candidate: Analyze costs more)
		}
		mate.Analyze(&q, a)
	}
	switch len(a.Mates) {
	case 1:
	case 2:
		if !o.AllowPromotionAmbiguity || a.Mates[0].IsDrop() || a.Mates[0] != a.Mates[1].TogglePromotion() {
			return false
		}
	default:
		return false
	}
	sol := a.Mates[0]
	if o.MaxChecks > 0 && a.Checks > o.MaxChecks || o.MaxLegal > 0 && a.Legal > o.MaxLegal {
		return false
	}
	if o.Mate == DropMate && !sol.IsDrop() || o.Mate == MoveMate && sol.IsDrop() {
		return false
	}
	if !o.AllowLeftover {
		after := q
		after.DoMove(sol)
		if !after.Hand(shogi.Black).IsEmpty() {
			return false
		}
	}
	if o.Bases {
		*p = problem.Problem{Position: q, Stipulation: problem.MateIn(1), Line: []shogi.Move{sol}, PromotionAmbiguous: len(a.Mates) == 2}
		return true
	}
	score, tempting := DifficultyScore(&q, a, sol)
	if lo, hi := o.Difficulty.scoreRange(); score < lo || score >= hi {
		return false
	}
	// The themes of a one-move line need no search: nothing to cancel.
	found, err := theme.Find(context.Background(), &q, []shogi.Move{sol}, theme.Options{})
	if err != nil { // a mating move is a tsume solution: never
		return false
	}
	themes := make([]problem.Theme, len(found))
	for i, f := range found {
		themes[i] = problem.Theme(f)
	}
	*p = problem.Problem{
		Themes:             themes,
		Position:           q,
		Stipulation:        problem.MateIn(1),
		Line:               []shogi.Move{sol},
		PromotionAmbiguous: len(a.Mates) == 2,
		Metrics:            problem.Metrics{Legal: a.Legal, Checks: a.Checks, Replies: a.Replies, Tempting: tempting},
		Difficulty:         score,
	}
	return true
}

// kindsAllowed reports whether every piece on the board (other than the
// kings) and in Black's hand is of an allowed kind.
func (o *Options) kindsAllowed(p *shogi.Position) bool { return gen.KindsAllowed(p, o.Kinds) }
