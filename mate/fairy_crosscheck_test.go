package mate

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

// attackersSlow is fairyAttackers without the shortcut to variant's tables.
func attackersSlow(p *variant.Position, pw *variant.Powers, c variant.Color, t variant.Square) variant.Bitboard {
	var a variant.Bitboard
	for b := p.ByColor(c); b.Any(); {
		x := b.PopLSB()
		if fairyAttacks(p, c, fairyPowerOf(p, pw, x), x, t) {
			a = a.With(x)
		}
	}
	return a
}

// TestRepliesAgainstLegalMoves: the defender's replies are exactly the
// legal moves, on random positions in check (royals of several kinds,
// hoppers, both rule sets).
func TestRepliesAgainstLegalMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	annan, err := variant.ParseRules("annan")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for i := 0; checked < 2000 && i < 200000; i++ {
		p := randomBoard(rng)
		if rng.IntN(3) == 0 {
			s := shogi.Square(rng.IntN(81))
			if p.PieceAt(s) == variant.NoPiece {
				p.Put(s, variant.NewPiece(shogi.White, shogi.Bishop, true))
			}
		}
		var h variant.Hand
		for _, k := range []variant.Kind{shogi.Pawn, shogi.Gold, shogi.Knight, shogi.Lance, variant.Grasshopper} {
			h = h.Set(k, rng.IntN(2))
		}
		p.SetHand(shogi.White, h)
		p.SetSideToMove(shogi.White)
		if i%5 == 0 {
			p.SetRules(annan)
		}
		if p.IsIllegalPosition() || !p.InCheck() {
			continue
		}
		checked++
		got := fairyReplies(&p, nil)
		want := p.LegalMoves(nil)
		if len(got) != len(want) {
			t.Fatalf("%s: %d replies, %d legal moves", p.SFEN(), len(got), len(want))
		}
		in := map[variant.Move]bool{}
		for _, m := range want {
			in[m] = true
		}
		for _, m := range got {
			if !in[m] {
				t.Fatalf("%s: reply %s is not a legal move", p.SFEN(), variant.MoveString(m))
			}
		}
	}
	if checked < 2000 {
		t.Fatalf("only %d positions in check", checked)
	}
}
