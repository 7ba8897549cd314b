package variant

import (
	"github.com/tsume-shogi/tsume/shogi"
)

// Move is a move of the variant layer: a shogi.Move whose bits follow
// package shogi's layout (to, from or dropped kind, drop and promotion
// flags, and in bits 16–20 the moving piece's colour and the low four bits
// of its kind), with bit 21 holding bit 4 of the kind. A move of a
// standard piece is therefore bit for bit the shogi.Move of the same move.
// Royalty is not part of a move: it is read from the board.
type Move = shogi.Move

// NoMove is the zero Move.
const NoMove Move = 0

// MaxMoves is a move buffer capacity enough for any position reachable
// from a position with at most 40 pieces of the standard set (the known
// maximum for standard shogi is 593); LegalMoves allocates nothing when
// its dst has this much room. Positions with unusually many fairy pieces
// can have more moves; the buffer then grows.
const MaxMoves = 1024

const (
	moveDrop    = 1 << 14
	movePromote = 1 << 15
)

// pieceBits returns the moving-piece bits of a c piece of kind k.
func pieceBits(c Color, k Kind) Move {
	return Move(k&15)<<16 | Move(c)<<20 | Move(k>>4)<<21
}

// NewBoardMove returns the move of c's piece of kind k from from to to.
func NewBoardMove(c Color, k Kind, from, to Square, promote bool) Move {
	m := Move(to) | Move(from)<<7 | pieceBits(c, k)
	if promote {
		m |= movePromote
	}
	return m
}

// NewDrop returns c's drop of a piece of kind k on to.
func NewDrop(c Color, k Kind, to Square) Move {
	return Move(to) | Move(k)<<7 | moveDrop | pieceBits(c, k)
}

// MoveKind returns the kind of the moving (or dropped) piece of m, as it
// stands before the move.
func MoveKind(m Move) Kind { return Kind(m>>16&15 | m>>21&1<<4) }

// MoveString returns m in USI notation: "7g7f", "8h2b+", "P*5e", and for a
// fairy drop the kind's token: "(GH)*5e". Fairy moves never carry "+".
func MoveString(m Move) string {
	if m.IsDrop() {
		return KindToken(m.DroppedKind()) + "*" + m.To().String()
	}
	return m.String()
}
