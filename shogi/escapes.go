package shogi

// A mate-in-one test asks, of every check of a position, whether the king
// can step away after it (KingEscapesAfter > 0); nearly always it can. The
// attacks on the king's squares before the check are worked out once per
// position, and most checks are then settled by the moved piece alone:
// the other pieces of the checking side attack nothing new unless the
// move opens one of their lines.

// escapeInfo holds what the checks of one position have in common. Its
// squares are the opponent king's step squares (its ring). The opponent,
// not to move, is not in check: no line of the side to move reaches its
// king, and the attacks are those with the king lifted, so that a line
// that a move makes reach the king attacks the square behind it.
type escapeInfo struct {
	free Bitboard // the ring squares no piece of the side to move attacks
	open Bitboard // those of them that hold none of the king's pieces
	once Bitboard // the ring squares one piece of the side to move attacks
	own  Bitboard // the ring squares that hold one of the king's pieces
	// openers: the side to move's pieces that stand alone between one of
	// its sliders and a free or once square on the slider's line.
	openers Bitboard
	occ     Bitboard // the occupied squares, the king lifted
	// shadows: the once squares attacked by a slider from afar, with the
	// squares where a piece would cut that line; shade is their union.
	shade   Bitboard
	shadows [8]shadow
	nshadow int
}

// shadow is a once square s that a piece placed on cut would free.
type shadow struct {
	cut Bitboard
	s   Square
}

// emptyLines is the occupancy of an empty board: its attacks are a
// piece's reach.
var emptyLines Lines

// fillEscapeInfo fills ei for the checks of p, a legal position; it
// returns false when the opponent has no king (or p has more sliders of
// a side than the rules allow).
func (p *Position) fillEscapeInfo(ei *escapeInfo) bool {
	us, them := p.side, p.side.Opp()
	ek := p.King(them)
	if ek == NoSquare {
		return false
	}
	ring := tbl.step[them][King][ek]
	ei.own = ring.And(p.byColor[them])
	ei.occ = p.occ.Without(ek)
	ei.openers, ei.shade, ei.nshadow = Bitboard{}, Bitboard{}, 0
	ours := p.byColor[us]
	sliders := ours.And(p.slidersNear(ek))
	var att, att2 Bitboard
	for b := ours.And(p.nearKing(ek)).AndNot(p.sliders()); b.Any(); {
		s := b.PopLSB()
		a := tbl.pieceSteps[p.board[s]&31][s].And(ring)
		att2 = att2.Or(att.And(a))
		att = att.Or(a)
	}
	// The sliders' attacks are kept for the openers and shadows below.
	var xs [8]Square
	var xa [8]Bitboard
	n := 0
	for b := sliders; b.Any(); n++ {
		if n == len(xs) {
			return false
		}
		x := b.PopLSB()
		xs[n], xa[n] = x, p.lines.attacks(p.board[x], x)
		a := xa[n].And(ring)
		att2 = att2.Or(att.And(a))
		att = att.Or(a)
	}
	ei.free = ring.AndNot(att)
	ei.open = ei.free.AndNot(ei.own)
	ei.once = att.AndNot(att2)
	open := ei.free.Or(ei.once)
	if open.IsEmpty() {
		return true
	}
	for i, x := range xs[:n] {
		pc, a := p.board[x], xa[i]
		for t := emptyLines.attacks(pc, x).And(open).AndNot(a); t.Any(); {
			if btw := tbl.between[x][t.PopLSB()].And(ei.occ); !btw.MoreThanOne() {
				ei.openers = ei.openers.Or(btw.And(ours))
			}
		}
		for t := a.And(ei.once); t.Any(); {
			s := t.PopLSB()
			if cut := tbl.between[x][s]; cut.Any() {
				ei.shadows[ei.nshadow] = shadow{cut, s}
				ei.nshadow++
				ei.shade = ei.shade.Or(cut)
			}
		}
	}
	return true
}

