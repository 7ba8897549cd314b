package variant

import "github.com/tsume-shogi/tsume/shogi"

// Checks appends to dst the legal moves of the side to move that give
// check — exactly the legal moves m for which GivesCheck(m) holds, in the
// order of LegalMoves — and returns the extended slice. It allocates
// nothing when dst has room for MaxMoves more moves.
//
// Under the standard rules, with no hopper of the mover on the board, it
// decides most moves from the tables instead of playing them: a move
// checks when the piece, as it stands after the move, attacks an enemy
// royal (over the occupancy after the move), or when it uncovers the
// line of one of the mover's riders to an enemy royal. Only the moves of
// a piece standing alone on such a line, and the drops of hoppers, are
// played (GivesCheck). Under a condition, or with a hopper of the mover on
// the board (any move may add or take away a hurdle), every legal move is
// played.
func (p *Position) Checks(dst []Move) []Move {
	start := len(dst)
	dst = p.LegalMoves(dst)
	us, them := p.side, p.side.Opp()
	royals := p.royals[them]
	if royals.IsEmpty() {
		return dst[:start]
	}
	n := start
	if p.rules.active() || p.byKind[Grasshopper].Or(p.byKind[Lion]).Intersects(p.byColor[us]) {
		for _, m := range dst[start:] {
			if p.GivesCheck(m) {
				dst[n] = m
				n++
			}
		}
		return dst[:n]
	}
	disc := p.discoverers(us)
	for _, m := range dst[start:] {
		if p.checksStd(m, royals, disc) {
			dst[n] = m
			n++
		}
	}
	return dst[:n]
}

// checksStd reports whether the legal move m gives check under the
// standard rules with no hopper of the mover on the board; royals are the
// opponent's royals and disc the mover's pieces that stand alone between
// one of them and a rider of the mover aimed at it.
func (p *Position) checksStd(m Move, royals, disc Bitboard) bool {
	us := p.side
	to := m.To()
	k := MoveKind(m)
	occ := p.occ
	if m.IsDrop() {
		if tbl.hopKinds.Has(k) {
			return p.GivesCheck(m)
		}
	} else {
		from := m.From()
		if disc.Has(from) {
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
		if tbl.rstep[us][r][k].Has(to) || tbl.rride[us][r][k].Has(to) && !tbl.between[to][r].Intersects(occ) {
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
			b := tbl.between[r][snipers.PopLSB()].And(p.occ)
			if b.Any() && !b.MoreThanOne() {
				out = out.Or(b)
			}
		}
	}
	return out.And(own)
}
