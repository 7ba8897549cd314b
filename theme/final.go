package theme

import "github.com/tsume-shogi/tsume/shogi"

// defence reports the themes of the defender's replies.
func (a *analysis) defence() {
	for j := 1; j < len(a.line); j += 2 {
		m, p := a.line[j], &a.pos[j]
		if a.pos[j+1].InCheck() {
			a.add(CounterCheck, j)
		}
		checkers := p.Checkers()
		if checkers.MoreThanOne() || m.Piece().Kind() == shogi.King && !m.IsDrop() {
			continue
		}
		king := p.King(a.defender())
		if !shogi.Between(checkers.LSB(), king).Has(m.To()) {
			continue
		}
		if !m.IsDrop() {
			a.add(MovingInterposition, j)
		}
		if distance(m.To(), king) > 1 && !isFutile(p, m) {
			a.add(DistantInterposition, j)
		}
	}
}

// final reports the named final positions: the shape of the mate.
func (a *analysis) final() {
	n := len(a.line) - 1
	last, p := a.line[n], &a.pos[n+1]
	king := p.King(a.defender())
	checkers := p.Checkers()
	to, kind := last.To(), last.PieceAfter().Kind()
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
	if kind == shogi.Knight && checkers == shogi.SquareBB(to) && p.AttackersTo(a.attacker, to).Any() {
		a.add(HangingKnight, n)
	}
	for d := p.Pieces(a.attacker, shogi.Dragon); d.Any(); {
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

// pinned reports whether a defender piece other than the king reaches
// the checker's square c but may not take it: it is pinned.
func (a *analysis) pinned(p *shogi.Position, c shogi.Square) bool {
	for b := p.ByColor(a.defender()); b.Any(); {
		s := b.PopLSB()
		pc := p.PieceAt(s)
		if pc.Kind() == shogi.King || !shogi.AttacksFrom(pc, s, p.Occupied()).Has(c) {
			continue
		}
		for _, promote := range []bool{false, true} {
			m := shogi.NewBoardMove(pc, s, c, promote)
			if (!promote || canPromote(pc, s, c)) && !p.IsLegal(m) && shogi.CanStand(m.PieceAfter(), c) {
				return true
			}
		}
	}
	return false
}

// canPromote reports whether pc may promote moving from s to t.
func canPromote(pc shogi.Piece, s, t shogi.Square) bool {
	zone := shogi.PromotionZone(pc.Color())
	return pc.Kind().CanPromote() && (zone.Has(s) || zone.Has(t))
}
