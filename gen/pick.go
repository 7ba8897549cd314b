package gen

import (
	"math/rand/v2"

	"github.com/tsume-shogi/tsume/shogi"
)

// PickSquare draws a square of b, the i-th in square order for i drawn
// below b's count (one rng.IntN), as from a list of b's squares, without
// allocating one; ok is false for an empty b, which draws nothing.
func PickSquare(rng *rand.Rand, b shogi.Bitboard) (s shogi.Square, ok bool) {
	n := b.Count()
	if n == 0 {
		return shogi.NoSquare, false
	}
	for i := rng.IntN(n); i > 0; i-- {
		b.PopLSB()
	}
	return b.LSB(), true
}
