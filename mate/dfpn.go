package mate

import (
	"context"
	"time"
	"unsafe"

	"github.com/tsume-shogi/tsume/shogi"
)

// This file is the df-pn search (depth-first proof-number search, Nagai
// 2002) under tsume rules: at OR nodes the attacker plays checks only, at
// AND nodes the defender plays any legal reply. A search may carry a depth
// limit, so that "is there a mate within d plies?" is a df-pn question
// like any other. See docs/solver.md.

// child is one move of an expanded node with what the search knows of the
// position it leads to.
type child struct {
	move    shogi.Move
	key     uint64     // the child's board key
	full    uint64     // the child's full key, for repetition
	hand    shogi.Hand // the attacker's hand in the child
	pn, dn  uint32
	length  uint16 // proven: plies to mate; disproven: depth
	spare   uint8
	phand   shogi.Hand // proven: the attacker's hand the proof needs
	anchor  int16      // disproven: path dependency (-1: none)
	anchor2 int16
	// unestimated marks an interposing drop waiting behind another one
	// (andNumbers), new to the table, whose disproof number is worked out
	// only when its turn comes.
	unestimated bool
	// loose marks an interposing drop on a square that the defender does
	// not guard, without check (positionOps.Loose): such drops wait for
	// each other across squares too.
	loose bool
	// capTried marks an interposition whose futility by capture was
	// tested (capture.go); futileCap one found futile: it is proven with
	// the value of the position after the capture, not one ply more.
	capTried, futileCap bool
	// exact: the child's final result holds for its very hand only.
	exact bool
	// plain marks an interposition futile by the plain rule, searched
	// without a depth limit (plainfutile.go).
	plain bool
	// borrowed: pn and dn are the numbers of an unfinished search under
	// the other futile rule (table.lookup).
	borrowed bool
}

func (c *child) set(r result) {
	c.pn, c.dn, c.length, c.spare, c.phand, c.anchor, c.anchor2 = r.pn, r.dn, r.length, r.spare, r.hand, r.anchor, r.anchor2
	c.exact, c.borrowed = r.exact, r.borrowed
}

// frame is the search state at one ply.
type frame[P any] struct {
	pos      P
	children []child
	moves    []shogi.Move
	// removed holds the defender's interpositions left out as futile by
	// the plain rule, not yet children (appendPlainFutile).
	removed []shogi.Move
	// The positions of the futile-by-capture tests at this ply
	// (tryCapture, attained): fields, not locals, so that the calls
	// through the type parameter do not move them to the heap.
	capQ, capFull, capQa, attQ P
}

// search is a df-pn search over one table, of positions of type P (see
// positionOps); its settings (futile rule, depth limit) may change
// between calls of searchAt.
type search[P any, PP positionOps[P]] struct {
	tt       *table
	attacker shogi.Color
	futile   bool // leave futile interpositions out of the defender's replies
	// excluded lists the interpositions found futile by transposition,
	// also left out with futile (empty for nearly every problem).
	excluded []exclusion
	readOnly bool // reading a line: take the table's word, search nothing
	limited  bool // a depth limit applies:
	limit    int  // the attacker must mate by this ply

	ctx      context.Context
	deadline time.Time
	maxNodes uint64
	nodes    uint64
	stopped  error
	progress func()
	best     int // the length of the best proof of the root so far, for progress (0: none)

	scratch P // the position after a child's move, in expand and estimateReply
	*buffers[P]

	// par is shared with the other threads of a parallel search
	// (parallel.go; nil with one thread); helper marks a helper thread.
	par    *parallel[P, PP]
	helper bool
}

func newSearch[P any, PP positionOps[P]](tt *table, attacker shogi.Color) *search[P, PP] {
	return reusing[P, PP](tt, attacker, nil)
}

func (s *search[P, PP]) frame(ply int) *frame[P] {
	for len(s.frames) <= ply {
		s.frames = append(s.frames, &frame[P]{
			children: make([]child, 0, 64),
			moves:    make([]shogi.Move, 0, shogi.MaxMoves),
			removed:  make([]shogi.Move, 0, shogi.MaxMoves),
		})
	}
	return s.frames[ply]
}

// remaining returns the plies left at ply: unlimited without a depth
// limit, else the limit minus the ply (at least 0).
func (s *search[P, PP]) remaining(ply int) uint16 {
	if !s.limited {
		return unlimited
	}
	return uint16(max(s.limit-ply, 0))
}

// incDepth is d+1 for disproof depths, unlimited staying unlimited.
func incDepth(d uint16) uint16 {
	if d >= unlimited-1 {
		return d
	}
	return d + 1
}

