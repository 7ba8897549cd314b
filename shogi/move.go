package shogi

// Move is a move packed in 32 bits. The low 16 bits follow the layout
// widely used by shogi software:
//
//	bits  0– 6  destination square (0–80)
//	bits  7–13  origin square (board move) or dropped Kind (drop)
//	bit  14     drop flag
//	bit  15     promotion flag
//	bits 16–20  the moving Piece as it stands before the move (colour and kind)
//
// The zero Move is NoMove. A Move is only meaningful together with the
// position it was made for; Position.IsLegal tells whether it is legal there.
type Move uint32

// NoMove is the zero Move, "no move".
const NoMove Move = 0

const (
	moveDropFlag    = 1 << 14
	movePromoteFlag = 1 << 15
)

// NewBoardMove returns the move of piece pc from from to to, promoting if promote.
func NewBoardMove(pc Piece, from, to Square, promote bool) Move {
	m := Move(to) | Move(from)<<7 | Move(pc)<<16
	if promote {
		m |= movePromoteFlag
	}
	return m
}

// NewDrop returns the drop of a piece of kind k of colour c on to.
func NewDrop(c Color, k Kind, to Square) Move {
	return Move(to) | Move(k)<<7 | moveDropFlag | Move(NewPiece(c, k))<<16
}

// To returns the destination square.
func (m Move) To() Square { return Square(m & 0x7f) }

// From returns the origin square of a board move, NoSquare for a drop.
func (m Move) From() Square {
	if m.IsDrop() {
		return NoSquare
	}
	return Square(m >> 7 & 0x7f)
}

// IsDrop reports whether m drops a piece from the hand.
func (m Move) IsDrop() bool { return m&moveDropFlag != 0 }

// IsPromotion reports whether m promotes the moving piece.
func (m Move) IsPromotion() bool { return m&movePromoteFlag != 0 }

// Piece returns the moving piece as it stands before the move (for a drop,
// the dropped piece).
func (m Move) Piece() Piece { return Piece(m >> 16 & 0x1f) }

// DroppedKind returns the kind a drop puts on the board.
func (m Move) DroppedKind() Kind { return Kind(m >> 7 & 0x7f) }

// Color returns the side making m.
func (m Move) Color() Color { return m.Piece().Color() }

// PieceAfter returns the piece on the destination square after m.
func (m Move) PieceAfter() Piece {
	pc := m.Piece()
	if m.IsPromotion() {
		pc |= Piece(PromotedBit)
	}
	return pc
}

// String returns m in USI notation: "7g7f", "8h2b+", "P*5e"; "none" for NoMove.
func (m Move) String() string {
	if m == NoMove {
		return "none"
	}
	if m.IsDrop() {
		k := m.DroppedKind()
		if k < Pawn || k > Gold {
			return "?*" + m.To().String()
		}
		return k.Letter() + "*" + m.To().String()
	}
	s := m.From().String() + m.To().String()
	if m.IsPromotion() {
		s += "+"
	}
	return s
}

// TogglePromotion returns m with the other promotion choice. The result
// need not be legal.
func (m Move) TogglePromotion() Move { return m ^ movePromoteFlag }

// Mirror returns m reflected left-right (file f becomes 10-f).
func (m Move) Mirror() Move {
	to := m.To().Mirror()
	if m.IsDrop() {
		return m&^0x7f | Move(to)
	}
	from := m.From().Mirror()
	return m&^0x3fff | Move(to) | Move(from)<<7
}
