package mate

import (
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

// An unfinished entry keeps the tag of the node it was searched from,
// with that node's hand, and the marks of its children; a lookup gives
// the parent to the child, marksOf the marks, and parentEntry finds the
// parent's entry from its tag and hand.
func TestUnfinishedEntryKeepsParentAndMarks(t *testing.T) {
	tt := newTestTable(t)
	child, parent := sameCluster(0), sameCluster(1)^0xabc<<40
	hand := parseHand(t, "P")
	phand := parseHand(t, "2P") // the attacker dropped a pawn on the way
	tt.storeUnfinished(parent, phand, false, 5, 7, 10, 0, 0, 1<<3|1<<15)
	tt.storeUnfinished(child, hand, false, 3, 4, 1, tagOf(parent), handDelta(phand, hand), 0)

	r := tt.lookup(child, hand, unlimited, false, noPath{})
	if r.pn != 3 || r.dn != 4 || r.parent != tagOf(parent) || r.parentHand != phand {
		t.Fatalf("child: pn %d dn %d parent %#x hand %v, want 3 4 %#x %v", r.pn, r.dn, r.parent, r.parentHand, tagOf(parent), phand)
	}
	if got := tt.marksOf(parent, phand, false); got != 1<<3|1<<15 {
		t.Errorf("marks %016b, want %016b", got, 1<<3|1<<15)
	}
	if got := tt.marksOf(parent, hand, false); got != 0 {
		t.Errorf("marks of another hand %016b, want none", got)
	}
	e, ok := tt.parentEntry(tagOf(parent), phand, false)
	if !ok || e.key != parent || e.pn != 5 || e.dn != 7 || e.parentOf() != 0 {
		t.Errorf("parentEntry: %+v %v, want the parent's entry without a parent", e, ok)
	}
	if _, ok := tt.parentEntry(tagOf(parent), hand, false); ok {
		t.Error("parentEntry found the parent with another hand")
	}
	if _, ok := tt.parentEntry(tagOf(parent), phand, true); ok {
		t.Error("parentEntry found the parent under the other futile rule")
	}
	// The other futile rule borrows the numbers, not the parent.
	if r := tt.lookup(child, hand, unlimited, true, noPath{}); !r.borrowed || r.parent != 0 {
		t.Errorf("borrowed: %+v, want the numbers without a parent", r)
	}
	// A plain store (an estimate) has no parent.
	tt.storeIfFree(sameCluster(2), hand, false, 2, 2)
	if r := tt.lookup(sameCluster(2), hand, unlimited, false, noPath{}); r.parent != 0 {
		t.Errorf("estimate: parent %#x, want none", r.parent)
	}
	// A final result of the parent is no unfinished entry to walk through.
	tt.store(parent, phand, false, infinity, 0, 0, unlimited, 0, -1, -1)
	if _, ok := tt.parentEntry(tagOf(parent), phand, false); ok {
		t.Error("parentEntry found a disproof")
	}
}

// The parent's hand is the child's, or one piece more (the attacker
// dropped it) or less (the attacker captured it), for every kind; hands
// that differ otherwise are not kept, and the child then has no parent.
func TestHandDeltaRoundTrip(t *testing.T) {
	tt := newTestTable(t)
	base := parseHand(t, "R2G2S3P")
	kinds := []shogi.Kind{shogi.Pawn, shogi.Lance, shogi.Knight, shogi.Silver, shogi.Gold, shogi.Bishop, shogi.Rook}
	cases := []struct {
		parent shogi.Hand
		known  bool
	}{{base, true}, {base.Add(shogi.Gold).Add(shogi.Pawn), false}, {base.Remove(shogi.Rook).Add(shogi.Pawn), false}}
	for _, k := range kinds {
		cases = append(cases, struct {
			parent shogi.Hand
			known  bool
		}{base.Add(k), true})
		if base.Has(k) {
			cases = append(cases, struct {
				parent shogi.Hand
				known  bool
			}{base.Remove(k), true})
		}
	}
	for i, c := range cases {
		key := sameCluster(i % 3)
		tt.storeUnfinished(key, base, false, 1, 1, 0, 0x1234, handDelta(c.parent, base), 0)
		r := tt.lookup(key, base, unlimited, false, noPath{})
		switch {
		case c.known && (r.parent != 0x1234 || r.parentHand != c.parent):
			t.Errorf("parent hand %v: got %#x %v", c.parent, r.parent, r.parentHand)
		case !c.known && r.parent != 0:
			t.Errorf("parent hand %v, two pieces off: got a parent %#x %v", c.parent, r.parent, r.parentHand)
		}
	}
}

// A parent's entry is found from its tag after the table's prefix grew
// and moved it to another cluster.
func TestParentEntryAfterGrowth(t *testing.T) {
	tt, err := newTable(1)
	if err != nil {
		t.Fatal(err)
	}
	tt.newGeneration()
	tt.resize(64)
	hand := parseHand(t, "G")
	var keys []uint64
	for i := range 100 {
		k := uint64(i+1)*0x9e3779b97f4a7c15 | 1
		keys = append(keys, k)
		tt.storeUnfinished(k, hand, false, uint32(i+1), 1, 0, 0, 0, 0)
	}
	tt.grow()
	found := 0
	for i, k := range keys {
		if e, ok := tt.parentEntry(tagOf(k), hand, false); ok {
			if e.key != k || e.pn != uint32(i+1) {
				t.Fatalf("key %#x: found %#x pn %d", k, e.key, e.pn)
			}
			found++
		} else if r := tt.lookup(k, hand, unlimited, false, noPath{}); r.found {
			t.Errorf("key %#x: in the table, not found by its tag", k)
		}
	}
	if found < 50 {
		t.Errorf("found %d of 100", found)
	}
}

// doubleCountSearch returns a search whose path is three nodes, boards
// 0x100, 0x200 and 0x300 (an attacker's, a defender's, an attacker's),
// with the root's children rootChildren and the last node's child c, and
// a table holding the unfinished entries given.
func doubleCountSearch(t *testing.T, rootChildren []child, c child, entries []entry) *search[stdPos, *stdPos] {
	t.Helper()
	tt := newTestTable(t)
	for _, e := range entries {
		tt.storeUnfinished(e.key, e.hand, false, e.pn, e.dn, 0, e.parentOf(), 0, 0)
	}
	s := newSearch[stdPos](tt, shogi.Black)
	for ply, board := range []uint64{0x100, 0x200, 0x300} {
		s.frame(ply)
		s.push(board, board, 0, ply%2 == 0)
	}
	s.frames[0].children = append(s.frames[0].children[:0], rootChildren...)
	s.frames[1].children = s.frames[1].children[:0]
	s.frames[2].children = append(s.frames[2].children[:0], c)
	return s
}

// withParent returns an unfinished entry of key with the numbers pn and
// dn, searched from the node with the board key parent (same hand).
func withParent(key, parent uint64, pn, dn uint32) entry {
	v := ^tagOf(parent)
	return entry{key: key, pn: pn, dn: dn, anchor: int16(uint16(v)), anchor2: int16(uint16(v >> 16))}
}

// A child of the node at ply 2 that was searched from another node, X,
// itself a child of the root, reaches the root by two paths (through X,
// and through the root's child on the path): the walk up its parents
// marks X at the root, an attacker's node, when the disproof numbers
// stay within doubleThreshold on the way, and not when they jump.
func TestWalkUpMarksTheBranchRoot(t *testing.T) {
	const x, y, c = 0x1000, 0x2000, 0x3000
	for _, tc := range []struct {
		name   string
		xDn    uint32
		marked bool
	}{
		{"numbers close", 9 + doubleThreshold, true},
		{"disproof number jumps", 10 + doubleThreshold, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := []child{{key: 0x200}, {key: x}, {key: y}}
			ch := child{key: c, pn: 5, dn: 9, parent: tagOf(x)}
			s := doubleCountSearch(t, root, ch, []entry{withParent(x, 0x100, 3, tc.xDn)})
			s.walkUp(2, &s.frames[2].children[0])
			got := s.frames[0].children
			if got[1].maxed != tc.marked || got[0].maxed || got[2].maxed {
				t.Errorf("maxed %v %v %v, want only X (%v)", got[0].maxed, got[1].maxed, got[2].maxed, tc.marked)
			}
			if m := s.marks(0); tc.marked != (m == 1<<1) {
				t.Errorf("marks %03b", m)
			}
		})
	}
}

