package cli

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/record"
	"github.com/tsume-shogi/tsume/render"
	"github.com/tsume-shogi/tsume/shogi"
)

// stipulationKIF names the stipulations other than mate in the header
// line 種類： of a fairy problem's KIF record.
var stipulationKIF = map[problem.Goal]string{problem.Help: "ばか詰", problem.HelpSelf: "協力自玉詰"}

// problemKIF returns p as a KIF record that says what the formats of
// package record cannot, for a fairy problem (problem.Problem.IsFairy): the header lines
// "key：value" of headers, in order; for a stipulation other than mate
// the line 種類： (ばか詰 help, 協力自玉詰 helpself); the position as
// render.FairyBOD draws it under p's rules (fairy pieces by their kanji,
// グ and 獅, the line 異王： for royals other than kings, the line 条件：
// for the rules); the moves of the main line in KIF's form, the moving
// piece's origin in digits (problem.JapaneseVariantMove without its ▲ or △:
// "９三グ打", "７六玉(64)"), with a zero time column; and "まで N手で詰み"
// when the line ends in mate. The error names an illegal move.
func problemKIF(p *problem.Problem, headers []record.KIFHeader) (string, error) {
	v, err := p.VariantPosition()
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for _, h := range headers {
		b.WriteString(h.Key + "：" + strings.ReplaceAll(h.Value, "\n", " ") + "\n")
	}
	if s, ok := stipulationKIF[p.Stipulation.Goal]; ok {
		b.WriteString("種類：" + s + "\n")
	}
	b.WriteString(render.FairyBOD(&v))
	b.WriteString("手数----指手---------消費時間--\n")
	q, prev := v, shogi.NoSquare
	for i, m := range p.Line {
		if !q.IsLegal(m) {
			return "", fmt.Errorf("move %d of the main line is not legal", i+1)
		}
		text := problem.JapaneseVariantMove(&q, m, prev)
		_, size := utf8.DecodeRuneInString(text) // the mark
		b.WriteString(record.KIFMoveLine(i+1, text[size:]))
		prev = m.To()
		q.DoMove(m)
	}
	if len(p.Line) > 0 && q.IsMate() {
		fmt.Fprintf(&b, "まで%d手で詰み\n", len(p.Line))
	}
	return b.String(), nil
}
