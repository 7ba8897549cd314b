package shogi

import "math/bits"

// MaxMoves bounds the number of legal moves in any position (the known
// maximum is 593); a buffer of this capacity never grows.
const MaxMoves = 600

// The generators write into buf[n], buf[n+1], … and return the new count.
// The public entry points make sure buf has room for MaxMoves more moves,
// so the writes never need to grow a slice.

// room returns dst with capacity for at least MaxMoves more moves, as a
// full-capacity slice, and the number of moves already in it.
func room(dst []Move) ([]Move, int) {
	n := len(dst)
	if cap(dst)-n < MaxMoves {
		nd := make([]Move, n, n+MaxMoves)
		copy(nd, dst)
		dst = nd
	}
	return dst[:cap(dst)], n
}

// LegalMoves appends every legal move of the side to move to dst and
// returns the extended slice. Every non-promotion is included, also where
// promoting is always better (tsume needs them); a non-promotion that would
// leave a piece unable to move is not legal and is not included.
//
// LegalMoves allocates nothing when dst has room for MaxMoves more moves.
func (p *Position) LegalMoves(dst []Move) []Move {
	buf, n := room(dst)
	return buf[:p.genLegal(buf, n)]
}

func (p *Position) genLegal(buf []Move, n int) int {
	us := p.side
	ksq := p.King(us)
	if ksq == NoSquare {
		// Without a king nothing can be exposed: only the drop rules apply.
		n = p.genPieceMoves(buf, n, p.byColor[us].Not(), Bitboard{}, NoSquare)
		return p.genDrops(buf, n, p.occ.Not())
	}
	if checkers := p.attackersTo(us.Opp(), ksq); checkers.Any() {
		return p.genEvasions(buf, n, ksq, checkers)
	}
	pinned := p.blockers(ksq, us.Opp()).And(p.byColor[us])
	n = p.genPieceMoves(buf, n, p.byColor[us].Not(), pinned, ksq)
	n = p.genKingMoves(buf, n, ksq, Bitboard{})
	return p.genDrops(buf, n, p.occ.Not())
}

// Evasions appends the legal moves of the side to move when it is in check
// (king moves, captures of the checker, interpositions by move or drop) and
// returns the extended slice; when it is not in check it returns dst as is.
func (p *Position) Evasions(dst []Move) []Move {
	ksq, checkers, ok := p.checkedKing()
	if !ok {
		return dst
	}
	buf, n := room(dst)
	return buf[:p.genEvasions(buf, n, ksq, checkers)]
}

// EvasionsCountingDrops is Evasions with the drops counted rather than
// listed: it appends the legal board moves of the side to move in check
// (king moves, captures of the checker, interpositions by a board move)
// and returns them with the number of legal interposing drops and the
// checking pieces. Mate searches that only need the number of replies use
// it to skip writing out the many drops of a full hand. When not in check
// it returns dst, 0 and no checkers.
func (p *Position) EvasionsCountingDrops(dst []Move) (moves []Move, drops int, checkers Bitboard) {
	ksq, checkers, ok := p.checkedKing()
	if !ok {
		return dst, 0, Bitboard{}
	}
	buf, n := room(dst)
	n, between := p.genEvasionMoves(buf, n, ksq, checkers)
	if h := p.hands[p.side]; h != 0 && between.Any() {
		free := 0 // kinds that may be dropped on any empty square
		for _, k := range [4]Kind{Silver, Gold, Bishop, Rook} {
			if h.Has(k) {
				free++
			}
		}
		drops = free * between.Count()
		for _, k := range [3]Kind{Pawn, Lance, Knight} {
			if h.Has(k) {
				drops += p.dropTargets(k, between).Count()
			}
		}
	}
	return buf[:n], drops, checkers
}

// KingEscapes returns the number of king moves among the legal replies of
// the side to move in check (steps to squares not attacked, capturing or
// not); 0 when it has no king or is not in check. A mate search asks it
// first, since it is the cheap part of the evasions: a king that can move
// settles that the defender is not mated.
func (p *Position) KingEscapes() int {
	us := p.side
	ksq := p.King(us)
	if ksq == NoSquare || tbl.step[us][King][ksq].AndNot(p.byColor[us]).IsEmpty() {
		return 0 // no king, or no square to step to
	}
	checkers := p.attackersTo(us.Opp(), ksq)
	if checkers.IsEmpty() {
		return 0
	}
	return p.kingTargets(ksq, p.xrays(checkers, ksq)).Count()
}

