package helpmate_test

import (
	"testing"

	"github.com/tsume-shogi/tsume/helpmate"
	"github.com/tsume-shogi/tsume/shogi"
)

// replay checks a solution move by move, independently of the solver: every
// move legal, every attacker move a check, no mate before the end and the
// right side mated at the end, after the stipulated number of plies.
func replay(t *testing.T, p *shogi.Position, stip helpmate.Stipulation, sol helpmate.Solution, length int) {
	t.Helper()
	if len(sol.Moves) != length || len(sol.USI) != length {
		t.Fatalf("line of %d moves (%d USI), want %d", len(sol.Moves), len(sol.USI), length)
	}
	q := *p
	attacker := q.SideToMove()
	for i, m := range sol.Moves {
		if !q.IsLegal(m) {
			t.Fatalf("ply %d: %v is not legal in %s", i+1, m, q.SFEN())
		}
		if m.String() != sol.USI[i] {
			t.Fatalf("ply %d: USI %q, move %v", i+1, sol.USI[i], m)
		}
		mover := q.SideToMove()
		q.DoMove(m)
		if mover == attacker && !q.InCheck() {
			t.Fatalf("ply %d: the attacker's %v does not check", i+1, m)
		}
		if i+1 < length && isMate(&q) {
			t.Fatalf("ply %d: mate before the end", i+1)
		}
	}
	if !isMate(&q) {
		t.Fatalf("the line does not end in mate: %s", q.SFEN())
	}
	mated := attacker.Opp()
	if stip == helpmate.HelpSelf {
		mated = attacker
	}
	if q.SideToMove() != mated {
		t.Fatalf("the wrong side is mated")
	}
	if q.Hand(attacker) != sol.Leftover {
		t.Fatalf("leftover %v, the attacker holds %v", sol.Leftover, q.Hand(attacker))
	}
}
