package shogi

// Mirror returns p reflected left-right: the piece on file f goes to file
// 10-f. Hands, side to move and move number are kept.
func (p *Position) Mirror() Position {
	var q Position
	for b := p.occ; b.Any(); {
		s := b.PopLSB()
		q.putPiece(p.board[s], s.Mirror())
	}
	q.SetHand(Black, p.hands[Black])
	q.SetHand(White, p.hands[White])
	q.SetSideToMove(p.side)
	q.moveNum = p.moveNum
	return q
}

// IsSymmetric reports whether the board is its own left-right mirror image.
func (p *Position) IsSymmetric() bool {
	for b := p.occ; b.Any(); {
		s := b.PopLSB()
		if p.board[s] != p.board[s.Mirror()] {
			return false
		}
	}
	return true
}
