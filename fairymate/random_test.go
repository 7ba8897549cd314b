package fairymate

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// randomFairy returns a random small fairy position, Black to move: White
// royals (a king or royal pieces of other kinds) in the top ranks with a
// few pieces around them, perhaps a Black king far away, a piece or two
// in Black's hand, under random rules.
func randomFairy(rng *rand.Rand, rules []*variant.Rules) variant.Position {
	kinds := []variant.Kind{shogi.Pawn, shogi.Lance, shogi.Knight, shogi.Silver, shogi.Gold, shogi.Bishop, shogi.Rook, variant.Grasshopper, variant.Lion}
	for {
		var p variant.Position
		for n := 1 + rng.IntN(2); n > 0; n-- {
			s := shogi.NewSquare(1+rng.IntN(9), 1+rng.IntN(3))
			k := shogi.King
			if rng.IntN(2) == 0 {
				k = kinds[rng.IntN(len(kinds))]
			}
			if p.PieceAt(s) == variant.NoPiece {
				p.Put(s, variant.NewPiece(shogi.White, k, true))
			}
		}
		for n := rng.IntN(5); n > 0; n-- {
			s := shogi.NewSquare(1+rng.IntN(9), 1+rng.IntN(5))
			if p.PieceAt(s) == variant.NoPiece {
				p.Put(s, variant.NewPiece(shogi.Color(rng.IntN(2)), kinds[rng.IntN(len(kinds))], false))
			}
		}
		if rng.IntN(3) == 0 {
			if s := shogi.NewSquare(1+rng.IntN(9), 7+rng.IntN(3)); p.PieceAt(s) == variant.NoPiece {
				p.Put(s, variant.NewPiece(shogi.Black, shogi.King, false))
			}
		}
		var h variant.Hand
		for n := 1 + rng.IntN(2); n > 0; n-- {
			h = h.Add(kinds[rng.IntN(len(kinds))])
		}
		p.SetHand(shogi.Black, h)
		p.SetRules(rules[rng.IntN(len(rules))])
		if !p.IsIllegalPosition() && !p.InCheck() {
			return p
		}
	}
}

// TestRandomFairyAgainstBrute holds the solver to the brute force on
// random fairy positions: the same shortest mate within 3 plies, or none.
func TestRandomFairyAgainstBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 15))
	var rules []*variant.Rules
	for _, s := range []string{"", "tenjiku", "annan", "tenjiku,annan"} {
		r, err := variant.ParseRules(s)
		if err != nil {
			t.Fatal(err)
		}
		rules = append(rules, r)
	}
	n := 200
	if testing.Short() {
		n = 50
	}
	mates := 0
	for range n {
		p := randomFairy(rng, rules)
		want := bruteLength(&p, 3)
		sol, err := Solve(context.Background(), &p, Options{DefenderHand: AsGiven, Futile: Count, TableMB: 1, MaxNodes: 200000})
		if err != nil {
			t.Fatalf("%s: %v", p.SFEN(), err)
		}
		switch {
		case want > 0:
			mates++
			if sol.Status != Mate || sol.Length != want || !sol.PVComplete {
				t.Fatalf("%s (%v): %v in %d, brute force: mate in %d", p.SFEN(), p.Rules().Conditions(), sol.Status, sol.Length, want)
			}
			replay(t, sol.Position, sol.PV)
		case sol.Status == Mate && sol.Length <= 3:
			t.Fatalf("%s (%v): mate in %d, brute force: none within 3", p.SFEN(), p.Rules().Conditions(), sol.Length)
		}
	}
	t.Logf("%d of %d positions mate within 3 plies", mates, n)
	if mates < n/10 {
		t.Errorf("only %d mates", mates)
	}
}
