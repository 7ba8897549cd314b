package shogigraph

import (
	"context"
	"testing"
)

// benchPosition has the largest graph to 5 plies among the first 300
// corpus positions: 735,317 states.
const benchPosition = "9/9/2k6/5R3/9/9/9/9/9 b 2BLr4g4s4n3l18p 1"

// BenchmarkBuild measures building the graph of a tsume-like position to
// 5 plies; states/s counts the states built per second.
func BenchmarkBuild(b *testing.B) {
	p := parse(b, benchPosition)
	states := 0
	for b.Loop() {
		sg, err := Build(context.Background(), &p, Options{Plies: 5})
		if err != nil {
			b.Fatal(err)
		}
		states = sg.Stats().States
	}
	b.ReportMetric(float64(states)*float64(b.N)/b.Elapsed().Seconds(), "states/s")
	b.ReportMetric(float64(states), "states")
}

// BenchmarkForced measures the fixed point on the same graph.
func BenchmarkForced(b *testing.B) {
	p := parse(b, benchPosition)
	sg, err := Build(context.Background(), &p, Options{Plies: 5})
	if err != nil {
		b.Fatal(err)
	}
	g := sg.Graph()
	for b.Loop() {
		g.Forced()
	}
	b.ReportMetric(float64(g.Len())*float64(b.N)/b.Elapsed().Seconds(), "states/s")
	b.ReportMetric(float64(g.Edges())*float64(b.N)/b.Elapsed().Seconds(), "edges/s")
}
