package fairymate

import "github.com/tsume-shogi/tsume/variant"

// This file is the futile-by-capture rule of the Discount mode, the same
// definition as package mate's (docs/solver.md, "Futile by capture"), over
// variant positions: an interposition that the plain rule counts is futile
// when the attacker can capture the interposed piece with a check after
// which, the piece given back to the defender (Q'), the defender is mated
// within the plies the node has, and (with plies left) another defence
// that counts takes them all. Positions are keyed exactly here (no hand
// superiority), so the rule needs no hand bookkeeping.

// interposes reports whether r, a reply of the defender to move in p,
// drops a piece on a square strictly between a royal in check and the
// single piece that checks it along a line: the interpositions the futile
// rules may discount (a moved interposition, 移動合, always counts, as in
// package mate; docs/solver.md).
func interposes(p *variant.Position, r variant.Move) bool {
	if !r.IsDrop() {
		return false
	}
	_, _, line, ok := checkLine(p, powersOf(p))
	return ok && line.Has(r.To())
}

// capturedBack returns Q': the position after the interposition r in p
// and the attacker's capture a of the interposed piece, with that piece
// (as its base kind) taken from the attacker's hand back to the
// defender's.
func capturedBack(p *variant.Position, r, a variant.Move) variant.Position {
	q := *p
	q.DoMove(r)
	k := variant.Def(q.PieceAt(r.To()).Kind()).Base
	q.DoMove(a)
	att := q.SideToMove().Opp()
	q.SetHand(att, q.Hand(att).Remove(k))
	q.SetHand(att.Opp(), q.Hand(att.Opp()).Add(k))
	return q
}

// allInterpose reports whether every move of moves, replies of the
// defender in p, is a dropped interposition.
func allInterpose(p *variant.Position, moves []variant.Move) bool {
	_, _, line, ok := checkLine(p, powersOf(p))
	if !ok {
		return false
	}
	for _, r := range moves {
		if !r.IsDrop() || !line.Has(r.To()) {
			return false
		}
	}
	return true
}

// captures returns the attacker's checks after r, in p, that capture the
// interposed piece.
func captures(p *variant.Position, r variant.Move) []variant.Move {
	q := *p
	q.DoMove(r)
	var out []variant.Move
	for _, a := range q.Checks(nil) {
		if !a.IsDrop() && a.To() == r.To() {
			out = append(out, a)
		}
	}
	return out
}

// maxCaptureLevels bounds the recursion of matedAtOnce (each level brings
// the checker one square closer).
const maxCaptureLevels = 12

