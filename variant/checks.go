package variant

import "github.com/tsume-shogi/tsume/shogi"

// Checks appends to dst the legal moves of the side to move that give
// check — exactly the legal moves m for which GivesCheck(m) holds, in the
// order of LegalMoves — and returns the extended slice; p must be legal
// (no royal of the side not to move attacked). It allocates nothing when
// dst has room for MaxMoves more moves.
//
// Under the standard rules it decides most moves from the tables instead
// of playing them. Since no piece of the mover attacks an enemy royal
// before the move, a move checks only when the piece, as it stands after
// the move, attacks an enemy royal (over the occupancy after the move),
// or when it changes the occupancy of a line from one of the mover's
// riders or hoppers to an enemy royal: a piece leaving the line of a
// rider it stood alone on, or a piece leaving or entering the squares
// between a hopper and a royal (a hurdle). Only those moves, and the
// moves and drops of hoppers, are played (GivesCheck). Under a condition
// every legal move is played.
func (p *Position) Checks(dst []Move) []Move {
	start := len(dst)
	dst = p.LegalMoves(dst)
	us, them := p.side, p.side.Opp()
	royals := p.royals[them]
	if royals.IsEmpty() {
		return dst[:start]
	}
	n := start
	if p.rules.active() {
		for _, m := range dst[start:] {
			if p.GivesCheck(m) {
				dst[n] = m
				n++
			}
		}
		return dst[:n]
	}
	// lines: the squares whose occupancy a move may change to uncover a
	// check — the mover's pieces alone on a rider's line to an enemy
	// royal, and every square between a hopper of the mover and an enemy
	// royal on a line.
	lines := p.discoverers(us)
	for hb := p.byKind[Grasshopper].Or(p.byKind[Lion]).And(p.byColor[us]); hb.Any(); {
		h := hb.PopLSB()
		for rb := royals; rb.Any(); {
			lines = lines.Or(shogi.Between(h, rb.PopLSB()))
		}
	}
	for _, m := range dst[start:] {
		if p.checksStd(m, royals, lines) {
			dst[n] = m
			n++
		}
	}
	return dst[:n]
}

// checksStd reports whether the legal move m gives check under the
// standard rules; royals are the opponent's royals and lines the squares
// whose change of occupancy may uncover a check (Checks).
func (p *Position) checksStd(m Move, royals, lines Bitboard) bool {
	us := p.side
	to := m.To()
	k := MoveKind(m)
	if tbl.hopKinds.Has(k) || lines.Has(to) {
		return p.GivesCheck(m)
	}
	occ := p.occ
	if !m.IsDrop() {
		from := m.From()
		if lines.Has(from) {
			return p.GivesCheck(m)
		}
		// The move uncovers nothing: it checks only by the piece itself.
		occ = occ.Without(from)
		if m.IsPromotion() {
			k = kindDefs[k].Promotes
		}
	}
	for b := royals; b.Any(); {
		r := b.PopLSB()
		if tbl.rstep[us][r][k].Has(to) || tbl.rride[us][r][k].Has(to) && !shogi.Between(to, r).Intersects(occ) {
			return true
		}
	}
	return false
}

// discoverers returns c's pieces that stand alone between a royal of the
// opponent and a rider of c aimed at it along the rider's ride: the pieces
// whose move may uncover a check.
func (p *Position) discoverers(c Color) Bitboard {
	own := p.byColor[c]
	var out Bitboard
	for rb := p.royals[c.Opp()]; rb.Any(); {
		r := rb.PopLSB()
		var snipers Bitboard
		for k := shogi.Pawn; k < NumKinds; k++ {
			if tbl.rideLines[c][k] != 0 {
				snipers = snipers.Or(tbl.rride[c][r][k].And(p.byKind[k]).And(own))
			}
		}
		for snipers.Any() {
			b := shogi.Between(r, snipers.PopLSB()).And(p.occ)
			if b.Any() && !b.MoreThanOne() {
				out = out.Or(b)
			}
		}
	}
	return out.And(own)
}
