package variant

import (
	"math/bits"

	"github.com/tsume-shogi/tsume/shogi"
)

// hopAttacks returns the squares a c piece of hopping kind k on s attacks
// with the occupancy occ.
func hopAttacks(c Color, k Kind, s Square, occ Bitboard) Bitboard {
	var b Bitboard
	dirs := tbl.hopDirs[c][k]
	rule := kindDefs[k].Hop
	for i := 0; dirs != 0; i, dirs = i+1, dirs>>1 {
		if dirs&1 == 0 {
			continue
		}
		r := &tbl.rays[s][i]
		j := int8(0)
		for j < r.n && !occ.Has(r.sqs[j]) {
			j++
		}
		j++ // beyond the hurdle
		if j >= r.n {
			continue
		}
		if rule == GrasshopperHop {
			b = b.With(r.sqs[j])
			continue
		}
		for ; j < r.n; j++ {
			b = b.With(r.sqs[j])
			if occ.Has(r.sqs[j]) {
				break
			}
		}
	}
	return b
}

// hopAttacksTo reports whether a hopper of kind k among pcs (of colour c)
// attacks s with the occupancy occ.
func hopAttacksTo(c Color, k Kind, s Square, occ, pcs Bitboard) bool {
	dirs := tbl.hopDirs[c][k]
	rule := kindDefs[k].Hop
	for i := 0; dirs != 0; i, dirs = i+1, dirs>>1 {
		if dirs&1 == 0 {
			continue
		}
		// A hopper moving along direction i reaches s from the opposite
		// direction: walk from s along i^1 to the hurdle, then to the hopper.
		r := &tbl.rays[s][i^1]
		j := int8(0)
		for j < r.n && !occ.Has(r.sqs[j]) {
			j++
		}
		if j >= r.n || rule == GrasshopperHop && j != 0 {
			continue
		}
		for j++; j < r.n; j++ {
			if occ.Has(r.sqs[j]) {
				if pcs.Has(r.sqs[j]) {
					return true
				}
				break
			}
		}
	}
	return false
}

// kindAttacks returns the squares a c piece of kind k on s attacks, with
// the occupancy of l and occ (the same squares).
func kindAttacks(c Color, k Kind, s Square, l *shogi.Lines, occ Bitboard) Bitboard {
	b := tbl.step[c][k][s]
	if lw := tbl.rideLines[c][k]; lw != 0 {
		b = b.Or(slide(l, s, lw).And(tbl.ride[c][k][s]))
	}
	if tbl.hopDirs[c][k] != 0 {
		b = b.Or(hopAttacks(c, k, s, occ))
	}
	return b
}

// powerAttacks returns the squares a c piece on s moving with the power
// set attacks.
func powerAttacks(c Color, set KindSet, s Square, l *shogi.Lines, occ Bitboard) Bitboard {
	var b Bitboard
	for k := shogi.Pawn; set>>k != 0; k++ {
		if set.Has(k) {
			b = b.Or(kindAttacks(c, k, s, l, occ))
		}
	}
	return b
}

// AttacksFrom returns the squares the piece on s attacks in p with its own
// kind (no condition applied); none for an empty square.
func (p *Position) AttacksFrom(s Square) Bitboard {
	pc := p.board[s]
	if pc == NoPiece {
		return Bitboard{}
	}
	return kindAttacks(pc.Color(), pc.Kind(), s, &p.lines, p.occ)
}

// kindsOf returns the kinds of c's pieces on the board.
func (p *Position) kindsOf(c Color) KindSet {
	var set KindSet
	cb := p.byColor[c]
	for k := shogi.Pawn; k < NumKinds; k++ {
		if p.byKind[k].Intersects(cb) {
			set |= SetOf(k)
		}
	}
	return set
}

// attackedBy reports whether a piece of c attacks s, every piece moving
// with its own kind, with the occupancy of l and occ; present holds the
// kinds c has on the board (or more).
func (p *Position) attackedBy(c Color, s Square, l *shogi.Lines, occ Bitboard, present KindSet) bool {
	cb := p.byColor[c]
	rs := &tbl.rstep[c][s]
	if st := present & tbl.stepKinds; st != 0 {
		for b := uint32(st); b != 0; b &= b - 1 {
			k := Kind(bits.TrailingZeros32(b))
			if rs[k].And(p.byKind[k]).Intersects(cb) {
				return true
			}
		}
	}
	if rd := present & tbl.rideKinds; rd != 0 {
		rr := &tbl.rride[c][s]
		sl := slide(l, s, lineFile|lineRank|lineDiagA|lineDiagB)
		for b := uint32(rd); b != 0; b &= b - 1 {
			k := Kind(bits.TrailingZeros32(b))
			if sl.And(rr[k]).And(p.byKind[k]).Intersects(cb) {
				return true
			}
		}
	}
	if hp := present & tbl.hopKinds; hp != 0 {
		for b := uint32(hp); b != 0; b &= b - 1 {
			k := Kind(bits.TrailingZeros32(b))
			if hopAttacksTo(c, k, s, occ, p.byKind[k].And(cb)) {
				return true
			}
		}
	}
	return false
}

// AttackersTo returns c's pieces that attack s, every piece moving with
// its own kind (no condition applied).
func (p *Position) AttackersTo(c Color, s Square) Bitboard {
	return p.attackersToExcept(c, s, Bitboard{})
}

// attackersToExcept is AttackersTo leaving out the pieces on except.
func (p *Position) attackersToExcept(c Color, s Square, except Bitboard) Bitboard {
	var a Bitboard
	cb := p.byColor[c].AndNot(except)
	sl := slide(&p.lines, s, lineFile|lineRank|lineDiagA|lineDiagB)
	for k := shogi.Pawn; k < NumKinds; k++ {
		pcs := p.byKind[k].And(cb)
		if pcs.IsEmpty() {
			continue
		}
		a = a.Or(tbl.rstep[c][s][k].And(pcs))
		if tbl.rideLines[c][k] != 0 {
			a = a.Or(sl.And(tbl.rride[c][s][k]).And(pcs))
		}
		if tbl.hopDirs[c][k] != 0 {
			for b := pcs; b.Any(); {
				if x := b.PopLSB(); hopAttacks(c, k, x, p.occ).Has(s) {
					a = a.With(x)
				}
			}
		}
	}
	return a
}

// royalAttacked reports whether a royal of c is attacked (standard
// powers).
func (p *Position) royalAttacked(c Color) bool {
	b := p.royals[c]
	if b.IsEmpty() {
		return false
	}
	present := p.kindsOf(c.Opp())
	for b.Any() {
		if p.attackedBy(c.Opp(), b.PopLSB(), &p.lines, p.occ, present) {
			return true
		}
	}
	return false
}

// blockers returns c's pieces standing alone between a royal of c and an
// enemy rider aimed at it along the rider's ride (pinned pieces).
func (p *Position) blockers(c Color) Bitboard {
	them := c.Opp()
	tb := p.byColor[them]
	var out Bitboard
	for rb := p.royals[c]; rb.Any(); {
		r := rb.PopLSB()
		var snipers Bitboard
		for k := shogi.Pawn; k < NumKinds; k++ {
			if tbl.rideLines[them][k] != 0 {
				snipers = snipers.Or(tbl.rride[them][r][k].And(p.byKind[k]).And(tb))
			}
		}
		for snipers.Any() {
			s := snipers.PopLSB()
			b := shogi.Between(r, s).And(p.occ)
			if b.Any() && !b.MoreThanOne() {
				out = out.Or(b)
			}
		}
	}
	return out.And(p.byColor[c])
}
