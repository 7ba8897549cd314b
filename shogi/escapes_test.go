package shogi

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// randomMatingNet returns a random valid position with the side to move
// (either colour) checking often: a king of the other side, pieces of both
// sides crowded around it, sliders anywhere, a random hand. ok is false
// when the draw is not a valid position.
func randomMatingNet(rng *rand.Rand) (p Position, ok bool) {
	us := Color(rng.IntN(2))
	them := us.Opp()
	ek := Square(rng.IntN(NumSquares))
	if rng.IntN(2) == 0 { // mostly near the defender's back rank
		f, r := rng.IntN(9), rng.IntN(3)
		if them == Black {
			r = 8 - r
		}
		ek = Square(f*9 + r)
	}
	p.Put(ek, NewPiece(them, King))
	kinds := []Kind{Pawn, Lance, Knight, Silver, Gold, Bishop, Rook, ProPawn, ProSilver, Horse, Dragon}
	around := tbl.near3[ek].Without(ek)
	for range 2 + rng.IntN(9) {
		s := Square(rng.IntN(NumSquares))
		if rng.IntN(4) != 0 {
			b := around
			for range rng.IntN(b.Count()) {
				b.PopLSB()
			}
			s = b.LSB()
		}
		if p.board[s] != NoPiece {
			continue
		}
		c := us
		if rng.IntN(3) == 0 {
			c = them
		}
		p.Put(s, NewPiece(c, kinds[rng.IntN(len(kinds))]))
	}
	// Sliders behind the crowd, for discovered checks and lines opened
	// onto the king's squares.
	sliders := []Kind{Lance, Bishop, Rook, Horse, Dragon}
	for range rng.IntN(4) {
		if s := Square(rng.IntN(NumSquares)); p.board[s] == NoPiece {
			p.Put(s, NewPiece(us, sliders[rng.IntN(len(sliders))]))
		}
	}
	if rng.IntN(2) == 0 {
		if s := Square(rng.IntN(NumSquares)); p.board[s] == NoPiece {
			p.Put(s, NewPiece(us, King))
		}
	}
	var h Hand
	for _, k := range []Kind{Pawn, Lance, Knight, Silver, Gold, Bishop, Rook} {
		if rng.IntN(3) == 0 {
			h = h.Add(k)
		}
	}
	p.SetHand(us, h)
	p.SetSideToMove(us)
	return p, p.IsValid()
}

// escapes may say that the king can step away after a check only where
// KingEscapesAfter counts a square, and ChecksWithoutEscape keeps exactly
// the checks that KingEscapesAfter leaves no square, on random positions
// crowded around a king.
func TestEscapesAgreesWithKingEscapesAfter(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 243))
	n := 100000
	if testing.Short() {
		n = 10000
	}
	var positions, checks, decided, undecided, fails int
	buf := make([]Move, 0, MaxMoves)
	for positions < n {
		p, ok := randomMatingNet(rng)
		if !ok {
			continue
		}
		positions++
		var ei escapeInfo
		if !p.fillEscapeInfo(&ei) {
			t.Fatalf("%s: no king", p.SFEN())
		}
		var want []Move
		for _, m := range p.Checks(buf[:0]) {
			checks++
			k := p.KingEscapesAfter(m)
			if k == 0 {
				want = append(want, m)
			}
			if ei.escapes(m) {
				decided++
				if k == 0 && fails < 5 {
					t.Errorf("%s: escapes(%s) but KingEscapesAfter is 0", p.SFEN(), m)
				}
				if k == 0 {
					fails++
				}
			} else if k > 0 {
				undecided++
			}
		}
		got, total := p.ChecksWithoutEscape(buf[:0])
		if total != len(p.Checks(nil)) || !slices.Equal(got, want) {
			t.Fatalf("%s: ChecksWithoutEscape = %v (%d checks), want %v", p.SFEN(), got, total, want)
		}
		if got := p.WithoutEscape(p.Checks(nil), []Move{1}); !slices.Equal(got[1:], want) || got[0] != 1 {
			t.Fatalf("%s: WithoutEscape = %v, want %v after the 1 in dst", p.SFEN(), got, want)
		}
	}
	if fails > 0 {
		t.Errorf("%d wrong of %d checks", fails, checks)
	}
	// The test is only worth something if it meets both kinds of check.
	if decided < checks/4 || undecided == 0 || checks < n {
		t.Errorf("%d positions, %d checks: %d decided, %d left to KingEscapesAfter with an escape", positions, checks, decided, undecided)
	}
	t.Logf("%d positions, %d checks: %d decided, %d left to KingEscapesAfter with an escape", positions, checks, decided, undecided)
}

// KingEvasions lists the king moves that Evasions lists first, and no
// other move, on random positions crowded around a king and after every
// check there.
func TestKingEvasionsArePrefixOfEvasions(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 243))
	n, kings := 0, 0
	check := func(q *Position) {
		got, all := q.KingEvasions(nil), q.Evasions(nil)
		want := 0
		for _, r := range all {
			if r.Piece().Kind() == King {
				want++
			}
		}
		if len(got) != want || len(got) > len(all) || !slices.Equal(got, all[:len(got)]) {
			t.Fatalf("%s: KingEvasions = %v, Evasions = %v", q.SFEN(), got, all)
		}
		kings += len(got)
	}
	for n < 5000 {
		p, ok := randomMatingNet(rng)
		if !ok {
			continue
		}
		check(&p)
		for _, m := range p.Checks(nil) {
			n++
			q := p
			q.DoMove(m)
			check(&q)
		}
	}
	if kings == 0 {
		t.Errorf("%d positions in check, no king move", n)
	}
}
