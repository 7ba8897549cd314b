package report

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/verdict"
)

// Limits of AnswerVariations' searches: a problem of a worksheet is short
// and was found sound, so its searches are small; the limits keep a long
// one from holding the sheet up.
const (
	answerNodes  = 200_000 // each search
	answerHashMB = 4       // each solver
)

// AnswerVariations returns the defender's alternatives an answer key
// lists under the main line of a tsume problem: at each defender's ply,
// every other reply but a futile interposition (無駄合, which the
// conventions do not count), each written from its ply to the mate with
// the length it comes to, "2手目 △同　銀 ▲５二金まで3手". The replies as
// long as the main line's that leave the attacker nothing are its 変同;
// the others are mated sooner, or as late with a piece left in the
// attacker's hand, and a line that ends with one says so, "まで7手駒余り"
// (the blind readers of docs/quality-report.md tried such replies and
// asked for them: a student tries them first). Drops on one square followed
// by one line are written once, as an interposition of any piece
// (△１二合). root holds the defender's hand already; line is the
// problem's solution. The searches have small limits: an alternative a
// limit left undecided is not listed. An error reports a line that is no
// tsume solution, or ctx's.
func AnswerVariations(ctx context.Context, root *shogi.Position, line []shogi.Move) ([]string, error) {
	v, err := verdict.JudgeLine(ctx, root, line, verdict.Options{Futile: mate.Discount, MaxNodes: answerNodes, HashMB: answerHashMB})
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	equal := map[string]*Finding{} // by ply and move in USI
	for _, f := range NewAssessment(v, root).Findings {
		if f.Class == string(verdict.EqualVariation) && !f.Undecided && len(f.LineJA) > 0 {
			equal[fmt.Sprintf("%d %s", f.Ply, f.Move)] = &f
		}
	}
	s, err := mate.NewSolver(mate.SolverOptions{HashMB: answerHashMB, MaxNodes: answerNodes, DefenderHand: mate.AsGiven, SkipSoundness: true})
	if err != nil {
		return nil, err
	}
	var vs []variation
	p := *root
	for k, m := range line {
		if k%2 == 1 { // a defender's node: its replies in the order of the moves
			prevTo := line[k-1].To()
			for _, r := range p.Evasions(nil) {
				if r == m || mate.IsFutileInterposition(&p, r) {
					continue
				}
				if f, ok := equal[fmt.Sprintf("%d %s", k+1, r)]; ok {
					vs = append(vs, variation{k + 1, r, f.MoveJA, f.LineJA, false})
					continue
				}
				q := p
				q.DoMove(r)
				sol, err := s.Solve(ctx, &q)
				if err != nil {
					return nil, err
				}
				if sol.Status == mate.Mate && sol.LengthExact {
					_, ja := lineOf(q, r.To(), sol.PV, shogi.Move.String, japaneseMove)
					end := q
					for _, e := range sol.PV {
						end.DoMove(e)
					}
					vs = append(vs, variation{k + 1, r, japaneseMove(&p, r, prevTo), ja, end.Hand(root.SideToMove()).Total() > 0})
				}
			}
		}
		p.DoMove(m)
	}
	var out []string
	for i, v := range vs {
		// Drops on one square with one continuation are one variation,
		// an interposition of any piece (合): "4手目 △１二合 ▲１四銀打まで5手".
		same := func(w variation) bool {
			return w.move.IsDrop() && w.ply == v.ply && w.move.To() == v.move.To() && slices.Equal(w.line, v.line) && w.spare == v.spare
		}
		if v.move.IsDrop() && slices.ContainsFunc(vs[:i], same) {
			continue
		}
		move := v.moveJA
		if v.move.IsDrop() && slices.ContainsFunc(vs[i+1:], same) {
			move = string([]rune(move)[:3]) + "合"
		}
		spare := ""
		if v.spare {
			spare = "駒余り"
		}
		out = append(out, fmt.Sprintf("%d手目 %s %sまで%d手%s", v.ply, move, strings.Join(v.line, " "), v.ply+len(v.line), spare))
	}
	return out, nil
}

// variation is a defender's alternative at a ply of the main line,
// written in Japanese with the line after it to the mate, and whether
// the attacker holds a piece at the mate (駒余り).
type variation struct {
	ply    int
	move   shogi.Move
	moveJA string
	line   []string
	spare  bool
}
