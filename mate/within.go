package mate

import (
	"context"
	"fmt"
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
	return s.MateWithinMore(ctx, p, plies, 0, nil)
}

// MateWithinMore is MateWithin with a node budget that can be raised
// while the search runs: budget nodes (0: the Solver's MaxNodes). When
// the search has reached its budget and would search further (or would
// end with no mate), it calls more with the nodes searched, which are
// those a search stopped by that budget counts; if more returns a budget
// larger than the one reached, the search goes on to it, else it stops
// there, as MateWithin would. The budget only stops a search, which is
// otherwise the same whatever it is: a search that goes on to a budget b
// is the search that MateWithin makes with the budget b from the start,
// node for node, with its outcome and its count of nodes; and where more
// returns nothing, the outcome and the count are those of MateWithin
// with the budget reached. So a caller that searches a position with a
// small budget first and then, if that decides nothing, with a larger
// one, can go on with the first search instead of making the second from
// an empty table. more runs on the search's goroutine and may wait (the
// search waits with it); the time limit, if any, runs on.
func (s *Solver) MateWithinMore(ctx context.Context, p *shogi.Position, plies int, budget uint64, more func(nodes uint64) uint64) (Within, error) {
	start := time.Now()
	q := *p
	if s.opts.DefenderHand == Remaining {
		var err error
		if q, err = WithRemainingHand(p); err != nil {
			return Within{}, notAProblem(err)
		}
	}
	if err := q.Validate(); err != nil {
		return Within{}, notAProblem(err)
	}
	if attacker := q.SideToMove(); q.King(attacker.Opp()) == shogi.NoSquare {
		return Within{}, &NotAProblemError{Msg: fmt.Sprintf("the defender (%s) has no king on the board", attacker.Opp())}
	}
	return mateWithin[stdPos](s, ctx, std(&q), plies, start, budget, more), nil
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
	return mateWithin[fairyPos](s, ctx, (*fairyPos)(&q), plies, start, 0, nil), nil
}

// mateWithin is the search of MateWithin from q, a position checked to
// be a problem, with the node budget budget (0: the Solver's MaxNodes)
// and, if not nil, more to raise it (MateWithinMore).
func mateWithin[P any, PP positionOps[P]](s *Solver, ctx context.Context, q PP, plies int, start time.Time, budget uint64, more func(uint64) uint64) Within {
	if plies < 1 {
		return Within{Status: NoMate}
	}
	if budget == 0 {
		budget = s.opts.MaxNodes
	}
	s.tt.newGeneration()
	sr := newSearch[P, PP](s.tt, q.SideToMove())
	sr.setBudget(ctx, budget, s.opts.MaxTime, start)
	sr.more = more
	sr.futile = s.opts.Futile == Discount
	r := sr.searchAt(nil, q, uint16(min(plies, int(unlimited)-1)))
	if sr.pending && r.pn != 0 {
		// Ended past the budget: a disproof stands only with a larger one.
		sr.atBudget()
	}
	w := Within{Nodes: sr.nodes}
	switch {
	case r.pn == 0:
		w.Status, w.Length, w.Spare = Mate, int(r.length), int(r.spare)
	case r.dn == 0 && r.anchor < 0 && sr.stopped == nil:
		w.Status = NoMate
	}
	return w
}
