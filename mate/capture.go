package mate

import "github.com/tsume-shogi/tsume/shogi"

// This file is the third futile-interposition rule of the Discount mode,
// a rule of the search: futile by capture (see "Futile interpositions" in
// docs/solver.md). An interposition the plain rule counts (next to the
// king, or guarded) is futile when the attacker can capture the
// interposed piece with a check after which the defender is mated within
// the plies it had before the interposition without the attacker keeping
// the piece: the position after the capture with the captured piece given
// back to the defender's hand (Q'). The interposition and its capture are
// then not counted.

// capturedBack returns the position after the defender's interposition r
// in p and the attacker's capture a of the interposed piece, with that
// piece (as its unpromoted kind) taken from the attacker's hand and given
// back to the defender's: the position Q' of the rule.
func capturedBack(p *shogi.Position, r, a shogi.Move) shogi.Position {
	q := *p
	q.DoMove(r)
	k := q.PieceAt(r.To()).Kind().Demote()
	q.DoMove(a)
	attacker := q.SideToMove().Opp()
	q.SetHand(attacker, q.Hand(attacker).Remove(k))
	q.SetHand(attacker.Opp(), q.Hand(attacker.Opp()).Add(k))
	return q
}

// captureBuffers returns the move buffers of recursion level n of the
// futile-by-capture tests.
func (s *search[P, PP]) captureBuffers(n int) (replies, checks, removed []shogi.Move) {
	for len(s.capBufs) < 3*(n+1) {
		s.capBufs = append(s.capBufs, make([]shogi.Move, 0, shogi.MaxMoves))
	}
	return s.capBufs[3*n][:0], s.capBufs[3*n+1][:0], s.capBufs[3*n+2][:0]
}

// capturePositions returns the positions of recursion level n of
// matedAtOnce: fields, not locals, so that the calls through the type
// parameter do not move them to the heap.
func (s *search[P, PP]) capturePositions(n int) (q, qa *P) {
	for len(s.capPos) <= n {
		s.capPos = append(s.capPos, new([2]P))
	}
	return &s.capPos[n][0], &s.capPos[n][1]
}

// maxCaptureLevels bounds the recursion of matedAtOnce: each level puts
// the checker one square closer to the king, so seven levels cover the
// longest line of the board.
const maxCaptureLevels = 8

// matedAtOnce reports whether the defender to move in p, in check, is
// mated at once under Discount: it has no reply but futile interpositions
// of the plain rule and interpositions futile by capture with no ply
// left, each of which the attacker can capture with a check after which,
// the piece given back, the defender is again mated at once.
//
// It answers false quickly unless every reply is an interposition.
func (s *search[P, PP]) matedAtOnce(p *P) bool {
	return s.matedAtOnceLevel(p, 0)
}

