package mate_test

import (
	"context"
	"testing"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/shogi"
)

func BenchmarkZZM16(b *testing.B) {
	p, err := shogi.ParseSFEN("5g1ks/2l1s1p1p/3N1p3/4P1G1L/5N1p1/4G1N1+p/+B3+R3B/1R7/5L2L b N2Pg2s10p 1")
	if err != nil {
		b.Fatal(err)
	}
	s, err := mate.NewSolver(mate.SolverOptions{HashMB: 256, SkipSoundness: true, Futile: mate.Count})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		sol, err := s.Solve(context.Background(), &p)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(sol.Nodes), "nodes/op")
	}
}
