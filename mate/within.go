package mate

import (
	"context"
	"time"

	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// Within is the result of MateWithin.
type Within struct {
	// Status is Mate when the attacker mates within the plies asked,
	// NoMate when it cannot (there may be a longer mate), Unknown when a
	// limit or the context stopped the search first.
	Status Status
	// Length, of a mate, is the length of the proof found: an upper
	// bound on the shortest mate, at most the plies asked; Spare the
	// pieces the proof leaves in the attacker's hand.
	Length, Spare int
	Nodes         uint64
}

// MateWithin searches p for a mate by its side to move within plies plies
// (under the Solver's futile rule, hand convention and limits, with its
// table): the depth-limited search that Solve's soundness check makes of
// each alternative move, without the search for the shortest mate and its
// line. Unlike Solve it never has to prove that there is no mate at all,
// which can take long; the futile interpositions by transposition, which
// Solve finds along its main line, are not looked for. A position Solve
// refuses gives a *NotAProblemError.
func (s *Solver) MateWithin(ctx context.Context, p *shogi.Position, plies int) (Within, error) {
	start := time.Now()
	q, err := s.root(p)
	if err != nil {
		return Within{}, err
	}
	return mateWithin[stdPos](s, ctx, std(&q), q.SideToMove(), plies, start), nil
}

// MateWithinVariant is MateWithin for a position of package variant,
// under its rules (with DefenderHand Remaining the defender holds
// VariantRemainingHand). The defender must have a royal, and no royal of
// the side not to move may be attacked; else it fails with a
// *NotAProblemError.
func (s *Solver) MateWithinVariant(ctx context.Context, p *variant.Position, plies int) (Within, error) {
	start := time.Now()
	q, err := s.variantRoot(p)
	if err != nil {
		return Within{}, err
	}
	return mateWithin[fairyPos](s, ctx, (*fairyPos)(&q), q.SideToMove(), plies, start), nil
}

// MatedWithin searches p, a position whose side to move is in check, for
// a mate of it by the other side within plies plies, p's move first
// (under the Solver's futile rule and limits, with its table): MateWithin
// from a defender's node, such as a node of a stated line (verdict
// asks whether a node where a longer interposition is played is mated
// within the line's plies under the futile rule, the interposition then
// futile). The hands are taken as they are (the defender's hand of the
// convention already applied, as in the positions of Along or Solution);
// a position that is not valid, or whose side to move is not in check,
// gives a *NotAProblemError.
func (s *Solver) MatedWithin(ctx context.Context, p *shogi.Position, plies int) (Within, error) {
	start := time.Now()
	if err := p.Validate(); err != nil {
		return Within{}, notAProblem(err)
	}
	if !p.InCheck() {
		return Within{}, &NotAProblemError{Msg: "the side to move is not in check"}
	}
	q := *p
	return mateWithin[stdPos](s, ctx, std(&q), q.SideToMove().Opp(), plies, start), nil
}

// mateWithin is the search of MateWithin from q, a position checked to
// be a problem, for a mate by attacker (q's side to move, or the other
// side when q is a defender's node).
func mateWithin[P any, PP positionOps[P]](s *Solver, ctx context.Context, q PP, attacker shogi.Color, plies int, start time.Time) Within {
	if plies < 1 {
		return Within{Status: NoMate}
	}
	s.tt.newGeneration()
	sr := reusing[P, PP](s.tt, attacker, s)
	defer func() { s.buffers = sr.buffers }()
	sr.setBudget(ctx, s.opts.MaxNodes, s.opts.MaxTime, start)
	sr.futile = s.opts.Futile == Discount
	r := sr.searchAt(nil, q, uint16(min(plies, int(unlimited)-1)))
	w := Within{Nodes: sr.nodes}
	switch {
	case r.pn == 0:
		w.Status, w.Length, w.Spare = Mate, int(r.length), int(r.spare)
	case r.dn == 0 && r.anchor < 0 && sr.stopped == nil:
		w.Status = NoMate
	}
	return w
}
