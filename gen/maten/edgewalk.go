package maten

import (
	"github.com/tsume-shogi/tsume/shogi"
)

// EdgeWalks counts the defender moves of the main line line that make
// the king walk along an edge (docs/generation.md, "Style"): a king move
// line[i] that steps one square the same way as the king's previous move
// line[i-2], both along the same edge file (1 or 9) or edge rank (1 or
// 9), whatever the attacker did between (a drop, a board move, a
// sacrifice the king took). ▲９二歩打 △同玉 ▲９三香打 △同玉 ▲９四飛 (the
// king pulled up the 9th file by drops) has one; a king that turns back,
// leaves the edge or steps across it has none. EdgeClimbs misses such a
// walk when the pieces behind the king are dropped, not moved.
func EdgeWalks(line []shogi.Move) int {
	n := 0
	for i := 3; i < len(line); i += 2 {
		a, b := line[i-2], line[i]
		if a.IsDrop() || b.IsDrop() || a.Piece().Kind() != shogi.King || b.Piece().Kind() != shogi.King || a.To() != b.From() {
			continue
		}
		af, ar := step(a.From(), a.To())
		bf, br := step(b.From(), b.To())
		if af != bf || ar != br || !adjacent(a.From(), a.To()) || !adjacent(b.From(), b.To()) {
			continue
		}
		if alongEdge(a.From(), a.To()) && alongEdge(b.From(), b.To()) {
			n++
		}
	}
	return n
}

// alongEdge reports whether the step from a to b runs along an edge file
// or rank, both squares on it.
func alongEdge(a, b shogi.Square) bool {
	f, r := a.File(), a.Rank()
	return f == b.File() && (f == 1 || f == 9) || r == b.Rank() && (r == 1 || r == 9)
}
