package variant

import "testing"

// TestNoAllocations checks that the calls a solver makes per node allocate
// nothing, under standard rules and under each condition.
func TestNoAllocations(t *testing.T) {
	for _, rules := range []string{"", "tenjiku", "annan", "annan,tenjiku"} {
		r, err := ParseRules(rules)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range []string{fairySFENs[1], fairySFENs[2], StartSFEN} {
			p := mustParse(t, s)
			p.SetRules(r)
			buf := make([]Move, 0, MaxMoves)
			moves := p.LegalMoves(nil)
			if len(moves) == 0 {
				continue
			}
			m := moves[len(moves)/2]
			allocs := testing.AllocsPerRun(20, func() {
				buf = p.LegalMoves(buf[:0])
				q := p
				q.DoMove(m)
				_ = q.InCheck()
				_ = p.GivesCheck(m)
				_ = q.Key()
				_ = q.HasLegalMove()
				buf = p.Checks(buf[:0])
			})
			if allocs != 0 {
				t.Errorf("rules %q, %s: %v allocations per node", rules, s, allocs)
			}
		}
	}
}
