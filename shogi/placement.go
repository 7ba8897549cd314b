package shogi

// Rules of where a piece may stand, for code that builds positions square
// by square (problem generators, editors) rather than by moves.

// CanStand reports whether pc could stand on s and still move: false for a
// pawn or lance on its owner's far rank and for a knight on the two far
// ranks (行き所のない駒), where no move may leave and no drop may put such
// a piece; true for every other piece and square. It does not look at a
// board.
func CanStand(pc Piece, s Square) bool { return !deadSquares[pc&31].Has(s) }

// deadSquares[pc] holds the squares where pc could never move: deadEnd as
// a table, cheap enough for CanStand to be inlined.
var deadSquares = func() (d [32]Bitboard) {
	for c := Black; c <= White; c++ {
		d[NewPiece(c, Pawn)] = tbl.last[c]
		d[NewPiece(c, Lance)] = tbl.last[c]
		d[NewPiece(c, Knight)] = tbl.last2[c]
	}
	return d
}()

// PromotionZone returns c's promotion zone (敵陣), the three ranks farthest
// from c's side of the board: ranks 1 to 3 (a to c) for Black, 7 to 9 for
// White. A piece that can promote may do so on a move that starts or ends
// there.
func PromotionZone(c Color) Bitboard { return tbl.zone[c] }

// MayPromote reports whether pc may promote moving from s to t: it is an
// unpromoted pawn, lance, knight, silver, bishop or rook and s or t is in
// its side's promotion zone. A move of such a piece that does not promote
// is a non-promotion (不成).
func MayPromote(pc Piece, s, t Square) bool {
	zone := tbl.zone[pc.Color()]
	return pc.Kind().CanPromote() && (zone.Has(s) || zone.Has(t))
}

// HasPawnOnFile reports whether c has an unpromoted pawn on the given file
// (1 to 9): a pawn of c may then not be dropped or put on that file (二歩).
func (p *Position) HasPawnOnFile(c Color, file int) bool {
	return p.Pieces(c, Pawn).Intersects(tbl.fileBB[file-1])
}

// FlightSquares returns the squares c's king could step to: the squares
// next to it that hold no piece of c and that the opponent does not
// attack, the attacks taken with the king lifted off the board, so that a
// ranged piece checking the king also attacks the square behind it. These
// are the destinations of the king's legal moves when c is to move; whose
// turn it is does not matter, and the result is empty when c has no king.
func (p *Position) FlightSquares(c Color) Bitboard {
	ksq := p.King(c)
	if ksq == NoSquare {
		return Bitboard{}
	}
	tos := tbl.step[c][King][ksq].AndNot(p.byColor[c])
	if tos.IsEmpty() {
		return tos
	}
	q := *p
	q.Put(ksq, NoPiece)
	for b := tos; b.Any(); {
		if s := b.PopLSB(); q.isAttacked(c.Opp(), s) {
			tos = tos.Without(s)
		}
	}
	return tos
}
