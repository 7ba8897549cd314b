package mate_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/problem"
)

// BenchmarkSolve solves each problem of BenchList (as tsume bench does:
// soundness checks left out) and reports the nodes searched per solve.
func BenchmarkSolve(b *testing.B) {
	rows, err := problem.ReadTSV(bytes.NewReader(mate.BenchList()), "bench.tsv")
	if err != nil {
		b.Fatal(err)
	}
	s, err := mate.NewSolver(mate.SolverOptions{HashMB: 64, SkipSoundness: true})
	if err != nil {
		b.Fatal(err)
	}
	for _, r := range rows {
		p := r.Position
		want := mate.Mate
		if r.Status == problem.NoMate {
			want = mate.NoMate
		}
		b.Run(r.ID, func(b *testing.B) {
			b.ReportAllocs()
			var nodes uint64
			for b.Loop() {
				sol, err := s.Solve(context.Background(), &p)
				if err != nil {
					b.Fatal(err)
				}
				if sol.Status != want {
					b.Fatalf("status %v, want %v", sol.Status, want)
				}
				nodes = sol.Nodes
			}
			b.ReportMetric(float64(nodes), "nodes/op")
		})
	}
}