// KingEvasions appends the king moves among the legal replies of the side
// to move in check, in the order in which Evasions lists them first, and
// returns the extended slice; when it is not in check it returns dst as
// is. A search that needs only one reply that works tries these before
// generating the rest.
func (p *Position) KingEvasions(dst []Move) []Move {
	ksq, checkers, ok := p.checkedKing()
	if !ok {
		return dst
	}
	buf, n := room(dst)
	return buf[:p.genKingMoves(buf, n, ksq, p.xrays(checkers, ksq))]
}

// KingEscapesAfter returns what KingEscapes would return after m, a legal
// move of the side to move, without playing it: the number of squares the
// opponent's king could then step to, 0 when m does not give check. Mate
// searches use it to weigh a check before deciding to make it.
func (p *Position) KingEscapesAfter(m Move) int {
	us, them := p.side, p.side.Opp()
	ek := p.King(them)
	if ek == NoSquare {
		return 0
	}
	to := m.To()
	tos := tbl.step[them][King][ek].AndNot(p.byColor[them].Without(to))
	if tos.IsEmpty() {
		return 0 // boxed in by its own pieces
	}
	// The occupancy after m; the king stays on ek, so that a slider's
	// attack stops there and the square behind it is taken from the
	// checker's x-ray instead.
	l := p.lines
	ours := p.byColor[us]
	if !m.IsDrop() {
		from := m.From()
		l.Clear(from)
		ours = ours.Without(from)
	}
	l.Set(to)
	// Only sliders and the pieces near the king can attack a square next
	// to it; of those, only the moved piece and the sliders whose line it
	// opened can give check.
	moved := m.PieceAfter()
	att := l.attacks(moved, to)
	var xray Bitboard
	check := att.Has(ek)
	if check {
		xray = xrayBeyond(moved, to, ek)
	}
	sliders := p.sliders()
	att = att.Or(p.stepAttacks(ours.And(p.nearKing(ek)).AndNot(sliders)))
	for b := ours.And(p.slidersNear(ek)); b.Any(); {
		s := b.PopLSB()
		pc := p.board[s]
		a := l.attacks(pc, s)
		att = att.Or(a)
		if a.Has(ek) {
			check = true
			xray = xray.Or(xrayBeyond(pc, s, ek))
		}
	}
	if !check {
		return 0
	}
	return tos.AndNot(att).AndNot(xray).Count()
}

// checkedKing returns the square of the side to move's king and the pieces
// checking it; ok is false when it has no king or is not in check.
func (p *Position) checkedKing() (ksq Square, checkers Bitboard, ok bool) {
	ksq = p.King(p.side)
	if ksq == NoSquare {
		return ksq, checkers, false
	}
	checkers = p.attackersTo(p.side.Opp(), ksq)
	return ksq, checkers, checkers.Any()
}

// xrays returns the squares the king on ksq cannot step back to along the
// lines of the sliding pieces among checkers.
func (p *Position) xrays(checkers Bitboard, ksq Square) Bitboard {
	var xray Bitboard
	for c := checkers; c.Any(); {
		s := c.PopLSB()
		xray = xray.Or(xrayBeyond(p.board[s], s, ksq))
	}
	return xray
}

// HasLegalMove reports whether the side to move has at least one legal move.
func (p *Position) HasLegalMove() bool {
	var buf [MaxMoves]Move
	return p.genLegal(buf[:], 0) > 0
}

// put writes base|to for every square to in tos.
func put(buf []Move, n int, base Move, tos Bitboard) int {
	for x := tos.lo; x != 0; x &= x - 1 {
		buf[n] = base | Move(bits.TrailingZeros64(x))
		n++
	}
	for x := tos.hi; x != 0; x &= x - 1 {
		buf[n] = base | Move(63+bits.TrailingZeros64(x))
		n++
	}
	return n
}

// putBoth writes the promotion and the non-promotion to every square in tos.
func putBoth(buf []Move, n int, base Move, tos Bitboard) int {
	for tos.Any() {
		m := base | Move(tos.PopLSB())
		buf[n] = m | movePromoteFlag
		buf[n+1] = m
		n += 2
	}
	return n
}

// putPromoting writes the moves of a piece that may promote (silver, bishop,
// rook) from from to tos: both forms where the origin or the destination is
// in the zone, the non-promotion elsewhere.
func putPromoting(buf []Move, n int, base Move, from Square, tos Bitboard, zone Bitboard) int {
	if zone.Has(from) {
		return putBoth(buf, n, base, tos)
	}
	n = putBoth(buf, n, base, tos.And(zone))
	return put(buf, n, base, tos.AndNot(zone))
}

