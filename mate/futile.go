package mate

import (
	"fmt"
	"strings"

	"github.com/tsume-shogi/tsume/shogi"
)

// FutileRule says whether futile interpositions (無駄合) count as defences
// when the length of a mate is computed.
type FutileRule int

const (
	// Discount does not count futile interpositions (the tsume
	// convention): a check answered only by futile interpositions mates.
	// Besides those of IsFutileInterposition, the search discounts the
	// interpositions futile by capture (captured by a check after which
	// the mate within the plies left does not need the piece, while
	// another counted defence is as long), and Solve leaves out the
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

// ParseFutileRule reads the String of a FutileRule, in any case: "discount"
// or "count".
func ParseFutileRule(s string) (FutileRule, error) {
	switch strings.ToLower(s) {
	case "discount":
		return Discount, nil
	case "count":
		return Count, nil
	}
	return Discount, fmt.Errorf("mate: unknown futile rule %q: want discount or count", s)
}

// IsFutileInterposition reports whether r, a legal reply of the side to
// move in p (which is in check), is a futile interposition (無駄合) in the
// sense tsume implements (see docs/solver.md):
//
//   - the check comes from a single ranged piece (lance, bishop, rook,
//     horse or dragon) along its line, and r drops a piece on a square s
//     strictly between the checker and the king (a moved interposition,
//     移動合, is never futile: the sources count it as a real defence);
//   - s is not next to the king, and after r no piece of the defender
//     attacks s: the interposed piece stands alone;
//   - the checking piece can legally capture on s.
//
// The interposed piece can then simply be captured, and the check stands
// again from closer with one more piece in the attacker's hand.
func IsFutileInterposition(p *shogi.Position, r shogi.Move) bool {
	if !r.IsDrop() {
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
	kept, _ := splitFutile(p, moves, nil)
	return kept
}

// splitFutile is withoutFutile that also appends the moves it removes to
// removed (nil: not kept), in their order.
func splitFutile(p *shogi.Position, moves, removed []shogi.Move) (kept, removedOut []shogi.Move) {
	checkers := p.Checkers()
	if checkers.MoreThanOne() || checkers.IsEmpty() {
		return moves, removed
	}
	between := shogi.Between(p.King(p.SideToMove()), checkers.LSB())
	if between.IsEmpty() {
		return moves, removed
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
		} else if removed != nil {
			removed = append(removed, r)
		}
	}
	return moves[:n], removed
}

// This file is the second futile-interposition rule of the Discount mode:
// futile by transposition (see "Futile interpositions" in docs/solver.md).
// An interposition is futile by transposition when the attacker can answer
// it so that, whatever the defender replies, two plies later it reaches a
// position the defender could have let it reach without the interposition.
// Solve finds such interpositions on its main line and solves again with
// them left out of the defender's replies at their nodes.

// isInterposition reports whether r, a reply of the defender to move in p,
// puts a piece other than the king strictly between the king and the
// single piece that checks it.
func isInterposition(p *shogi.Position, r shogi.Move) bool {
	if r.Piece().Kind() == shogi.King {
		return false
	}
	checkers := p.Checkers()
	if checkers.IsEmpty() || checkers.MoreThanOne() {
		return false
	}
	return shogi.Between(p.King(p.SideToMove()), checkers.LSB()).Has(r.To())
}

// loose reports whether the drop r, a reply of the side to move in p,
// puts a piece on a square that no piece of its own (its king included)
// attacks, without giving check: an unsupported interposition (中合い
// away from the king), which the attacker usually just takes.
func loose(p *shogi.Position, r shogi.Move) bool {
	return !p.AttackersTo(p.SideToMove(), r.To()).Any() && !p.GivesCheck(r)
}

// droppedInterposition reports whether r, a reply of the defender to
// move in p, drops a piece strictly between the royal and the single
// piece that checks it: the interpositions the futile rules may discount
// (a moved interposition, 移動合, always counts).
func droppedInterposition[P any, PP positionOps[P]](p PP, r shogi.Move) bool {
	return r.IsDrop() && p.IsInterposition(r)
}

// positionKey returns p with its move number cleared: two positions with
// the same board, hands and side to move are then equal (==), whatever
// their move numbers, since a Position holds nothing else.
func positionKey(p *shogi.Position) shogi.Position {
	q := *p
	q.SetMoveNumber(1)
	return q
}

// futileByTransposition reports whether r, a legal reply of the defender
// to move in p, is futile by transposition:
//
//   - r is an interposition (a drop, or a board move of a piece other than
//     the king, onto a square strictly between the king and the single
//     ranged piece that checks it);
//   - after r the attacker has a check A1 that leaves the defender at
//     least one reply, and after each of them (futile interpositions of
//     the plain rule aside) a check A2 that leads to a position — board,
//     both hands and side to move — equal to p·R·A for some legal reply R
//     of p that is not an interposition and some check A.
//
// The interposition then only puts off by two plies a position the
// defender could have entered at once: without it, it plays R and the
// attacker A.
func futileByTransposition[P any, PP positionOps[P]](p PP, r shogi.Move) bool {
	if !p.IsInterposition(r) {
		return false
	}
	// The positions the defender could have let the attacker reach: every
	// reply that is not an interposition, then every check.
	direct := positionSet[P, PP]{}
	for _, d := range p.Evasions(nil) {
		if p.IsInterposition(d) {
			continue
		}
		q := *p
		PP(&q).DoMove(d)
		for _, a := range PP(&q).Checks(nil) {
			n := q
			PP(&n).DoMove(a)
			direct.add(&n)
		}
	}
	if len(direct) == 0 {
		return false
	}
	afterR := *p
	PP(&afterR).DoMove(r)
	for _, a1 := range PP(&afterR).Checks(nil) {
		q1 := afterR
		PP(&q1).DoMove(a1)
		replies, _ := PP(&q1).SplitFutile(PP(&q1).Evasions(nil), nil)
		if len(replies) == 0 {
			continue
		}
		all := true
		for _, r1 := range replies {
			q2 := q1
			PP(&q2).DoMove(r1)
			found := false
			for _, a2 := range PP(&q2).Checks(nil) {
				n := q2
				PP(&n).DoMove(a2)
				if direct.has(&n) {
					found = true
					break
				}
			}
			if !found {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

// positionSet is a set of positions, compared with SamePosition.
type positionSet[P any, PP positionOps[P]] map[uint64][]P

func (ps positionSet[P, PP]) add(p *P) {
	if !ps.has(p) {
		ps[PP(p).Key()] = append(ps[PP(p).Key()], *p)
	}
}

func (ps positionSet[P, PP]) has(p *P) bool {
	l := ps[PP(p).Key()]
	for i := range l {
		if PP(p).SamePosition(&l[i]) {
			return true
		}
	}
	return false
}

// maxTranspositionRounds bounds the rounds of Solve that look for
// interpositions futile by transposition on the main line: each round
// excludes at least one more.
const maxTranspositionRounds = 4

// transpositions returns the exclusions of the defender's moves of line,
// the main line from root, that are interpositions futile by
// transposition.
func (s *search[P, PP]) transpositions(root *P, line []shogi.Move) []exclusion {
	p := *root
	var found []exclusion
	for i, m := range line {
		if i%2 == 1 && futileByTransposition(PP(&p), m) {
			found = append(found, exclusion{board: PP(&p).BoardKey(), hand: PP(&p).Hand(s.attacker), move: m})
		}
		PP(&p).DoMove(m)
	}
	return found
}

// exclusion is an interposition the search leaves out of the defender's
// replies: move, on the board with key board (defender to move), whenever
// the attacker's hand dominates hand. Futile by transposition in the
// position where it was found, the move is so with any larger attacker
// hand too (the defender then holds fewer pieces, hence has fewer replies
// to the attacker's checks, and every move of the transposition stays
// legal): applying it to all of them keeps hand superiority sound.
type exclusion struct {
	board uint64
	hand  shogi.Hand
	move  shogi.Move
}

// excluding reports whether exclusions apply to this search: under the
// discount rule, once Solve has found some (rarely).
func (s *search[P, PP]) excluding() bool { return s.futile && len(s.excluded) != 0 }

// withoutExcluded removes from moves, the replies of the defender in p,
// those the exclusions leave out, in place.
func (s *search[P, PP]) withoutExcluded(p *P, moves []shogi.Move) []shogi.Move {
	key, hand := PP(p).BoardKey(), PP(p).Hand(s.attacker)
	for _, e := range s.excluded {
		if e.board != key || !hand.Dominates(e.hand) {
			continue
		}
		n := 0
		for _, m := range moves {
			if m != e.move {
				moves[n] = m
				n++
			}
		}
		moves = moves[:n]
	}
	return moves
}

// excludedProofHand returns ph, the hand a proof of the defender's node
// with board key and the attacker's hand needs, raised so that the
// exclusions applied to the node apply wherever the proof is used: with
// fewer attacker pieces, the excluded interposition would count again.
func (s *search[P, PP]) excludedProofHand(key uint64, hand, ph shogi.Hand) shogi.Hand {
	for _, e := range s.excluded {
		if e.board == key && hand.Dominates(e.hand) {
			ph = ph.Max(e.hand)
		}
	}
	return ph
}

// excludedDisproofHand returns dh, the largest hand a disproof of the
// defender's node with board key and the attacker's hand holds for,
// lowered so that it holds for no hand to which an exclusion applies that
// did not apply to the node: the disproof counted the interposition, and
// without it there may be a mate.
func (s *search[P, PP]) excludedDisproofHand(key uint64, hand, dh shogi.Hand) shogi.Hand {
	for _, e := range s.excluded {
		if e.board != key || hand.Dominates(e.hand) {
			continue
		}
		for _, k := range handKinds {
			if n := e.hand.Count(k); hand.Count(k) < n && dh.Count(k) >= n {
				dh = dh.Set(k, n-1)
			}
		}
	}
	return dh
}
