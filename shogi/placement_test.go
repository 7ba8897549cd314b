package shogi_test

import (
	"math/rand/v2"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

func TestCanStand(t *testing.T) {
	for c := shogi.Black; c <= shogi.White; c++ {
		for k := shogi.Pawn; k < shogi.NumKinds; k++ {
			for s := shogi.Square(0); s < shogi.NumSquares; s++ {
				if got := shogi.CanStand(shogi.NewPiece(c, k), s); got == naiveDead(c, k, s) {
					t.Errorf("CanStand(%v %v, %v) = %v", c, k, s, got)
				}
			}
		}
	}
}

func TestPromotionZone(t *testing.T) {
	for c := shogi.Black; c <= shogi.White; c++ {
		z := shogi.PromotionZone(c)
		for s := shogi.Square(0); s < shogi.NumSquares; s++ {
			if z.Has(s) != (relRank(c, s) <= 3) {
				t.Errorf("PromotionZone(%v) has %v: %v", c, s, z.Has(s))
			}
		}
		if z.Count() != 27 {
			t.Errorf("PromotionZone(%v) has %d squares", c, z.Count())
		}
	}
}

// A piece that can promote may on a move into, out of or within its
// zone; a gold, a king or a promoted piece never may.
func TestMayPromote(t *testing.T) {
	sq := func(f, r int) shogi.Square { return shogi.NewSquare(f, r) }
	for _, c := range []struct {
		pc   shogi.Piece
		s, t shogi.Square
		want bool
	}{
		{shogi.NewPiece(shogi.Black, shogi.Silver), sq(5, 4), sq(5, 3), true},  // into the zone
		{shogi.NewPiece(shogi.Black, shogi.Silver), sq(4, 3), sq(5, 4), true},  // out of it
		{shogi.NewPiece(shogi.Black, shogi.Silver), sq(5, 5), sq(5, 4), false}, // outside
		{shogi.NewPiece(shogi.Black, shogi.Gold), sq(5, 4), sq(5, 3), false},
		{shogi.NewPiece(shogi.Black, shogi.ProSilver), sq(5, 4), sq(5, 3), false},
		{shogi.NewPiece(shogi.White, shogi.Rook), sq(5, 6), sq(5, 7), true}, // White's zone, ranks 7 to 9
		{shogi.NewPiece(shogi.White, shogi.Rook), sq(5, 4), sq(5, 3), false},
	} {
		if got := shogi.MayPromote(c.pc, c.s, c.t); got != c.want {
			t.Errorf("MayPromote(%v, %v, %v) = %v, want %v", c.pc, c.s, c.t, got, c.want)
		}
	}
}

func TestHasPawnOnFile(t *testing.T) {
	for _, sfen := range append(variedPositions, "4k4/4+P4/9/9/9/9/9/4p4/4K4 b - 1") {
		p := mustSFEN(t, sfen)
		for c := shogi.Black; c <= shogi.White; c++ {
			for f := 1; f <= 9; f++ {
				want := false
				for r := 1; r <= 9; r++ {
					want = want || p.PieceAt(shogi.NewSquare(f, r)) == shogi.NewPiece(c, shogi.Pawn)
				}
				if got := p.HasPawnOnFile(c, f); got != want {
					t.Errorf("%s: HasPawnOnFile(%v, %d) = %v", sfen, c, f, got)
				}
			}
		}
	}
}

// FlightSquares agrees with the king moves among the legal moves, for
// either side to move, along random games from the varied positions.
func TestFlightSquares(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var buf [shogi.MaxMoves]shogi.Move
	checked := 0
	for _, sfen := range append(variedPositions, "9/9/9/9/4k4/9/4R4/9/4K4 w - 1", "k8/9/9/9/9/9/9/9/8K b - 1") {
		p := mustSFEN(t, sfen)
		for ply := 0; ply < 60; ply++ {
			for c := shogi.Black; c <= shogi.White; c++ {
				q := p
				q.SetSideToMove(c)
				var want shogi.Bitboard
				ksq := q.King(c)
				for _, m := range q.LegalMoves(buf[:0]) {
					if !m.IsDrop() && m.From() == ksq {
						want = want.With(m.To())
					}
				}
				if got := p.FlightSquares(c); got != want {
					t.Fatalf("%s: FlightSquares(%v) = %v, king moves go to %v", p.SFEN(), c, got.Squares(), want.Squares())
				}
				checked++
			}
			legal := p.LegalMoves(buf[:0])
			if len(legal) == 0 {
				break
			}
			p.DoMove(legal[rng.IntN(len(legal))])
		}
	}
	if checked < 200 {
		t.Errorf("only %d positions checked", checked)
	}
}
