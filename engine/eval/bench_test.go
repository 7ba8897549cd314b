package eval

import (
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

// benchPositions are the positions the benchmarks score: games of random
// play from the start position.
func benchPositions() []shogi.Position { return randomPositions(42, 1024) }

// Evaluate allocates nothing.
func TestEvaluateAllocs(t *testing.T) {
	positions := benchPositions()[:64]
	for name, e := range evaluators() {
		allocs := testing.AllocsPerRun(100, func() {
			for i := range positions {
				e.Evaluate(&positions[i])
			}
		})
		if allocs != 0 {
			t.Errorf("%s: Evaluate allocates %v times per run of %d positions", name, allocs, len(positions))
		}
	}
}

// Once its line has grown to the depth used, the Incremental path
// allocates nothing either.
func TestIncrementalAllocs(t *testing.T) {
	parents, moves, children := benchChildren()
	e := NewDefault()
	e.SetRoot(&parents[0])
	allocs := testing.AllocsPerRun(20, func() {
		for i := range children[:32] {
			e.SetRoot(&parents[i])
			for j := range children[i] {
				e.Push(&parents[i], moves[i][j], &children[i][j])
				e.Current()
				e.Pop()
			}
		}
	})
	if allocs != 0 {
		t.Errorf("Push, Current and Pop allocate %v times per run", allocs)
	}
}

func benchmarkEvaluate(b *testing.B, e Evaluator) {
	positions := benchPositions()
	b.ResetTimer()
	var sink Score
	for i := 0; b.Loop(); i++ {
		sink += e.Evaluate(&positions[i%len(positions)])
	}
	_ = sink
}

func BenchmarkEvaluateMaterial(b *testing.B) { benchmarkEvaluate(b, Material{}) }

func BenchmarkEvaluateClassic(b *testing.B) { benchmarkEvaluate(b, NewDefault()) }

// benchChildren returns the positions of benchPositions with, for each,
// its legal moves and the children they lead to.
func benchChildren() (parents []shogi.Position, moves [][]shogi.Move, children [][]shogi.Position) {
	parents = benchPositions()[:256]
	for i := range parents {
		ms := parents[i].LegalMoves(nil)
		cs := make([]shogi.Position, len(ms))
		for j, m := range ms {
			cs[j] = parents[i]
			cs[j].DoMove(m)
		}
		moves = append(moves, ms)
		children = append(children, cs)
	}
	return parents, moves, children
}

// BenchmarkChildrenEvaluate scores every child of each parent with
// Evaluate; BenchmarkChildrenIncremental does the same with Push, Current
// and Pop, as a search would. ns/op is per child.
func BenchmarkChildrenEvaluate(b *testing.B) {
	e := NewDefault()
	_, _, children := benchChildren()
	b.ResetTimer()
	n := 0
	var sink Score
	for b.Loop() {
		for i := range children {
			for j := range children[i] {
				sink += e.Evaluate(&children[i][j])
				n++
			}
		}
	}
	_ = sink
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n), "ns/child")
}

func BenchmarkChildrenIncremental(b *testing.B) {
	e := NewDefault()
	parents, moves, children := benchChildren()
	b.ResetTimer()
	n := 0
	var sink Score
	for b.Loop() {
		for i := range children {
			e.SetRoot(&parents[i])
			for j := range children[i] {
				e.Push(&parents[i], moves[i][j], &children[i][j])
				sink += e.Current()
				e.Pop()
				n++
			}
		}
	}
	_ = sink
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n), "ns/child")
}

// BenchmarkChildrenPushPop is the cost Incremental adds at a node the
// search does not score.
func BenchmarkChildrenPushPop(b *testing.B) {
	e := NewDefault()
	parents, moves, children := benchChildren()
	b.ResetTimer()
	n := 0
	for b.Loop() {
		for i := range children {
			e.SetRoot(&parents[i])
			for j := range children[i] {
				e.Push(&parents[i], moves[i][j], &children[i][j])
				e.Pop()
				n++
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n), "ns/child")
}
