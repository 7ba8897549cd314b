package report

import (
	"context"
	"fmt"
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
// lists under the main line of a tsume problem, each written from its
// ply to the mate, "2手目 △同　銀 ▲５二金まで", in the order of the plies:
// the replies as long as the main line's that leave the attacker nothing
// (変同), and the other captures of the piece the attacker has just moved,
// the replies a student tries first, which mate sooner or leave the
// attacker a piece (the blind readers of docs/quality-report.md found
// them and wanted them answered). root holds the defender's hand
// already; line is the problem's solution. The searches have small
// limits: an alternative a limit left undecided is not listed. An error
// reports a line that is no tsume solution, or ctx's.
func AnswerVariations(ctx context.Context, root *shogi.Position, line []shogi.Move) ([]string, error) {
	v, err := verdict.JudgeLine(ctx, root, line, verdict.Options{Futile: mate.Discount, MaxNodes: answerNodes, HashMB: answerHashMB})
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	equal := map[string]string{} // by ply and move in USI: the 変同's text
	for _, f := range NewAssessment(v, root).Findings {
		if f.Class == string(verdict.EqualVariation) && !f.Undecided && len(f.LineJA) > 0 {
			equal[fmt.Sprintf("%d %s", f.Ply, f.Move)] = variationText(f.Ply, f.MoveJA, f.LineJA)
		}
	}
	s, err := mate.NewSolver(mate.SolverOptions{HashMB: answerHashMB, MaxNodes: answerNodes, DefenderHand: mate.AsGiven, SkipSoundness: true})
	if err != nil {
		return nil, err
	}
	var out []string
	p := *root
	for k, m := range line {
		if k%2 == 1 { // a defender's node: its replies in the order of the moves
			prevTo := line[k-1].To()
			for _, r := range p.Evasions(nil) {
				if r == m {
					continue
				}
				if text, ok := equal[fmt.Sprintf("%d %s", k+1, r)]; ok {
					out = append(out, text)
					continue
				}
				if r.IsDrop() || r.To() != prevTo {
					continue
				}
				q := p
				q.DoMove(r)
				sol, err := s.Solve(ctx, &q)
				if err != nil {
					return nil, err
				}
				if sol.Status == mate.Mate && sol.LengthExact {
					out = append(out, variationText(k+1, japaneseMove(&p, r, prevTo), japaneseLine(&q, sol.PV, r.To())))
				}
			}
		}
		p.DoMove(m)
	}
	return out, nil
}

// variationText writes a variation from its ply: "2手目 △同　銀 ▲５二金まで".
func variationText(ply int, move string, line []string) string {
	return fmt.Sprintf("%d手目 %s %sまで", ply, move, strings.Join(line, " "))
}

// japaneseLine writes line, played from p after a move to prevTo, in
// Japanese.
func japaneseLine(p *shogi.Position, line []shogi.Move, prevTo shogi.Square) []string {
	q := *p
	out := make([]string, 0, len(line))
	for _, m := range line {
		out = append(out, japaneseMove(&q, m, prevTo))
		q.DoMove(m)
		prevTo = m.To()
	}
	return out
}
