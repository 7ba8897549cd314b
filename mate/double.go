package mate

import (
	"math/bits"

	"github.com/tsume-shogi/tsume/shogi"
)

// This file eliminates double counting (Kishimoto 2010, "Dealing with
// infinite loops, underestimation, and overestimation of depth-first
// proof-number search"): in a search graph a position reached by two
// paths from one ancestor adds its number twice to that ancestor's sum,
// its proof number at a defender's node, its disproof number at an
// attacker's, and the search then takes the ancestor for harder than it
// is and leaves it too soon.
//
// Each unfinished entry of the table keeps the tag of the node it was
// last searched from (its parent). When a node is expanded, a child whose
// entry names another parent is followed up the parents' entries; if the
// walk reaches a node of the search path (the branch root) without a
// number jumping by more than doubleThreshold on the way, both paths meet
// there, and the root's child on the walk is counted by its largest
// number instead of in the sum (maxed). The root keeps that mark in its
// own entry, so that the next expansion of it starts with it.
//
// Tags and marks are heuristics: a wrong one changes the order of the
// search, never what it proves, since a sum and a maximum are 0 together.
// Measured in docs/performance.md ("Session 48").

// doubleThreshold is how much a number may grow from a child to its
// parent on the walk for the paths to count as one: a larger jump means
// that the parent's number comes from elsewhere (Kishimoto's threshold;
// chosen by measurement, docs/performance.md "Session 47").
const doubleThreshold = 16

// maxMarks is how many of a node's first children its entry can mark.
const maxMarks = 16

// tagOf returns the tag of a board key: the bits the table's clusters are
// indexed by (clusterOf), so that the entry of a tagged position can be
// found again.
func tagOf(key uint64) uint32 {
	t := uint32(key ^ key>>32)
	if t == 0 {
		return 1 // 0 means no parent
	}
	return t
}

// parentOf returns the tag of the parent of an unfinished entry, 0 when
// it has none.
func (e *entry) parentOf() uint32 {
	return ^(uint32(uint16(e.anchor)) | uint32(uint16(e.anchor2))<<16)
}

// storeUnfinished stores the numbers of an unfinished search of (key,
// hand) with the tag of its parent, the parent's hand as a handDelta from
// hand (in the spare pieces' bits, which only proofs use) and the marks
// of its children. Stored inverted, a parent of 0 has the anchors of a
// plain store (-1).
func (t *table) storeUnfinished(key uint64, hand shogi.Hand, futile bool, pn, dn, work, parent uint32, delta uint8, marks uint16) {
	v := ^parent
	t.store(key, hand, futile, pn, dn, work, marks, delta, int16(uint16(v)), int16(uint16(v>>16)))
}

// handDelta encodes the hand of a parent from its child's: 0 the same,
// else the bit that differs (one piece) plus one, with signBit when the
// parent holds the piece fewer; unknownDelta when they differ otherwise.
func handDelta(parent, child shogi.Hand) uint8 {
	var d uint32
	var sign uint8
	switch {
	case parent == child:
		return 0
	case parent.Dominates(child):
		d = uint32(parent - child)
	case child.Dominates(parent):
		d, sign = uint32(child-parent), signBit
	}
	if d == 0 || d&(d-1) != 0 {
		return unknownDelta
	}
	return uint8(bits.TrailingZeros32(d)+1) | sign
}

const (
	signBit      = 0x20
	unknownDelta = 0x3f
)

// parentHand returns the hand of e's parent, from e's hand and its
// handDelta; ok is false when it is not known.
func (e *entry) parentHand() (h shogi.Hand, ok bool) {
	switch d := e.spare(); {
	case d == 0:
		return e.hand, true
	case d == unknownDelta:
		return 0, false
	case d&signBit != 0:
		return e.hand - shogi.Hand(1)<<(d&^signBit-1), true
	default:
		return e.hand + shogi.Hand(1)<<(d-1), true
	}
}

// marksOf returns the marks of the children of the unfinished entry of
// (key, hand) under the futile rule futile, 0 when there is none.
func (t *table) marksOf(key uint64, hand shogi.Hand, futile bool) uint16 {
	c := t.clusterOf(key)
	if t.locks != nil {
		var cp cluster
		if !t.copyCluster(key, c, &cp) {
			return 0
		}
		c = &cp
	}
	for i := range c {
		e := &c[i]
		if e.key == key && e.hand == hand && e.gen == t.gen && e.pn != 0 && e.dn != 0 && e.futile() == futile {
			return e.length
		}
	}
	return 0
}

