package mate

import "github.com/tsume-shogi/tsume/shogi"

// This file is what the search of a node leaves in the table when it
// returns (storeNode): a proof with its length, spare pieces and proof
// hand, a disproof with its depth, disproof hand and path dependency, or
// the numbers of an unfinished search with its parent and marks.

// storeNode stores the numbers of the node at ply; for a final result it
// works out the length and spare pieces (proof) or the depth and path
// dependency (disproof) from the children.
func (s *search[P, PP]) storeNode(ply int, key uint64, hand shogi.Hand, pn, dn, work uint32) {
	f := s.frames[ply]
	p := PP(&f.pos)
	or := p.SideToMove() == s.attacker
	switch {
	case pn == 0:
		// The length and spare pieces of the best proven child: the
		// shortest at an OR node, the longest at an AND node. The proof
		// needs the hand of that child's proof at an OR node, the union
		// of all the children's at an AND node.
		var length uint16
		var spare uint8
		var ph shogi.Hand
		best := -1
		exact := false
		for i := range f.children {
			c := &f.children[i]
			if c.pn != 0 {
				continue
			}
			if !or {
				ph = ph.Max(c.phand)
				exact = exact || c.exact
			}
			// A move adds its ply, except an interposition futile by
			// capture: it has the value of the position after the capture.
			v := c.length + 1
			if c.futileCap {
				v = c.length
			}
			if best < 0 ||
				or && (v < length || v == length && c.spare < spare) ||
				!or && (v > length || v == length && c.spare < spare) {
				length, spare, best = v, c.spare, i
			}
		}
		if or {
			exact = f.children[best].exact
			ph = p.ProofHandBefore(f.children[best].move, f.children[best].phand, hand)
		} else {
			ph = p.PinDrops(ph, hand)
			if s.excluding() {
				ph = s.excludedProofHand(key, hand, ph)
			}
		}
		if exact {
			ph, spare = hand, spare|exactBit
		} else {
			spare = relativeSpare(int(spare), hand, ph)
		}
		s.tt.store(key, ph, s.futile, 0, infinity, work, length, spare, -1, -1)
	case dn == 0:
		a1, a2 := int16(-1), int16(-1)
		var depth uint16
		var dh shogi.Hand
		exact := false
		if or {
			// Every child is disproven: the node depends on all of them,
			// holds to the smallest of their depths, and for the hands
			// every child's disproof holds for, without a kind more that
			// would add drops.
			depth = unlimited
			dh = noCheckDisproofHand(hand)
			for i := range f.children {
				c := &f.children[i]
				a1, a2 = mergeAnchors(a1, a2, c.anchor, c.anchor2)
				depth = min(depth, c.length)
				dh = dh.Min(p.DisproofHandBefore(c.move, c.phand))
				exact = exact || c.exact
			}
		} else {
			// One disproven child suffices: the least dependent, then the
			// deepest — but not, under the discount rule, a dropped
			// interposition not tested for futility by capture (mid tests
			// the first disproven child only): it may be futile with these
			// plies left, and then it refutes nothing, however deep its
			// own disproof (docs/solver.md, "Futile by capture").
			best, first := -1, -1
			for i := range f.children {
				c := &f.children[i]
				if c.dn != 0 {
					continue
				}
				if first < 0 {
					first = i
				}
				if s.untestedInterposition(p, c) {
					continue
				}
				if best < 0 || !c.exact && exact ||
					c.exact == exact && (c.anchor < a1 || c.anchor == a1 && c.length > depth) {
					a1, a2, depth, best, exact = c.anchor, c.anchor2, c.length, i, c.exact
				}
			}
			if best < 0 {
				// Not expected (mid tests the first disproven child and
				// goes on to the next when it turns out futile); should it
				// happen, the first disproven child, as before.
				best = first
				c := &f.children[best]
				a1, a2, depth, exact = c.anchor, c.anchor2, c.length, c.exact
			}
			// The defender's move is there for any smaller attacker hand,
			// unless it drops a piece the defender would then lack.
			c := &f.children[best]
			if s.futile && s.limited && droppedInterposition(p, c.move) {
				// A dropped interposition refutes with these plies left
				// because it is not futile by capture with them; with
				// more plies it may be (its capture's mate may then fit),
				// so the disproof holds to these plies only, however
				// deep the interposition's own (無双47: "no mate within
				// 15" where 14 plies mate, docs/performance.md).
				depth = min(depth, s.remaining(ply)-1)
			}
			dh = c.phand
			if c.move.IsDrop() {
				// (A fairy piece's kind is past the table's hands, which
				// are empty for fairy positions.)
				if k := c.move.DroppedKind(); k < shogi.NumKinds {
					dh = dh.Set(k, min(dh.Count(k), hand.Count(k)))
				}
			}
			if s.excluding() {
				dh = s.excludedDisproofHand(key, hand, dh)
			}
		}
		if !dh.Dominates(hand) || exact {
			dh = hand // (not dominating cannot happen: the disproof holds at least for hand)
		}
		depth = incDepth(depth)
		// A repetition of this very node is no reason to doubt its
		// disproof: a mate from here cannot pass through here again.
		a1, a2 = discharge(a1, a2, int16(ply))
		// A disproof that depends on nothing keeps its work; one that
		// depends on the path, in its pn and aux words, the identity of
		// the positions it may depend on (dependentID).
		pnWord, aux := infinity, work
		if a1 >= 0 {
			pnWord, aux = dependentID(s.dependencyID(a1, a2))
		}
		var meta uint8
		if exact {
			meta = exactBit
		}
		s.tt.store(key, dh, s.futile, pnWord, 0, aux, depth, meta, a1, a2)
	default:
		if s.par != nil && s.resolvedElsewhere(key, hand, ply) {
			return
		}
		parent, delta := s.parentTag(ply, hand)
		s.tt.storeUnfinished(key, hand, s.futile, pn, dn, work, parent, delta, s.marks(ply))
	}
}
