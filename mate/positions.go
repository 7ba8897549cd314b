package mate

import (
	"github.com/tsume-shogi/tsume/shogi"
)

// This file is what the df-pn search needs of a position: the methods of
// positionOps, which the search calls through its type parameter. It is
// instantiated for stdPos, package shogi's positions (the fast path: a
// distinct GC shape, so the search is compiled for it alone, and each
// method below is one call to shogi's own), and for fairyPos, package
// variant's (fairy.go).
//
// The table keys a node by BoardKey and the attacker's Hand, and proves or
// disproves it for larger or smaller hands too (hand superiority). A
// position type without hand superiority gives its full key as BoardKey
// and an empty Hand: every hand rule of the search (pinDrops,
// proofHandBefore, …) then reduces to the position itself.
type positionOps[P any] interface {
	*P
	SideToMove() shogi.Color
	Key() uint64
	// BoardKey is the key of the position without the attacker's hand:
	// the table's key.
	BoardKey() uint64
	// Hand is the hand of c as the table compares it (see above).
	Hand(c shogi.Color) shogi.Hand
	// HandTotal is the number of pieces in c's hand: the spare pieces.
	HandTotal(c shogi.Color) int
	InCheck() bool
	DoMove(m shogi.Move)
	// Checks appends the side to move's legal checks.
	Checks(dst []shogi.Move) []shogi.Move
	// CountChecks is len(Checks), generated into scratch if need be.
	CountChecks(scratch []shogi.Move) int
	// Evasions appends the legal moves of the side to move, in check.
	Evasions(dst []shogi.Move) []shogi.Move
	// KingEvasions appends the first moves that Evasions would append,
	// some or none.
	KingEvasions(dst []shogi.Move) []shogi.Move
	// EvasionsCountingDrops appends the legal board moves of the side to
	// move, in check, and counts its legal drops. single reports one
	// checker of one royal, and line the squares strictly between them.
	EvasionsCountingDrops(dst []shogi.Move) (moves []shogi.Move, drops int, line shogi.Bitboard, single bool)
	// KingEscapesAfter returns, when m leaves the opponent's king only
	// escapes to answer it with, how many (0: not known so).
	KingEscapesAfter(m shogi.Move) int
	// ChecksWithoutEscape appends the side to move's legal checks whose
	// KingEscapesAfter is 0, in the order of Checks, and returns them
	// with the number of checks in all.
	ChecksWithoutEscape(dst []shogi.Move) (moves []shogi.Move, checks int)
	// WithoutEscape appends the checks of checks whose KingEscapesAfter
	// is 0, in their order.
	WithoutEscape(checks, dst []shogi.Move) []shogi.Move
	// KeysAfter returns Key, BoardKey and the mover's Hand after m.
	KeysAfter(m shogi.Move) (key, boardKey uint64, hand shogi.Hand)
	// CheckLine returns the squares strictly between the royal in check
	// and the one piece checking it, when exactly one piece checks
	// exactly one royal (single); the line may be empty.
	CheckLine() (line shogi.Bitboard, single bool)
	// IsInterposition reports whether r, a reply of the side to move,
	// puts a piece other than a royal on the CheckLine.
	IsInterposition(r shogi.Move) bool
	// Loose reports whether the drop r of the side to move puts a piece
	// on a square that none of its pieces (its royals included) attacks,
	// without giving check.
	Loose(r shogi.Move) bool
	// SplitFutile moves the futile interpositions of the plain rule
	// (IsFutileInterposition) from moves, the legal replies of the side
	// to move, to removed (nil: dropped).
	SplitFutile(moves, removed []shogi.Move) (kept, removedOut []shogi.Move)
	// CapturedBack returns the position Q' of the futile-by-capture rule:
	// after the interposition r and its capture a, the captured piece
	// given back to the defender's hand.
	CapturedBack(r, a shogi.Move) P
	// HandKind is the kind that the piece on s goes into a hand as.
	HandKind(s shogi.Square) shogi.Kind
	// SamePosition reports whether q has the same board, hands, side to
	// move (and whatever else the rules carry), the move number aside.
	SamePosition(q *P) bool
	// PinDrops, ProofHandBefore and DisproofHandBefore are the hand
	// rules of the search (hands.go).
	PinDrops(ph, hand shogi.Hand) shogi.Hand
	ProofHandBefore(m shogi.Move, ph, hand shogi.Hand) shogi.Hand
	DisproofHandBefore(m shogi.Move, dh shogi.Hand) shogi.Hand
}