// putForward writes the moves of a pawn or lance to tos: promotion only on
// the last rank, both forms elsewhere in the zone.
func putForward(buf []Move, n int, base Move, tos Bitboard, us Color) int {
	n = put(buf, n, base|movePromoteFlag, tos.And(tbl.last[us]))
	n = putBoth(buf, n, base, tos.And(tbl.zone[us]).AndNot(tbl.last[us]))
	return put(buf, n, base, tos.AndNot(tbl.zone[us]))
}

// genPieceMoves writes the moves of the side to move's pieces other than
// the king to squares in target. Pinned pieces (pinned to the king on ksq)
// stay on their line.
func (p *Position) genPieceMoves(buf []Move, n int, target, pinned Bitboard, ksq Square) int {
	us := p.side
	own := p.byColor[us]
	zone := tbl.zone[us]
	hasPins := pinned.Any()

	// Pawns not pinned move all at once: one rank forward is one bit down
	// (Black) or up (White) within a file.
	pawns := p.byKind[Pawn].And(own)
	if free := pawns.AndNot(pinned); free.Any() {
		pc := NewPiece(us, Pawn)
		var tos Bitboard
		var base Move
		if us == Black {
			tos = Bitboard{free.lo >> 1, free.hi >> 1}.AndNot(tbl.rankBB[8])
			base = Move(pc)<<16 | 1<<7 // from = to + 1
		} else {
			tos = Bitboard{free.lo << 1 & loMask, free.hi << 1 & hiMask}.AndNot(tbl.rankBB[0])
			base = Move(pc)<<16 - 1<<7 // from = to - 1
		}
		tos = tos.And(target)
		n = putPawnPush(buf, n, base, tos, us)
	}
	if hasPins {
		for bb := pawns.And(pinned); bb.Any(); {
			from := bb.PopLSB()
			att := tbl.step[us][Pawn][from].And(target).And(tbl.line[ksq][from])
			n = putForward(buf, n, Move(from)<<7|Move(NewPiece(us, Pawn))<<16, att, us)
		}
	}

	for bb := p.byKind[Lance].And(own); bb.Any(); {
		from := bb.PopLSB()
		att := p.lanceAttacks(us, from).And(target)
		if hasPins && pinned.Has(from) {
			att = att.And(tbl.line[ksq][from])
		}
		n = putForward(buf, n, Move(from)<<7|Move(NewPiece(us, Lance))<<16, att, us)
	}
	for bb := p.byKind[Knight].And(own).AndNot(pinned); bb.Any(); {
		// A pinned knight can never stay on its line.
		from := bb.PopLSB()
		att := tbl.step[us][Knight][from].And(target)
		base := Move(from)<<7 | Move(NewPiece(us, Knight))<<16
		n = put(buf, n, base|movePromoteFlag, att.And(tbl.last2[us]))
		n = putBoth(buf, n, base, att.And(tbl.third[us]))
		n = put(buf, n, base, att.AndNot(zone))
	}
	for bb := p.byKind[Silver].And(own); bb.Any(); {
		from := bb.PopLSB()
		att := tbl.step[us][Silver][from].And(target)
		if hasPins && pinned.Has(from) {
			att = att.And(tbl.line[ksq][from])
		}
		n = putPromoting(buf, n, Move(from)<<7|Move(NewPiece(us, Silver))<<16, from, att, zone)
	}
	for bb := p.golds(us); bb.Any(); {
		from := bb.PopLSB()
		att := tbl.step[us][Gold][from].And(target)
		if hasPins && pinned.Has(from) {
			att = att.And(tbl.line[ksq][from])
		}
		n = put(buf, n, Move(from)<<7|Move(p.board[from])<<16, att)
	}
	for bb := p.byKind[Bishop].And(own); bb.Any(); {
		from := bb.PopLSB()
		att := p.bishopAttacks(from).And(target)
		if hasPins && pinned.Has(from) {
			att = att.And(tbl.line[ksq][from])
		}
		n = putPromoting(buf, n, Move(from)<<7|Move(NewPiece(us, Bishop))<<16, from, att, zone)
	}
	for bb := p.byKind[Rook].And(own); bb.Any(); {
		from := bb.PopLSB()
		att := p.rookAttacks(from).And(target)
		if hasPins && pinned.Has(from) {
			att = att.And(tbl.line[ksq][from])
		}
		n = putPromoting(buf, n, Move(from)<<7|Move(NewPiece(us, Rook))<<16, from, att, zone)
	}
	for bb := p.byKind[Horse].And(own); bb.Any(); {
		from := bb.PopLSB()
		att := p.bishopAttacks(from).Or(tbl.step[us][King][from]).And(target)
		if hasPins && pinned.Has(from) {
			att = att.And(tbl.line[ksq][from])
		}
		n = put(buf, n, Move(from)<<7|Move(NewPiece(us, Horse))<<16, att)
	}
	for bb := p.byKind[Dragon].And(own); bb.Any(); {
		from := bb.PopLSB()
		att := p.rookAttacks(from).Or(tbl.step[us][King][from]).And(target)
		if hasPins && pinned.Has(from) {
			att = att.And(tbl.line[ksq][from])
		}
		n = put(buf, n, Move(from)<<7|Move(NewPiece(us, Dragon))<<16, att)
	}
	return n
}

