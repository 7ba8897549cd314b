package graph

import (
	"math/rand/v2"
	"testing"
)

// benchGraph is a random alternating graph of a million states with
// about three successors each, a few percent mate terminals among them.
func benchGraph(b *testing.B) *Graph {
	b.Helper()
	rng := rand.New(rand.NewPCG(2026, 7))
	return randomGraph(rng, 1_000_000, 6, true)
}

// BenchmarkForced measures the fixed point; the states/s figure is the
// number of states decided per second of Forced.
func BenchmarkForced(b *testing.B) {
	g := benchGraph(b)
	b.ResetTimer()
	var f *Forced
	for b.Loop() {
		f = g.Forced()
	}
	b.ReportMetric(float64(g.Len())*float64(b.N)/b.Elapsed().Seconds(), "states/s")
	b.ReportMetric(float64(g.Edges())*float64(b.N)/b.Elapsed().Seconds(), "edges/s")
	_ = f
}

// BenchmarkForcedLayered runs the fixed point on layered graphs with long
// ranks (over 200 rounds) and back transitions: Forced on a million
// states, and Forced and ForcedReference (a full scan per round) on
// 100,000.
func BenchmarkForcedLayered(b *testing.B) {
	for _, c := range []struct {
		name  string
		width int
		ref   bool
	}{{"1M/Forced", 5000, false}, {"100k/Forced", 500, false}, {"100k/ForcedReference", 500, true}} {
		b.Run(c.name, func(b *testing.B) {
			rng := rand.New(rand.NewPCG(2026, 8))
			g := layeredGraph(rng, 200, c.width, 4)
			b.ResetTimer()
			for b.Loop() {
				if c.ref {
					g.ForcedReference()
				} else {
					g.Forced()
				}
			}
			b.ReportMetric(float64(g.Len())*float64(b.N)/b.Elapsed().Seconds(), "states/s")
		})
	}
}

// BenchmarkReachable measures the backward search from the mates.
func BenchmarkReachable(b *testing.B) {
	g := benchGraph(b)
	b.ResetTimer()
	for b.Loop() {
		g.Reachable()
	}
	b.ReportMetric(float64(g.Len())*float64(b.N)/b.Elapsed().Seconds(), "states/s")
}
