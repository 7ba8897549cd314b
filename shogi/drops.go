package shogi

// genDrops writes the side to move's drops onto the empty squares in
// target, leaving out 二歩, drops where the piece could never move, and a
// pawn drop that mates (打ち歩詰め).
func (p *Position) genDrops(buf []Move, n int, target Bitboard) int {
	us := p.side
	h := p.hands[us]
	if h == 0 {
		return n
	}
	for _, k := range dropOrder {
		if h.Has(k) {
			n = put(buf, n, NewDrop(us, k, 0), p.dropTargets(k, target))
		}
	}
	return n
}

// dropOrder is the order in which drops are generated.
var dropOrder = [7]Kind{Pawn, Lance, Knight, Silver, Gold, Bishop, Rook}

// dropTargets returns the squares of target (empty squares) where the side
// to move may drop a piece of kind k: not where it could never move, not on
// a file with its own unpromoted pawn (二歩), and not a pawn drop that mates.
func (p *Position) dropTargets(k Kind, target Bitboard) Bitboard {
	us := p.side
	switch k {
	case Pawn:
		t := target.AndNot(tbl.last[us]).AndNot(p.Pieces(us, Pawn).fillFiles())
		if ek := p.King(us.Opp()); ek != NoSquare {
			if front := tbl.step[us.Opp()][Pawn][ek]; front.Intersects(t) {
				if s := front.LSB(); p.pawnDropMates(s) {
					t = t.Without(s)
				}
			}
		}
		return t
	case Lance:
		return target.AndNot(tbl.last[us])
	case Knight:
		return target.AndNot(tbl.last2[us])
	}
	return target
}

// pawnDropMates reports whether dropping a pawn of the side to move on s,
// the square in front of the opponent's king, would checkmate. The pawn is
// the only checker and stands next to the king, so the only replies are
// king moves and captures of the pawn.
func (p *Position) pawnDropMates(s Square) bool {
	q := *p
	q.putPiece(NewPiece(p.side, Pawn), s)
	q.side = p.side.Opp()
	ksq := q.King(q.side)
	if q.kingTargets(ksq, Bitboard{}).Any() {
		return false // the king steps away or takes the pawn
	}
	// Another piece takes the pawn, unless it is pinned to a line that
	// does not pass through s. (Any piece that reaches s has a legal form
	// there: one that may not stay unpromoted may promote.)
	pinned := q.blockers(ksq, p.side).And(q.byColor[q.side])
	for b := q.attackersTo(q.side, s).AndNot(q.byKind[King]); b.Any(); {
		if from := b.PopLSB(); !pinned.Has(from) || tbl.line[ksq][from].Has(s) {
			return false
		}
	}
	return true
}
