package variant

import (
	"context"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

const matsuriSFEN = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1"

// The perft benchmarks run the same trees in both packages; compare them
// with alternating runs (see docs/performance.md).

func BenchmarkPerftStart4(b *testing.B) {
	p := mustParse(b, StartSFEN)
	for b.Loop() {
		Perft(context.Background(), &p, 4)
	}
}

func BenchmarkShogiPerftStart4(b *testing.B) {
	p := shogi.Startpos()
	for b.Loop() {
		shogi.Perft(&p, 4)
	}
}

func BenchmarkPerftMatsuri3(b *testing.B) {
	p := mustParse(b, matsuriSFEN)
	for b.Loop() {
		Perft(context.Background(), &p, 3)
	}
}

func BenchmarkShogiPerftMatsuri3(b *testing.B) {
	p, _ := shogi.ParseSFEN(matsuriSFEN)
	for b.Loop() {
		shogi.Perft(&p, 3)
	}
}

func BenchmarkLegalMovesFairy(b *testing.B) {
	p := mustParse(b, fairySFENs[2])
	buf := make([]Move, 0, MaxMoves)
	for b.Loop() {
		p.LegalMoves(buf[:0])
	}
}

func BenchmarkLegalMovesStartStandard(b *testing.B) { benchLegal(b, "") }
func BenchmarkLegalMovesStartTenjiku(b *testing.B)  { benchLegal(b, "tenjiku") }
func BenchmarkLegalMovesStartAnnan(b *testing.B)    { benchLegal(b, "annan") }

func benchLegal(b *testing.B, rules string) {
	p := mustParse(b, StartSFEN)
	r, _ := ParseRules(rules)
	p.SetRules(r)
	buf := make([]Move, 0, MaxMoves)
	for b.Loop() {
		buf = p.LegalMoves(buf[:0])
	}
}
