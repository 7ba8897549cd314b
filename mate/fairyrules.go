package mate

import (
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// This file holds the futile-interposition rules over the positions of
// package variant (fairyPos): those of package mate with royals for the
// king and the powers of the rules (天竺, 安南) for the pieces' kinds
// (docs/fairy.md). The attacks are read from the kind table directly,
// independently of package variant's attack tables.

// fairyShift returns the square off from s for a piece of colour c, and
// whether it is on the board (White's offsets have their rank step
// negated, as in package variant).
func fairyShift(s variant.Square, c variant.Color, o variant.Offset) (variant.Square, bool) {
	dr := int(o.DR)
	if c == shogi.White {
		dr = -dr
	}
	f, r := s.File()+int(o.DF), s.Rank()+dr
	if f < 1 || f > 9 || r < 1 || r > 9 {
		return 0, false
	}
	return shogi.NewSquare(f, r), true
}

// fairyAttacks reports whether a piece of colour c on x moving with the
// power set attacks t in p.
func fairyAttacks(p *variant.Position, c variant.Color, set variant.KindSet, x, t variant.Square) bool {
	occ := p.Occupied()
	for k := shogi.Pawn; k < variant.NumKinds; k++ {
		if !set.Has(k) {
			continue
		}
		def := variant.Def(k)
		for _, o := range def.Steps {
			if s, ok := fairyShift(x, c, o); ok && s == t {
				return true
			}
		}
		for _, o := range def.Rides {
			for s, ok := fairyShift(x, c, o); ok; s, ok = fairyShift(s, c, o) {
				if s == t {
					return true
				}
				if occ.Has(s) {
					break
				}
			}
		}
		for _, o := range def.Hops {
			s, ok := fairyShift(x, c, o)
			for ok && !occ.Has(s) {
				s, ok = fairyShift(s, c, o)
			}
			if !ok {
				continue
			}
			for s, ok = fairyShift(s, c, o); ok; s, ok = fairyShift(s, c, o) {
				if s == t {
					return true
				}
				if def.Hop == variant.GrasshopperHop || occ.Has(s) {
					break
				}
			}
		}
	}
	return false
}

// fairyPowerOf returns the power of the piece on s: pw's when the rules
// have a condition, else its own kind.
func fairyPowerOf(p *variant.Position, pw *variant.Powers, s variant.Square) variant.KindSet {
	if pw != nil {
		return pw.Get(s)
	}
	return variant.SetOf(p.PieceAt(s).Kind())
}

// fairyPowers returns the powers of p's pieces, or nil under the
// standard rules (every piece moves with its own kind).
func fairyPowers(p *variant.Position) *variant.Powers {
	if r := p.Rules(); r == nil || len(r.Conditions()) == 0 {
		return nil
	}
	return p.Powers()
}

// fairyAttackers returns c's pieces that attack t in p with the powers pw
// (nil: their own kinds).
func fairyAttackers(p *variant.Position, pw *variant.Powers, c variant.Color, t variant.Square) variant.Bitboard {
	if pw == nil {
		return p.AttackersTo(c, t)
	}
	var a variant.Bitboard
	for b := p.ByColor(c); b.Any(); {
		x := b.PopLSB()
		if fairyAttacks(p, c, fairyPowerOf(p, pw, x), x, t) {
			a = a.With(x)
		}
	}
	return a
}

// fairyBetween returns the squares strictly between the checker on from
// and the royal on to when the checker attacks it by a ride along their
// line (with its power set, for colour c), and whether it does.
func fairyBetween(p *variant.Position, c variant.Color, set variant.KindSet, from, to variant.Square) (variant.Bitboard, bool) {
	occ := p.Occupied()
	for k := shogi.Pawn; k < variant.NumKinds; k++ {
		if !set.Has(k) {
			continue
		}
		for _, o := range variant.Def(k).Rides {
			var b variant.Bitboard
			for s, ok := fairyShift(from, c, o); ok; s, ok = fairyShift(s, c, o) {
				if s == to {
					return b, b.Any()
				}
				if occ.Has(s) {
					break
				}
				b = b.With(s)
			}
		}
	}
	return variant.Bitboard{}, false
}

// adjacent reports whether two squares touch (a king's step apart).
func adjacent(a, b variant.Square) bool {
	df, dr := a.File()-b.File(), a.Rank()-b.Rank()
	return df >= -1 && df <= 1 && dr >= -1 && dr <= 1
}

// VariantIsFutileInterposition reports whether r, a legal reply of the
// side to move in p (which is in check), is a futile interposition
// (無駄合): the rule of IsFutileInterposition with royals for the king and
// the powers of the rules for the pieces' kinds:
//
//   - exactly one royal of the side to move is attacked, by exactly one
//     piece, and that piece attacks it by a ride (with its power) along
//     their line;
//   - r drops a piece on a square s strictly between them (a moved
//     interposition, 移動合, is never futile: docs/solver.md);
//   - s is not next to the attacked royal, and after r no piece of the
//     side that played it attacks s (with the powers of the position after
//     r);
//   - the checking piece can legally capture on s.
func VariantIsFutileInterposition(p *variant.Position, r variant.Move) bool {
	if !r.IsDrop() {
		return false
	}
	q := *p
	q.DoMove(r)
	return fairyIsFutile(p, &q, r)
}

// fairyIsFutile is VariantIsFutileInterposition with q the position after
// r.
func fairyIsFutile(p, q *variant.Position, r variant.Move) bool {
	if !r.IsDrop() {
		return false // a moved interposition (移動合) always counts
	}
	royal, checker, line, ok := fairyCheckLine(p, fairyPowers(p))
	to := r.To()
	if !ok || !line.Has(to) || adjacent(to, royal) {
		return false
	}
	def := p.SideToMove()
	if fairyAttackers(q, fairyPowers(q), def, to).Any() {
		return false
	}
	k := q.PieceAt(checker).Kind()
	att := def.Opp()
	return q.IsLegal(variant.NewBoardMove(att, k, checker, to, false)) ||
		q.IsLegal(variant.NewBoardMove(att, k, checker, to, true))
}

// fairyCheckLine returns, when exactly one royal of the side to move in p
// is attacked (with the powers pw, nil for the pieces' own kinds), by
// exactly one piece, and that piece attacks it by a ride along their line,
// the royal, the checker and the squares strictly between them; ok is
// false otherwise.
func fairyCheckLine(p *variant.Position, pw *variant.Powers) (royal, checker variant.Square, line variant.Bitboard, ok bool) {
	def := p.SideToMove()
	att := def.Opp()
	n := 0
	for b := p.Royals(def); b.Any(); {
		s := b.PopLSB()
		a := fairyAttackers(p, pw, att, s)
		if a.IsEmpty() {
			continue
		}
		if n++; n > 1 || a.MoreThanOne() {
			return 0, 0, variant.Bitboard{}, false
		}
		royal, checker = s, a.LSB()
	}
	if n != 1 {
		return 0, 0, variant.Bitboard{}, false
	}
	line, ok = fairyBetween(p, att, fairyPowerOf(p, pw, checker), checker, royal)
	return royal, checker, line, ok
}

// fairyReplies appends the legal moves of the side to move in p, which is
// in check, to dst. Under the standard rules with no enemy hopper on the
// board, a drop can only answer a check by standing between a rider and
// the royal it attacks, so the other drops are not tried: the generator
// of package variant tries every pseudo-legal move, some four hundred
// drops for a defender with a full hand. Otherwise it is p.LegalMoves.
func fairyReplies(p *variant.Position, dst []variant.Move) []variant.Move {
	us := p.SideToMove()
	them := us.Opp()
	if r := p.Rules(); r != nil && len(r.Conditions()) > 0 ||
		p.Pieces(them, variant.Grasshopper).Or(p.Pieces(them, variant.Lion)).Any() {
		return p.LegalMoves(dst)
	}
	var block variant.Bitboard
	for b := p.Royals(us); b.Any(); {
		r := b.PopLSB()
		for a := p.AttackersTo(them, r); a.Any(); {
			x := a.PopLSB()
			if line, ok := fairyBetween(p, them, variant.SetOf(p.PieceAt(x).Kind()), x, r); ok {
				block = block.Or(line)
			}
		}
	}
	start := len(dst)
	dst = p.PseudoLegalMoves(dst)
	n := start
	for _, m := range dst[start:] {
		if m.IsDrop() && !block.Has(m.To()) {
			continue
		}
		if fairyLegalStd(p, m) {
			dst[n] = m
			n++
		}
	}
	return dst[:n]
}

// fairyLegalStd reports whether m, a pseudo-legal move of p under the
// standard rules, is legal: it leaves no royal of the mover attacked and,
// if it drops a pawn, does not mate (打ち歩詰め). It is p.IsLegal without
// the powers (which variant computes for every condition) and without
// the tests of a pseudo-legal move's shape.
func fairyLegalStd(p *variant.Position, m variant.Move) bool {
	q := *p
	q.DoMove(m)
	if q.IsIllegalPosition() {
		return false
	}
	return !m.IsDrop() || m.DroppedKind() != shogi.Pawn || !q.InCheck() || q.HasLegalMove()
}

// fairySame reports whether a and b have the same board, hands, side to
// move and carried powers (the move number aside).
func fairySame(a, b *variant.Position) bool {
	if a.Key() != b.Key() || a.SideToMove() != b.SideToMove() || a.Hand(0) != b.Hand(0) || a.Hand(1) != b.Hand(1) {
		return false
	}
	for s := variant.Square(0); s < 81; s++ {
		if a.PieceAt(s) != b.PieceAt(s) {
			return false
		}
		pa, oka := a.CarriedPower(s)
		pb, okb := b.CarriedPower(s)
		if oka != okb || pa != pb {
			return false
		}
	}
	return true
}

// VariantFutileByTransposition reports whether r, a legal reply of the
// side to move in p (the defender, in check), is futile by transposition:
// the rule of package mate (docs/solver.md, "Futile by transposition")
// with royals for the king and the powers of the rules for the pieces'
// kinds; the positions compared include the carried powers.
func VariantFutileByTransposition(p *variant.Position, r variant.Move) bool {
	return futileByTransposition((*fairyPos)(p), r)
}

// VariantAttackersTo returns the pieces of c that attack t in p with the
// powers the rules give them (天竺, 安南), or their own kinds.
func VariantAttackersTo(p *variant.Position, c variant.Color, t variant.Square) variant.Bitboard {
	return fairyAttackers(p, fairyPowers(p), c, t)
}

// VariantRideLine returns the squares strictly between the piece on from
// and the square to, when that piece attacks to by a ride along their
// line with the powers the rules give it in p (天竺, 安南), and whether it
// does; a step, a jump or a ride of one square gives false.
func VariantRideLine(p *variant.Position, from, to variant.Square) (variant.Bitboard, bool) {
	pc := p.PieceAt(from)
	if pc == variant.NoPiece {
		return variant.Bitboard{}, false
	}
	return fairyBetween(p, pc.Color(), fairyPowerOf(p, fairyPowers(p), from), from, to)
}
