package theme

import "github.com/tsume-shogi/tsume/shogi"

// sacrifices reports every sacrifice of the line and what it achieves.
// A sacrifice is an attacker move, not the last, whose moved or dropped
// piece the defender captures on the next ply; all its themes are
// reported at the sacrifice's ply.
func (a *analysis[P, PP]) sacrifices() {
	for j := 0; j+1 < len(a.line); j += 2 {
		m, r := a.line[j], a.line[j+1]
		s := m.To()
		if r.IsDrop() || r.To() != s {
			continue
		}
		a.add(Sacrifice, j)
		switch a.at(j).kindAfter(m) {
		case shogi.Rook, shogi.Bishop, shogi.Dragon, shogi.Horse:
			a.add(MajorSacrifice, j)
		}
		if m.IsDrop() {
			a.add(DropSacrifice, j)
		}
		if m.IsPromotion() {
			a.add(PromotionSacrifice, j)
		}
		if a.focal(j) {
			a.add(FocalSacrifice, j)
		}
		king := a.at(j + 1).isRoyal(r.From())
		if king && a.at(len(a.line)).royal(a.defender()) == s {
			a.add(Lure, j)
		}
		if king && a.sends(j) {
			a.add(Sending, j)
		}
		if !king && a.blocksFlight(j) {
			a.add(FlightBlock, j)
		}
		if !m.IsDrop() && a.cleared(j) {
			a.add(Clearance, j)
		}
		if !m.IsDrop() && a.redropped(j) {
			a.add(Redrop, j)
		}
		if !king && a.hostage(j) {
			a.add(Hostage, j)
		}
	}
}

// focal: two or more defender pieces (the king among them, if it may)
// can legally capture the sacrificed piece.
func (a *analysis[P, PP]) focal(j int) bool {
	p := a.at(j + 1)
	s := a.line[j].To()
	var from shogi.Bitboard
	for _, r := range p.LegalMoves(nil) {
		if !r.IsDrop() && r.To() == s {
			from = from.With(r.From())
		}
	}
	return from.MoreThanOne()
}

// sends (送りの手筋): the king takes the sacrifice, and the attacker's
// next move brings a rook or dragon along its line closer to the king.
func (a *analysis[P, PP]) sends(j int) bool {
	if j+2 >= len(a.line) {
		return false
	}
	m := a.line[j+2]
	if m.IsDrop() {
		return false
	}
	if k := a.at(j + 2).movedKind(m); k != shogi.Rook && k != shogi.Dragon {
		return false
	}
	king := a.at(j + 2).royal(a.defender())
	if king == shogi.NoSquare {
		return false
	}
	return distance(m.To(), king) < distance(m.From(), king)
}

// blocksFlight (退路封鎖): a defender piece other than the king takes the
// sacrifice and stays on that square to the end, next to the mated king,
// where the king could otherwise flee: with the square and the king's own
// square emptied, no attacker piece attacks it.
func (a *analysis[P, PP]) blocksFlight(j int) bool {
	s := a.line[j].To()
	for k := j + 2; k < len(a.line); k++ {
		if m := a.line[k]; !m.IsDrop() && m.From() == s || m.To() == s {
			return false
		}
	}
	final := a.scratch(tmpTry)
	*final = a.pos[len(a.line)]
	king := final.royal(a.defender())
	if king == shogi.NoSquare || distance(king, s) != 1 {
		return false
	}
	final.clear(s)
	final.clear(king)
	return final.attackers(a.attacker, s).IsEmpty()
}

// cleared (邪魔駒消去): the sacrificed piece left a square that a later
// attacker board move lands on or passes over, or that a later check of a
// ranged piece passes through.
func (a *analysis[P, PP]) cleared(j int) bool {
	f := a.line[j].From()
	for k := j + 2; k < len(a.line); k += 2 {
		m := a.line[k]
		if !m.IsDrop() && (m.To() == f || shogi.Between(m.From(), m.To()).Has(f)) {
			return true
		}
		after := a.at(k + 1)
		king := after.royal(a.defender())
		checkers := after.checkers()
		for king != shogi.NoSquare && checkers.Any() {
			if after.line(checkers.PopLSB(), king).Has(f) {
				return true
			}
		}
	}
	return false
}

// redropped (打ち替え): the sacrificed piece left a square on which the
// attacker later drops a piece.
func (a *analysis[P, PP]) redropped(j int) bool {
	f := a.line[j].From()
	for k := j + 2; k < len(a.line); k += 2 {
		if m := a.line[k]; m.IsDrop() && m.To() == f {
			return true
		}
	}
	return false
}

// hostage (質駒): the defender piece that takes the sacrifice is later
// captured by the attacker, who then drops a piece of its kind.
func (a *analysis[P, PP]) hostage(j int) bool {
	at := a.line[j].To()
	kind := a.at(j + 1).handKind(a.line[j+1])
	captured := false
	for k := j + 2; k < len(a.line); k++ {
		m := a.line[k]
		switch {
		case k%2 == 1 && !m.IsDrop() && m.From() == at:
			at = m.To()
		case k%2 == 0 && !captured && m.To() == at && !m.IsDrop():
			captured = true
		case k%2 == 0 && captured && m.IsDrop() && m.DroppedKind() == kind:
			return true
		}
	}
	return false
}
