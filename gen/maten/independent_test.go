package maten

import (
	"context"
	"testing"

	"github.com/tsume-shogi/tsume/graph/shogigraph"
	"github.com/tsume-shogi/tsume/mate"
)

// TestIndependentCheck checks a sample of problems with computations that
// do not share the generator's: the solver counting every interposition
// (--futile count) and the fixed-point analysis of the explicit game graph
// (package shogigraph, analyze --plies N). Futile interpositions only
// shorten a mate, so under either of them no mate may be shorter than the
// length; when the solver counting every interposition finds the same
// length, the graph must find it too, with the same first move.
func TestIndependentCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("builds game graphs")
	}
	count, err := mate.NewSolver(mate.SolverOptions{HashMB: 16, Futile: mate.Count, SkipSoundness: true, MaxNodes: 2_000_000})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ length, n int }{{3, 40}, {5, 10}, {7, 2}} {
		equal := 0
		for _, p := range generate(t, newTestGenerator(t, c.length, Backward, 6, nil), c.n, 2) {
			sfen := p.Position.SFEN()
			raw, err := count.Solve(context.Background(), &p.Position)
			if err != nil {
				t.Fatal(err)
			}
			if raw.Status == mate.NoMate || raw.Status == mate.Mate && raw.LengthExact && raw.Length < c.length {
				t.Errorf("%s: counting every interposition: %v in %d", sfen, raw.Status, raw.Length)
			}
			short, err := shogigraph.Analyze(context.Background(), &p.Position, shogigraph.Options{Plies: c.length - 2})
			if err != nil {
				t.Fatal(err)
			}
			if short.Forced {
				t.Errorf("%s: the game graph forces a mate in %d plies", sfen, short.Rank)
			}
			if raw.Status != mate.Mate || !raw.LengthExact || raw.Length != c.length {
				continue // futile interpositions make the pure game longer
			}
			equal++
			full, err := shogigraph.Analyze(context.Background(), &p.Position, shogigraph.Options{Plies: c.length})
			if err != nil {
				t.Fatal(err)
			}
			if !full.Forced || full.Rank != c.length || full.PV[0] != p.Line[0] {
				t.Errorf("%s: the game graph: forced %v in %d, line %v; the problem's %v", sfen, full.Forced, full.Rank, full.PV, p.Line)
			}
		}
		if equal == 0 {
			t.Errorf("length %d: no problem's pure game length equals its length: the graph checked nothing", c.length)
		}
		t.Logf("length %d: %d of %d problems of the same pure game length", c.length, equal, c.n)
	}
}
