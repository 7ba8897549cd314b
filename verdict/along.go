package verdict

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/shogi"
)

// ClassifyAlong classes alts, the other checks that
// mate.Solver.AlternativesAlong found along line, a stated solution of
// root (the defender's hand applied) such as a classic's recorded line,
// as Judge classes a solution's alternatives: 最終手余詰 (tolerated) at
// the last move; 非限定 for the line's move with the other promotion
// choice, the same ranged piece nearer or farther on its line of check,
// or the same choice made differently with the line's own continuation;
// 手順前後 when the line's later moves in another order reach one of its
// positions again; 余詰 otherwise. rest is mate.Along.Rest of the bound
// proven along line: each finding's Length is the bound from its ply,
// with Bound set, since the searches only ask for a mate within it.
// Nothing is searched, so ClassifyAlong takes no limit; futile is the
// rule line is read under. An error reports a move of line that is not
// legal where it stands, or an alternative that is not at one of line's
// attacker plies that rest covers.
func ClassifyAlong(root *shogi.Position, line []shogi.Move, alts []mate.Alternative, rest []int, futile mate.FutileRule) ([]Finding, error) {
	q := *root
	for i, m := range line {
		if !q.IsLegal(m) {
			return nil, fmt.Errorf("verdict: ply %d of the line, %s: not legal", i+1, m)
		}
		q.DoMove(m)
	}
	for _, a := range alts {
		if a.Ply < 0 || a.Ply >= len(line) || a.Ply%2 != 0 || a.Ply/2 >= len(rest) {
			return nil, fmt.Errorf("verdict: alternative %s at ply %d: not an attacker ply of the line's bound", a.Move, a.Ply+1)
		}
	}
	j := newJudge[stdPos, *stdPos](context.Background(), stdPos{*root}, line, Options{Futile: futile}, nil)
	fs := make([]Finding, 0, len(alts))
	for _, a := range alts {
		f := j.classify(a.Ply, a.Move, rest[a.Ply/2], false)
		f.Bound = true
		fs = append(fs, f)
	}
	// By ply, and at one ply in the order of the moves' names, as
	// JudgeLine lists them.
	slices.SortStableFunc(fs, func(a, b Finding) int {
		return cmp.Or(a.Ply-b.Ply, strings.Compare(a.Move.String(), b.Move.String()))
	})
	return fs, nil
}