// parentEntry returns the unfinished entry, under the futile rule futile,
// of a position with the tag tag and the attacker's hand hand; ok is false
// when there is none.
func (t *table) parentEntry(tag uint32, hand shogi.Hand, futile bool) (e entry, ok bool) {
	i := uint64(tag) & t.mask
	c := &t.clusters[i]
	if t.locks != nil {
		var cp cluster
		copyLocked(t.lockAt(i), c, &cp)
		c = &cp
	}
	for j := range c {
		e := &c[j]
		if e.gen == t.gen && e.pn != 0 && e.dn != 0 && e.futile() == futile && e.hand == hand && tagOf(e.key) == tag {
			return *e, true
		}
	}
	return entry{}, false
}

// doubleCounts sets the maxed marks of the children of the node at ply,
// just expanded: those its entry kept, and those a walk up the parents
// of a child finds counted twice at a node of the path.
func (s *search[P, PP]) doubleCounts(ply int, key uint64, hand shogi.Hand) {
	f := s.frames[ply]
	if m := s.tt.marksOf(key, hand, s.futile); m != 0 {
		for i := range min(len(f.children), maxMarks) {
			if m&(1<<i) != 0 {
				f.children[i].maxed = true
			}
		}
	}
	me := tagOf(key)
	for i := range f.children {
		c := &f.children[i]
		if c.parent != 0 && c.parent != me && c.pn != 0 && c.dn != 0 && !c.plain {
			s.walkUp(ply, c)
		}
	}
}

// walkUp follows the parents of c, a child of the node at ply last
// searched from another node, up to the search path, and marks the
// child of the node it meets there that leads to c, when the numbers
// stayed within doubleThreshold on the way: at a defender's node for its
// proof number, at an attacker's for its disproof number.
func (s *search[P, PP]) walkUp(ply int, c *child) {
	pnOK, dnOK := true, true
	key, hand, parent, phand := c.key, c.hand, c.parent, c.parentHand
	lastPn, lastDn := c.pn, c.dn
	for range ply - s.base + 1 {
		if r := s.pathAt(ply, parent, phand); r >= 0 {
			if s.path[r].or && dnOK || !s.path[r].or && pnOK {
				s.markChild(r, key, hand)
			}
			return
		}
		e, ok := s.tt.parentEntry(parent, phand, s.futile)
		if !ok {
			return
		}
		pnOK = pnOK && uint64(e.pn) <= uint64(lastPn)+doubleThreshold
		dnOK = dnOK && uint64(e.dn) <= uint64(lastDn)+doubleThreshold
		if !pnOK && !dnOK {
			return
		}
		key, hand, parent, lastPn, lastDn = e.key, e.hand, e.parentOf(), e.pn, e.dn
		if phand, ok = e.parentHand(); !ok || parent == 0 {
			return
		}
	}
}

// pathAt returns the ply of the node of the search path, from the root of
// this search to ply, whose tag is tag and attacker's hand hand; -1 if
// there is none.
func (s *search[P, PP]) pathAt(ply int, tag uint32, hand shogi.Hand) int {
	for r := ply; r >= s.base; r-- {
		if n := &s.path[r]; n.hand == hand && tagOf(n.board) == tag {
			return r
		}
	}
	return -1
}

// markChild marks the children of the node at ply that lead to (key,
// hand) as counted by their largest number.
func (s *search[P, PP]) markChild(ply int, key uint64, hand shogi.Hand) {
	f := s.frames[ply]
	for i := range f.children {
		if c := &f.children[i]; c.key == key && c.hand == hand {
			c.maxed = true
		}
	}
}

// marks returns the marks of the children of the node at ply, for its
// entry.
func (s *search[P, PP]) marks(ply int) uint16 {
	var m uint16
	f := s.frames[ply]
	for i := range min(len(f.children), maxMarks) {
		if f.children[i].maxed {
			m |= 1 << i
		}
	}
	return m
}

// parentTag returns the tag of the node the node at ply is searched
// from, and its hand as a handDelta from hand; 0 at the root of a search.
func (s *search[P, PP]) parentTag(ply int, hand shogi.Hand) (uint32, uint8) {
	if ply <= s.base {
		return 0, 0
	}
	p := &s.path[ply-1]
	return tagOf(p.board), handDelta(p.hand, hand)
}
