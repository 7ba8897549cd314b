package variant

import "github.com/tsume-shogi/tsume/shogi"

// putMoves appends the moves of the c piece of kind k from from to each
// square of tos, in each form the rules allow: promoting where the kind
// promotes and the move starts or ends in the zone, not promoting unless
// the piece would stand on a square of dead (Position.dead).
func putMoves(buf []Move, c Color, k Kind, from Square, tos, dead Bitboard) []Move {
	base := Move(from)<<7 | pieceBits(c, k)
	def := &kindDefs[k]
	if def.Promotes == shogi.NoKind {
		for b := tos.AndNot(dead); b.Any(); {
			buf = append(buf, base|Move(b.PopLSB()))
		}
		return buf
	}
	zone := tbl.zone[c]
	if !zone.Has(from) {
		// Only the moves into the zone may promote.
		for b := tos.AndNot(zone); b.Any(); {
			buf = append(buf, base|Move(b.PopLSB()))
		}
		tos = tos.And(zone)
	}
	for b := tos; b.Any(); {
		to := b.PopLSB()
		buf = append(buf, base|Move(to)|movePromote)
		if !dead.Has(to) {
			buf = append(buf, base|Move(to))
		}
	}
	return buf
}

// genPseudo appends the side to move's pseudo-legal moves: every board
// move the pieces' powers (pw, or their own kinds when pw is nil) allow,
// onto a square without a piece of the mover, in each legal form, and
// every drop the drop rules allow (empty square, no dead piece unless
// the rules lift that rule, 二歩).
// Self-check and 打ち歩詰め are not tested.
func (p *Position) genPseudo(buf []Move, pw *Powers) []Move {
	us := p.side
	notOwn := p.byColor[us].Not()
	for b := p.byColor[us]; b.Any(); {
		from := b.PopLSB()
		k := p.board[from].Kind()
		var att Bitboard
		if pw == nil {
			att = kindAttacks(us, k, from, &p.lines, p.occ)
		} else {
			att = powerAttacks(us, p.powerOf(pw, from), from, &p.lines, p.occ)
		}
		buf = putMoves(buf, us, k, from, att.And(notOwn), p.dead(us, k))
	}
	return p.genDrops(buf)
}

// genDrops appends the side to move's drops allowed by the drop rules.
func (p *Position) genDrops(buf []Move) []Move { return p.genDropsExcept(buf, Bitboard{}) }

// genDropsExcept is genDrops without the pawn drops on the squares of
// noPawn.
func (p *Position) genDropsExcept(buf []Move, noPawn Bitboard) []Move {
	us := p.side
	h := p.hands[us]
	if h == 0 {
		return buf
	}
	empty := p.occ.Not()
	for _, k := range handKinds {
		if !h.Has(k) {
			continue
		}
		t := empty.AndNot(p.dead(us, k))
		if k == shogi.Pawn {
			t = t.AndNot(p.pawnFiles(us)).AndNot(noPawn)
		}
		base := Move(k)<<7 | moveDrop | pieceBits(us, k)
		for t.Any() {
			buf = append(buf, base|Move(t.PopLSB()))
		}
	}
	return buf
}

// pawnFiles returns the files holding an unpromoted pawn of c (royal or
// not), where c may not drop a pawn (二歩).
func (p *Position) pawnFiles(c Color) Bitboard {
	var out Bitboard
	for b := p.Pieces(c, shogi.Pawn); b.Any(); {
		out = out.Or(tbl.fileBB[sqFile(b.PopLSB())])
	}
	return out
}

// PseudoLegalMoves appends the side to move's pseudo-legal moves to dst:
// the moves the pieces' powers and the drop rules allow, without the
// tests for self-check and 打ち歩詰め. Every legal move is among them.
func (p *Position) PseudoLegalMoves(dst []Move) []Move {
	if p.rules.active() {
		var pw Powers
		p.powers(&pw)
		return p.genPseudo(dst, &pw)
	}
	return p.genPseudo(dst, nil)
}

// LegalMoves appends every legal move of the side to move to dst and
// returns the extended slice, every non-promotion included. It allocates
// nothing when dst has room for MaxMoves more moves.
func (p *Position) LegalMoves(dst []Move) []Move {
	if p.rules.active() {
		return p.legalWithRules(dst)
	}
	return p.legalStd(dst)
}

