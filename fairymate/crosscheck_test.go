package fairymate

import (
	"math/rand/v2"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// randomBoard returns a random board of standard pieces around a White
// king, with a Grasshopper and a Lion somewhere.
func randomBoard(rng *rand.Rand) variant.Position {
	kinds := []variant.Kind{shogi.Pawn, shogi.Lance, shogi.Knight, shogi.Silver, shogi.Gold, shogi.Bishop, shogi.Rook, shogi.Horse, shogi.Dragon, variant.Grasshopper, variant.Lion}
	var p variant.Position
	p.Put(shogi.Square(rng.IntN(81)), variant.NewPiece(shogi.White, shogi.King, false))
	for range 4 + rng.IntN(12) {
		s := shogi.Square(rng.IntN(81))
		if p.PieceAt(s) == variant.NoPiece {
			p.Put(s, variant.NewPiece(shogi.Color(rng.IntN(2)), kinds[rng.IntN(len(kinds))], false))
		}
	}
	return p
}

// TestAttacksAgainstVariant holds the solver's own attack test to package
// variant's tables on random positions (own kinds, no condition).
func TestAttacksAgainstVariant(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for range 300 {
		p := randomBoard(rng)
		for s := range shogi.Square(81) {
			for _, c := range []variant.Color{shogi.Black, shogi.White} {
				var pw *variant.Powers
				got := attackersSlow(&p, pw, c, s)
				if want := p.AttackersTo(c, s); got != want {
					t.Fatalf("%s: attackers of %v to %v: %v, variant says %v", p.SFEN(), c, s, got, want)
				}
			}
		}
	}
}

// attackersSlow is attackers without the shortcut to variant's tables.
func attackersSlow(p *variant.Position, pw *variant.Powers, c variant.Color, t variant.Square) variant.Bitboard {
	var a variant.Bitboard
	for b := p.ByColor(c); b.Any(); {
		x := b.PopLSB()
		if attacks(p, c, powerOf(p, pw, x), x, t) {
			a = a.With(x)
		}
	}
	return a
}
