package helpmate_test

import (
	"slices"
	"strings"

	"github.com/tsume-shogi/tsume/helpmate"
	"github.com/tsume-shogi/tsume/shogi"
)

// The brute force below is independent of the solver: it enumerates every
// line with the full legal move generator, keeps the attacker's moves that
// leave the opponent in check, and tests for mate by counting legal moves.

// isMate reports whether the side to move in q is mated.
func isMate(q *shogi.Position) bool {
	return q.InCheck() && len(q.LegalMoves(nil)) == 0
}

// bruteLines returns the lines of exactly n plies from p that meet stip,
// each as USI moves joined by spaces with the last move's promotion mark
// dropped, and the number of distinct such lines.
func bruteLines(p *shogi.Position, stip helpmate.Stipulation, n int) []string {
	attacker := p.SideToMove()
	var out []string
	var line []string
	var rec func(q *shogi.Position, ply int)
	rec = func(q *shogi.Position, ply int) {
		for _, m := range q.LegalMoves(nil) {
			r := *q
			r.DoMove(m)
			if q.SideToMove() == attacker && !r.InCheck() {
				continue // the attacker checks on every move
			}
			line = append(line, m.String())
			if ply+1 == n {
				if isMate(&r) {
					out = append(out, strings.TrimSuffix(strings.Join(line, " "), "+"))
				}
			} else if !isMate(&r) {
				rec(&r, ply+1)
			}
			line = line[:len(line)-1]
		}
	}
	rec(p, 0)
	slices.Sort(out)
	return slices.Compact(out)
}

// bruteShortest returns the shortest length up to maxPly with its lines,
// or 0.
func bruteShortest(p *shogi.Position, stip helpmate.Stipulation, maxPly int) (int, []string) {
	n := 1
	if stip == helpmate.HelpSelf {
		n = 2
	}
	for ; n <= maxPly; n += 2 {
		if lines := bruteLines(p, stip, n); len(lines) > 0 {
			return n, lines
		}
	}
	return 0, nil
}

// solverLines returns the lines of r in the form of bruteLines.
func solverLines(r *helpmate.Result) []string {
	var out []string
	for _, s := range r.Solutions {
		out = append(out, strings.TrimSuffix(strings.Join(s.USI, " "), "+"))
	}
	slices.Sort(out)
	return out
}
