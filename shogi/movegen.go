package shogi

// MaxMoves bounds the number of legal moves in any position (the known
// maximum is 593); a buffer of this capacity never grows.
const MaxMoves = 600

// LegalMoves appends every legal move of the side to move to dst and
// returns the extended slice. Every non-promotion is included, also where
// promoting is always better (tsume needs them); a non-promotion that would
// leave a piece unable to move is not legal and is not included.
func (p *Position) LegalMoves(dst []Move) []Move {
	us := p.side
	ksq := p.King(us)
	if ksq == NoSquare {
		// Without a king nothing can be exposed: only the drop rules apply.
		dst = p.genPieceMoves(dst, p.byColor[us].Not(), Bitboard{}, NoSquare)
		return p.genDrops(dst, p.occ.Not())
	}
	if checkers := p.attackersTo(us.Opp(), ksq); checkers.Any() {
		return p.genEvasions(dst, ksq, checkers)
	}
	pinned := p.blockers(ksq, us.Opp()).And(p.byColor[us])
	dst = p.genPieceMoves(dst, p.byColor[us].Not(), pinned, ksq)
	dst = p.genKingMoves(dst, ksq, Bitboard{})
	return p.genDrops(dst, p.occ.Not())
}

// Evasions appends the legal moves of the side to move when it is in check
// (king moves, captures of the checker, interpositions by move or drop) and
// returns the extended slice; when it is not in check it returns dst as is.
func (p *Position) Evasions(dst []Move) []Move {
	ksq := p.King(p.side)
	if ksq == NoSquare {
		return dst
	}
	checkers := p.attackersTo(p.side.Opp(), ksq)
	if checkers.IsEmpty() {
		return dst
	}
	return p.genEvasions(dst, ksq, checkers)
}

// HasLegalMove reports whether the side to move has at least one legal move.
func (p *Position) HasLegalMove() bool {
	var buf [MaxMoves]Move
	return len(p.LegalMoves(buf[:0])) > 0
}

func appendTo(dst []Move, base Move, tos Bitboard) []Move {
	for tos.Any() {
		dst = append(dst, base|Move(tos.PopLSB()))
	}
	return dst
}

// appendBoth appends the promotion and the non-promotion to each square.
func appendBoth(dst []Move, base Move, tos Bitboard) []Move {
	for tos.Any() {
		m := base | Move(tos.PopLSB())
		dst = append(dst, m|movePromoteFlag, m)
	}
	return dst
}

// genPieceMoves appends the moves of the side to move's pieces other than
// the king to squares in target. Pinned pieces (pinned to the king on ksq)
// stay on their line.
func (p *Position) genPieceMoves(dst []Move, target, pinned Bitboard, ksq Square) []Move {
	us := p.side
	own := p.byColor[us]
	zone := tbl.zone[us]
	for k := Pawn; k < NumKinds; k++ {
		if k == King {
			continue
		}
		pc := NewPiece(us, k)
		for bb := p.byKind[k].And(own); bb.Any(); {
			from := bb.PopLSB()
			att := p.attacks(pc, from).And(target)
			if pinned.Has(from) {
				att = att.And(tbl.line[ksq][from])
			}
			if att.IsEmpty() {
				continue
			}
			base := Move(from)<<7 | Move(pc)<<16
			switch k {
			case Pawn, Lance:
				dst = appendTo(dst, base|movePromoteFlag, att.And(tbl.last[us]))
				dst = appendBoth(dst, base, att.And(zone).AndNot(tbl.last[us]))
				dst = appendTo(dst, base, att.AndNot(zone))
			case Knight:
				dst = appendTo(dst, base|movePromoteFlag, att.And(tbl.last2[us]))
				dst = appendBoth(dst, base, att.And(tbl.third[us]))
				dst = appendTo(dst, base, att.AndNot(zone))
			case Silver, Bishop, Rook:
				if zone.Has(from) {
					dst = appendBoth(dst, base, att)
				} else {
					dst = appendBoth(dst, base, att.And(zone))
					dst = appendTo(dst, base, att.AndNot(zone))
				}
			default:
				dst = appendTo(dst, base, att)
			}
		}
	}
	return dst
}

