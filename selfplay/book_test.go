package selfplay

import (
	"testing"

	"github.com/tsume-shogi/tsume/referee"
	"github.com/tsume-shogi/tsume/shogi"
)

// Every line of the book is legal, leaves the game open, and ends with
// both kings in their camps among at least CastleGuards of their pieces.
func TestBookLinesBuildCastles(t *testing.T) {
	ops, err := Book()
	if err != nil {
		t.Fatal(err)
	}
	if len(ops) != len(bookLines) {
		t.Fatalf("%d openings of %d lines", len(ops), len(bookLines))
	}
	names := map[string]bool{}
	for _, op := range ops {
		if names[op.Name] {
			t.Errorf("two lines named %s", op.Name)
		}
		names[op.Name] = true
		r, err := referee.FromOpening(op)
		if err != nil {
			t.Errorf("%s: %v", op.Name, err)
			continue
		}
		p := r.Position()
		if !p.HasLegalMove() {
			t.Errorf("%s: the game is over", op.Name)
		}
		for _, c := range []shogi.Color{shogi.Black, shogi.White} {
			inCamp, guards := Shelter(&p, c)
			if !inCamp || guards < CastleGuards {
				t.Errorf("%s: %s's king on %s: in its camp %v, %d pieces within two steps; want a castle\n%s", op.Name, c, p.King(c), inCamp, guards, p.SFEN())
			}
		}
	}
}

func TestShelter(t *testing.T) {
	cases := []struct {
		sfen   string
		c      shogi.Color
		inCamp bool
		guards int
	}{
		// The initial position: each king has gold, silver, gold, silver
		// beside it and five pawns two ranks up (within two steps).
		{shogi.StartSFEN, shogi.Black, true, 9},
		{shogi.StartSFEN, shogi.White, true, 9},
		// A bare king in the middle, and one on Black's rank 7 (its camp).
		{"4k4/9/9/9/4K4/9/9/9/9 b - 1", shogi.Black, false, 0},
		{"4k4/9/9/9/9/9/4K4/4G4/9 b - 1", shogi.Black, true, 1},
		// White's king on rank 3 is in its camp, on rank 4 not.
		{"9/9/4k4/9/9/9/9/9/4K4 b - 1", shogi.White, true, 0},
		{"9/9/9/4k4/9/9/9/9/4K4 b - 1", shogi.White, false, 0},
		// A piece three steps away does not count, nor an enemy piece.
		{"9/9/9/9/9/9/4K4/1G7/4g4 b - 1", shogi.Black, true, 0},
	}
	for _, c := range cases {
		p, err := shogi.ParseSFEN(c.sfen)
		if err != nil {
			t.Fatal(err)
		}
		inCamp, guards := Shelter(&p, c.c)
		if inCamp != c.inCamp || guards != c.guards {
			t.Errorf("%s, %s: %v, %d; want %v, %d", c.sfen, c.c, inCamp, guards, c.inCamp, c.guards)
		}
	}
}
