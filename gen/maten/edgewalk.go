package maten

import (
	"github.com/tsume-shogi/tsume/shogi"
)

// EdgeWalks counts the defender moves of the main line line that make
// the king walk along an edge (docs/generation.md, "Style"): a king move
// line[i] one step along an edge file (1 or 9) or edge rank (1 or 9),
// from a square of it to another, right after a king move line[i-2] of
// one step that ended on that edge and went the same way along it (the
// same change of rank on an edge file, of file on an edge rank), whatever
// the attacker did between (a drop, a board move, a sacrifice the king
// took). ▲９二歩打 △同玉 ▲９三香打 △同玉 ▲９四飛 (the king pulled up the
// 9th file by drops) has one, and so has a king that steps onto the edge
// diagonally and on along it (2a, 1b, 1c); a king that turns back, leaves
// the edge or steps across it has none. EdgeClimbs misses such a walk
// when the pieces behind the king are dropped, not moved.
func EdgeWalks(line []shogi.Move) int {
	n := 0
	for i := 3; i < len(line); i += 2 {
		a, b := line[i-2], line[i]
		if a.IsDrop() || b.IsDrop() || a.Piece().Kind() != shogi.King || b.Piece().Kind() != shogi.King || a.To() != b.From() ||
			!adjacent(a.From(), a.To()) || !adjacent(b.From(), b.To()) {
			continue
		}
		af, ar := step(a.From(), a.To())
		bf, br := step(b.From(), b.To())
		f, r := b.From().File(), b.From().Rank()
		onFile := (f == 1 || f == 9) && b.To().File() == f && ar != 0 && ar == br
		onRank := (r == 1 || r == 9) && b.To().Rank() == r && af != 0 && af == bf
		if onFile || onRank {
			n++
		}
	}
	return n
}
