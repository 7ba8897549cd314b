package render

import (
	"strconv"
	"strings"

	"github.com/tsume-shogi/tsume/shogi"
)

// textRanks holds the kanji numerals written after each rank's letter.
var textRanks = [10]string{"", "一", "二", "三", "四", "五", "六", "七", "八", "九"}

// textHandKinds is the order in which hands are listed, as in SFEN.
var textHandKinds = [7]shogi.Kind{shogi.Rook, shogi.Bishop, shogi.Gold, shogi.Silver, shogi.Knight, shogi.Lance, shogi.Pawn}

// Text returns p as a compact plain-text board for a terminal. Pieces are
// written with their SFEN letters in cells three columns wide: upper case
// for Black (先手), lower case for White (後手), a + before a promoted
// piece, and a dot on an empty square. The files run 9 to 1 from left to
// right as Black sees the board, with their numbers above it, and each
// rank ends with its USI letter and its kanji numeral (a 一 … i 九), so
// both "5b" and "５二" can be found at a glance:
//
//	White's hand: r2 b2 g3 s4 n3 l3 p17
//	   9  8  7  6  5  4  3  2  1
//	+---------------------------+
//	|  .  .  .  .  p  k  n  .  .| a 一
//	|  .  .  .  .  .  .  .  .  .| b 二
//	|  .  .  .  .  .  G  .  .  .| c 三
//	…
//	|  .  .  .  .  .  .  .  .  .| i 九
//	+---------------------------+
//	Black's hand: L
//	Black to move
//
// The last line says whose move it is, or, when the side to move is in
// check with no legal move (after a mate), "White is mated".
//
// A hand lists its kinds in SFEN order (rook, bishop, gold, silver,
// knight, lance, pawn), each followed by its count when it is more than
// one, in the case of its owner's pieces, or "none". Apart from the
// kanji after each rank, the text is ASCII, so the columns line up in any
// terminal.
func Text(p *shogi.Position) string { return shogiModel(p).text() }

// text writes the model as Text describes; cells are wider when a token
// needs it (a fairy position: "$(GH)").
func (m *model) text() string {
	w := 3
	for _, c := range m.cells {
		w = max(w, len(c.token)+1)
	}
	var b strings.Builder
	b.WriteString("White's hand: " + textHand(m.hands[shogi.White]) + "\n")
	b.WriteString(" ")
	for f := 9; f >= 1; f-- {
		b.WriteString(strings.Repeat(" ", w-1) + strconv.Itoa(f))
	}
	b.WriteString("\n")
	rule := "+" + strings.Repeat("-", 9*w) + "+\n"
	b.WriteString(rule)
	for r := 1; r <= 9; r++ {
		b.WriteByte('|')
		for f := 9; f >= 1; f-- {
			cell := "."
			if c := m.cells[shogi.NewSquare(f, r)]; c.ok {
				cell = c.token
			}
			b.WriteString(strings.Repeat(" ", w-len(cell)) + cell)
		}
		b.WriteString("| " + string(rune('a'+r-1)) + " " + textRanks[r] + "\n")
	}
	b.WriteString(rule)
	b.WriteString("Black's hand: " + textHand(m.hands[shogi.Black]) + "\n")
	side := "Black"
	if m.side == shogi.White {
		side = "White"
	}
	if m.mated {
		b.WriteString(side + " is mated\n")
	} else {
		b.WriteString(side + " to move\n")
	}
	return b.String()
}

// textHand writes a hand as "R2 B G3 P17" (lower case for White), or
// "none".
func textHand(items []handItem) string {
	var parts []string
	for _, it := range items {
		s := it.token
		if it.n > 1 {
			s += strconv.Itoa(it.n)
		}
		parts = append(parts, s)
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, " ")
}
