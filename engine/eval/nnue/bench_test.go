package nnue

import (
	"math/rand/v2"
	"testing"

	"github.com/tsume-shogi/tsume/engine/eval"
	"github.com/tsume-shogi/tsume/shogi"
)

// benchGame returns the positions and moves of a random game of 80 plies
// from the even start.
func benchGame(b *testing.B) ([]shogi.Position, []shogi.Move) {
	return benchGameFrom(b, shogi.StartSFEN)
}

// benchGameFrom returns the positions and moves of a random game of 80
// plies from the position sfen.
func benchGameFrom(b *testing.B, sfen string) ([]shogi.Position, []shogi.Move) {
	r := rand.New(rand.NewPCG(4, 14))
	p, err := shogi.ParseSFEN(sfen)
	if err != nil {
		b.Fatal(err)
	}
	positions := []shogi.Position{p}
	var moves []shogi.Move
	buf := make([]shogi.Move, 0, 600)
	for range 80 {
		legal := p.LegalMoves(buf[:0])
		if len(legal) == 0 {
			break
		}
		m := legal[r.IntN(len(legal))]
		p.DoMove(m)
		positions = append(positions, p)
		moves = append(moves, m)
	}
	if len(moves) < 40 {
		b.Fatalf("the random game ended after %d plies", len(moves))
	}
	return positions, moves
}

// BenchmarkEvaluate measures a full evaluation: the accumulators from
// scratch and the forward pass.
func BenchmarkEvaluate(b *testing.B) {
	_, net := shared(b)
	e, _ := New(net, DefaultFVScale)
	positions, _ := benchGame(b)
	var sink eval.Score
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		sink += e.Evaluate(&positions[i%len(positions)])
	}
	_ = sink
}

// BenchmarkEvaluateHandicap measures a full evaluation of positions with
// absent pieces: a game from 八枚落ち's start (8 absent pieces).
func BenchmarkEvaluateHandicap(b *testing.B) {
	_, net := shared(b)
	e, _ := New(net, DefaultFVScale)
	positions, _ := benchGameFrom(b, "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1")
	var sink eval.Score
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		sink += e.Evaluate(&positions[i%len(positions)])
	}
	_ = sink
}

// BenchmarkPush measures Push (the incremental update of both
// accumulators) over the moves of a game, each followed in time by a Pop
// back to the root.
func BenchmarkPush(b *testing.B) {
	_, net := shared(b)
	e, _ := New(net, DefaultFVScale)
	positions, moves := benchGame(b)
	e.SetRoot(&positions[0])
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; {
		k := 0
		for ; k < len(moves) && i < b.N; k, i = k+1, i+1 {
			e.Push(&positions[k], moves[k], &positions[k+1])
		}
		for range k {
			e.Pop()
		}
	}
}

// BenchmarkCurrent measures the forward pass alone.
func BenchmarkCurrent(b *testing.B) {
	_, net := shared(b)
	e, _ := New(net, DefaultFVScale)
	positions, _ := benchGame(b)
	e.SetRoot(&positions[len(positions)/2])
	var sink eval.Score
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		sink += e.Current()
	}
	_ = sink
}