// putPawnPush writes the pushes of unpinned pawns to tos, where base plus
// 129·to encodes the move to to (from = to ± 1): promotion only on the last
// rank, both forms elsewhere in the zone.
func putPawnPush(buf []Move, n int, base Move, tos Bitboard, us Color) int {
	for x := tos.AndNot(tbl.zone[us]); x.Any(); {
		buf[n] = base + Move(x.PopLSB())*(1+1<<7)
		n++
	}
	for x := tos.And(tbl.zone[us]); x.Any(); {
		to := x.PopLSB()
		m := base + Move(to)*(1+1<<7)
		buf[n] = m | movePromoteFlag
		n++
		if !tbl.last[us].Has(to) {
			buf[n] = m
			n++
		}
	}
	return n
}

// genKingMoves writes the king's moves to squares that are not attacked and
// not in exclude (the squares a sliding checker x-rays through the king).
func (p *Position) genKingMoves(buf []Move, n int, ksq Square, exclude Bitboard) int {
	base := Move(ksq)<<7 | Move(NewPiece(p.side, King))<<16
	return put(buf, n, base, p.kingTargets(ksq, exclude))
}

// kingTargets returns the squares the side to move's king on ksq may step
// to: not its own pieces, not attacked, not in exclude. Against few enemy
// pieces it takes the union of their attacks once; against many it asks
// about each square.
func (p *Position) kingTargets(ksq Square, exclude Bitboard) Bitboard {
	us := p.side
	them := us.Opp()
	tos := tbl.step[us][King][ksq].AndNot(p.byColor[us]).AndNot(exclude)
	if tos.IsEmpty() {
		return tos
	}
	// Only the sliders and the pieces near the king can attack a square
	// next to it; when they are few, their attacks are taken at once.
	sliders := p.slidersNear(ksq)
	if near := p.byColor[them].And(p.nearKing(ksq).Or(sliders)); near.Count() <= 8 {
		a := p.stepAttacks(near.AndNot(sliders))
		for b := near.And(sliders); b.Any(); {
			s := b.PopLSB()
			a = a.Or(p.attacks(p.board[s], s))
		}
		return tos.AndNot(a)
	}
	for b := tos; b.Any(); {
		if to := b.PopLSB(); p.isAttacked(them, to) {
			tos = tos.Without(to)
		}
	}
	return tos
}

// nearKing returns the squares from which a stepping piece of p can attack
// a neighbour of ksq: two squares around it, three for a knight, which
// attacks two ranks ahead.
func (p *Position) nearKing(ksq Square) Bitboard {
	return tbl.near2[ksq].Or(tbl.near3[ksq].And(p.byKind[Knight]))
}

// stepAttacks returns the union of the attacks of the stepping pieces on
// the squares b (no slider among them).
func (p *Position) stepAttacks(b Bitboard) Bitboard {
	var a Bitboard
	for b.Any() {
		s := b.PopLSB()
		a = a.Or(tbl.pieceSteps[p.board[s]&31][s])
	}
	return a
}

// sliders returns the pieces of both sides that move along lines.
func (p *Position) sliders() Bitboard {
	return p.byKind[Lance].Or(p.byKind[Bishop]).Or(p.byKind[Rook]).Or(p.byKind[Horse]).Or(p.byKind[Dragon])
}