func (s *search[P, PP]) matedAtOnceLevel(p *P, level int) bool {
	if level >= maxCaptureLevels || !PP(p).InCheck() {
		return false
	}
	replies, checks, removed := s.captureBuffers(level)
	replies, removed = s.repliesSplit(p, replies, removed)
	for _, r := range replies {
		if !droppedInterposition(PP(p), r) {
			return false
		}
	}
	// Drops on one square lead to the same position Q' whatever the
	// piece: the result is worked out once per square.
	// The interpositions the plain rule leaves out (removed) need a mate
	// after them too: here the same test, which suffices (with the piece
	// in the attacker's hand the defender has one piece less).
	var tested, futile shogi.Bitboard
	n := len(replies)
	for i := range n + len(removed) {
		var r shogi.Move
		if i < n {
			r = replies[i]
		} else {
			r = removed[i-n]
		}
		to := r.To()
		if r.IsDrop() && tested.Has(to) {
			if !futile.Has(to) {
				return false
			}
			continue
		}
		ok := false
		q, qa := s.capturePositions(level)
		*q = *p
		PP(q).DoMove(r)
		checks = PP(q).Checks(checks[:0])
		for _, a := range checks {
			if a.To() != to {
				continue
			}
			*qa = PP(p).CapturedBack(r, a)
			if s.matedAtOnceLevel(qa, level+1) {
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
		if !ok {
			return false
		}
	}
	return true
}

// tryCapture decides whether c, a disproven interposition of the
// defender at the node of frame ply (rem plies left), is futile by
// capture:
//
//  1. some check capturing the interposed piece leads to a position Q'
//     (the piece given back) mated within rem plies — each Q' is searched
//     at ply+1 as if it were a child;
//  2. and another defence of the node, one that counts, takes the whole
//     rem plies: the interposition does not decide the length.
//
// When it is, c becomes a proven child whose value is that of Q'
// (futileCap: not one ply more). When 1 fails, c stays disproven, its
// depth and hand lowered to what the Q' disproofs hold for. When 2 fails,
// c stays disproven for this very hand only (exact): with fewer attacker
// pieces another defence may be longer. A stop leaves c unknown.
func (s *search[P, PP]) tryCapture(ply int, c *child) {
	c.capTried = true
	f := s.frames[ply]
	p := &f.pos
	rem := s.remaining(ply)
	if c.length > rem {
		// No mate within rem-1 after the interposition: then none within
		// rem-2 after its capture, with the piece, and none within rem
		// in Q', without it (the capture's ply aside, Q' has a smaller
		// attacker hand).
		return
	}
	q := &f.capQ
	*q = *p
	PP(q).DoMove(c.move)
	k := PP(q).HandKind(c.move.To()) // the interposed piece's kind in hand
	_, checks, _ := s.captureBuffers(0)
	checks = PP(q).Checks(checks[:0])
	// The checks are copied: the searches below reuse the buffers.
	var caps [16]shogi.Move
	n := 0
	for _, a := range checks {
		if a.To() == c.move.To() && n < len(caps) {
			caps[n] = a
			n++
		}
	}
	if n == 0 {
		return
	}
	// The comparison with the other defences first: it is usually
	// settled by the table, and when it fails no Q' need be searched.
	if s.attained(ply, c, rem, false) == no {
		c.exact = true
		return
	}
	depth, dh := c.length, c.phand
	a1, a2 := c.anchor, c.anchor2
	var proof result
	found := false
	for _, a := range caps[:n] {
		// Q, the position after the capture with the piece in the
		// attacker's hand, has more: if the table knows it not mated
		// within rem, neither is Q'.
		full := &f.capFull
		*full = *q
		PP(full).DoMove(a)
		if r := s.tt.lookup(PP(full).BoardKey(), PP(full).Hand(s.attacker), rem, s.futile, s); r.dn == 0 && r.hand != 0 && r.hand.Has(k) {
			if r.length < unlimited {
				depth = min(depth, r.length-1)
			}
			dh = dh.Min(r.hand.Remove(k))
			a1, a2 = mergeAnchors(a1, a2, r.anchor, r.anchor2)
			continue
		}
		qa := &f.capQa
		*qa = PP(p).CapturedBack(c.move, a)
		r := s.searchChildless(ply+1, qa, rem)
		switch {
		case r.pn == 0:
			proof, found = r, true
		case r.dn == 0:
			if r.length < unlimited {
				depth = min(depth, r.length-1)
			}
			dh = dh.Min(r.hand)
			a1, a2 = mergeAnchors(a1, a2, r.anchor, r.anchor2)
			continue
		default:
			c.pn, c.dn = 1, 1 // a stop (or a lost entry): unknown
			return
		}
		break
	}
	if !found {
		c.length, c.phand, c.anchor, c.anchor2 = depth, dh, a1, a2
		return
	}
	switch s.attained(ply, c, rem, true) {
	case yes:
		c.pn, c.dn, c.length, c.spare, c.phand, c.anchor, c.anchor2 = 0, infinity, proof.length, proof.spare, proof.hand, -1, -1
		c.futileCap, c.exact = true, true
	case no:
		c.exact = true
	default:
		c.pn, c.dn = 1, 1
	}
}

// answer is yes, no or unknown (a stop).
type answer int

const (
	unknown answer = iota
	yes
	no
)

// attained reports whether a defence of the node of frame ply (rem plies
// left) other than c, one that counts, is not mated within rem-3 plies:
// the node's length is then rem whatever c does. An interposition counts
// when it is mated within rem-1 plies without the futile-by-capture rule;
// one disproven within rem-1 is passed over (if it is not futile, the
// node is not mated anyway). Without search, it takes the table's word
// only, and answers unknown where that is not enough.
func (s *search[P, PP]) attained(ply int, c *child, rem uint16, search bool) answer {
	f := s.frames[ply]
	p := PP(&f.pos)
	passes := 2
	if !search {
		passes = 1
	}
	undecided := false
	for pass := 0; pass < passes; pass++ {
		for i := range f.children {
			j := &f.children[i]
			if j == c || j.futileCap {
				continue
			}
			interposition := droppedInterposition(p, j.move)
			switch {
			case interposition && j.dn == 0:
				continue
			case rem < 3 && (!interposition || j.pn == 0):
				return yes // any counted defence takes the two plies
			case j.pn == 0 && j.length+3 <= rem:
				continue // mated within rem-3
			case j.dn == 0:
				return yes // the node is disproven anyway
			case pass == 0:
				undecided = true
				continue // the table's word first, searches on the second pass
			}
			q := &f.attQ
			*q = f.pos
			PP(q).DoMove(j.move)
			if interposition && j.pn != 0 {
				// Does it count at all?
				r := s.searchChildless(ply+1, q, rem-1)
				switch {
				case r.dn == 0:
					continue
				case r.pn != 0:
					return unknown
				case rem < 3:
					return yes
				case r.length+3 <= rem:
					continue
				}
			}
			r := s.searchChildless(ply+1, q, rem-3)
			switch {
			case r.dn == 0:
				return yes
			case r.pn != 0:
				return unknown
			}
		}
	}
	if undecided && !search {
		return unknown
	}
	return no
}

// searchChildless searches q, a position that is not a child of the node
// at ply-1 but is searched in a child's place, with rem plies left, and
// returns what the table then knows of it.
func (s *search[P, PP]) searchChildless(ply int, q *P, rem uint16) result {
	qq := PP(q)
	if a, ok := s.onPath(qq.Key()); ok {
		// A repetition: a capture that leads back to a position being
		// searched proves nothing (a disproof that holds while the path
		// stays, as for a child).
		return result{pn: infinity, dn: 0, length: unlimited, hand: qq.Hand(s.attacker), anchor: int16(a), anchor2: -1}
	}
	saved := s.limit
	s.limit = ply + int(rem)
	defer func() { s.limit = saved }()
	r := s.tt.lookup(qq.BoardKey(), qq.Hand(s.attacker), rem, s.futile, s)
	if r.pn == 0 || r.dn == 0 || s.stopped != nil {
		return r
	}
	s.frame(ply).pos = *q
	s.mid(ply, infinity, infinity)
	return s.tt.lookup(qq.BoardKey(), qq.Hand(s.attacker), rem, s.futile, s)
}

// untestedInterposition reports whether c, a child of the defender's node
// in p, is a dropped interposition whose futility by capture the search
// has not tested, in a depth-limited search under the discount rule: its
// disproof is then no refutation of the node (it may be futile).
func (s *search[P, PP]) untestedInterposition(p PP, c *child) bool {
	return s.futile && s.limited && !c.capTried && droppedInterposition(p, c.move)
}