// lookupChild fills c from a repetition on the path (a disproof that
// depends on the repeated ancestor), from an ancestor the child, a
// position after a reply of the defender, is inferior to under the count
// rule (a disproof that depends on that ancestor: docs/solver.md,
// "Inferior positions") or from the table; found is false when none
// knows anything.
func (s *search[P, PP]) lookupChild(c *child, ply int) (found bool) {
	if c.plain {
		return s.lookupPlain(c, ply)
	}
	if a, ok := s.onPath(c.full); ok {
		c.set(result{pn: infinity, dn: 0, length: unlimited, hand: c.hand, anchor: int16(a), anchor2: -1})
		return true
	}
	if !s.futile {
		if a, ok := s.inferiorOnPath(c.key, c.hand); ok {
			c.set(result{pn: infinity, dn: 0, length: unlimited, hand: c.hand, anchor: int16(a), anchor2: -1})
			return true
		}
	}
	r := s.tt.lookup(c.key, c.hand, s.remaining(ply+1), s.futile, s)
	c.set(r)
	return r.found
}

// waitingPn is what an interposing drop waiting for another one
// (andNumbers) adds to the proof number of its node.
const waitingPn = 2

// branchPn is what a defender's node with two replies or more adds to the
// sum of their proof numbers: the node itself, a branch of the proof tree
// that the leaves alone do not count. Without it two defences, each a long
// forced line of one check and one reply at a time, weigh as little as one
// of those lines, however deep: the search goes on down a chase whose
// numbers never grow while a shorter proof waits. A node with one reply
// passes its reply's number on unchanged: on the 611 plies of 寿, a maze of
// forced king moves, a cost at every node sent the search sideways (31%
// more nodes at 8; 20% with the branches only, at 16). Half the weight of
// one escape of the king (escapeWeight), chosen by measurement
// (docs/performance.md, "Session 35").
const branchPn = escapeWeight / 2

// epsilonShift sets the 1+ε trick (Pawlewicz & Lew 2007): a child is
// searched until its number exceeds the second best by a quarter, not by
// one, so that the search switches between siblings less often.
const epsilonShift = 2

// childThreshold returns the threshold of the best child given the second
// best number, always above it: a second best at the saturated infinity-1
// (sums through transpositions and cycles can reach it without a proof or
// disproof) gives infinity, not infinity-1, else a node whose children are
// all saturated would hand its best child the child's own number as the
// threshold and call it again and again, a node each time, for nothing.
func childThreshold(second uint32) uint32 {
	if second >= infinity-1 {
		return infinity
	}
	return addSat(second, max(1, second>>epsilonShift))
}

// disproofCap is the most that a check of an attacker's node, other than
// the one with the largest disproof number, adds to the node's disproof
// number (orDisproof).
const disproofCap = 32

// orDisproofs gathers, in the one pass over an attacker's node's checks
// that finds the smallest proof number, what its disproof number and its
// best check's threshold are made of: the largest disproof number, the
// second largest (the largest of the others when the largest is the
// best's) and the sum of every check's number capped at disproofCap.
type orDisproofs struct {
	largest, second uint32
	at              int // the index of a check with the largest number
	capped          uint64
}

func (o *orDisproofs) add(i int, d uint32) {
	if d > o.largest || o.at < 0 {
		o.second, o.largest, o.at = o.largest, d, i
	} else if d > o.second {
		o.second = d
	}
	o.capped += uint64(min(d, disproofCap))
}

// disproof returns the disproof number of the node from its checks': the
// largest, plus each other one's up to disproofCap. Not their sum, which
// grows with every check met along a long chase and counts again the
// positions reached by more than one path (Kishimoto 2010), so that a
// defender's node whose replies enter the same chase sees each reply's
// number grow past the others' as it is searched and goes from one to the
// next. Nor the largest plus one for each other check (weak proof-number
// search, Ueda et al. 2008), which lost 図巧83's exact length: a check not
// yet searched, or refuted in a few nodes, counts as the sum counts it.
// Measured in docs/performance.md ("Session 24: the capped disproof
// sum").
func (o *orDisproofs) disproof() uint32 {
	others := o.capped - uint64(min(o.largest, disproofCap))
	return addSat(o.largest, uint32(min(others, uint64(infinity))))
}

// childThreshold returns the disproof threshold of the check best, whose
// disproof number is dn, of the node searched with the threshold thdn:
// the disproof number of the check at which the node's (disproof)
// reaches thdn, above the check's own.
func (o *orDisproofs) childThreshold(best int, dn, thdn uint32) uint32 {
	// The others' largest number and capped sum.
	largest := int64(o.largest)
	if best == o.at {
		largest = int64(o.second)
	}
	others := int64(o.capped) - int64(min(dn, disproofCap))
	th := int64(thdn)
	var x int64
	if th >= largest+others {
		// The check's number is the node's largest: x + others.
		x = th - others
	} else {
		// Below the others' largest the check adds min(x, disproofCap);
		// past what that can add, it must become the largest.
		x = largest
		if need := th - largest - others + min(largest, disproofCap); need <= disproofCap {
			x = need
		}
	}
	x = max(x, int64(dn)+1)
	return uint32(min(x, int64(infinity)))
}

// lowest tracks, over the numbers of a node's children, the index of the
// smallest, the smallest, the second smallest and its index (next).
type lowest struct {
	best, next  int
	val, second uint32
}

