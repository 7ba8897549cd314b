package fairymate

import (
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// replies appends the legal moves of the side to move in p, which is in
// check, to dst. Under the standard rules with no enemy hopper on the
// board, a drop can only answer a check by standing between a rider and
// the royal it attacks, so the other drops are not tried: the generator
// of package variant tries every pseudo-legal move, some four hundred
// drops for a defender with a full hand. Otherwise it is p.LegalMoves.
func replies(p *variant.Position, dst []variant.Move) []variant.Move {
	us := p.SideToMove()
	them := us.Opp()
	if r := p.Rules(); r != nil && len(r.Conditions()) > 0 ||
		p.Pieces(them, variant.Grasshopper).Or(p.Pieces(them, variant.Lion)).Any() {
		return p.LegalMoves(dst)
	}
	var block variant.Bitboard
	for b := p.Royals(us); b.Any(); {
		r := b.PopLSB()
		for a := p.AttackersTo(them, r); a.Any(); {
			x := a.PopLSB()
			if line, ok := between(p, them, variant.SetOf(p.PieceAt(x).Kind()), x, r); ok {
				block = block.Or(line)
			}
		}
	}
	start := len(dst)
	dst = p.PseudoLegalMoves(dst)
	n := start
	for _, m := range dst[start:] {
		if m.IsDrop() && !block.Has(m.To()) {
			continue
		}
		if legalStd(p, m) {
			dst[n] = m
			n++
		}
	}
	return dst[:n]
}

// legalStd reports whether m, a pseudo-legal move of p under the standard
// rules, is legal: it leaves no royal of the mover attacked and, if it
// drops a pawn, does not mate (打ち歩詰め). It is p.IsLegal without the
// powers (which variant computes for every condition) and without the
// tests of a pseudo-legal move's shape.
func legalStd(p *variant.Position, m variant.Move) bool {
	q := *p
	q.DoMove(m)
	if q.IsIllegalPosition() {
		return false
	}
	return !m.IsDrop() || m.DroppedKind() != shogi.Pawn || !q.InCheck() || q.HasLegalMove()
}
