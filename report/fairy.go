package report

import (
	"slices"
	"strings"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
	"github.com/tsume-shogi/tsume/verdict"
)

// FairyLine is Line for a position of package variant: it plays moves
// from p (which it does not change) and returns them in USI and in
// Japanese, the latter in KIF's form (problem.JapaneseVariantLine:
// "▲１三獅(19)", "△同　玉(22)", "▲２三グ打"). The moves must be legal in
// turn.
func FairyLine(p *variant.Position, moves []variant.Move) (usi, ja []string) {
	return lineOf(*p, shogi.NoSquare, moves, variant.MoveString, problem.JapaneseVariantMove)
}

// NewFairySolution is NewSolution for a solution of a fairy position:
// the same view, its moves written as FairyLine writes them, with the
// rules of the position. Its themes are the caller's to find
// (theme.FindVariant), as NewSolution's are.
func NewFairySolution(sol *mate.VariantSolution, hand mate.DefenderHand, futile mate.FutileRule) *Solution {
	v := newSolution(&sol.Solution, sol.Position, hand, futile, variant.MoveString, problem.JapaneseVariantMove,
		func(p *variant.Position, c variant.Color) string { return p.Hand(c).String() })
	v.Rules = RulesName(sol.Position.Rules())
	return v
}

// RulesName returns the conditions of r as the --rules flag names them,
// or "standard" for none.
func RulesName(r *variant.Rules) string {
	var names []string
	for _, c := range r.Conditions() {
		names = append(names, c.Name())
	}
	if len(names) == 0 {
		return "standard"
	}
	return strings.Join(names, ",")
}

// NewFairyVerdict returns the view of v, the mate-in-1 judgement of a
// fairy position with the defender's hand hand: the fields of NewVerdict
// that apply (no excluded mates), each check's replies of no standard
// kind in Other, and the rules.
func NewFairyVerdict(v *mate.VariantVerdict1, hand mate.DefenderHand) *Verdict {
	q := &v.Position
	j := newVerdict(q.SFEN(), hand)
	j.Rules = RulesName(q.Rules())
	j.Valid = v.Valid()
	for _, e := range v.Errors {
		j.Errors = append(j.Errors, e.Msg)
		j.ErrorCodes = append(j.ErrorCodes, string(e.Code))
	}
	j.Unique, j.Leftover, j.PromotionAmbiguous = len(v.Mates) == 1, v.Leftover, v.PromotionPair
	if reasons := notAProblemReasons(v.Errors); len(reasons) > 0 {
		j.Verdict = notAProblem(strings.Join(reasons, "; "))
	} else {
		j.Verdict = NewFairyAssessment(verdict.Mate1Variant(q, v.Mates), q)
	}
	j.Kind = mate1Kind(v.Errors, j.Valid, len(v.Mates))
	if len(v.Mates) > 0 {
		j.Length = 1
	}
	for _, m := range v.Mates {
		usi, ja := FairyLine(q, []variant.Move{m})
		j.Mates = append(j.Mates, usi[0])
		j.MatesJA = append(j.MatesJA, ja[0])
	}
	st := &v.Stats
	j.Metrics.Legal, j.Metrics.Checks, j.Metrics.Replies = st.Legal, st.Checks, st.Replies
	checks := slices.Clone(st.ByCheck)
	slices.SortFunc(checks, func(a, b mate.VariantCheckStats) int {
		return strings.Compare(variant.MoveString(a.Move), variant.MoveString(b.Move))
	})
	for _, c := range checks {
		usi, ja := FairyLine(q, []variant.Move{c.Move})
		j.Metrics.ByCheck = append(j.Metrics.ByCheck, CheckStats{
			Move: usi[0], Replies: c.Replies, KingMoves: c.RoyalMoves, Captures: c.Captures(),
			InterpositionsMove: c.InterpositionsMove, InterpositionsDrop: c.InterpositionsDrop, Other: c.Other,
			KingCaptures: c.RoyalCaptures, OtherCaptures: c.OtherCaptures, MoveJA: ja[0],
		})
	}
	return j
}
