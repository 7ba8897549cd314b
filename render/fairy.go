package render

import (
	"strings"

	"github.com/tsume-shogi/tsume/variant"
)

// FairyText returns p, a position of package variant, as Text draws a
// standard one, with the fairy SFEN tokens in the cells: "$" before a
// royal other than a king ("$B", "$(gh)"), a fairy kind in parentheses
// ("(GH)" the grasshopper, "(LI)" the lion). The cells widen to hold the
// longest token on the board. When the position has a fairy element a
// legend line follows, naming the fairy kinds present and the royal mark.
// A standard position is drawn exactly as Text draws it.
func FairyText(p *variant.Position) string {
	m := variantModel(p)
	t := m.text()
	if m.fairy {
		t += legend(m) + "\n"
	}
	return t
}

// legend names the fairy kinds present and the royal mark: "(GH)
// grasshopper グ, (LI) lion 獅; $ a royal piece (異王)".
func legend(m *model) string {
	var kinds []string
	seen := map[string]bool{}
	add := func(token string) {
		t := strings.ToUpper(strings.TrimPrefix(token, "$"))
		for _, k := range []variant.Kind{variant.Grasshopper, variant.Lion} {
			d := variant.Def(k)
			if t == d.Token && !seen[t] {
				seen[t] = true
				kinds = append(kinds, d.Token+" "+d.Name+" "+d.Kanji)
			}
		}
	}
	royal := false
	for _, c := range m.cells {
		if c.ok {
			add(c.token)
			royal = royal || c.royal
		}
	}
	for _, h := range m.hands {
		for _, it := range h {
			add(it.token)
		}
	}
	parts := []string{}
	if len(kinds) > 0 {
		parts = append(parts, strings.Join(kinds, ", "))
	}
	if royal {
		parts = append(parts, "$ a royal piece (異王)")
	}
	return "Fairy: " + strings.Join(parts, "; ")
}

// FairySVG returns p, a position of package variant, as SVG draws a
// standard one. A fairy piece bears its kanji name (グ the grasshopper,
// 獅 the lion), and a royal piece other than a king is ringed in blue (its
// <g> element has the class "royal" too). A standard position is drawn
// exactly as SVG draws it.
func FairySVG(p *variant.Position, opts SVGOptions) []byte {
	return newDrawing(variantModel(p), opts).render()
}
