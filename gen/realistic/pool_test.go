package realistic

import (
	"math/rand/v2"
	"testing"

	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
)

// testPool is a pool of two castles cut out of hand-made positions.
func testPool(t *testing.T) *pool {
	t.Helper()
	var cs []Castle
	for i, sfen := range []string{
		"ln1g5/1ks6/1ppp5/p8/9/9/9/9/4K4 b - 1", // White's 美濃-like castle at 8b
		"4k4/9/9/9/9/9/P4p1PP/1R4SK1/5G3 b - 1", // Black's shelter at 2h
	} {
		p, err := shogi.ParseSFEN(sfen)
		if err != nil {
			t.Fatal(err)
		}
		c := shogi.White
		if i == 1 {
			c = shogi.Black
		}
		q, ok := CastleOf(&p, c)
		if !ok {
			t.Fatalf("%s: no castle", sfen)
		}
		cs = append(cs, Castle{q, problem.GameSource{Game: i}})
	}
	return newPool(cs)
}

// A candidate is its castle with Black pieces added: find names the
// castle, kept holds, and neither the drawing nor the finding allocates.
func TestCandidateFindsItsCastle(t *testing.T) {
	pl := testPool(t)
	rng := rand.New(rand.NewPCG(1, 2))
	dst := make([]shogi.Position, 0, 1)
	for range 200 {
		dst = pl.candidate(rng, dst[:0])
		q := &dst[0]
		i, ok := pl.find(q)
		if !ok {
			t.Fatalf("%s: no castle found", q.SFEN())
		}
		if !pl.kept(q, q, false) || q.Hand(shogi.White) != 0 {
			t.Fatalf("%s: castle %d not kept", q.SFEN(), i)
		}
		w := q.ByColor(shogi.White)
		if w != pl.castles[i].Position.ByColor(shogi.White) {
			t.Fatalf("%s: White's pieces are not castle %d's", q.SFEN(), i)
		}
	}
	allocs := testing.AllocsPerRun(100, func() {
		dst = pl.candidate(rng, dst[:0])
		pl.find(&dst[0])
	})
	if allocs != 0 {
		t.Errorf("%v allocations a candidate", allocs)
	}
}

// kept turns away a position where a castle piece has left its square,
// and, when final, a king with fewer than three of its pieces within two
// steps.
func TestKept(t *testing.T) {
	pl := testPool(t)
	base := pl.castles[0].Position
	moved := base
	s := shogi.NewSquare(6, 1) // the gold on 6a
	pc := moved.PieceAt(s)
	moved.Put(s, shogi.NoPiece)
	moved.Put(shogi.NewSquare(5, 1), pc)
	if pl.kept(&base, &moved, false) {
		t.Errorf("%s: kept with the gold moved", moved.SFEN())
	}
	if !pl.kept(&base, &base, true) {
		t.Errorf("%s: the castle itself is not kept", base.SFEN())
	}
	var bare shogi.Position
	bare.Put(base.King(shogi.White), shogi.NewPiece(shogi.White, shogi.King))
	if pl.kept(&bare, &bare, true) {
		t.Error("a bare king is kept")
	}
}

// TestAttackWeight: drawKind draws from the sum of the weights, which
// attackWeight states.
func TestAttackWeight(t *testing.T) {
	total := 0
	for _, a := range attackKinds {
		total += a.w
	}
	if total != attackWeight {
		t.Errorf("the weights of attackKinds sum to %d, attackWeight is %d", total, attackWeight)
	}
}
