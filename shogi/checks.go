package shogi

// GivesCheck reports whether the legal move m would put the opponent in check.
func (p *Position) GivesCheck(m Move) bool {
	q := *p
	q.DoMove(m)
	return q.InCheck()
}

// CheckInfo tells quickly whether a legal move of a position gives check.
// It holds, for each kind, the squares from which a piece of the side to
// move would attack the opponent's king, and the side to move's pieces
// whose departure from a line would uncover an attack on it. Make one with
// Position.NewCheckInfo; it is valid until the position changes.
type CheckInfo struct {
	ksq         Square
	squares     [NumKinds]Bitboard
	discoverers Bitboard
}

// NewCheckInfo returns the CheckInfo of p. ok is false when the opponent
// has no king (then no move gives check).
func (p *Position) NewCheckInfo() (ci CheckInfo, ok bool) {
	ok = p.fillCheckInfo(&ci)
	return ci, ok
}

// fillCheckInfo is NewCheckInfo writing into ci, which the move generators
// keep on their stack instead of copying a returned one.
func (p *Position) fillCheckInfo(ci *CheckInfo) bool {
	us, them := p.side, p.side.Opp()
	ek := p.King(them)
	if ek == NoSquare {
		return false
	}
	ci.ksq = ek
	ci.squares = tbl.checkSteps[them][ek]
	ci.squares[Lance] = p.lanceAttacks(them, ek)
	ci.squares[Bishop] = p.bishopAttacks(ek)
	ci.squares[Rook] = p.rookAttacks(ek)
	ci.squares[Horse] = ci.squares[Bishop].Or(ci.squares[King])
	ci.squares[Dragon] = ci.squares[Rook].Or(ci.squares[King])
	ci.discoverers = p.blockers(ek, us).And(p.byColor[us])
	return true
}

// GivesCheck reports whether m, a legal move of the position ci was made
// for, gives check. It is the fast form of Position.GivesCheck.
func (ci *CheckInfo) GivesCheck(m Move) bool {
	to := m.To()
	if ci.squares[m.PieceAfter().Kind()].Has(to) {
		return true
	}
	if m.IsDrop() {
		return false
	}
	from := m.From()
	return ci.discoverers.Has(from) && !tbl.line[ci.ksq][from].Has(to)
}

// Checks appends the legal moves of the side to move that give check and
// returns the extended slice. With no opponent king there are none. Drops
// are generated only on the squares from which they check.
//
// Checks allocates nothing when dst has room for MaxMoves more moves.
func (p *Position) Checks(dst []Move) []Move {
	var ci CheckInfo
	if !p.fillCheckInfo(&ci) {
		return dst
	}
	buf, start := room(dst)
	us := p.side
	ksq := p.King(us)
	var n int
	if ksq != NoSquare && p.attackersTo(us.Opp(), ksq).Any() {
		n = p.genEvasions(buf, start, ksq, p.attackersTo(us.Opp(), ksq))
		return buf[:filterChecks(&ci, buf, start, n)]
	}
	var pinned Bitboard
	if ksq != NoSquare {
		pinned = p.blockers(ksq, us.Opp()).And(p.byColor[us])
	}
	n = filterChecks(&ci, buf, start, p.genCheckCandidates(buf, start, &ci, pinned, ksq))
	if h := p.hands[us]; h != 0 {
		empty := p.occ.Not()
		for _, k := range dropOrder {
			if h.Has(k) {
				if t := empty.And(ci.squares[k]); t.Any() {
					n = put(buf, n, NewDrop(us, k, 0), p.dropTargets(k, t))
				}
			}
		}
	}
	return buf[:n]
}

// genCheckCandidates writes the legal board moves of the side to move (not
// in check, king on ksq or none) that may give check, in the order of the
// full move generator: every move of a piece that may uncover a check, and
// for the other pieces the moves to the squares from which they, promoted
// or not, attack the opponent's king. The caller keeps those that check.
func (p *Position) genCheckCandidates(buf []Move, n int, ci *CheckInfo, pinned Bitboard, ksq Square) int {
	us := p.side
	own := p.byColor[us]
	notOwn := own.Not()
	pawn := NewPiece(us, Pawn)
	// A pawn, silver or gold-like piece checks from next to the king, so
	// from at most two files and ranks away, unless it uncovers a check.
	near := tbl.near2[ci.ksq].Or(ci.discoverers)
	// Pawns not pinned push all at once, as in genPieceMoves.
	var pushes Bitboard
	for b := p.byKind[Pawn].And(own).AndNot(pinned).And(near); b.Any(); {
		from := b.PopLSB()
		pushes = pushes.Or(p.checkTargets(ci, pawn, from, notOwn))
	}
	if pushes.Any() {
		base := Move(pawn)<<16 | 1<<7 // from = to + 1
		if us == White {
			base = Move(pawn)<<16 - 1<<7 // from = to - 1
		}
		n = putPawnPush(buf, n, base, pushes, us)
	}
	zone := tbl.zone[us]
	for _, b := range [...]Bitboard{p.byKind[Pawn].And(pinned).And(near), p.byKind[Lance].And(own),
		p.byKind[Knight].And(own).AndNot(pinned), p.byKind[Silver].And(own).And(near), p.golds(us).And(near),
		p.byKind[Bishop].And(own), p.byKind[Rook].And(own), p.byKind[Horse].And(own),
		p.byKind[Dragon].And(own)} {
		for b.Any() {
			from := b.PopLSB()
			pc := p.board[from]
			att := p.checkTargets(ci, pc, from, notOwn)
			if pinned.Has(from) {
				att = att.And(tbl.line[ksq][from])
			}
			if att.IsEmpty() {
				continue
			}
			base := Move(from)<<7 | Move(pc)<<16
			switch pc.Kind() {
			case Pawn, Lance:
				n = putForward(buf, n, base, att, us)
			case Knight:
				n = put(buf, n, base|movePromoteFlag, att.And(tbl.last2[us]))
				n = putBoth(buf, n, base, att.And(tbl.third[us]))
				n = put(buf, n, base, att.AndNot(zone))
			case Silver, Bishop, Rook:
				n = putPromoting(buf, n, base, from, att, zone)
			default:
				n = put(buf, n, base, att)
			}
		}
	}
	if ksq != NoSquare && ci.discoverers.Has(ksq) {
		n = p.genKingMoves(buf, n, ksq, Bitboard{})
	}
	return n
}

// checkTargets returns the squares (not in own) where the piece pc on from
// may move and give check: all its moves if it may uncover a check, else
// those to squares from which it, promoted or not, attacks the king.
func (p *Position) checkTargets(ci *CheckInfo, pc Piece, from Square, notOwn Bitboard) Bitboard {
	target := notOwn
	if !ci.discoverers.Has(from) {
		k := pc.Kind()
		target = ci.squares[k]
		if k.CanPromote() {
			target = target.Or(ci.squares[k.Promote()])
		}
		target = target.And(notOwn)
	}
	return p.attacks(pc, from).And(target)
}

// filterChecks keeps, among buf[start:n], the moves that give check, and
// returns the new end.
func filterChecks(ci *CheckInfo, buf []Move, start, n int) int {
	j := start
	for _, m := range buf[start:n] {
		if ci.GivesCheck(m) {
			buf[j] = m
			j++
		}
	}
	return j
}
