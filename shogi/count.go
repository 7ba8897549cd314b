package shogi

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
	// A pawn, silver or gold-like piece checks from next to the king: from
	// at most two files and ranks away.
	near := pcs.And(tbl.near2[ci.ksq])
	n := 0
	n += countStepChecks(ci, us, Pawn, near.And(p.byKind[Pawn]), notOwn.AndNot(tbl.last[us]), zone, notOwn)
	n += countStepChecks(ci, us, Knight, pcs.And(p.byKind[Knight]), notOwn.AndNot(tbl.last2[us]), zone, notOwn)
	n += countStepChecks(ci, us, Silver, near.And(p.byKind[Silver]), notOwn, zone, notOwn)
	for b := near.And(p.golds(us)); b.Any(); {
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
