package report

import (
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/variant"
)

// FairyLine is Line for a position of package variant: it plays moves
// from p (which it does not change) and returns them in USI and in
// Japanese, the latter in KIF's form (problem.JapaneseVariantLine:
// "▲１三獅(19)", "△同　玉(22)", "▲２三グ打"). The moves must be legal in
// turn.
func FairyLine(p *variant.Position, moves []variant.Move) (usi, ja []string) {
	usi = make([]string, 0, len(moves))
	for _, m := range moves {
		usi = append(usi, variant.MoveString(m))
	}
	return usi, problem.JapaneseVariantLine(p, moves)
}
