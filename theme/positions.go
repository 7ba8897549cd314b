package theme

import (
	"context"
	"slices"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// position is what the finders need of a position, the methods they call
// through their type parameter: they are written once and instantiated
// for package shogi's positions (stdPos) and package variant's
// (fairyPos), as package mate's search and package verdict's judge are.
// "Royal" is the king of standard shogi and every royal piece of the
// fairy rules; attacks are those the rules give (安南, 天竺 powers).
type position[P any] interface {
	*P
	SideToMove() shogi.Color
	DoMove(m shogi.Move)
	IsLegal(m shogi.Move) bool
	InCheck() bool
	HasLegalMove() bool
	LegalMoves(dst []shogi.Move) []shogi.Move
	Checks(dst []shogi.Move) []shogi.Move
	GivesCheck(m shogi.Move) bool
	// checkers returns the pieces that attack a royal of the side to move.
	checkers() shogi.Bitboard
	// royal returns c's one royal piece's square (NoSquare when it has
	// none or several).
	royal(c shogi.Color) shogi.Square
	// isRoyal reports whether the piece on s is a royal.
	isRoyal(s shogi.Square) bool
	// movedKind is the kind of the piece m moves or drops, before the
	// move; kindAfter its kind after; handKind the kind it goes into a
	// hand as, once captured after the move.
	movedKind(m shogi.Move) shogi.Kind
	kindAfter(m shogi.Move) shogi.Kind
	handKind(m shogi.Move) shogi.Kind
	// attackers returns c's pieces that attack s.
	attackers(c shogi.Color, s shogi.Square) shogi.Bitboard
	// line returns the squares strictly between the piece on from and
	// the square to when it attacks to by a ride (empty otherwise).
	line(from, to shogi.Square) shogi.Bitboard
	// pieces returns c's pieces of kind k.
	pieces(c shogi.Color, k shogi.Kind) shogi.Bitboard
	// clear empties s.
	clear(s shogi.Square)
	// inHand reports whether c holds a piece of kind k.
	inHand(c shogi.Color, k shogi.Kind) bool
	// boardMove returns the move of the piece on from to to.
	boardMove(from, to shogi.Square, promote bool) shogi.Move
	// drop returns c's drop of a piece of kind k on to.
	drop(c shogi.Color, k shogi.Kind, to shogi.Square) shogi.Move
	// pseudoLegal reports whether m, a move of the side to move to a
	// square its piece reaches (a board move) or a drop, obeys the rules
	// but for its own royal's safety and the pawn-drop mate.
	pseudoLegal(m shogi.Move) bool
	// futile reports whether r, a reply of the side to move in check, is
	// a futile interposition by the plain rule.
	futile(r shogi.Move) bool
	// verifyLine is mate's VerifyLine of line from the position under
	// the discount rule.
	verifyLine(line []shogi.Move) error
	// mateWithin is s.MateWithin from the position.
	mateWithin(ctx context.Context, s *mate.Solver, plies int) (mate.Within, error)
}

// stdPos is a position of package shogi with the methods of position.
type stdPos struct{ shogi.Position }

func (p *stdPos) checkers() shogi.Bitboard                  { return p.Checkers() }
func (p *stdPos) royal(c shogi.Color) shogi.Square          { return p.King(c) }
func (p *stdPos) isRoyal(s shogi.Square) bool               { return p.PieceAt(s).Kind() == shogi.King }
func (p *stdPos) movedKind(m shogi.Move) shogi.Kind         { return m.Piece().Kind() }
func (p *stdPos) kindAfter(m shogi.Move) shogi.Kind         { return m.PieceAfter().Kind() }
func (p *stdPos) handKind(m shogi.Move) shogi.Kind          { return m.PieceAfter().Kind().Demote() }
func (p *stdPos) line(from, to shogi.Square) shogi.Bitboard { return shogi.Between(from, to) }
func (p *stdPos) clear(s shogi.Square)                      { p.Put(s, shogi.NoPiece) }
func (p *stdPos) inHand(c shogi.Color, k shogi.Kind) bool   { return p.Hand(c).Has(k) }
func (p *stdPos) futile(r shogi.Move) bool                  { return mate.IsFutileInterposition(&p.Position, r) }

func (p *stdPos) attackers(c shogi.Color, s shogi.Square) shogi.Bitboard {
	return p.AttackersTo(c, s)
}

func (p *stdPos) pieces(c shogi.Color, k shogi.Kind) shogi.Bitboard { return p.Pieces(c, k) }

func (p *stdPos) boardMove(from, to shogi.Square, promote bool) shogi.Move {
	return shogi.NewBoardMove(p.PieceAt(from), from, to, promote)
}

func (p *stdPos) drop(c shogi.Color, k shogi.Kind, to shogi.Square) shogi.Move {
	return shogi.NewDrop(c, k, to)
}

func (p *stdPos) pseudoLegal(m shogi.Move) bool {
	to, pc := m.To(), m.PieceAfter()
	if m.IsDrop() {
		return p.PieceAt(to) == shogi.NoPiece && shogi.CanStand(pc, to) &&
			(m.DroppedKind() != shogi.Pawn || !p.HasPawnOnFile(pc.Color(), to.File()))
	}
	return (!m.IsPromotion() || shogi.MayPromote(m.Piece(), m.From(), to)) && shogi.CanStand(pc, to)
}

func (p *stdPos) verifyLine(line []shogi.Move) error {
	return mate.VerifyLine(&p.Position, line, mate.Discount)
}

func (p *stdPos) mateWithin(ctx context.Context, s *mate.Solver, plies int) (mate.Within, error) {
	return s.MateWithin(ctx, &p.Position, plies)
}

// fairyPos is a position of package variant with the methods of
// position: royals for the king, the rules for moves and attacks.
type fairyPos struct{ variant.Position }

func (p *fairyPos) isRoyal(s shogi.Square) bool             { return p.PieceAt(s).Royal() }
func (p *fairyPos) movedKind(m shogi.Move) shogi.Kind       { return variant.MoveKind(m) }
func (p *fairyPos) handKind(m shogi.Move) shogi.Kind        { return variant.Def(p.kindAfter(m)).Base }
func (p *fairyPos) clear(s shogi.Square)                    { p.Put(s, variant.NoPiece) }
func (p *fairyPos) inHand(c shogi.Color, k shogi.Kind) bool { return p.Hand(c).Has(k) }
func (p *fairyPos) pseudoLegal(m shogi.Move) bool           { return slices.Contains(p.PseudoLegalMoves(nil), m) }
func (p *fairyPos) futile(r shogi.Move) bool {
	return mate.VariantIsFutileInterposition(&p.Position, r)
}
func (p *fairyPos) pieces(c shogi.Color, k shogi.Kind) shogi.Bitboard { return p.Pieces(c, k) }

func (p *fairyPos) checkers() shogi.Bitboard {
	var b shogi.Bitboard
	us := p.SideToMove()
	for r := p.Royals(us); r.Any(); {
		b = b.Or(p.attackers(us.Opp(), r.PopLSB()))
	}
	return b
}

func (p *fairyPos) royal(c shogi.Color) shogi.Square {
	r := p.Royals(c)
	if r.IsEmpty() || r.MoreThanOne() {
		return shogi.NoSquare
	}
	return r.LSB()
}

func (p *fairyPos) kindAfter(m shogi.Move) shogi.Kind {
	k := variant.MoveKind(m)
	if m.IsPromotion() {
		k = k.Promote()
	}
	return k
}

func (p *fairyPos) attackers(c shogi.Color, s shogi.Square) shogi.Bitboard {
	return mate.VariantAttackersTo(&p.Position, c, s)
}

func (p *fairyPos) line(from, to shogi.Square) shogi.Bitboard {
	b, _ := mate.VariantRideLine(&p.Position, from, to)
	return b
}

func (p *fairyPos) boardMove(from, to shogi.Square, promote bool) shogi.Move {
	pc := p.PieceAt(from)
	return variant.NewBoardMove(pc.Color(), pc.Kind(), from, to, promote)
}

func (p *fairyPos) drop(c shogi.Color, k shogi.Kind, to shogi.Square) shogi.Move {
	return variant.NewDrop(c, k, to)
}

func (p *fairyPos) verifyLine(line []shogi.Move) error {
	return mate.VerifyLineVariant(&p.Position, line, mate.Discount)
}

func (p *fairyPos) mateWithin(ctx context.Context, s *mate.Solver, plies int) (mate.Within, error) {
	return s.MateWithinVariant(ctx, &p.Position, plies)
}