// matedAtOnce reports whether the defender to move in p, whose replies
// under the plain rules are moves and plain (the ones the plain rule
// leaves out), is mated at once by the rule: every reply of moves is an
// interposition that the attacker captures so that Q' is again mated at
// once, and every reply of plain one that the attacker captures with a
// check after which, the piece in its hand, the defender is again mated at
// once (the plain rule needs a mate after the interposition,
// plainfutile.go).
//
// Drops on one square lead to the same Q' whatever the piece: its result
// is worked out once per square. It also settles a plain drop there: the
// position after the capture with the piece in the attacker's hand is Q'
// with one piece fewer in the defender's hand, and the attacker's hand
// plays no part here but in the exclusions, which a larger one only
// widens, so a defender mated at once in Q' is so there too (fewer
// replies, each settled as in Q').
func (s *solver) matedAtOnce(p *variant.Position, moves, plain []variant.Move, level int) bool {
	if len(moves) == 0 && len(plain) == 0 {
		return true
	}
	if level >= maxCaptureLevels || len(moves) != 0 && !allInterpose(p, moves) {
		return false
	}
	var tested, futile variant.Bitboard
	// back reports whether a capture of r leaves Q' mated at once.
	back := func(r variant.Move) bool {
		to := r.To()
		if r.IsDrop() && tested.Has(to) {
			return futile.Has(to)
		}
		ok := false
		for _, a := range captures(p, r) {
			qa := capturedBack(p, r, a)
			if c, pl := s.split(&qa); s.matedAtOnce(&qa, c, pl, level+1) {
				ok = true
				break
			}
		}
		if r.IsDrop() {
			tested = tested.With(to)
			if ok {
				futile = futile.With(to)
			}
		}
		return ok
	}
	for _, r := range moves {
		if !back(r) {
			return false
		}
	}
	for _, r := range plain {
		if r.IsDrop() && back(r) {
			continue
		}
		ok := false
		for _, a := range captures(p, r) {
			qa := *p
			qa.DoMove(r)
			qa.DoMove(a)
			if c, pl := s.split(&qa); s.matedAtOnce(&qa, c, pl, level+1) {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// split returns the replies of the defender in p that the plain rules
// count (the same list as the search's expansion) and the ones the plain
// rule leaves out; none when p is not in check.
func (s *solver) split(p *variant.Position) (counted, plain []variant.Move) {
	if !p.InCheck() {
		return nil, nil
	}
	excluded := s.excludedAt(p)
	for _, m := range replies(p, nil) {
		q := *p
		q.DoMove(m)
		switch {
		case s.plainFutile(p, &q, m):
			plain = append(plain, m)
		case !s.discounted(p, &q, m, excluded):
			counted = append(counted, m)
		}
	}
	return counted, plain
}

// Capture states of a defender's child during one visit of its node.
const (
	capUntested int8 = iota
	capFutile
	capCounted
)

// tryCaptures looks, at the defender's node p at ply with d plies left
// (d >= 2), at every disproven interposition not yet tested in this
// visit, and decides whether it is futile by capture. It returns true
// when one became futile (the node's value must be combined again).
func (s *solver) tryCaptures(p *variant.Position, ply int, d int16, moves []variant.Move, keys []uint64, f *frame) bool {
	cd := child(d)
	changed := false
	for i, m := range moves {
		if f.cap[i] != capUntested {
			continue
		}
		c := s.lookup(keys[i], cd)
		if c.dn != 0 {
			continue
		}
		if !interposes(p, m) {
			return changed // the node is disproven anyway
		}
		f.cap[i] = capCounted
		var qRng int16 = infDepth
		a1, a2, first := int16(-1), int16(-1), true
		found := false
		var proof int16
		for _, a := range captures(p, m) {
			qa := capturedBack(p, m, a)
			v := s.searchAside(&qa, ply, d)
			switch {
			case v.pn == 0:
				found, proof = true, v.proof
			case v.dn == 0:
				qRng = min(qRng, v.rng)
				a1, a2 = merge(a1, a2, v.a1, v.a2, first)
				first = false
				continue
			default:
				f.cap[i] = capUntested // a stop
				return changed
			}
			break
		}
		if !found {
			f.capRng[i], f.capA1[i], f.capA2[i] = qRng, a1, a2
			return changed
		}
		switch s.attained(p, ply, d, moves, keys, f, i) {
		case 1:
			f.cap[i], f.capProof[i] = capFutile, proof
			changed = true
		case 0:
			f.capRng[i], f.capA1[i], f.capA2[i] = infDepth, -1, -1
			return changed
		default:
			f.cap[i] = capUntested
			return changed
		}
	}
	return changed
}

// searchAside searches q, a defender's position that is not a child of
// the node at ply but stands for one, with d plies left, and returns its
// value. A placeholder on the path keeps the path's sides alternating.
func (s *solver) searchAside(q *variant.Position, ply int, d int16) value {
	key := q.Key()
	if v := s.lookup2(key, d); v.pn == 0 || v.dn == 0 || s.stopped {
		return v
	}
	s.path = append(s.path, pathEntry{})
	f := s.frameAt(ply + 2)
	f.aside = *q
	s.search(&f.aside, ply+2, d, infPN, infPN)
	s.path = s.path[:len(s.path)-1]
	return s.lookup2(key, d)
}

// lookup2 is lookup for a position two plies below the current node (a
// grandchild's place).
func (s *solver) lookup2(key uint64, d int16) value {
	s.path = append(s.path, pathEntry{})
	v := s.lookup(key, d)
	s.path = s.path[:len(s.path)-1]
	return v
}

// attained reports (1 yes, 0 no, -1 a stop) whether a defence of the
// node other than move i, one that counts (not an interposition, or one
// mated within d-1 plies), is not mated within d-3 plies.
func (s *solver) attained(p *variant.Position, ply int, d int16, moves []variant.Move, keys []uint64, f *frame, i int) int {
	cd := child(d)
	for j, m := range moves {
		if j == i || f.cap[j] == capFutile {
			continue
		}
		inter := interposes(p, m)
		c := s.lookup(keys[j], cd)
		if inter {
			if c.dn == 0 {
				continue
			}
			if c.pn != 0 {
				c = s.searchChild(p, m, ply, cd)
				switch {
				case c.dn == 0:
					continue
				case c.pn != 0:
					return -1
				}
			}
		} else if c.dn == 0 {
			return 1 // the node is disproven anyway
		}
		if d < 3 {
			return 1
		}
		if c.pn == 0 && c.proof+3 <= d {
			continue
		}
		v := s.searchChild(p, m, ply, d-3)
		switch {
		case v.dn == 0:
			return 1
		case v.pn != 0:
			return -1
		}
	}
	return 0
}

// searchChild searches the child of p (at ply) after m with d plies left
// and returns its value.
func (s *solver) searchChild(p *variant.Position, m variant.Move, ply int, d int16) value {
	f := s.frameAt(ply)
	q := *p
	q.DoMove(m)
	key := q.Key()
	if v := s.lookup(key, d); v.pn == 0 || v.dn == 0 || s.stopped {
		return v
	}
	f.child = q
	s.search(&f.child, ply+1, d, infPN, infPN)
	return s.lookup(key, d)
}