// legalStd appends the legal moves under standard rules. In check, or
// when the opponent has a hopper (for which any piece can become a
// hurdle), every pseudo-legal move is tried on a copy; otherwise pins
// decide: only a piece alone between an own royal and an enemy rider
// aimed at it, or a royal, can expose a royal.
func (p *Position) legalStd(dst []Move) []Move {
	us, them := p.side, p.side.Opp()
	if p.royalAttacked(us) || p.byKind[Grasshopper].Or(p.byKind[Lion]).Intersects(p.byColor[them]) {
		start := len(dst)
		dst = p.genPseudo(dst, nil)
		n := start
		for _, m := range dst[start:] {
			if p.legalAfterStd(m) && !(m.IsDrop() && m.DroppedKind() == shogi.Pawn && p.pawnDropMatesStd(m)) {
				dst[n] = m
				n++
			}
		}
		return dst[:n]
	}
	pinned := p.blockers(us)
	ksq := shogi.NoSquare
	if !p.royals[us].MoreThanOne() {
		ksq = p.royals[us].LSB()
	}
	notOwn := p.byColor[us].Not()
	var present KindSet
	for b := p.byColor[us]; b.Any(); {
		from := b.PopLSB()
		pc := p.board[from]
		k := pc.Kind()
		tos := kindAttacks(us, k, from, &p.lines, p.occ).And(notOwn)
		switch {
		case pinned.Has(from) && (pc.Royal() || ksq == shogi.NoSquare || tbl.hopKinds.Has(k)):
			// A royal shielding another royal, a piece pinned with
			// several royals on the board, or a pinned hopper (it can
			// jump along the line past the pinning piece): try each move.
			start := len(dst)
			dst = putMoves(dst, us, k, from, tos, p.dead(us, k))
			n := start
			for _, m := range dst[start:] {
				if p.legalAfterStd(m) {
					dst[n] = m
					n++
				}
			}
			dst = dst[:n]
			continue
		case pc.Royal():
			if present == 0 {
				present = p.kindsOf(them)
			}
			l := p.lines
			l.Clear(from)
			occ := p.occ.Without(from)
			for t := tos; t.Any(); {
				if to := t.PopLSB(); p.attackedBy(them, to, &l, occ, present) {
					tos = tos.Without(to)
				}
			}
		case pinned.Has(from):
			tos = tos.And(shogi.LineThrough(ksq, from))
		}
		dst = putMoves(dst, us, k, from, tos, p.dead(us, k))
	}
	// 打ち歩詰め: only pawn drops that check can mate; without hoppers of
	// the mover those stand in front of an enemy royal.
	var mates Bitboard
	if p.hands[us].Has(shogi.Pawn) {
		risky := p.occ.Not().AndNot(p.dead(us, shogi.Pawn)).AndNot(p.pawnFiles(us))
		if !p.byKind[Grasshopper].Or(p.byKind[Lion]).Intersects(p.byColor[us]) {
			var front Bitboard
			for r := p.royals[them]; r.Any(); {
				front = front.Or(tbl.rstep[us][r.PopLSB()][shogi.Pawn])
			}
			risky = risky.And(front)
		}
		for risky.Any() {
			if to := risky.PopLSB(); p.pawnDropMatesStd(NewDrop(us, shogi.Pawn, to)) {
				mates = mates.With(to)
			}
		}
	}
	return p.genDropsExcept(dst, mates)
}

// legalAfterStd reports whether pseudo-legal m leaves no royal of the
// mover attacked, by playing it on a copy.
func (p *Position) legalAfterStd(m Move) bool {
	q := *p
	q.doMove(m, nil)
	return !q.royalAttacked(p.side)
}

// pawnDropMatesStd reports whether the pawn drop m (otherwise legal) mates
// under standard rules: the opponent is then in check and has no legal
// move (打ち歩詰め, against any royal).
func (p *Position) pawnDropMatesStd(m Move) bool {
	us, them := p.side, p.side.Opp()
	if !p.byKind[Grasshopper].Or(p.byKind[Lion]).Intersects(p.byColor[us]) &&
		!tbl.step[us][shogi.Pawn][m.To()].Intersects(p.royals[them]) {
		// Without hoppers of the mover, a drop checks only by the pawn.
		return false
	}
	q := *p
	q.doMove(m, nil)
	if !q.royalAttacked(them) {
		return false
	}
	if !p.byKind[Grasshopper].Or(p.byKind[Lion]).Intersects(p.byColor[us]) {
		return !q.escapesPawnCheck(m.To())
	}
	return !q.hasLegalMoveNested()
}

