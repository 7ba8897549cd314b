package problem

import (
	"errors"
	"fmt"
	"strings"

	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// This file holds what a problem of fairy pieces needs: a position that
// package shogi cannot hold (a Grasshopper or a Lion, a royal other than
// the one king of a side) is kept as a variant.Position in
// Problem.Variant, and read, written and measured through the methods
// here, which serve every problem alike.

// SFEN returns the problem's position in SFEN: Variant's fairy SFEN
// (variant.Position.SFEN: "$" before a royal, fairy kinds in
// parentheses) when it is set, else Position's.
func (p *Problem) SFEN() string {
	if p.Variant != nil {
		return p.Variant.SFEN()
	}
	return p.Position.SFEN()
}

// SetSFEN reads s as the problem's position. A position of standard
// pieces with at most one king a side goes to Position, Variant then nil;
// one that package shogi cannot read — with a fairy piece or a royal
// other than a king — goes to Variant, Position then the zero Position. On error p is unchanged; the error is the parser's, a
// *shogi.SyntaxError (or another error of shogi.ParseSFEN) for a standard
// SFEN, a *variant.SFENError for one with a fairy token ("$", "(").
func (p *Problem) SetSFEN(s string) error {
	sp, err := shogi.ParseSFEN(s)
	if err == nil {
		p.Position, p.Variant = sp, nil
		return nil
	}
	v, verr := variant.ParseSFEN(s)
	switch {
	case verr != nil && strings.ContainsAny(s, "$("):
		return verr
	case verr != nil || v.IsStandard():
		// Not a fairy position: shogi's error says what is wrong.
		return err
	}
	p.Position, p.Variant = shogi.Position{}, &v
	return nil
}

// Parse returns the problem of the position sfen (SetSFEN) under the
// rules named rules (CanonicalRules: "", "annan", …) with the stipulation
// goal, its main line the moves usi (ParseLine), as long as the
// stipulation. An error names the field at fault: "sfen: …", "rules:
// …", "solution: …".
func Parse(sfen, rules string, goal Goal, usi []string) (Problem, error) {
	var p Problem
	if err := p.SetSFEN(sfen); err != nil {
		return p, fmt.Errorf("sfen: %w", err)
	}
	var err error
	if p.Rules, err = CanonicalRules(rules); err != nil {
		return p, fmt.Errorf("rules: %w", err)
	}
	if p.Line, err = p.ParseLine(usi); err != nil {
		return p, fmt.Errorf("solution: %w", err)
	}
	p.Stipulation = Stipulation{Goal: goal, Plies: len(p.Line)}
	return p, nil
}

// ParseLine reads a main line in USI from the problem's position under
// its rules, checking each move's legality under them (see
// ParseLineRules); a fairy piece's moves are written as variant writes
// them ("(GH)*5e").
func (p *Problem) ParseLine(usi []string) ([]shogi.Move, error) {
	if p.Variant == nil {
		return ParseLineRules(&p.Position, p.Rules, usi)
	}
	v, err := p.VariantPosition()
	if err != nil {
		return nil, err
	}
	return parseVariantLine(v, usi)
}

// parseVariantLine reads usi from q, each move legal in turn.
func parseVariantLine(q variant.Position, usi []string) ([]shogi.Move, error) {
	return readLine(q, usi, (*variant.Position).ParseMove)
}

// LineUSI returns the main line in USI, moves separated by spaces, a
// fairy piece's drops as variant writes them ("(GH)*5e").
func (p *Problem) LineUSI() string {
	if p.Variant == nil {
		return usiLine(p.Line)
	}
	var b strings.Builder
	for i, m := range p.Line {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(variant.MoveString(m))
	}
	return b.String()
}

// Look returns the look of the problem's position (LookOf). For a
// position in Variant: the pieces are those besides the defender's
// royals, the king's region that of the defender's royal when it has
// exactly one (none else), and the symmetry that of the board, royalty
// included.
func (p *Problem) Look() Look {
	if p.Variant == nil {
		return LookOf(&p.Position)
	}
	v := p.Variant
	mirror := v.Mirror()
	ksq := DefenderRoyal(v)
	return Look{
		Pieces:     p.Pieces(),
		KingEdge:   ksq != shogi.NoSquare && EdgeSquare(ksq),
		KingCorner: ksq != shogi.NoSquare && CornerSquare(ksq),
		Symmetric:  boardField(v.SFEN()) == boardField(mirror.SFEN()),
	}
}

// boardField returns the board field of an SFEN.
func boardField(sfen string) string {
	board, _, _ := strings.Cut(sfen, " ")
	return board
}

// Pieces returns the size of the problem (the function Pieces); for a
// position in Variant, the pieces on the board but the defender's
// royals, and those of the attacker's hand.
func (p *Problem) Pieces() int {
	if p.Variant == nil {
		return Pieces(&p.Position)
	}
	v := p.Variant
	attacker := v.SideToMove()
	return v.Occupied().Count() - v.Royals(attacker.Opp()).Count() + v.Hand(attacker).Total()
}

// IsFairy reports whether p is a fairy problem: under rules other than
// the standard ones, with a stipulation other than mate, or on a board
// package shogi cannot hold (Variant). The formats of package record
// hold the others only; JSON and Problem.KIF hold every problem.
func (p *Problem) IsFairy() bool {
	return p.Rules != "" || p.Stipulation.Goal != Mate || p.Variant != nil
}

// DefenderRoyal returns the square of the defender's royal (the side not
// to move's) in v when it has exactly one, else shogi.NoSquare.
func DefenderRoyal(v *variant.Position) shogi.Square {
	r := v.Royals(v.SideToMove().Opp())
	if !r.Any() || r.MoreThanOne() {
		return shogi.NoSquare
	}
	return r.LSB()
}

// errFairyBoard is the error of a format that holds standard positions
// only, given a problem with fairy pieces.
var errFairyBoard = errors.New("the position holds fairy pieces or royals other than the kings")
