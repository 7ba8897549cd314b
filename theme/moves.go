package theme

import "github.com/tsume-shogi/tsume/shogi"

// attackerMoves reports the themes of single attacker moves: the checks
// that uncover a line, the non-promotions and drops that the solver shows
// necessary, the pawn-drop mates the line avoids.
func (a *analysis[P, PP]) attackerMoves() error {
	for j := 0; j < len(a.line); j += 2 {
		m := a.line[j]
		checkers := a.at(j + 1).checkers()
		if !m.IsDrop() && checkers.Without(m.To()).Any() {
			a.add(DiscoveredCheck, j)
		}
		if checkers.MoreThanOne() {
			a.add(DoubleCheck, j)
		}
		if illegalPawnMate(a.at(j), a.scratch(tmpPawn)) {
			a.add(DropPawnMateAvoided, j)
		}
		if err := a.nonPromotion(j); err != nil {
			return err
		}
		if err := a.drops(j); err != nil {
			return err
		}
	}
	return nil
}

// nonPromotion (不成): a board move that could promote and does not,
// where the promoting move also checks but does not mate within the
// plies left (the solver decides). A promotion that gives no check is
// no try in a tsume problem, where every attacker move checks: such a
// move is the unpromoted check (王手のための不成) instead, a knight, a lance
// at a distance or a silver checking backwards that only the
// unpromoted piece gives, which the answer key names and the quality
// score does not weigh (docs/themes.md). When replaying the rest of the
// line after the promoting move meets a pawn drop that would mate but
// is illegal, the non-promotion also avoids a drop-pawn mate.
func (a *analysis[P, PP]) nonPromotion(j int) error {
	m := a.line[j]
	if m.IsDrop() || m.IsPromotion() {
		return nil
	}
	p := a.at(j)
	alt := m.TogglePromotion()
	if !p.IsLegal(alt) {
		return nil
	}
	if !p.GivesCheck(alt) {
		a.add(UnpromotedCheck, j)
		return nil
	}
	v, err := a.matesWithin(p, alt, len(a.line)-j)
	if err != nil || v != fails {
		return err
	}
	a.add(NonPromotion, j)
	q := a.scratch(tmpTry)
	*q = *p
	q.DoMove(alt)
	for k := j + 1; k < len(a.line); k++ {
		if k%2 == 0 && illegalPawnMate(q, a.scratch(tmpPawn)) {
			a.add(DropPawnMateAvoided, j)
			break
		}
		if !q.IsLegal(a.line[k]) {
			break
		}
		q.DoMove(a.line[k])
	}
	return nil
}

// illegalPawnMate reports whether the side to move of p holds a pawn
// whose drop in front of the opponent's king would mate, and so is
// illegal (打ち歩詰め). It plays the drop on tmp.
func illegalPawnMate[P any, PP position[P]](p, tmp PP) bool {
	us := p.SideToMove()
	if !p.inHand(us, shogi.Pawn) {
		return false
	}
	king := p.royal(us.Opp())
	if king == shogi.NoSquare {
		return false
	}
	s := offset(king, 0, -forward(us))
	if s == shogi.NoSquare {
		return false
	}
	drop := p.drop(us, shogi.Pawn, s)
	if !p.pseudoLegal(drop) || p.IsLegal(drop) {
		return false
	}
	*tmp = *p
	tmp.DoMove(drop)
	return tmp.InCheck() && !tmp.HasLegalMove()
}

// drops decides the distant (遠打) and limited (限定打) drops of a lance,
// bishop or rook that checks: the drop is compared with the drops of the
// same piece, with check, on the other empty squares of the same line to
// the king, nearer and farther. Distant: the piece stands two or more
// squares from the king and every nearer drop fails (does not mate within
// the plies left). Limited: there are both nearer and farther drops, and
// all of them fail — only a square in the middle of the line works.
func (a *analysis[P, PP]) drops(j int) error {
	m := a.line[j]
	if !m.IsDrop() {
		return nil
	}
	kind := m.DroppedKind()
	if kind != shogi.Lance && kind != shogi.Bishop && kind != shogi.Rook {
		return nil
	}
	p := a.at(j)
	king := p.royal(a.defender())
	if king == shogi.NoSquare {
		return nil
	}
	s := m.To()
	between := shogi.Between(s, king)
	nearer, farther := 0, 0
	fartherMates := false
	// The squares of the line, from the king outwards.
	step := direction(king, s)
	for t := offset(king, step[0], step[1]); t != shogi.NoSquare; t = offset(t, step[0], step[1]) {
		near := between.Has(t)
		if t == s {
			continue
		}
		alt := p.drop(a.attacker, kind, t)
		if !p.IsLegal(alt) || !p.GivesCheck(alt) {
			continue
		}
		v, err := a.matesWithin(p, alt, len(a.line)-j)
		if err != nil {
			return err
		}
		switch {
		case v != fails && near:
			return nil // a nearer drop may work too: neither theme
		case v != fails:
			fartherMates = true
		case near:
			nearer++
		default:
			farther++
		}
	}
	if nearer > 0 {
		a.add(DistantDrop, j)
		if farther > 0 && !fartherMates {
			a.add(LimitedDrop, j)
		}
	}
	return nil
}

// consecutive (駒の連続活用): one attacker piece moves on three or more
// consecutive attacker turns, and no two of its successive moves go in
// the same direction. Reported at the first of them.
func (a *analysis[P, PP]) consecutive() {
	start, n := 0, 0
	var lastTo shogi.Square = shogi.NoSquare
	var lastDir [2]int
	for j := 0; j < len(a.line); j += 2 {
		m := a.line[j]
		if m.IsDrop() {
			lastTo, n = shogi.NoSquare, 0
			continue
		}
		dir := direction(m.From(), m.To())
		if m.From() == lastTo && dir != lastDir {
			n++
		} else {
			start, n = j, 1
		}
		if n == 3 {
			a.add(ConsecutiveUse, start)
		}
		lastTo, lastDir = m.To(), dir
	}
}

// direction is the step from x towards y, each coordinate -1, 0 or 1.
func direction(x, y shogi.Square) [2]int {
	return [2]int{sign(y.File() - x.File()), sign(y.Rank() - x.Rank())}
}

func sign(x int) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}