// escapesPawnCheck reports whether the side to move, whose royal is
// attacked by the pawn just dropped on to and by nothing else (the
// dropping side has no hopper, so a drop uncovers no attack), has a legal
// move. Only two kinds of move can answer such a check — a capture of the
// pawn, or a move of the royal it attacks (an adjacent checker leaves no
// square to interpose on) — so only those are tried, each on a copy, and
// the first legal one ends the test. It is hasLegalMoveNested for this
// case, without generating and trying every move.
func (p *Position) escapesPawnCheck(to Square) bool {
	us := p.side
	var arr [MaxMoves]Move
	buf := arr[:0]
	attacked := tbl.step[us.Opp()][shogi.Pawn][to].And(p.royals[us])
	notOwn := p.byColor[us].Not()
	for b := p.byColor[us]; b.Any(); {
		from := b.PopLSB()
		k := p.board[from].Kind()
		tos := kindAttacks(us, k, from, &p.lines, p.occ).And(notOwn)
		if !attacked.Has(from) {
			tos = tos.And(shogi.SquareBB(to))
		}
		buf = putMoves(buf[:0], us, k, from, tos, p.dead(us, k))
		for _, m := range buf {
			if p.legalAfterStd(m) {
				return true
			}
		}
	}
	return false
}

// legalWithRules appends the legal moves under p's conditions.
func (p *Position) legalWithRules(dst []Move) []Move {
	var pw Powers
	p.powers(&pw)
	start := len(dst)
	dst = p.genPseudo(dst, &pw)
	n := start
	for _, m := range dst[start:] {
		if p.legalWith(m, &pw) {
			dst[n] = m
			n++
		}
	}
	return dst[:n]
}

// legalWith reports whether pseudo-legal m is legal under p's rules, pw
// being p's powers (steps 3 and 5 of the spec, and 打ち歩詰め).
func (p *Position) legalWith(m Move, pw *Powers) bool {
	q := *p
	q.doMove(m, pw)
	var qw Powers
	q.powers(&qw)
	if q.royalAttackedWith(p.side, &qw) {
		return false
	}
	if m.IsDrop() && m.DroppedKind() == shogi.Pawn && q.royalAttackedWith(q.side, &qw) && !q.hasLegalMoveNested() {
		return false
	}
	return true
}

// HasLegalMove reports whether the side to move has a legal move.
// It stops at the first legal move it finds.
func (p *Position) HasLegalMove() bool {
	// The buffer goes only to genPseudo: LegalMoves is recursive (through
	// the test of 打ち歩詰め), which would make it escape to the heap.
	var arr [MaxMoves]Move
	if p.rules.active() {
		var pw Powers
		p.powers(&pw)
		for _, m := range p.genPseudo(arr[:0], &pw) {
			if p.legalWith(m, &pw) {
				return true
			}
		}
		return false
	}
	for _, m := range p.genPseudo(arr[:0], nil) {
		if p.legalAfterStd(m) && !(m.IsDrop() && m.DroppedKind() == shogi.Pawn && p.pawnDropMatesStd(m)) {
			return true
		}
	}
	return false
}

// hasLegalMoveNested is HasLegalMove for the test of 打ち歩詰め inside the
// generator. The recursion would make HasLegalMove's buffer escape to the
// heap on every call; this rare path allocates its own instead.
func (p *Position) hasLegalMoveNested() bool {
	return len(p.LegalMoves(make([]Move, 0, MaxMoves))) > 0
}

// InCheck reports whether a royal of the side to move is attacked (under
// p's rules, with the powers of the start of the ply).
func (p *Position) InCheck() bool {
	if p.rules.active() {
		var pw Powers
		p.powers(&pw)
		return p.royalAttackedWith(p.side, &pw)
	}
	return p.royalAttacked(p.side)
}

// IsMate reports whether the side to move is mated: in check with no
// legal move.
func (p *Position) IsMate() bool { return p.InCheck() && !p.HasLegalMove() }

// GivesCheck reports whether the legal move m gives check: whether a royal
// of the opponent is attacked after it (under p's rules).
func (p *Position) GivesCheck(m Move) bool {
	q := *p
	q.DoMove(m)
	return q.InCheck()
}

// IsIllegalPosition reports whether p is illegal as a given position: a
// royal of the side not to move is attacked (step 5 of the spec under
// 天竺).
func (p *Position) IsIllegalPosition() bool {
	if p.rules.active() {
		var pw Powers
		p.powers(&pw)
		return p.royalAttackedWith(p.side.Opp(), &pw)
	}
	return p.royalAttacked(p.side.Opp())
}
