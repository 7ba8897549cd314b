package mate

import "github.com/tsume-shogi/tsume/shogi"

// FutileRule says whether futile interpositions (無駄合) count as defences
// when the length of a mate is computed.
type FutileRule int

const (
	// Discount does not count futile interpositions (the tsume
	// convention): a check answered only by futile interpositions mates.
	// Besides those of IsFutileInterposition, Solve leaves out the
	// interpositions of its main line that are futile by transposition:
	// answered so that two plies later the attacker reaches a position
	// the defender could have let it reach without them (see
	// docs/solver.md).
	Discount FutileRule = iota
	// Count counts every interposition: the pure game-theoretic length.
	Count
)

// String returns "discount" or "count".
func (f FutileRule) String() string {
	if f == Count {
		return "count"
	}
	return "discount"
}

// IsFutileInterposition reports whether r, a legal reply of the side to
// move in p (which is in check), is a futile interposition (無駄合) in the
// sense tsume implements (see docs/solver.md):
//
//   - the check comes from a single ranged piece (lance, bishop, rook,
//     horse or dragon) along its line, and r puts a piece — by a drop or
//     by a board move of a piece other than the king — on a square s
//     strictly between the checker and the king;
//   - s is not next to the king, and after r no piece of the defender
//     attacks s: the interposed piece stands alone;
//   - the checking piece can legally capture on s.
//
// The interposed piece can then simply be captured, and the check stands
// again from closer with one more piece in the attacker's hand.
func IsFutileInterposition(p *shogi.Position, r shogi.Move) bool {
	if r.Piece().Kind() == shogi.King {
		return false
	}
	defender := p.SideToMove()
	ksq := p.King(defender)
	if ksq == shogi.NoSquare {
		return false
	}
	checkers := p.Checkers()
	if checkers.MoreThanOne() || checkers.IsEmpty() {
		return false
	}
	csq := checkers.LSB()
	s := r.To()
	if !shogi.Between(ksq, csq).Has(s) {
		return false
	}
	df, dr := s.File()-ksq.File(), s.Rank()-ksq.Rank()
	if max(df, -df, dr, -dr) < 2 {
		return false
	}
	q := *p
	q.DoMove(r)
	if q.AttackersTo(defender, s).Any() {
		return false
	}
	checker := q.PieceAt(csq)
	return q.IsLegal(shogi.NewBoardMove(checker, csq, s, false)) || q.IsLegal(shogi.NewBoardMove(checker, csq, s, true))
}

// withoutFutile removes the futile interpositions from moves, the legal
// replies of the side to move in p, in place: the same decision as
// IsFutileInterposition, made without playing the drops.
func withoutFutile(p *shogi.Position, moves []shogi.Move) []shogi.Move {
	checkers := p.Checkers()
	if checkers.MoreThanOne() || checkers.IsEmpty() {
		return moves
	}
	between := shogi.Between(p.King(p.SideToMove()), checkers.LSB())
	if between.IsEmpty() {
		return moves
	}
	defender := p.SideToMove()
	ksq := p.King(defender)
	// Without an attacker king, a drop on s is futile exactly when s is
	// not next to the king and no defender piece attacks s: a drop does
	// not change the attacks on its own square, and the checker's capture
	// cannot be illegal.
	noKing := p.King(defender.Opp()) == shogi.NoSquare
	// futileDrops: the squares where a drop is futile, worked out at the
	// first drop (the drops of each kind come square by square).
	var futileDrops shogi.Bitboard
	dropsSeen := false
	n := 0
	for _, r := range moves {
		to := r.To()
		futile := false
		if between.Has(to) {
			if r.IsDrop() && noKing {
				if !dropsSeen {
					dropsSeen = true
					for b := between; b.Any(); {
						s := b.PopLSB()
						df, dr := s.File()-ksq.File(), s.Rank()-ksq.Rank()
						if max(df, -df, dr, -dr) >= 2 && !p.AttackersTo(defender, s).Any() {
							futileDrops = futileDrops.With(s)
						}
					}
				}
				futile = futileDrops.Has(to)
			} else {
				futile = IsFutileInterposition(p, r)
			}
		}
		if !futile {
			moves[n] = r
			n++
		}
	}
	return moves[:n]
}
