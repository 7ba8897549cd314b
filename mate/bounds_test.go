package mate

import (
	"slices"
	"testing"
	"time"
)

// TestNoFalseBound stops the solver at several node budgets on the
// classic problems whose length is confirmed and checks what it claims
// each time: an exact length is the confirmed one; a length that is not
// exact is an upper bound, at least the confirmed one; a mating line (exact
// or not) is a mate under the rule (VerifyLine), and when the length is
// exact it is that long. It runs with one thread and with two (Threads:
// the helpers join each search after parallelAfter nodes).
func TestNoFalseBound(t *testing.T) {
	budgets := []uint64{3000, 30000, 300000}
	if testing.Short() {
		budgets = budgets[:2]
	}
	checked, bounds := 0, 0
	for _, c := range readClassics(t) {
		if c.Status != "confirmed" && c.Status != "confirmed-after-futile-rule" || c.Plies > 17 {
			continue
		}
		for _, run := range [][2]uint64{{1, 3000}, {1, 30000}, {1, 300000}, {2, 30000}, {2, 300000}} {
			threads, n := int(run[0]), run[1]
			if !slices.Contains(budgets, n) {
				continue
			}
			sol := solve(t, c.SFEN, SolverOptions{HashMB: 64, MaxNodes: n, MaxTime: 30 * time.Second, SkipSoundness: true, Threads: threads})
			if sol.Status != Mate {
				continue
			}
			checked++
			if !sol.LengthExact {
				bounds++
			}
			switch {
			case sol.LengthExact && (sol.Length != c.Plies || len(sol.PV) != sol.Length):
				t.Errorf("%s, %d nodes, %d threads: exact length %d, line of %d, confirmed %d", c.ID, n, threads, sol.Length, len(sol.PV), c.Plies)
			case !sol.LengthExact && sol.Length < c.Plies:
				t.Errorf("%s, %d nodes, %d threads: a bound of %d plies, below the confirmed %d", c.ID, n, threads, sol.Length, c.Plies)
			}
			if len(sol.PV) > 0 {
				if err := VerifyLine(&sol.Position, sol.PV, Discount); err != nil {
					t.Errorf("%s, %d nodes, %d threads: %v", c.ID, n, threads, err)
				}
			}
		}
	}
	t.Logf("%d mates claimed, %d of them with a bound", checked, bounds)
	if bounds == 0 {
		t.Fatal("no bound claimed at any budget: the test shows nothing")
	}
}
