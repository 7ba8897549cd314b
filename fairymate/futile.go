package fairymate

import (
	"slices"

	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// shift returns the square off from s for a piece of colour c, and whether
// it is on the board (White's offsets have their rank step negated, as in
// package variant).
func shift(s variant.Square, c variant.Color, o variant.Offset) (variant.Square, bool) {
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

// attacks reports whether a piece of colour c on x moving with the power
// set attacks t in p. It reads the kind table directly, independently of
// the attack tables of package variant.
func attacks(p *variant.Position, c variant.Color, set variant.KindSet, x, t variant.Square) bool {
	occ := p.Occupied()
	for k := shogi.Pawn; k < variant.NumKinds; k++ {
		if !set.Has(k) {
			continue
		}
		def := variant.Def(k)
		for _, o := range def.Steps {
			if s, ok := shift(x, c, o); ok && s == t {
				return true
			}
		}
		for _, o := range def.Rides {
			for s, ok := shift(x, c, o); ok; s, ok = shift(s, c, o) {
				if s == t {
					return true
				}
				if occ.Has(s) {
					break
				}
			}
		}
		for _, o := range def.Hops {
			s, ok := shift(x, c, o)
			for ok && !occ.Has(s) {
				s, ok = shift(s, c, o)
			}
			if !ok {
				continue
			}
			for s, ok = shift(s, c, o); ok; s, ok = shift(s, c, o) {
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

// powerOf returns the power of the piece on s: pw's when the rules have a
// condition, else its own kind.
func powerOf(p *variant.Position, pw *variant.Powers, s variant.Square) variant.KindSet {
	if pw != nil {
		return pw.Get(s)
	}
	return variant.SetOf(p.PieceAt(s).Kind())
}

// powersOf returns the powers of p's pieces, or nil under the standard
// rules (every piece moves with its own kind).
func powersOf(p *variant.Position) *variant.Powers {
	if r := p.Rules(); r == nil || len(r.Conditions()) == 0 {
		return nil
	}
	return p.Powers()
}

// attackers returns c's pieces that attack t in p with the powers pw
// (nil: their own kinds).
func attackers(p *variant.Position, pw *variant.Powers, c variant.Color, t variant.Square) variant.Bitboard {
	if pw == nil {
		return p.AttackersTo(c, t)
	}
	var a variant.Bitboard
	for b := p.ByColor(c); b.Any(); {
		x := b.PopLSB()
		if attacks(p, c, powerOf(p, pw, x), x, t) {
			a = a.With(x)
		}
	}
	return a
}

// between returns the squares strictly between the checker on from and
// the royal on to when the checker attacks it by a ride along their line
// (with its power set, for colour c), and whether it does.
func between(p *variant.Position, c variant.Color, set variant.KindSet, from, to variant.Square) (variant.Bitboard, bool) {
	occ := p.Occupied()
	for k := shogi.Pawn; k < variant.NumKinds; k++ {
		if !set.Has(k) {
			continue
		}
		for _, o := range variant.Def(k).Rides {
			var b variant.Bitboard
			for s, ok := shift(from, c, o); ok; s, ok = shift(s, c, o) {
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

// IsFutileInterposition reports whether r, a legal reply of the side to
// move in p (which is in check), is a futile interposition (無駄合): the
// rule of package mate (docs/solver.md) with royals for the king and the
// powers of the rules for the pieces' kinds:
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
func IsFutileInterposition(p *variant.Position, r variant.Move) bool {
	q := *p
	q.DoMove(r)
	return isFutile(p, &q, r)
}

// discounted reports whether the search leaves r, a reply of the defender
// in p (q the position after it), out of the defender's replies: under
// Discount, a futile interposition by the plain rule, or one of excluded
// (the main-line exclusions applying at p, see transposition.go). It is
// the one place where the futile rules reach the search: a further rule
// applied at every node is added here, one applied to the main line only
// in lineFutile.
func (s *solver) discounted(p, q *variant.Position, r variant.Move, excluded []variant.Move) bool {
	return s.discount && (isFutile(p, q, r) || slices.Contains(excluded, r))
}

// plainFutile reports whether r, a reply of the defender in p (q the
// position after it), is one that discounted leaves out by the plain rule:
// the search keeps it aside, to be searched once the rest of its node is
// proven, since the rule needs a mate after it (plainfutile.go).
func (s *solver) plainFutile(p, q *variant.Position, r variant.Move) bool {
	return s.discount && isFutile(p, q, r)
}

// isFutile is IsFutileInterposition with q the position after r.
func isFutile(p, q *variant.Position, r variant.Move) bool {
	if !r.IsDrop() {
		return false // a moved interposition (移動合) always counts
	}
	royal, checker, line, ok := checkLine(p, powersOf(p))
	to := r.To()
	if !ok || !line.Has(to) || adjacent(to, royal) {
		return false
	}
	def := p.SideToMove()
	if attackers(q, powersOf(q), def, to).Any() {
		return false
	}
	k := q.PieceAt(checker).Kind()
	att := def.Opp()
	return q.IsLegal(variant.NewBoardMove(att, k, checker, to, false)) ||
		q.IsLegal(variant.NewBoardMove(att, k, checker, to, true))
}

// checkLine returns, when exactly one royal of the side to move in p is
// attacked (with the powers pw, nil for the pieces' own kinds), by exactly
// one piece, and that piece attacks it by a ride along their line, the
// royal, the checker and the squares strictly between them; ok is false
// otherwise.
func checkLine(p *variant.Position, pw *variant.Powers) (royal, checker variant.Square, line variant.Bitboard, ok bool) {
	def := p.SideToMove()
	att := def.Opp()
	n := 0
	for b := p.Royals(def); b.Any(); {
		s := b.PopLSB()
		a := attackers(p, pw, att, s)
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
	line, ok = between(p, att, powerOf(p, pw, checker), checker, royal)
	return royal, checker, line, ok
}
