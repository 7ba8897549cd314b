package maten

import (
	"math/rand/v2"
	"testing"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/shogi"
)

// interposersByRemoval is interposers as the construction first computed
// it: each White piece removed in turn, the checkers counted.
func interposersByRemoval(m *shogi.Position, ksq shogi.Square) shogi.Bitboard {
	var out shogi.Bitboard
	for b := m.ByColor(shogi.White); b.Any(); {
		s := b.PopLSB()
		if s == ksq {
			continue
		}
		q := *m
		q.Put(s, shogi.NoPiece)
		if c := q.Checkers(); c.Any() && !c.MoreThanOne() && shogi.Between(ksq, c.LSB()).Has(s) {
			out = out.With(s)
		}
	}
	return out
}

// TestInterposers: the ranged-line test finds the pieces that removing
// each one finds, on random positions with White to move, in check or not.
func TestInterposers(t *testing.T) {
	o := DefaultOptions()
	o.MaxPieces = 14
	rng := rand.New(rand.NewPCG(7, 7))
	found := 0
	for i := 0; i < 20000; i++ {
		m := o.randomCandidate(rng)
		ksq := m.King(shogi.White)
		if ksq == shogi.NoSquare {
			continue
		}
		m.SetSideToMove(shogi.White)
		got, want := interposers(&m, ksq), interposersByRemoval(&m, ksq)
		if got != want {
			t.Fatalf("%s: interposers %v, by removal %v", m.SFEN(), got, want)
		}
		if want.Any() {
			found++
		}
	}
	if found < 100 {
		t.Fatalf("only %d positions with an interposer: the test tests little", found)
	}
}

// TestUnmoveAllocs: a step back allocates nothing.
func TestUnmoveAllocs(t *testing.T) {
	o := DefaultOptions()
	p, err := shogi.ParseSFEN("4k4/9/3Gs4/9/4R4/9/2B6/9/9 b P2r1b3g3s4n4l17p 1")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	// AllocsPerRun rounds down: a hundred steps a run see a rare one.
	if n := testing.AllocsPerRun(20, func() {
		for range 100 {
			o.unmove(rng, &p, true)
		}
	}); n != 0 {
		t.Fatalf("unmove: %v allocations in 100 calls, want 0", n)
	}
}

// TestHasMate1: the judge's prefilter finds a mate in one where
// mate.Mate1, which plays every check and lists every reply, finds one.
func TestHasMate1(t *testing.T) {
	o := DefaultOptions()
	o.MaxPieces = 12
	j := &judge{o: &o}
	rng := rand.New(rand.NewPCG(3, 9))
	mates := 0
	for i := 0; i < 30000; i++ {
		p := o.randomCandidate(rng)
		if !p.IsValid() || p.InCheck() {
			continue
		}
		want := len(mate.Mate1(&p)) > 0
		if got := j.hasMate1(&p); got != want {
			t.Fatalf("%s: hasMate1 %v, Mate1 %v", p.SFEN(), got, want)
		}
		if want {
			mates++
		}
	}
	if mates < 100 {
		t.Fatalf("only %d positions with a mate: the test tests little", mates)
	}
}
