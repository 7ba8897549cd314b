package verdict

import (
	"context"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// position is what a verdict needs of a position, the methods the judge
// calls through its type parameter: the judge is written once and
// instantiated for package shogi's positions (stdPos) and package
// variant's (fairyPos), as package mate's search is.
type position[P any] interface {
	*P
	SideToMove() shogi.Color
	DoMove(m shogi.Move)
	IsLegal(m shogi.Move) bool
	InCheck() bool
	Key() uint64
	// replies returns the legal moves of the side to move.
	replies() []shogi.Move
	// spare returns c's hand.
	spare(c shogi.Color) variant.Hand
	// futile reports whether r, a reply of the side to move in check, is
	// a futile interposition by the plain rule.
	futile(r shogi.Move) bool
	// interposes reports whether r, a reply of the side to move, puts a
	// piece other than a royal strictly between the royal in check and
	// the one piece checking it.
	interposes(r shogi.Move) bool
	// royal returns c's one royal piece's square (NoSquare when it has
	// none or several).
	royal(c shogi.Color) shogi.Square
	// boardMove returns the move of the piece on from to to.
	boardMove(from, to shogi.Square, promote bool) shogi.Move
	// solve searches the position with s.
	solve(ctx context.Context, s *mate.Solver) (*mate.Solution, error)
	// verifyLine is mate.VerifyLine from the position.
	verifyLine(line []shogi.Move, rule mate.FutileRule) error
}

// stdPos is a position of package shogi with the methods of position.
type stdPos struct{ shogi.Position }

func (p *stdPos) replies() []shogi.Move            { return p.Evasions(nil) }
func (p *stdPos) futile(r shogi.Move) bool         { return mate.IsFutileInterposition(&p.Position, r) }
func (p *stdPos) interposes(r shogi.Move) bool     { return interposes(&p.Position, r) }
func (p *stdPos) royal(c shogi.Color) shogi.Square { return p.King(c) }
func (p *stdPos) spare(c shogi.Color) variant.Hand { return variantHand(p.Hand(c)) }
func (p *stdPos) verifyLine(line []shogi.Move, rule mate.FutileRule) error {
	return mate.VerifyLine(&p.Position, line, rule)
}

func (p *stdPos) boardMove(from, to shogi.Square, promote bool) shogi.Move {
	return shogi.NewBoardMove(p.PieceAt(from), from, to, promote)
}

func (p *stdPos) solve(ctx context.Context, s *mate.Solver) (*mate.Solution, error) {
	return s.Solve(ctx, &p.Position)
}

// variantHand returns h as a hand of package variant.
func variantHand(h shogi.Hand) variant.Hand {
	var v variant.Hand
	for _, k := range variant.HandKinds() {
		if k < shogi.NumKinds {
			v = v.Set(k, h.Count(k))
		}
	}
	return v
}

// interposes reports whether r, a reply of the defender to move in d,
// puts a piece other than the king strictly between the king and the
// single piece that checks it.
func interposes(d *shogi.Position, r shogi.Move) bool {
	if r.Piece().Kind() == shogi.King {
		return false
	}
	checkers := d.Checkers()
	if checkers.IsEmpty() || checkers.MoreThanOne() {
		return false
	}
	return shogi.Between(d.King(d.SideToMove()), checkers.LSB()).Has(r.To())
}

// fairyPos is a position of package variant with the methods of
// position: royals for the king, its rules for the moves.
type fairyPos struct{ variant.Position }

func (p *fairyPos) replies() []shogi.Move { return p.LegalMoves(nil) }
func (p *fairyPos) futile(r shogi.Move) bool {
	return mate.VariantIsFutileInterposition(&p.Position, r)
}
func (p *fairyPos) interposes(r shogi.Move) bool     { return mate.VariantInterposes(&p.Position, r) }
func (p *fairyPos) spare(c shogi.Color) variant.Hand { return p.Hand(c) }
func (p *fairyPos) verifyLine(line []shogi.Move, rule mate.FutileRule) error {
	return mate.VerifyLineVariant(&p.Position, line, rule)
}

func (p *fairyPos) royal(c shogi.Color) shogi.Square {
	r := p.Royals(c)
	if r.IsEmpty() || r.MoreThanOne() {
		return shogi.NoSquare
	}
	return r.LSB()
}

func (p *fairyPos) boardMove(from, to shogi.Square, promote bool) shogi.Move {
	pc := p.PieceAt(from)
	return variant.NewBoardMove(pc.Color(), pc.Kind(), from, to, promote)
}

func (p *fairyPos) solve(ctx context.Context, s *mate.Solver) (*mate.Solution, error) {
	vs, err := s.SolveVariant(ctx, &p.Position)
	if vs == nil {
		return nil, err
	}
	return &vs.Solution, err
}
