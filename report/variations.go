package report

import (
	"context"
	"fmt"
	"strings"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/verdict"
)

// Limits of AnswerVariations' verdict: a problem of a worksheet is short
// and was found sound, so its searches are small; the limits keep a long
// one from holding the sheet up.
const (
	answerNodes  = 200_000 // each search
	answerHashMB = 4       // each of the verdict's solvers
)

// AnswerVariations returns the defender's alternatives an answer key
// lists under the main line of a tsume problem: each reply as long as
// the main line's that leaves the attacker nothing (変同), written from
// its ply to the mate, "4手目 △１三玉 ▲１四香打まで", in the order of the
// plies. root holds the defender's hand already; line is the problem's
// solution. The verdict is searched again, with small limits: an
// alternative a limit left undecided is not listed. An error reports a
// line that is no tsume solution, or ctx's.
func AnswerVariations(ctx context.Context, root *shogi.Position, line []shogi.Move) ([]string, error) {
	v, err := verdict.JudgeLine(ctx, root, line, verdict.Options{Futile: mate.Discount, MaxNodes: answerNodes, HashMB: answerHashMB})
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var out []string
	for _, f := range NewAssessment(v, root).Findings {
		if f.Class != string(verdict.EqualVariation) || f.Undecided || len(f.LineJA) == 0 {
			continue
		}
		out = append(out, fmt.Sprintf("%d手目 %s %sまで", f.Ply, f.MoveJA, strings.Join(f.LineJA, " ")))
	}
	return out, nil
}