func (l *lowest) add(i int, v uint32) {
	if v < l.val {
		l.best, l.next, l.second, l.val = i, l.best, l.val, v
	} else if v < l.second {
		l.next, l.second = i, v
	}
}

// mid is the df-pn procedure: it searches the position of frame ply until
// its proof number reaches thpn or its disproof number thdn, and stores the
// outcome in the table.
func (s *search[P, PP]) mid(ply int, thpn, thdn uint32) {
	s.countNode()
	f := s.frame(ply)
	s.frame(ply + 1)
	p := PP(&f.pos)
	key, hand := p.BoardKey(), p.Hand(s.attacker)
	full := p.Key()
	s.push(full, key, hand, p.SideToMove() == s.attacker)
	defer s.pop()
	if s.par != nil && p.SideToMove() != s.attacker {
		// A position after a check: divert reads how many threads
		// search it.
		s.par.markBusy(full, 1)
		defer s.par.markBusy(full, -1)
	}

	if !s.expand(ply, key, hand) {
		return
	}
	or := p.SideToMove() == s.attacker
	start := s.nodes
	for {
		var pn, dn uint32
		low := lowest{best: -1, next: -1, val: infinity, second: infinity}
		ors := orDisproofs{at: -1}
		if or {
			for i := range f.children {
				low.add(i, f.children[i].pn)
				ors.add(i, f.children[i].dn)
			}
			pn = low.val
			dn = ors.disproof()
		} else {
			pn = s.andNumbers(ply, &low)
			dn = low.val
			if pn != 0 && len(f.children) > 1 { // addSat keeps a saturated sum where it is
				pn = addSat(pn, branchPn)
			}
		}
		if pn == 0 && !or && len(f.removed) != 0 {
			// Proven but for the interpositions the plain rule leaves
			// out: now they become children, searched as the positions
			// after their capture.
			s.appendPlainFutile(ply)
			continue
		}
		best, second := low.best, low.second
		if pn == 0 || dn == 0 || pn >= thpn || dn >= thdn || s.stopped != nil {
			s.storeNode(ply, key, hand, pn, dn, uint32(min(s.nodes-start, 1<<31)))
			return
		}
		if s.par != nil && or {
			// Another thread may be searching the best check (at AND
			// nodes the threads take the same reply: parallel.go).
			best, second = s.divert(f, &low, thpn)
		}
		c := &f.children[best]
		var cth, cdh uint32
		if or {
			cth = min(thpn, childThreshold(second))
			cdh = ors.childThreshold(best, c.dn, thdn)
		} else {
			cth = thpn - pn + c.pn
			cdh = min(thdn, childThreshold(second))
		}
		next := s.frames[ply+1]
		next.pos = f.pos
		PP(&next.pos).DoMove(c.move)
		if c.plain {
			s.searchPlain(ply, cth, cdh)
		} else {
			s.mid(ply+1, cth, cdh)
		}
		// The child's search went through much of the table: fetch this
		// node's cluster again, for the store that may come next.
		prefetch(unsafe.Pointer(s.tt.clusterOf(key)))
		if s.tt.locks != nil {
			prefetch(unsafe.Pointer(s.tt.lockOf(key)))
		}
		if !s.lookupChild(c, ply) {
			// Only a stop leaves a searched child out of the table.
			c.pn, c.dn = 1, 1
		}
	}
}

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
		s.tt.store(key, hand, s.futile, pn, dn, work, 0, 0, -1, -1)
	}
}

// searchAt searches pos, reached from the root by the positions of
// ancestors (its path, for repetitions), with rem plies left (unlimited:
// no depth limit), and returns what the table then knows of it.
func (s *search[P, PP]) searchAt(ancestors []P, pos *P, rem uint16) result {
	ply := len(ancestors)
	s.limited = rem != unlimited
	s.limit = ply + int(rem)
	s.pushAncestors(ancestors)
	defer s.popAncestors(ancestors)
	if r := s.lookupAt(pos, rem); r.pn == 0 || r.dn == 0 || s.stopped != nil {
		return r
	}
	s.frame(ply).pos = *pos
	if s.par == nil || s.readOnly {
		s.mid(ply, infinity, infinity)
		return s.lookupAt(pos, rem)
	}
	s.beginParallel(ancestors, pos, rem)
	s.mid(ply, infinity, infinity)
	s.endParallel()
	for {
		r := s.lookupAt(pos, rem)
		if r.pn == 0 || r.dn == 0 || s.stopped != nil {
			return r
		}
		// The root's answer, found by a helper or by this thread, is no
		// longer in the table (pushed out by other entries): this
		// thread finds it again alone.
		s.mid(ply, infinity, infinity)
	}
}

// lookupAt returns what the table knows of pos with rem plies left.
func (s *search[P, PP]) lookupAt(pos *P, rem uint16) result {
	return s.tt.lookup(PP(pos).BoardKey(), PP(pos).Hand(s.attacker), rem, s.futile, s)
}
