package maten

import "github.com/tsume-shogi/tsume/shogi"

// DefenderMoves counts the defender's moves of the main line line that
// move a piece of the king's defence: a board move of a White piece other
// than the king (it takes the attacker's sacrifice, or it interposes by
// moving between the checker and the king). A piece dropped from the
// hand to interpose is not counted: it stood nowhere, and no defence of
// the board took part. The composed style's construction leans towards
// such replies (docs/generation.md, "Style"; the fifth blind read,
// docs/quality-report.md: the problems read as worth handing out have a
// sacrifice that a piece of the defence, not only the king, takes).
// ▲２二銀打 △同金 ▲２三桂打 has one; ▲２二銀打 △同玉 ▲２三金打 none.
func DefenderMoves(line []shogi.Move) int {
	n := 0
	for i := 1; i < len(line); i += 2 {
		if defenderMove(line[i]) {
			n++
		}
	}
	return n
}

// defenderMove reports whether the defender's move d is a board move of
// a piece other than the king.
func defenderMove(d shogi.Move) bool {
	return !d.IsDrop() && d.Piece().Kind() != shogi.King
}
