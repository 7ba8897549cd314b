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