// stdPos is a position of package shogi with the methods of positionOps.
type stdPos shogi.Position

func (p *stdPos) sp() *shogi.Position                     { return (*shogi.Position)(p) }
func (p *stdPos) SideToMove() shogi.Color                 { return p.sp().SideToMove() }
func (p *stdPos) Key() uint64                             { return p.sp().Key() }
func (p *stdPos) BoardKey() uint64                        { return p.sp().BoardKey() }
func (p *stdPos) Hand(c shogi.Color) shogi.Hand           { return p.sp().Hand(c) }
func (p *stdPos) HandTotal(c shogi.Color) int             { return p.sp().Hand(c).Total() }
func (p *stdPos) InCheck() bool                           { return p.sp().InCheck() }
func (p *stdPos) DoMove(m shogi.Move)                     { p.sp().DoMove(m) }
func (p *stdPos) Checks(dst []shogi.Move) []shogi.Move    { return p.sp().Checks(dst) }
func (p *stdPos) CountChecks([]shogi.Move) int            { return p.sp().CountChecks() }
func (p *stdPos) Evasions(dst []shogi.Move) []shogi.Move  { return p.sp().Evasions(dst) }
func (p *stdPos) KingEscapesAfter(m shogi.Move) int       { return p.sp().KingEscapesAfter(m) }
func (p *stdPos) IsInterposition(r shogi.Move) bool       { return isInterposition(p.sp(), r) }
func (p *stdPos) Loose(r shogi.Move) bool                 { return loose(p.sp(), r) }
func (p *stdPos) HandKind(s shogi.Square) shogi.Kind      { return p.sp().PieceAt(s).Kind().Demote() }
func (p *stdPos) PinDrops(ph, hand shogi.Hand) shogi.Hand { return pinDrops(p.sp(), ph, hand) }
func (p *stdPos) CapturedBack(r, a shogi.Move) stdPos     { return stdPos(capturedBack(p.sp(), r, a)) }
func (p *stdPos) SamePosition(q *stdPos) bool             { return positionKey(p.sp()) == positionKey(q.sp()) }
func (p *stdPos) DisproofHandBefore(m shogi.Move, dh shogi.Hand) shogi.Hand {
	return disproofHandBefore(p.sp(), m, dh)
}

func (p *stdPos) ProofHandBefore(m shogi.Move, ph, hand shogi.Hand) shogi.Hand {
	return proofHandBefore(p.sp(), m, ph, hand)
}

func (p *stdPos) KingEvasions(dst []shogi.Move) []shogi.Move {
	return p.sp().KingEvasions(dst)
}

func (p *stdPos) ChecksWithoutEscape(dst []shogi.Move) ([]shogi.Move, int) {
	return p.sp().ChecksWithoutEscape(dst)
}

func (p *stdPos) WithoutEscape(checks, dst []shogi.Move) []shogi.Move {
	return p.sp().WithoutEscape(checks, dst)
}

func (p *stdPos) KeysAfter(m shogi.Move) (key, boardKey uint64, hand shogi.Hand) {
	return p.sp().KeysAfter(m)
}

func (p *stdPos) EvasionsCountingDrops(dst []shogi.Move) ([]shogi.Move, int, shogi.Bitboard, bool) {
	moves, drops, checkers := p.sp().EvasionsCountingDrops(dst)
	if checkers.IsEmpty() || checkers.MoreThanOne() {
		return moves, drops, shogi.Bitboard{}, false
	}
	return moves, drops, shogi.Between(p.sp().King(p.sp().SideToMove()), checkers.LSB()), true
}

func (p *stdPos) CheckLine() (shogi.Bitboard, bool) {
	checkers := p.sp().Checkers()
	if checkers.IsEmpty() || checkers.MoreThanOne() {
		return shogi.Bitboard{}, false
	}
	return shogi.Between(p.sp().King(p.sp().SideToMove()), checkers.LSB()), true
}

func (p *stdPos) SplitFutile(moves, removed []shogi.Move) ([]shogi.Move, []shogi.Move) {
	return splitFutile(p.sp(), moves, removed)
}

// std returns p as a stdPos.
func std(p *shogi.Position) *stdPos { return (*stdPos)(p) }
