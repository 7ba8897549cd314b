package variant

import "github.com/tsume-shogi/tsume/shogi"

// Mirror returns p reflected left-right, as shogi.Position.Mirror does: the
// piece on file f goes to file 10-f, royalty kept. Hands, side to move,
// move number and rules are kept; powers carried under 天竺 go with their
// royals.
func (p *Position) Mirror() Position {
	var q Position
	for b := p.occ; b.Any(); {
		s := b.PopLSB()
		q.Put(s.Mirror(), p.board[s])
	}
	q.SetHand(shogi.Black, p.hands[shogi.Black])
	q.SetHand(shogi.White, p.hands[shogi.White])
	q.SetSideToMove(p.side)
	q.moveNum = p.moveNum
	q.rules = p.rules
	var cs [MaxCarried]carry
	for i, c := range p.carried[:p.ncarry] {
		cs[i] = carry{c.sq.Mirror(), c.set}
	}
	q.setCarried(cs[:p.ncarry])
	return q
}
