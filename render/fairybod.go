package render

import (
	"strings"

	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// FairyBOD returns p as a KIF board diagram (BOD) extended for fairy
// positions: the diagram of record.BOD, each piece by its one-character
// name (グ the grasshopper, 獅 the lion), White's marked v; after
// Black's hand, a line 異王： lists the royal pieces other than kings by
// square (▲ Black, △ White, "▲９九角"), and a line 条件： the rules, when
// p has any. A standard position without rules gives record.BOD's text.
func FairyBOD(p *variant.Position) string {
	m := variantModel(p)
	var b strings.Builder
	b.WriteString("後手の持駒：" + bodHand(m.hands[shogi.White]) + "\n")
	b.WriteString("  ９ ８ ７ ６ ５ ４ ３ ２ １\n")
	b.WriteString("+---------------------------+\n")
	var royals []string
	for r := 1; r <= 9; r++ {
		b.WriteByte('|')
		for f := 9; f >= 1; f-- {
			s := shogi.NewSquare(f, r)
			c := m.cells[s]
			switch {
			case !c.ok:
				b.WriteString(" ・")
			case c.color == shogi.White:
				b.WriteString("v" + c.name)
			default:
				b.WriteString(" " + c.name)
			}
			if c.ok && c.royal {
				mark := "▲"
				if c.color == shogi.White {
					mark = "△"
				}
				royals = append(royals, mark+fullWidthDigits[f]+kanjiDigits[r]+c.name)
			}
		}
		b.WriteString("|" + kanjiDigits[r] + "\n")
	}
	b.WriteString("+---------------------------+\n")
	b.WriteString("先手の持駒：" + bodHand(m.hands[shogi.Black]) + "\n")
	if len(royals) > 0 {
		b.WriteString("異王：" + strings.Join(royals, "　") + "\n")
	}
	var conds []string
	for _, c := range p.Rules().Conditions() {
		conds = append(conds, c.Name())
	}
	if len(conds) > 0 {
		b.WriteString("条件：" + strings.Join(conds, ",") + "\n")
	}
	if p.SideToMove() == shogi.White {
		b.WriteString("後手番\n")
	}
	return b.String()
}

// bodHandOrder is the order of a BOD hand: 飛 角 金 銀 桂 香 歩, then the
// fairy kinds.
var bodHandOrder = []variant.Kind{shogi.Rook, shogi.Bishop, shogi.Gold, shogi.Silver, shogi.Knight, shogi.Lance, shogi.Pawn, variant.Grasshopper, variant.Lion}

// bodHand writes a hand of a model as a BOD hand: "飛　金二　グ", or なし.
func bodHand(items []handItem) string {
	var parts []string
	for _, k := range bodHandOrder {
		for _, it := range items {
			if it.name != variant.Def(k).Kanji {
				continue
			}
			if it.n == 1 {
				parts = append(parts, it.name)
			} else {
				parts = append(parts, it.name+kanjiCount(it.n))
			}
		}
	}
	if len(parts) == 0 {
		return "なし"
	}
	return strings.Join(parts, "　")
}
