package mate

import "github.com/tsume-shogi/tsume/shogi"

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
func futileByTransposition(p *shogi.Position, r shogi.Move) bool {
	if !isInterposition(p, r) {
		return false
	}
	// The positions the defender could have let the attacker reach: every
	// reply that is not an interposition, then every check.
	direct := make(map[shogi.Position]bool)
	for _, d := range p.Evasions(nil) {
		if isInterposition(p, d) {
			continue
		}
		q := *p
		q.DoMove(d)
		for _, a := range q.Checks(nil) {
			n := q
			n.DoMove(a)
			direct[positionKey(&n)] = true
		}
	}
	if len(direct) == 0 {
		return false
	}
	afterR := *p
	afterR.DoMove(r)
	for _, a1 := range afterR.Checks(nil) {
		q1 := afterR
		q1.DoMove(a1)
		replies := q1.Evasions(nil)
		replies = withoutFutile(&q1, replies)
		if len(replies) == 0 {
			continue
		}
		all := true
		for _, r1 := range replies {
			q2 := q1
			q2.DoMove(r1)
			found := false
			for _, a2 := range q2.Checks(nil) {
				n := q2
				n.DoMove(a2)
				if direct[positionKey(&n)] {
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
func (s *search) excluding() bool { return s.futile && len(s.excluded) != 0 }

// withoutExcluded removes from moves, the replies of the defender in p,
// those the exclusions leave out, in place.
func (s *search) withoutExcluded(p *shogi.Position, moves []shogi.Move) []shogi.Move {
	key, hand := p.BoardKey(), p.Hand(s.attacker)
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
func (s *search) excludedProofHand(key uint64, hand, ph shogi.Hand) shogi.Hand {
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
func (s *search) excludedDisproofHand(key uint64, hand, dh shogi.Hand) shogi.Hand {
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
