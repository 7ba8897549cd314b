package fairymate

import "github.com/tsume-shogi/tsume/variant"

// This file holds the futile-interposition rules that Solve applies to its
// main line only, under Discount: deciding them needs the attacker's
// checks two plies deep after every interposition, too dear for every node
// of the search. Solve tests each defender's move of the line it read with
// lineFutile, leaves the moves found out of the defender's replies (an
// exclusion, as package mate keeps it) and searches the length and the
// line again, until the line holds none. Today the one such rule is
// "futile by transposition", package mate's (docs/solver.md).

// maxLineRounds bounds the rounds of Solve that look for main-line futile
// interpositions: each round excludes at least one more.
const maxLineRounds = 4

// lineFutile reports whether r, a defender's move of the main line played
// in p, is futile by one of the main-line rules. A new main-line rule is
// added here and nowhere else.
func lineFutile(p *variant.Position, r variant.Move) bool {
	return FutileByTransposition(p, r)
}

// isInterposition reports whether r, a reply of the side to move in p,
// puts a piece strictly between a royal in check and the single piece that
// checks it by a ride (checkLine), by a drop or by a board move of a piece
// that is not royal.
func isInterposition(p *variant.Position, r variant.Move) bool {
	if !r.IsDrop() && p.PieceAt(r.From()).Royal() {
		return false
	}
	_, _, line, ok := checkLine(p, powersOf(p))
	return ok && line.Has(r.To())
}

// samePosition reports whether a and b have the same board, hands, side to
// move and carried powers (the move number aside).
func samePosition(a, b *variant.Position) bool {
	if a.Key() != b.Key() || a.SideToMove() != b.SideToMove() || a.Hand(0) != b.Hand(0) || a.Hand(1) != b.Hand(1) {
		return false
	}
	for s := variant.Square(0); s < 81; s++ {
		if a.PieceAt(s) != b.PieceAt(s) {
			return false
		}
		pa, oka := a.CarriedPower(s)
		pb, okb := b.CarriedPower(s)
		if oka != okb || pa != pb {
			return false
		}
	}
	return true
}

// positionSet is a set of positions compared with samePosition.
type positionSet map[uint64][]variant.Position

func (ps positionSet) add(p *variant.Position) {
	for i := range ps[p.Key()] {
		if samePosition(&ps[p.Key()][i], p) {
			return
		}
	}
	ps[p.Key()] = append(ps[p.Key()], *p)
}

func (ps positionSet) has(p *variant.Position) bool {
	for i := range ps[p.Key()] {
		if samePosition(&ps[p.Key()][i], p) {
			return true
		}
	}
	return false
}

// FutileByTransposition reports whether r, a legal reply of the side to
// move in p (the defender, in check), is futile by transposition: package
// mate's rule (docs/solver.md, "Futile by transposition") with royals for
// the king and the powers of the rules for the pieces' kinds:
//
//   - r is an interposition: by a drop or by a board move of a piece that
//     is not royal, onto a square strictly between the single royal in
//     check and the single piece that checks it by a ride;
//   - after r the attacker has a check A1 that leaves the defender at
//     least one reply, and after each of them (the futile interpositions
//     of IsFutileInterposition aside) a check A2 that leads to a position
//     — board, both hands, side to move and carried powers — equal to
//     p·R·A for some legal reply R of p that is not an interposition and
//     some check A.
//
// The interposition then only puts off by two plies a position the
// defender could have entered at once: without it, it plays R and the
// attacker A.
func FutileByTransposition(p *variant.Position, r variant.Move) bool {
	if !isInterposition(p, r) {
		return false
	}
	// The positions the defender could have let the attacker reach: every
	// reply that is not an interposition, then every check.
	direct := positionSet{}
	for _, d := range p.LegalMoves(nil) {
		if isInterposition(p, d) {
			continue
		}
		q := *p
		q.DoMove(d)
		for _, a := range q.Checks(nil) {
			n := q
			n.DoMove(a)
			n.SetMoveNumber(1)
			direct.add(&n)
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
		all, any := true, false
		for _, r1 := range q1.LegalMoves(nil) {
			q2 := q1
			q2.DoMove(r1)
			if isFutile(&q1, &q2, r1) {
				continue
			}
			any = true
			found := false
			for _, a2 := range q2.Checks(nil) {
				n := q2
				n.DoMove(a2)
				n.SetMoveNumber(1)
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
		if any && all {
			return true
		}
	}
	return false
}

// exclusion is a main-line futile interposition the search leaves out of
// the defender's replies: move, on the board (with the carried powers and
// the side to move) of key board, whenever the attacker's hand dominates
// hand. As in package mate: futile in the position where it was found, the
// move is so with any larger attacker hand too (the defender then holds
// fewer pieces, hence has fewer replies, and every move of the
// transposition stays legal). fairymate's table keeps no hand superiority,
// so no proof or disproof is carried to another hand.
type exclusion struct {
	board uint64
	hand  variant.Hand
	move  variant.Move
}

// boardKey returns the key of p with both hands empty.
func boardKey(p *variant.Position) uint64 {
	q := *p
	q.SetHand(0, 0)
	q.SetHand(1, 0)
	return q.Key()
}

// lineExclusions returns the exclusions of the defender's moves of line,
// the main line from root, that are main-line futile interpositions.
func (s *solver) lineExclusions(root *variant.Position, line []variant.Move) []exclusion {
	p := *root
	var found []exclusion
	for i, m := range line {
		if i%2 == 1 && lineFutile(&p, m) {
			found = append(found, exclusion{board: boardKey(&p), hand: p.Hand(s.attacker), move: m})
		}
		p.DoMove(m)
	}
	return found
}

// excludedAt returns the moves the exclusions leave out of the defender's
// replies in p (nil nearly always: without exclusions, or under Count).
func (s *solver) excludedAt(p *variant.Position) []variant.Move {
	if !s.discount || len(s.excluded) == 0 {
		return nil
	}
	key, hand := boardKey(p), p.Hand(s.attacker)
	var out []variant.Move
	for _, e := range s.excluded {
		if e.board == key && hand.Dominates(e.hand) {
			out = append(out, e.move)
		}
	}
	return out
}
