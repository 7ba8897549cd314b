package fairymate

import (
	"context"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/variant"
)

// TestAnnanAsFmza holds the solver to fmza's answers (the fairy-tsume
// composers' standard) on the two 安南 positions of issue 28, where the
// lifted dead-piece rule (../shared/fairy-spec.md) changes the mate: fmza
// counts every interposition, so the lengths are those of Count.
func TestAnnanAsFmza(t *testing.T) {
	for _, c := range []struct {
		name, sfen string
		length     int
		pv         string // "" where only the length is fmza's
		long       bool
	}{
		// The knight dropped on the second rank, backed by the gold, mates
		// (5 plies while it was a dead piece).
		{"knight-on-rank-2", "9/2k6/N8/1R7/1B7/4S4/4G4/9/9 b GN 1", 3, "G*7c 7b7a N*7b", false},
		// L*3a, backed by the dragon, checks along the first rank (13
		// plies while it was a dead piece).
		{"lance-on-rank-1", "3k5/6+R2/1l2l4/9/4N1G2/4L4/9/9/9 b L 1", 9, "", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.long && testing.Short() {
				t.Skip("about 75,000 nodes")
			}
			p := fairyPosition(t, c.sfen, "annan")
			sol, err := Solve(context.Background(), &p, Options{Futile: Count, TableMB: 16})
			if err != nil {
				t.Fatal(err)
			}
			var pv []string
			for _, m := range sol.PV {
				pv = append(pv, variant.MoveString(m))
			}
			if sol.Status != Mate || !sol.LengthExact || sol.Length != c.length {
				t.Fatalf("%v in %d (exact %v), %v; want a mate in %d", sol.Status, sol.Length, sol.LengthExact, pv, c.length)
			}
			if c.pv != "" && strings.Join(pv, " ") != c.pv {
				t.Errorf("main line %v; want %s", pv, c.pv)
			}
		})
	}
}
