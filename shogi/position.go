package shogi

// Position is a shogi position: the board, both hands, the side to move and
// the move number, with the derived sets and hashes kept up to date.
//
// It holds no pointers, slices or maps: assignment copies it completely and
// == compares two positions exactly. The zero Position is an empty board
// with Black to move and move number 1; use ParseSFEN, Startpos or Put to
// fill it.
type Position struct {
	board   [NumSquares]Piece
	byColor [2]Bitboard
	byKind  [NumKinds]Bitboard // both colours
	occ     Bitboard
	lines   Lines // the occupancy of each line, for sliding attacks
	hands   [2]Hand
	side    Color
	moveNum int32  // the move number minus one, so the zero value means 1
	key     uint64 // board, hands and side to move
	bkey    uint64 // board and side to move, without the hands
}

// Startpos returns the standard initial position.
func Startpos() Position {
	p, err := ParseSFEN(StartSFEN)
	if err != nil {
		panic("shogi: bad start SFEN: " + err.Error())
	}
	return p
}

// PieceAt returns the piece on s (NoPiece if empty).
func (p *Position) PieceAt(s Square) Piece { return p.board[s] }

// Hand returns the hand of c.
func (p *Position) Hand(c Color) Hand { return p.hands[c] }

// SideToMove returns the side to move.
func (p *Position) SideToMove() Color { return p.side }

// MoveNumber returns the move number (the fourth SFEN field).
func (p *Position) MoveNumber() int { return int(p.moveNum) + 1 }

// King returns the square of c's king, or NoSquare if c has none.
// If c has several kings (an invalid position), it returns the lowest square.
func (p *Position) King(c Color) Square { return p.Pieces(c, King).LSB() }

// Occupied returns the occupied squares.
func (p *Position) Occupied() Bitboard { return p.occ }

// ByColor returns the squares of c's pieces.
func (p *Position) ByColor(c Color) Bitboard { return p.byColor[c] }

// Pieces returns the squares of c's pieces of kind k.
func (p *Position) Pieces(c Color, k Kind) Bitboard { return p.byColor[c].And(p.byKind[k]) }

// Key returns the Zobrist hash of the board, both hands and the side to move.
func (p *Position) Key() uint64 { return p.key }

// BoardKey returns the Zobrist hash of the board and the side to move,
// without the hands (for tables that store the hand beside the key).
func (p *Position) BoardKey() uint64 { return p.bkey }

// SetHand sets c's hand to h.
func (p *Position) SetHand(c Color, h Hand) {
	for _, k := range handKinds {
		p.key -= uint64(p.hands[c].Count(k)) * zobrist.hand[c][k]
		p.key += uint64(h.Count(k)) * zobrist.hand[c][k]
	}
	p.hands[c] = h
}

// SetSideToMove sets the side to move.
func (p *Position) SetSideToMove(c Color) {
	if c != p.side {
		p.side = c
		d := sideKeyChange(c)
		p.key += d
		p.bkey += d
	}
}

// SetMoveNumber sets the move number.
// n must be at least 1.
func (p *Position) SetMoveNumber(n int) { p.moveNum = int32(n - 1) }

// Put places pc on s, replacing whatever stood there. Putting NoPiece
// empties s. Put does not check the rules; Validate does.
func (p *Position) Put(s Square, pc Piece) {
	if old := p.board[s]; old != NoPiece {
		p.removePiece(old, s)
	}
	if pc != NoPiece {
		p.putPiece(pc, s)
	}
}

func (p *Position) setOcc(s Square) {
	p.lines.Set(s)
	p.occ = p.occ.With(s)
}

func (p *Position) clearOcc(s Square) {
	p.lines.Clear(s)
	p.occ = p.occ.Without(s)
}