// escapes reports that the king has a square to step to after m, a legal
// check of the position ei was filled for; false means not known so.
//
// After m the king may step to a ring square that holds none of its
// pieces (m may capture one on its destination) and that no piece of the
// side to move attacks: a free square, a once square whose one attacker
// m moves or whose line m cuts with the moved piece, unless the moved piece
// attacks it from its destination or a line onto it opens. A piece that
// stays put attacks what it did or less, and a slider's line can only
// open where a square empties, on m's origin: when that is an opener the
// squares on its lines are left out. On the destination the king takes
// the moved piece. Promoting changes only the moved piece's attacks,
// taken after the move: its reach from the destination with no piece
// between, the origin emptied and the king lifted.
func (ei *escapeInfo) escapes(m Move) bool {
	to := m.To()
	reach := emptyLines.attacks(m.PieceAfter(), to)
	cand := ei.open
	occ := ei.occ
	var rays Bitboard // where a line that m opens may go
	if !m.IsDrop() {
		from := m.From()
		occ = occ.Without(from)
		if ei.openers.Has(from) {
			rays = tbl.rookRays[from].Or(tbl.bishopRays[from])
			cand = cand.AndNot(rays)
		}
	}
	// Mostly a free square out of the moved piece's reach settles it.
	if cand.AndNot(reach).Any() {
		return true
	}
	if ei.free.Has(to) {
		cand = cand.With(to)
	}
	if !m.IsDrop() && ei.once.Any() {
		from := m.From()
		for t := ei.once.And(emptyLines.attacks(m.Piece(), from)); t.Any(); {
			if s := t.PopLSB(); !tbl.between[from][s].Intersects(occ) {
				cand = cand.With(s)
			}
		}
	}
	if ei.shade.Has(to) {
		for _, sh := range ei.shadows[:ei.nshadow] {
			if sh.cut.Has(to) {
				cand = cand.With(sh.s)
			}
		}
	}
	cand = cand.AndNot(ei.own.Without(to)).AndNot(rays)
	if cand.AndNot(reach).Any() {
		return true
	}
	for cand.Any() {
		if s := cand.PopLSB(); tbl.between[to][s].Intersects(occ) {
			return true
		}
	}
	return false
}

// ChecksWithoutEscape appends to dst the legal checks of the side to move
// after which the opponent's king has no square to step to (those whose
// KingEscapesAfter is 0), in the order of Checks, and returns the
// extended slice and the number of checks in all. A mate-in-one test
// needs to play only these: a king that can step away is not mated.
//
// ChecksWithoutEscape allocates nothing when dst has room for MaxMoves
// more moves.
func (p *Position) ChecksWithoutEscape(dst []Move) ([]Move, int) {
	start := len(dst)
	buf := p.Checks(dst)
	checks := len(buf) - start
	if checks == 0 {
		return buf, 0
	}
	return p.withoutEscape(buf, start), checks
}

// WithoutEscape appends to dst the moves of checks, legal checks of the
// side to move, after which the opponent's king has no square to step to
// (those whose KingEscapesAfter is 0), in their order, and returns the
// extended slice. It allocates nothing when dst has room for them.
func (p *Position) WithoutEscape(checks, dst []Move) []Move {
	start := len(dst)
	return p.withoutEscape(append(dst, checks...), start)
}

// withoutEscape keeps, among buf[start:], the checks whose
// KingEscapesAfter is 0, and returns the shortened slice.
func (p *Position) withoutEscape(buf []Move, start int) []Move {
	if len(buf) == start {
		return buf
	}
	var ei escapeInfo
	fast := p.fillEscapeInfo(&ei)
	n := start
	for _, m := range buf[start:] {
		if fast && ei.escapes(m) || p.KingEscapesAfter(m) > 0 {
			continue
		}
		buf[n] = m
		n++
	}
	return buf[:n]
}
