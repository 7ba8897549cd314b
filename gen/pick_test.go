package gen_test

import (
	"math/rand/v2"
	"testing"

	"github.com/tsume-shogi/tsume/gen"
	"github.com/tsume-shogi/tsume/shogi"
)

// TestPickSquare: PickSquare draws as from the list of b's squares in
// square order, with one IntN, and draws nothing from an empty set.
func TestPickSquare(t *testing.T) {
	b := shogi.SquareBB(shogi.NewSquare(1, 1)).Or(shogi.SquareBB(shogi.NewSquare(5, 5))).Or(shogi.SquareBB(shogi.NewSquare(9, 9)))
	var list []shogi.Square
	for c := b; c.Any(); {
		list = append(list, c.PopLSB())
	}
	got, want := rand.New(rand.NewPCG(3, 4)), rand.New(rand.NewPCG(3, 4))
	for range 100 {
		s, ok := gen.PickSquare(got, b)
		if w := list[want.IntN(len(list))]; !ok || s != w {
			t.Fatalf("PickSquare = %v, %v; want %v", s, ok, w)
		}
	}
	if s, ok := gen.PickSquare(got, shogi.Bitboard{}); ok || s != shogi.NoSquare {
		t.Errorf("empty set: %v, %v", s, ok)
	}
	if got.Uint64() != want.Uint64() {
		t.Errorf("the empty set drew from the stream")
	}
}