// genKingMoves appends the king's moves to squares that are not attacked
// and not in exclude (the squares a sliding checker x-rays through the king).
func (p *Position) genKingMoves(dst []Move, ksq Square, exclude Bitboard) []Move {
	us := p.side
	them := us.Opp()
	base := Move(ksq)<<7 | Move(NewPiece(us, King))<<16
	for tos := tbl.step[us][King][ksq].AndNot(p.byColor[us]).AndNot(exclude); tos.Any(); {
		to := tos.PopLSB()
		if !p.isAttacked(them, to) {
			dst = append(dst, base|Move(to))
		}
	}
	return dst
}

// xrayBeyond returns, for a checker pc on s that checks the king on ksq
// along one of its sliding lines, that whole line except s: the king cannot
// step back along it. For any other checker it returns the empty set.
func xrayBeyond(pc Piece, s, ksq Square) Bitboard {
	df, dr := sqFile(s)-sqFile(ksq), sqRank(s)-sqRank(ksq)
	slides := false
	switch pc.Kind() {
	case Lance:
		slides = true
	case Rook, Dragon:
		slides = df == 0 || dr == 0
	case Bishop, Horse:
		slides = df == dr || df == -dr
	}
	if !slides {
		return Bitboard{}
	}
	return tbl.line[s][ksq].Without(s)
}

// genEvasions appends the legal replies to check of the side to move,
// whose king is on ksq and attacked by checkers.
func (p *Position) genEvasions(dst []Move, ksq Square, checkers Bitboard) []Move {
	var xray Bitboard
	for c := checkers; c.Any(); {
		s := c.PopLSB()
		xray = xray.Or(xrayBeyond(p.board[s], s, ksq))
	}
	dst = p.genKingMoves(dst, ksq, xray)
	if checkers.MoreThanOne() {
		return dst // double check: only the king can move
	}
	s := checkers.LSB()
	between := tbl.between[ksq][s]
	pinned := p.blockers(ksq, p.side.Opp()).And(p.byColor[p.side])
	dst = p.genPieceMoves(dst, between.With(s), pinned, ksq)
	if between.Any() {
		dst = p.genDrops(dst, between)
	}
	return dst
}

// genDrops appends the side to move's drops onto the empty squares in
// target, leaving out 二歩, drops where the piece could never move, and a
// pawn drop that mates (打ち歩詰め).
func (p *Position) genDrops(dst []Move, target Bitboard) []Move {
	us := p.side
	h := p.hands[us]
	if h == 0 {
		return dst
	}
	if h.Has(Pawn) {
		t := target.AndNot(tbl.last[us]).AndNot(p.Pieces(us, Pawn).fillFiles())
		if ek := p.King(us.Opp()); ek != NoSquare {
			if front := tbl.step[us.Opp()][Pawn][ek]; front.Intersects(t) {
				if s := front.LSB(); p.pawnDropMates(s) {
					t = t.Without(s)
				}
			}
		}
		dst = appendTo(dst, NewDrop(us, Pawn, 0), t)
	}
	if h.Has(Lance) {
		dst = appendTo(dst, NewDrop(us, Lance, 0), target.AndNot(tbl.last[us]))
	}
	if h.Has(Knight) {
		dst = appendTo(dst, NewDrop(us, Knight, 0), target.AndNot(tbl.last2[us]))
	}
	for _, k := range [4]Kind{Silver, Gold, Bishop, Rook} {
		if h.Has(k) {
			dst = appendTo(dst, NewDrop(us, k, 0), target)
		}
	}
	return dst
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
	var buf [32]Move
	if len(q.genKingMoves(buf[:0], ksq, Bitboard{})) > 0 {
		return false
	}
	pinned := q.blockers(ksq, p.side).And(q.byColor[q.side])
	return len(q.genPieceMoves(buf[:0], SquareBB(s), pinned, ksq)) == 0
}
