package mate

import "testing"

// musou1 is 将棋無双 第1番 as the Open Tsume dataset transcribes it
// (problem/testdata/classics): the record's line has 11 plies, but the
// defender resists longer.
const musou1 = "3g1n1l1/2p1g1r2/5k2S/4p1N+R1/3+p5/7N1/B8/9/9 b 2GSNb2s3l15p 1"

// TestMusou1 holds 将棋無双 第1番 to its exact lengths, 23 plies under
// the default rule and 25 with every interposition counted, within a node
// budget of 40 M, a third above the 30,400,920 and 28,132,088 nodes they
// take with a 256 MB table (docs/performance.md, "将棋無双 第1番: where
// the nodes go"): a change of the search that makes it much harder fails
// here. About 80 s of CPU, so only with -classics.long.
func TestMusou1(t *testing.T) {
	if !*classicsLong {
		t.Skip("about 80 s of CPU: -classics.long")
	}
	for _, c := range []struct {
		rule   FutileRule
		length int
	}{{Discount, 23}, {Count, 25}} {
		sol := solve(t, musou1, SolverOptions{HashMB: 256, MaxNodes: 40_000_000, Futile: c.rule, SkipSoundness: true})
		if sol.Status != Mate || !sol.LengthExact || sol.Length != c.length {
			t.Errorf("--futile %s: %v length %d (exact %v), want %d exact: %v", c.rule, sol.Status, sol.Length, sol.LengthExact, c.length, sol.PV)
		}
		t.Logf("--futile %s: %d nodes", c.rule, sol.Nodes)
	}
}