// slidersNear returns the sliders of both sides that may attack ksq or a
// neighbour of it: on a line through one of them, or (a horse or a
// dragon's step) two squares away at most.
func (p *Position) slidersNear(ksq Square) Bitboard {
	hd := p.byKind[Horse].Or(p.byKind[Dragon])
	return p.byKind[Lance].Or(p.byKind[Rook]).Or(p.byKind[Dragon]).And(tbl.rookBox[ksq]).Or(
		p.byKind[Bishop].Or(p.byKind[Horse]).And(tbl.bishopBox[ksq])).Or(hd.And(tbl.near2[ksq]))
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

// genEvasions writes the legal replies to check of the side to move, whose
// king is on ksq and attacked by checkers.
func (p *Position) genEvasions(buf []Move, n int, ksq Square, checkers Bitboard) int {
	n, between := p.genEvasionMoves(buf, n, ksq, checkers)
	if between.Any() {
		n = p.genDrops(buf, n, between)
	}
	return n
}

// genEvasionMoves writes the board moves that answer the check and returns
// the squares where a drop would interpose (empty for a double check or a
// check from next to the king).
func (p *Position) genEvasionMoves(buf []Move, n int, ksq Square, checkers Bitboard) (int, Bitboard) {
	n = p.genKingMoves(buf, n, ksq, p.xrays(checkers, ksq))
	if checkers.MoreThanOne() {
		return n, Bitboard{} // double check: only the king can move
	}
	s := checkers.LSB()
	between := tbl.between[ksq][s]
	us := p.side
	pinned := p.blockers(ksq, us.Opp()).And(p.byColor[us])
	// Only the checker's square and those between answer the check: each
	// piece is asked once whether it reaches one of them, except the
	// stepping pieces too far away to.
	target := between.With(s)
	var reach Bitboard
	for t := target; t.Any(); {
		reach = reach.Or(tbl.near2[t.PopLSB()])
	}
	for b := p.byColor[us].AndNot(p.byKind[King]).And(reach.Or(p.sliders())); b.Any(); {
		from := b.PopLSB()
		att := p.attacks(p.board[from], from).And(target)
		if att.IsEmpty() {
			continue
		}
		if pinned.Any() && pinned.Has(from) {
			att = att.And(tbl.line[ksq][from])
		}
		for att.Any() {
			n = p.putMove(buf, n, from, att.PopLSB())
		}
	}
	return n, between
}

// putMove writes the move of the piece on from to to: both forms where it
// may promote or not, the promotion only where it must.
func (p *Position) putMove(buf []Move, n int, from, to Square) int {
	pc := p.board[from]
	m := Move(to) | Move(from)<<7 | Move(pc)<<16
	promote, stay := moveForms(pc, from, to)
	if promote {
		buf[n] = m | movePromoteFlag
		n++
	}
	if stay {
		buf[n] = m
		n++
	}
	return n
}

// moveForms says whether the move of pc from from to to may promote, and
// whether it may stay unpromoted (not where the piece could never move
// again).
func moveForms(pc Piece, from, to Square) (promote, stay bool) {
	us := pc.Color()
	switch pc.Kind() {
	case Pawn, Lance:
		return tbl.zone[us].Has(to), !tbl.last[us].Has(to)
	case Knight:
		return tbl.zone[us].Has(to), !tbl.last2[us].Has(to)
	case Silver, Bishop, Rook:
		return tbl.zone[us].Has(to) || tbl.zone[us].Has(from), true
	}
	return false, true
}

// LegalMoveCount returns the number of legal moves of the side to move,
// len(LegalMoves(nil)), counting drops without listing them.
func (p *Position) LegalMoveCount() int {
	var buf [MaxMoves]Move // board moves and evasions only; drops are counted
	us := p.side
	ksq := p.King(us)
	if ksq != NoSquare {
		if checkers := p.attackersTo(us.Opp(), ksq); checkers.Any() {
			return p.genEvasions(buf[:], 0, ksq, checkers)
		}
	}
	var pinned Bitboard
	if ksq != NoSquare {
		pinned = p.blockers(ksq, us.Opp()).And(p.byColor[us])
	}
	n := p.genPieceMoves(buf[:], 0, p.byColor[us].Not(), pinned, ksq)
	if ksq != NoSquare {
		n = p.genKingMoves(buf[:], n, ksq, Bitboard{})
	}
	if h := p.hands[us]; h != 0 {
		empty := p.occ.Not()
		for _, k := range dropOrder {
			if h.Has(k) {
				n += p.dropTargets(k, empty).Count()
			}
		}
	}
	return n
}
