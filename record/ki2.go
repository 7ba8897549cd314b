package record

import (
	"fmt"
	"strings"

	"github.com/tsume-shogi/tsume/shogi"
)

// ki2MovesPerLine is how many moves a line of a KI2 record holds.
const ki2MovesPerLine = 6

// ki2Column is the display width (a full-width character counts two) to
// which each move but the last of a line is padded.
const ki2Column = 12

// KI2 returns a KI2 record of the game from p with the given moves (which
// must be legal in turn): the header lines and the start position as KIF
// writes them, then the moves in the notation of books and newspapers,
// with turn marks: "▲７六歩", "△同　銀", "▲５八金左", "▲２二角成". The
// words 右 左 直 上 引 寄 follow the piece when another piece of the same
// kind could make the move, by the Japan Shogi Association's rules, and 打
// is written only when a piece on the board could also move to the square
// (see shogi.JapaneseStyle). The moves are written six to a line, each but
// the last padded with spaces to twelve columns, as Kifu for Windows
// lays them out. When mate is true and the last move checkmates, the
// record ends with "まで N手で詰み". It returns an error naming the first
// illegal move.
func KI2(p *shogi.Position, moves []shogi.Move, headers []KIFHeader, mate bool) (string, error) {
	var b strings.Builder
	writeHead(&b, p, headers)
	q := *p
	prev := shogi.NoSquare
	style := shogi.JapaneseStyle{Mark: true, OmitUnneededDrop: true}
	for i, m := range moves {
		if !q.IsLegal(m) {
			return "", fmt.Errorf("record: move %d (%s) is not legal", i+1, m)
		}
		text := q.JapaneseMove(m, prev, style)
		switch {
		case i%ki2MovesPerLine == ki2MovesPerLine-1 || i == len(moves)-1:
			b.WriteString(text + "\n")
		default:
			b.WriteString(text + strings.Repeat(" ", max(ki2Column-displayWidth(text), 2)))
		}
		q.DoMove(m)
		prev = m.To()
	}
	if mate && len(moves) > 0 && q.InCheck() && !q.HasLegalMove() {
		fmt.Fprintf(&b, "まで%d手で詰み\n", len(moves))
	}
	return b.String(), nil
}

// displayWidth counts the columns of s, a full-width character as two.
func displayWidth(s string) int {
	w := 0
	for _, r := range s {
		if r < 0x80 {
			w++
		} else {
			w += 2
		}
	}
	return w
}
