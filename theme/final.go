package theme

import "github.com/tsume-shogi/tsume/shogi"

// defence reports the themes of the defender's replies.
func (a *analysis[P, PP]) defence() {
	for j := 1; j < len(a.line); j += 2 {
		m, p := a.line[j], a.at(j)
		if a.at(j + 1).InCheck() {
			a.add(CounterCheck, j)
		}
		checkers := p.checkers()
		if checkers.IsEmpty() || checkers.MoreThanOne() || !m.IsDrop() && p.isRoyal(m.From()) {
			continue
		}
		king := p.royal(a.defender())
		if king == shogi.NoSquare || !p.line(checkers.LSB(), king).Has(m.To()) {
			continue
		}
		if !m.IsDrop() {
			a.add(MovingInterposition, j)
		}
		if distance(m.To(), king) > 1 && !p.futile(m) {
			a.add(DistantInterposition, j)
		}
	}
}

// final reports the named final positions: the shape of the mate.
func (a *analysis[P, PP]) final() {
	n := len(a.line) - 1
	last, p := a.line[n], a.at(n+1)
	king := p.royal(a.defender())
	if king == shogi.NoSquare {
		return
	}
	checkers := p.checkers()
	to, kind := last.To(), p.kindAfter(last)
	up := forward(a.defender()) // the king's front, towards the attacker
	if kind == shogi.Gold && checkers.Has(to) {
		switch to {
		case offset(king, 0, up):
			a.add(HeadGold, n)
		case offset(king, 0, -up):
			a.add(TailGold, n)
		case offset(king, 1, 0), offset(king, -1, 0):
			a.add(BellyGold, n)
		}
	}
	// The knight checks from a knight's jump (under 安南 a knight may
	// check with another piece's power: that is not this shape).
	jump := to.Rank() == king.Rank()+2*up && abs(to.File()-king.File()) == 1
	if kind == shogi.Knight && jump && checkers == shogi.SquareBB(to) && p.attackers(a.attacker, to).Any() {
		a.add(HangingKnight, n)
	}
	for d := p.pieces(a.attacker, shogi.Dragon); d.Any(); {
		s := d.PopLSB()
		if (s.File() == king.File() || s.Rank() == king.Rank()) && shogi.Between(s, king).Count() == 1 {
			a.add(OneGapDragon, n)
		}
	}
	if checkers.MoreThanOne() {
		a.add(DoubleCheckMate, n)
	} else if a.pinned(p, checkers.LSB()) {
		a.add(PinMate, n)
	}
}

// pinned reports whether a defender piece other than a royal reaches
// the checker's square c but may not take it: it is pinned.
func (a *analysis[P, PP]) pinned(p PP, c shogi.Square) bool {
	for b := p.attackers(a.defender(), c); b.Any(); {
		s := b.PopLSB()
		if p.isRoyal(s) {
			continue
		}
		for _, promote := range []bool{false, true} {
			m := p.boardMove(s, c, promote)
			if p.pseudoLegal(m) && !p.IsLegal(m) {
				return true
			}
		}
	}
	return false
}
