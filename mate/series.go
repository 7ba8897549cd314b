package mate

import (
	"context"

	"github.com/tsume-shogi/tsume/shogi"
)

// Series searches positions one after another for a mate within a number
// of plies, as MateWithin does, but keeps its table from one search to
// the next: the positions of a game a few plies apart share much of their
// search trees, and what one search proved (a mate within n plies, no
// mate within n plies) is a fact of the position it was proven of, which
// a later search may use wherever it meets that position again.
//
// The entries that are facts of their search and not of their position
// are not used across searches:
//   - A disproof that depends on a repetition of the search path holds
//     only where the search comes back along the same path from its root;
//     its entry carries the identity of that path (dependentID), a hash
//     of the positions from the root, so a search from another root does
//     not take it for a disproof.
//   - The attacker's hand and the side to move key the table's entries:
//     a position with Black to move is an attacker's node when Black
//     attacks and a defender's when White does, and the hand in its
//     entries is the attacker's, so a search with the other attacker
//     starts from an empty table.
//   - The defender's hand is not in the entries: the board and the
//     attacker's hand determine it when the pieces in play are the same,
//     so a search of a position with other pieces in play (another
//     handicap) starts from an empty table too.
//
// The futile rule and the hand convention are the Solver's, the same for
// every search of the Series (and the futile rule is in each entry). The
// numbers of unfinished searches carry over too: they only order the
// search. So a Series decides what MateWithin decides, though not always
// with the same nodes, and a search that ran out of its budget in a fresh
// table may be decided in a kept one, or the other way round; a mate's
// Length, an upper bound on the shortest, may differ.
//
// A Series has a table of its own, and is not safe for concurrent use.
type Series struct {
	s *Solver
	// kept is true after a search whose entries the next may use, by the
	// attacker of that search with the pieces in play material.
	kept     bool
	attacker shogi.Color
	material [shogi.NumKinds]uint8
}

// NewSeries returns a Series whose table and limits (per search) are
// those of a Solver made with opts.
func NewSeries(opts SolverOptions) (*Series, error) {
	s, err := NewSolver(opts)
	if err != nil {
		return nil, err
	}
	return &Series{s: s}, nil
}

// MateWithin is Solver.MateWithin with the table of the searches before
// it in the Series (since the last Reset), when they had the same
// attacker and the same pieces in play.
func (r *Series) MateWithin(ctx context.Context, p *shogi.Position, plies int) (Within, error) {
	return r.s.mateWithin(ctx, p, plies, r.keep)
}

// Reset makes the next search start from an empty table.
func (r *Series) Reset() { r.kept = false }

// keep reports whether the search of q may use the entries in the table,
// and records q's attacker and pieces for the next search.
func (r *Series) keep(q *shogi.Position) bool {
	attacker, material := q.SideToMove(), materialOf(q)
	ok := r.kept && attacker == r.attacker && material == r.material
	r.kept, r.attacker, r.material = true, attacker, material
	return ok
}

// materialOf counts the pieces of each kind in play in p, on the board
// (promoted pieces by their unpromoted kind) and in both hands.
func materialOf(p *shogi.Position) [shogi.NumKinds]uint8 {
	var m [shogi.NumKinds]uint8
	for b := p.Occupied(); b.Any(); {
		m[p.PieceAt(b.PopLSB()).Kind().Demote()]++
	}
	for _, k := range handKinds {
		m[k] += uint8(p.Hand(shogi.Black).Count(k) + p.Hand(shogi.White).Count(k))
	}
	return m
}
