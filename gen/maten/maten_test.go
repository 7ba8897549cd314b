package maten

import (
	"context"
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/gen"
	"github.com/tsume-shogi/tsume/gen/mate1"
	"github.com/tsume-shogi/tsume/problem"
)

// newTestGenerator returns a generator of the length with the default
// options and a mate-in-1 base of the same pieces.
func newTestGenerator(t testing.TB, length int, method Method, seed uint64, c *Counters) *gen.Generator {
	t.Helper()
	o := DefaultOptions()
	o.Length, o.Method, o.Seed, o.Counters = length, method, seed, c
	b := mate1.DefaultOptions()
	b.Seed, b.MaxPieces = seed, o.MaxPieces-1
	base, err := mate1.New(b)
	if err != nil {
		t.Fatal(err)
	}
	o.Base = base
	g, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestRate(t *testing.T) {
	for _, n := range []int{3, 5, 7, 9} {
		var c Counters
		g := newTestGenerator(t, n, Backward, 1, &c)
		start := time.Now()
		k := 0
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		st, err := g.Run(ctx, 20, 2, func(p problem.Problem) error { k++; return nil })
		cancel()
		el := time.Since(start)
		t.Logf("length %d: %d problems in %v (%.1f/s), %+v err %v", n, k, el, float64(k)/el.Seconds(), st, err)
		for l := 0; l <= n/2; l++ {
			t.Logf("  %d: built %d prefiltered %d searched %d solver %d verdict %d", 2*l+1, c.Built[l].Load(), c.Prefiltered[l].Load(), c.Searched[l].Load(), c.SolverSound[l].Load(), c.VerdictSound[l].Load())
		}
	}
}

func baseOf(t testing.TB) *gen.Generator {
	b := mate1.DefaultOptions()
	b.MaxPieces = 7
	base, err := mate1.New(b)
	if err != nil {
		t.Fatal(err)
	}
	return base
}
