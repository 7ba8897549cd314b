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
	// Pawns not pinned push all at once, as in genPieceMoves.
	var pushes Bitboard
	for b := p.byKind[Pawn].And(own).AndNot(pinned); b.Any(); {
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
	for _, b := range [...]Bitboard{p.byKind[Pawn].And(pinned), p.byKind[Lance].And(own),
		p.byKind[Knight].And(own).AndNot(pinned), p.byKind[Silver].And(own), p.golds(us),
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

// CountChecks returns the number of moves Checks would list, without
// writing them out: mate searches use it as an estimate of how hard a
// position is to refute.
func (p *Position) CountChecks() int {
	var ci CheckInfo
	if !p.fillCheckInfo(&ci) {
		return 0
	}
	us := p.side
	ksq := p.King(us)
	if ksq != NoSquare && p.attackersTo(us.Opp(), ksq).Any() {
		var buf [MaxMoves]Move
		return len(p.Checks(buf[:0]))
	}
	var pinned Bitboard
	if ksq != NoSquare {
		pinned = p.blockers(ksq, us.Opp()).And(p.byColor[us])
	}
	own := p.byColor[us]
	notOwn := own.Not()
	n := 0
	// Pieces that may uncover a check, and pinned ones, one move at a time.
	slow := ci.discoverers.Or(pinned).And(own).AndNot(p.byKind[King])
	for b := slow; b.Any(); {
		from := b.PopLSB()
		pc := p.board[from]
		att := p.checkTargets(&ci, pc, from, notOwn)
		if pinned.Has(from) {
			att = att.And(tbl.line[ksq][from])
		}
		k := pc.Kind()
		discovers := ci.discoverers.Has(from)
		for att.Any() {
			to := att.PopLSB()
			disc := discovers && !tbl.line[ci.ksq][from].Has(to)
			promote, stay := moveForms(pc, from, to)
			if stay && (disc || ci.squares[k].Has(to)) {
				n++
			}
			if promote && (disc || ci.squares[k.Promote()].Has(to)) {
				n++
			}
		}
	}
	// The others check only from the check squares of their kind, so
	// their moves are counted a set of destinations at a time: the
	// unpromoted ones where the piece may stay unpromoted, the promoting
	// ones where it may promote.
	n += p.countChecksFrom(&ci, own.AndNot(slow), notOwn)
	if ksq != NoSquare && ci.discoverers.Has(ksq) {
		var buf [8]Move
		n += filterChecks(&ci, buf[:], 0, p.genKingMoves(buf[:], 0, ksq, Bitboard{}))
	}
	if h := p.hands[us]; h != 0 {
		n += p.countDropChecks(&ci, h)
	}
	return n
}

// countDropChecks returns the number of checking drops of the side to
// move, whose hand h is not empty: on the empty check squares of each kind
// in hand, but for a knight's or lance's dead squares and a pawn's
// 二歩 and 打ち歩詰め (dropTargets).
func (p *Position) countDropChecks(ci *CheckInfo, h Hand) int {
	us := p.side
	empty := p.occ.Not()
	n := 0
	for _, k := range [...]Kind{Silver, Gold, Bishop, Rook} {
		if h.Has(k) {
			n += empty.And(ci.squares[k]).Count()
		}
	}
	if h.Has(Knight) {
		n += empty.And(ci.squares[Knight]).AndNot(tbl.last2[us]).Count()
	}
	if h.Has(Lance) {
		n += empty.And(ci.squares[Lance]).AndNot(tbl.last[us]).Count()
	}
	if h.Has(Pawn) {
		if t := empty.And(ci.squares[Pawn]); t.Any() {
			n += p.dropTargets(Pawn, t).Count()
		}
	}
	return n
}

// countChecksFrom returns the number of checking moves of the side to
// move's pieces in pcs, none of which may uncover a check or is pinned (its
// king, if in pcs, is left out); notOwn is the complement of its pieces.
func (p *Position) countChecksFrom(ci *CheckInfo, pcs, notOwn Bitboard) int {
	us := p.side
	zone := tbl.zone[us]
	n := 0
	n += countStepChecks(ci, us, Pawn, pcs.And(p.byKind[Pawn]), notOwn.AndNot(tbl.last[us]), zone, notOwn)
	n += countStepChecks(ci, us, Knight, pcs.And(p.byKind[Knight]), notOwn.AndNot(tbl.last2[us]), zone, notOwn)
	n += countStepChecks(ci, us, Silver, pcs.And(p.byKind[Silver]), notOwn, zone, notOwn)
	for b := pcs.And(p.golds(us)); b.Any(); {
		n += tbl.step[us][Gold][b.PopLSB()].And(notOwn).And(ci.squares[Gold]).Count()
	}
	for b := pcs.And(p.byKind[Lance]); b.Any(); {
		from := b.PopLSB()
		att := p.lanceAttacks(us, from).And(notOwn)
		n += att.And(ci.squares[Lance]).AndNot(tbl.last[us]).Count()
		n += att.And(ci.squares[ProLance]).And(zone).Count()
	}
	for _, k := range [...]Kind{Bishop, Rook} {
		for b := pcs.And(p.byKind[k]); b.Any(); {
			from := b.PopLSB()
			var att Bitboard
			if k == Bishop {
				att = p.bishopAttacks(from)
			} else {
				att = p.rookAttacks(from)
			}
			att = att.And(notOwn)
			pz := zone
			if zone.Has(from) {
				pz = notOwn
			}
			n += att.And(ci.squares[k]).Count() + att.And(ci.squares[k.Promote()]).And(pz).Count()
		}
	}
	for b := pcs.And(p.byKind[Horse]); b.Any(); {
		from := b.PopLSB()
		n += p.bishopAttacks(from).Or(tbl.step[us][King][from]).And(notOwn).And(ci.squares[Horse]).Count()
	}
	for b := pcs.And(p.byKind[Dragon]); b.Any(); {
		from := b.PopLSB()
		n += p.rookAttacks(from).Or(tbl.step[us][King][from]).And(notOwn).And(ci.squares[Dragon]).Count()
	}
	return n
}

// countStepChecks returns the number of checking moves of us's pieces of
// the stepping kind k (pawn, knight or silver) on the squares b, none of
// which may uncover a check: unpromoted to the squares in stay, promoted
// to those in promo, or to any square not in own when it starts in the
// promotion zone.
func countStepChecks(ci *CheckInfo, us Color, k Kind, b, stay, promo, notOwn Bitboard) int {
	n := 0
	sq := ci.squares[k].And(stay)
	anyPro := ci.squares[k.Promote()].And(notOwn) // from inside the zone
	zonePro := anyPro.And(promo)                  // from outside
	pc := NewPiece(us, k) & 31
	for b.Any() {
		from := b.PopLSB()
		att := tbl.pieceSteps[pc][from]
		n += att.And(sq).Count()
		if tbl.zone[us].Has(from) {
			n += att.And(anyPro).Count()
		} else {
			n += att.And(zonePro).Count()
		}
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
