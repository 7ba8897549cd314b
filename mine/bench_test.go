package mine

import (
	"context"
	"testing"
)

// The three slowest games of 115–125 plies among the 1,000 self-play
// games of `tsume selfplay --games 1000 --seed 12` (by the CPU time of
// their mining, one solver a game; docs/performance.md, "Mining game
// records"): long fights for a mate, where most of the time goes to
// searches that run out of the node budget.
var slowGames = []string{"testdata/slow-game20.kif", "testdata/slow-game243.kif", "testdata/slow-game887.kif"}

// BenchmarkMineSlowGame mines each slow game with two solvers, as `tsume
// mine --workers 2 FILE` does, and reports the nodes of its searches.
func BenchmarkMineSlowGame(b *testing.B) {
	for _, file := range slowGames {
		b.Run(file[len("testdata/"):], func(b *testing.B) {
			g := readKIFFile(b, file)
			m, err := New(Options{Parallel: 2})
			if err != nil {
				b.Fatal(err)
			}
			var nodes uint64
			for b.Loop() {
				res, err := m.MineGame(context.Background(), g, Source{File: file})
				if err != nil {
					b.Fatal(err)
				}
				nodes = res.Nodes
			}
			b.ReportMetric(float64(nodes), "nodes")
		})
	}
}