// putPiece places pc on the empty square s (or on s whose occupant has
// been taken off with removeKeepOcc).
func (p *Position) putPiece(pc Piece, s Square) {
	b := SquareBB(s)
	p.board[s] = pc
	p.byColor[pc.Color()] = p.byColor[pc.Color()].Or(b)
	p.byKind[pc.Kind()] = p.byKind[pc.Kind()].Or(b)
	p.setOcc(s)
	z := zobrist.piece[pc][s]
	p.key += z
	p.bkey += z
}

// removePiece takes pc off s.
func (p *Position) removePiece(pc Piece, s Square) {
	p.removeKeepOcc(pc, s)
	p.clearOcc(s)
}

// removeKeepOcc takes pc off s but leaves s marked occupied, for a capture.
func (p *Position) removeKeepOcc(pc Piece, s Square) {
	b := SquareBB(s)
	p.board[s] = NoPiece
	p.byColor[pc.Color()] = p.byColor[pc.Color()].AndNot(b)
	p.byKind[pc.Kind()] = p.byKind[pc.Kind()].AndNot(b)
	z := zobrist.piece[pc][s]
	p.key -= z
	p.bkey -= z
}

// DoMove plays m, which must be legal (or at least pseudo-legal) in p.
func (p *Position) DoMove(m Move) {
	us := p.side
	to := m.To()
	if m.IsDrop() {
		k := m.DroppedKind()
		p.hands[us] -= Hand(1) << handShift[k]
		p.key -= zobrist.hand[us][k]
		p.putPiece(NewPiece(us, k), to)
	} else {
		from := m.From()
		pc := p.board[from]
		if cap := p.board[to]; cap != NoPiece {
			p.removeKeepOcc(cap, to)
			// A captured king (only in an illegal line of play) is not
			// put in hand: a hand cannot hold one.
			if ck := cap.Kind().Demote(); ck != King {
				p.hands[us] += Hand(1) << handShift[ck]
				p.key += zobrist.hand[us][ck]
			}
		}
		p.removePiece(pc, from)
		if m.IsPromotion() {
			pc |= Piece(PromotedBit)
		}
		p.putPiece(pc, to)
	}
	p.side = us.Opp()
	d := sideKeyChange(p.side)
	p.key += d
	p.bkey += d
	p.moveNum++
}

// sideKeyChange is what the keys gain when the side to move becomes c:
// the side key is counted when White is to move (subtracting is adding
// the negation, modulo 2⁶⁴).
func sideKeyChange(c Color) uint64 {
	if c == White {
		return zobrist.side
	}
	return -zobrist.side
}

// DoNullMove passes the turn to the other side.
func (p *Position) DoNullMove() {
	p.SetSideToMove(p.side.Opp())
}

// KeysAfter returns what Key and BoardKey would return after m, and the
// mover's hand after m, without playing the move. m must be legal (or at
// least pseudo-legal) in p. Searches use it to look a child position up
// before deciding whether to make it.
func (p *Position) KeysAfter(m Move) (key, boardKey uint64, hand Hand) {
	us := p.side
	to := m.To()
	key, boardKey, hand = p.key, p.bkey, p.hands[us]
	if m.IsDrop() {
		k := m.DroppedKind()
		hand -= Hand(1) << handShift[k]
		key -= zobrist.hand[us][k]
		z := zobrist.piece[NewPiece(us, k)][to]
		key += z
		boardKey += z
	} else {
		from := m.From()
		pc := p.board[from]
		if cap := p.board[to]; cap != NoPiece {
			z := zobrist.piece[cap][to]
			key -= z
			boardKey -= z
			if ck := cap.Kind().Demote(); ck != King {
				hand += Hand(1) << handShift[ck]
				key += zobrist.hand[us][ck]
			}
		}
		z := zobrist.piece[pc][from]
		key -= z
		boardKey -= z
		if m.IsPromotion() {
			pc |= Piece(PromotedBit)
		}
		z = zobrist.piece[pc][to]
		key += z
		boardKey += z
	}
	d := sideKeyChange(us.Opp())
	return key + d, boardKey + d, hand
}
