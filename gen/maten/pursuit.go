package maten

import "github.com/tsume-shogi/tsume/shogi"

// Pursuits counts the attacker moves of the main line line that pursue
// the king, which the composed style refuses at every length
// (docs/generation.md, "Style"; the fourth blind read, docs/quality-report.md):
// a move of the piece the attacker's previous move moved or dropped,
// right after the king stepped (the same piece twice in a row, the king
// between: follows), that is not taken on the next ply (a piece that
// follows the king to be taken is a sacrifice). Unlike EdgeClimbs the
// direction does not matter, nor whether the king stands on an edge:
// ▲２四金 △２二玉 ▲１三金 △１一玉 ▲１二金 has two (the gold turns the
// corner after the king), ▲４三馬 △３一玉 ▲３二馬 one; the same gold
// dropped anew, or another piece that mates, has none.
func Pursuits(line []shogi.Move) int {
	return countFollowing(line, pursuitMove)
}

// pursuitMove reports whether the attacker move line[i] (i ≥ 2) is a
// move Pursuits counts.
func pursuitMove(line []shogi.Move, i int) bool {
	m := line[i]
	return follows(line[i-2], line[i-1], m) && (i+1 >= len(line) || line[i+1].To() != m.To())
}
