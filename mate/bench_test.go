package mate_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
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

// BenchmarkSolveShortOneShot is what `tsume solve` pays for the README's
// mate in 3: a new Solver with the default table, then one solve with the
// soundness checks. Run with -benchmem; the table's memory is outside the
// Go heap, so watch the process's peak memory too.
func BenchmarkSolveShortOneShot(b *testing.B) {
	p, err := shogi.ParseSFEN("8k/9/9/7Rs/9/9/9/9/9 b B 1")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		s, err := mate.NewSolver(mate.SolverOptions{})
		if err != nil {
			b.Fatal(err)
		}
		sol, err := s.Solve(context.Background(), &p)
		if err != nil {
			b.Fatal(err)
		}
		if sol.Status != mate.Mate || sol.Length != 3 {
			b.Fatalf("status %v length %d, want a mate in 3", sol.Status, sol.Length)
		}
	}
}