// A walk that reaches a node off the path whose entry is gone, or whose
// parent is unknown, marks nothing; a child searched from this very node
// is not walked (doubleCounts).
func TestWalkUpStopsWithoutALink(t *testing.T) {
	const x, c = 0x1000, 0x3000
	root := []child{{key: 0x200}, {key: x}}
	s := doubleCountSearch(t, root, child{key: c, pn: 5, dn: 9, parent: tagOf(x)}, nil)
	s.walkUp(2, &s.frames[2].children[0])
	if s.frames[0].children[1].maxed {
		t.Error("marked without the parent's entry")
	}
	s = doubleCountSearch(t, root, child{key: c, pn: 5, dn: 9, parent: tagOf(x)}, []entry{{key: x, pn: 3, dn: 9, anchor: -1, anchor2: -1}})
	s.walkUp(2, &s.frames[2].children[0])
	if s.frames[0].children[1].maxed {
		t.Error("marked through a parent without a parent")
	}
	s = doubleCountSearch(t, root, child{key: c, pn: 5, dn: 9, parent: tagOf(0x300)}, []entry{withParent(x, 0x100, 3, 9)})
	s.doubleCounts(2, 0x300, 0)
	if s.frames[0].children[1].maxed || s.frames[2].children[0].maxed {
		t.Error("a child searched from this node was walked")
	}
}

// At a defender's branch root the proof numbers are checked: the root is
// the node at ply 1 when the walk meets the path there.
func TestWalkUpDefenderRoot(t *testing.T) {
	const x, c = 0x1000, 0x3000
	for _, tc := range []struct {
		name   string
		xPn    uint32
		marked bool
	}{
		{"numbers close", 5 + doubleThreshold, true},
		{"proof number jumps", 6 + doubleThreshold, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ch := child{key: c, pn: 5, dn: 9, parent: tagOf(x)}
			s := doubleCountSearch(t, nil, ch, []entry{withParent(x, 0x200, tc.xPn, 1)})
			s.frames[1].children = append(s.frames[1].children[:0], child{key: 0x300}, child{key: x})
			s.walkUp(2, &s.frames[2].children[0])
			if got := s.frames[1].children[1].maxed; got != tc.marked {
				t.Errorf("maxed %v, want %v", got, tc.marked)
			}
		})
	}
}
