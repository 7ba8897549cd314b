package shogi

// IsLegal reports whether m is a legal move in p. Any Move value may be
// passed, including garbage: IsLegal checks it from scratch (the piece on
// the origin square, its reach, the promotion rules, the drop rules, king
// safety and 打ち歩詰め) without consulting the move generator.
func (p *Position) IsLegal(m Move) bool { return p.checkMove(m) == legalMove }

// illegality says why a move is not legal.
type illegality uint8

const (
	legalMove illegality = iota
	badEncoding
	wrongSide
	notInHand
	dropOccupied
	deadPiece
	twoPawns
	noSuchPiece
	ownPiece
	cannotReach
	cannotPromote
	selfCheck
	pawnDropMate
)

var illegalityText = [...]string{
	legalMove:     "legal",
	badEncoding:   "not a valid move",
	wrongSide:     "it is not that side's turn",
	notInHand:     "the piece is not in hand",
	dropOccupied:  "the square is occupied",
	deadPiece:     "the piece could never move again (it must promote, or cannot be dropped there)",
	twoPawns:      "two unpromoted pawns on one file (二歩)",
	noSuchPiece:   "that piece is not on the origin square",
	ownPiece:      "the destination holds one of the mover's own pieces",
	cannotReach:   "the piece cannot reach the destination",
	cannotPromote: "the piece cannot promote on this move",
	selfCheck:     "it leaves the mover's king in check",
	pawnDropMate:  "a pawn drop may not give checkmate (打ち歩詰め)",
}

func (r illegality) String() string { return illegalityText[r] }

// checkMove returns why m is illegal in p, or legalMove.
func (p *Position) checkMove(m Move) illegality {
	us := p.side
	pc := m.Piece()
	to := m.To()
	if m == NoMove || m>>21 != 0 || !to.Valid() || !pc.Kind().Valid() {
		return badEncoding
	}
	if pc.Color() != us {
		return wrongSide
	}
	if m.IsDrop() {
		k := m.DroppedKind()
		if k < Pawn || k > Gold || pc != NewPiece(us, k) || m.IsPromotion() {
			return badEncoding
		}
		switch {
		case !p.hands[us].Has(k):
			return notInHand
		case p.board[to] != NoPiece:
			return dropOccupied
		case deadEnd(us, k, to):
			return deadPiece
		case k == Pawn && p.Pieces(us, Pawn).Intersects(tbl.fileBB[sqFile(to)]):
			return twoPawns
		}
	} else {
		from := m.From()
		if !from.Valid() {
			return badEncoding
		}
		if p.board[from] != pc {
			return noSuchPiece
		}
		if t := p.board[to]; t != NoPiece && t.Color() == us {
			return ownPiece
		}
		if !p.attacks(pc, from).Has(to) {
			return cannotReach
		}
		k := pc.Kind()
		if m.IsPromotion() {
			if !k.CanPromote() || !(tbl.zone[us].Has(from) || tbl.zone[us].Has(to)) {
				return cannotPromote
			}
		} else if deadEnd(us, k, to) {
			return deadPiece
		}
	}
	q := *p
	q.DoMove(m)
	if k := q.King(us); k != NoSquare && q.isAttacked(q.side, k) {
		return selfCheck
	}
	// 打ち歩詰め: the pawn itself gives the check (in an invalid position
	// the opponent may already be in check from another piece) and the
	// opponent has no reply.
	if m.IsDrop() && m.DroppedKind() == Pawn && tbl.step[us][Pawn][to].Has(q.King(q.side)) && !q.HasLegalMove() {
		return pawnDropMate
	}
	return legalMove
}

// deadEnd reports whether a piece of colour c and kind k standing on s could
// never move again (行き所のない駒).
func deadEnd(c Color, k Kind, s Square) bool {
	switch k {
	case Pawn, Lance:
		return tbl.last[c].Has(s)
	case Knight:
		return tbl.last2[c].Has(s)
	}
	return false
}
