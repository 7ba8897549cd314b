package shogi

// Captures appends the legal moves of the side to move that capture a
// piece (with and without promotion, where both are legal) and returns
// the extended slice; in check it appends the evasions instead, every
// one of them, as Evasions does. A game engine's quiescence search uses
// it to look at the captures without writing out the quiet moves and the
// drops.
//
// Captures allocates nothing when dst has room for MaxMoves more moves.
func (p *Position) Captures(dst []Move) []Move {
	buf, n := room(dst)
	us := p.side
	ksq := p.King(us)
	target := p.byColor[us.Opp()]
	if ksq == NoSquare {
		return buf[:p.genPieceMoves(buf, n, target, Bitboard{}, NoSquare)]
	}
	if checkers := p.attackersTo(us.Opp(), ksq); checkers.Any() {
		return buf[:p.genEvasions(buf, n, ksq, checkers)]
	}
	pinned := p.blockers(ksq, us.Opp()).And(p.byColor[us])
	n = p.genPieceMoves(buf, n, target, pinned, ksq)
	n = p.genKingMoves(buf, n, ksq, target.Not())
	return buf[:n]
}
