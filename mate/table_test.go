package mate

import (
	"slices"
	"testing"
	"unsafe"

	"github.com/tsume-shogi/tsume/shogi"
)

// noPath is a search path with nothing on it.
type noPath struct{}

func (noPath) dependencyAt(int16, int16) (uint64, bool) { return 0, false }

// sameCluster returns the i-th of keys that all share the cluster of a
// table made by newTable(0) (64 clusters).
func sameCluster(i int) uint64 { return uint64(i+1)<<16 | 5 }

func parseHand(t *testing.T, s string) shogi.Hand {
	t.Helper()
	p, err := shogi.ParseSFEN("4k4/9/9/9/9/9/9/9/9 b " + s + " 1")
	if err != nil {
		t.Fatal(err)
	}
	return p.Hand(shogi.Black)
}

func newTestTable(t *testing.T) *table {
	t.Helper()
	tt, err := newTable(0)
	if err != nil {
		t.Fatal(err)
	}
	tt.newGeneration()
	return tt
}

// A proof made with hand H holds for every hand that dominates H, and only
// when the search has at least its length left.
func TestTableProofHandAndLength(t *testing.T) {
	tt := newTestTable(t)
	k := sameCluster(0)
	tt.store(k, parseHand(t, "G"), false, 0, infinity, 1, 9, 0, -1, -1)
	for _, c := range []struct {
		hand   string
		rem    uint16
		proven bool
	}{
		{"G", 9, true},
		{"GP", 9, true},
		{"2G", unlimited, true},
		{"S", 9, false}, // does not dominate G
		{"-", 9, false},
		{"G", 7, false}, // too few plies left
	} {
		r := tt.lookup(k, parseHand(t, c.hand), c.rem, false, noPath{})
		if got := r.pn == 0; got != c.proven || got && r.length != 9 {
			t.Errorf("hand %s, %d plies left: pn %d length %d, want proven %v", c.hand, c.rem, r.pn, r.length, c.proven)
		}
	}
}

// A proof's spare pieces follow the hand it serves: a proof found with
// the hand G L that needs only G (the lance unused, one spare piece) ends
// with no spare piece played with G alone, and with more with more.
func TestTableProofSpareFollowsTheHand(t *testing.T) {
	tt := newTestTable(t)
	k := sameCluster(0)
	ph := parseHand(t, "G")
	tt.store(k, ph, false, 0, infinity, 1, 9, relativeSpare(1, parseHand(t, "GL"), ph), -1, -1)
	for _, c := range []struct {
		hand  string
		spare uint8
	}{
		{"G", 0},
		{"GL", 1},
		{"GLP", 2},
		{"2GL", 2},
	} {
		r := tt.lookup(k, parseHand(t, c.hand), 9, false, noPath{})
		if r.pn != 0 || r.spare != c.spare {
			t.Errorf("hand %s: pn %d spare %d, want a proof with %d spare", c.hand, r.pn, r.spare, c.spare)
		}
	}
	// Of two proofs, the one with fewer spare pieces for the hand looked up.
	tt.store(k, parseHand(t, "GL"), false, 0, infinity, 1, 9, relativeSpare(0, parseHand(t, "GL"), parseHand(t, "GL")), -1, -1)
	if r := tt.lookup(k, parseHand(t, "GLP"), 9, false, noPath{}); r.spare != 1 {
		t.Errorf("hand GLP with the proofs of G and of G L: spare %d, want 1", r.spare)
	}
}

// A disproof made with hand H holds for every hand H dominates, and only
// when the search has no more plies left than its depth.
func TestTableDisproofHandAndDepth(t *testing.T) {
	tt := newTestTable(t)
	k := sameCluster(0)
	tt.store(k, parseHand(t, "GP"), false, infinity, 0, 1, 11, 0, -1, -1)
	for _, c := range []struct {
		hand      string
		rem       uint16
		disproven bool
	}{
		{"GP", 11, true},
		{"G", 11, true},
		{"-", 5, true},
		{"2G", 11, false}, // a larger hand may mate
		{"GP", 13, false}, // more plies may mate
	} {
		r := tt.lookup(k, parseHand(t, c.hand), c.rem, false, noPath{})
		if got := r.dn == 0; got != c.disproven {
			t.Errorf("hand %s, %d plies left: dn %d, want disproven %v", c.hand, c.rem, r.dn, c.disproven)
		}
	}
}

// A search that discounts futile interpositions may use the proofs of one
// that counts them, not their disproofs; the other way round, disproofs
// carry over and proofs do not.
func TestTableFutileRuleSharing(t *testing.T) {
	tt := newTestTable(t)
	h := parseHand(t, "G")
	proofCount, proofDiscount := sameCluster(0), sameCluster(1)
	tt.store(proofCount, h, false, 0, infinity, 1, 5, 0, -1, -1)
	tt.store(proofDiscount, h, true, 0, infinity, 1, 5, 0, -1, -1)
	disproofCount, disproofDiscount := sameCluster(2), sameCluster(3)
	tt.store(disproofCount, h, false, infinity, 0, 1, 5, 0, -1, -1)
	tt.store(disproofDiscount, h, true, infinity, 0, 1, 5, 0, -1, -1)
	for _, c := range []struct {
		name   string
		key    uint64
		futile bool
		final  bool
	}{
		{"count proof, discounting search", proofCount, true, true},
		{"discount proof, counting search", proofDiscount, false, false},
		{"count disproof, discounting search", disproofCount, true, false},
		{"discount disproof, counting search", disproofDiscount, false, true},
	} {
		r := tt.lookup(c.key, h, 5, c.futile, noPath{})
		if got := r.pn == 0 || r.dn == 0; got != c.final {
			t.Errorf("%s: pn %d dn %d, want final %v", c.name, r.pn, r.dn, c.final)
		}
	}
}

// A full cluster gives up a path-dependent disproof first, then the
// unfinished entry with the least work, then the disproof, then the proof
// with the least work.
func TestTableReplacementOrder(t *testing.T) {
	tt := newTestTable(t)
	h := parseHand(t, "G")
	proof, disproof, open, pathDisproof := sameCluster(0), sameCluster(1), sameCluster(2), sameCluster(3)
	tt.store(proof, h, false, 0, infinity, 1, 5, 0, -1, -1)
	tt.store(disproof, h, false, infinity, 0, 1, 5, 0, -1, -1)
	tt.store(open, h, false, 3, 4, 1000, 0, 0, -1, -1)
	tt.store(pathDisproof, h, false, infinity, 0, 7, 5, 0, 0, -1)
	present := func(k uint64) bool {
		for _, e := range tt.clusterOf(k) {
			if e.key == k && e.gen == tt.gen {
				return true
			}
		}
		return false
	}
	for i, gone := range []uint64{pathDisproof, open, disproof, proof} {
		if !present(gone) {
			t.Fatalf("entry %d gone too early", i)
		}
		tt.store(sameCluster(10+i), h, false, 0, infinity, 1<<20, 3, 0, -1, -1)
		if present(gone) {
			t.Errorf("store %d: entry %d kept, want it replaced", i, i)
		}
	}
}

// storeIfFree keeps an estimate only in a free slot (or over the
// position's own unfinished entry), never pushing out another entry.
func TestTableStoreIfFree(t *testing.T) {
	tt := newTestTable(t)
	h := parseHand(t, "G")
	for i := range clusterSize - 1 {
		tt.store(sameCluster(i), h, false, 2, 2, 1, 0, 0, -1, -1)
	}
	tt.storeIfFree(sameCluster(8), h, false, 7, 1)
	if r := tt.lookup(sameCluster(8), h, unlimited, false, noPath{}); !r.found || r.pn != 7 || r.dn != 1 {
		t.Errorf("estimate in a free slot: %+v", r)
	}
	tt.storeIfFree(sameCluster(9), h, false, 7, 1)
	if r := tt.lookup(sameCluster(9), h, unlimited, false, noPath{}); r.found {
		t.Errorf("estimate stored in a full cluster: %+v", r)
	}
	for i := range clusterSize - 1 {
		if r := tt.lookup(sameCluster(i), h, unlimited, false, noPath{}); !r.found || r.pn != 2 {
			t.Errorf("entry %d lost: %+v", i, r)
		}
	}
	tt.storeIfFree(sameCluster(0), h, false, 9, 1)
	if r := tt.lookup(sameCluster(0), h, unlimited, false, noPath{}); r.pn != 9 {
		t.Errorf("own entry not updated: %+v", r)
	}
}

// A new generation empties the table at once.
func TestTableNewGeneration(t *testing.T) {
	tt := newTestTable(t)
	h := parseHand(t, "G")
	tt.store(sameCluster(0), h, false, 0, infinity, 1, 5, 0, -1, -1)
	tt.newGeneration()
	if r := tt.lookup(sameCluster(0), h, unlimited, false, noPath{}); r.found || r.pn == 0 {
		t.Errorf("entry of the last generation still found: %+v", r)
	}
}

// fillTable stores entries in tt until the part in use is the whole
// table, and returns how many it stored.
func fillTable(t *testing.T, tt *table) int {
	t.Helper()
	whole := uint64(len(tt.clusters))
	n := 0
	for i := uint64(1); tt.mask+1 < whole; i++ {
		tt.store(i*0x9e3779b97f4a7c15, 0, false, 0, infinity, 1, 3, 0, -1, -1)
		n++
	}
	return n
}

// wrapGeneration starts new generations until the counter wraps.
func wrapGeneration(tt *table) {
	for tt.gen != 255 {
		tt.newGeneration()
	}
	tt.newGeneration()
}

// When the generation counter wraps, the table is cleared for real: an
// entry 255 generations old is not taken for a current one, wherever the
// part in use had grown to.
func TestTableGenerationWraps(t *testing.T) {
	tt, err := newTable(1)
	if err != nil {
		t.Fatal(err)
	}
	tt.newGeneration()
	h := parseHand(t, "G")
	tt.store(sameCluster(0), h, false, 0, infinity, 1, 5, 0, -1, -1)
	fillTable(t, tt)
	gen := tt.gen
	for range 255 {
		tt.newGeneration()
	}
	if tt.gen != gen {
		t.Fatalf("generation %d after 255 more, want %d again", tt.gen, gen)
	}
	if r := tt.lookup(sameCluster(0), h, unlimited, false, noPath{}); r.found || r.pn == 0 {
		t.Errorf("entry of 255 generations ago found: %+v", r)
	}
	for i := range tt.clusters {
		if tt.clusters[i] != (cluster{}) {
			t.Fatalf("cluster %d not cleared: %+v", i, tt.clusters[i])
		}
	}
}

// TestPrefault: prefaulting leaves the table as it was (empty, and
// entries stored before it kept).
func TestPrefault(t *testing.T) {
	tt, err := newTable(8)
	if err != nil {
		t.Fatal(err)
	}
	tt.newGeneration()
	tt.store(12345, 0, false, 0, infinity, 0, 3, 0, -1, -1)
	tt.prefault()
	if r := tt.lookup(12345, 0, 5, false, nil); r.pn != 0 || r.length != 3 {
		t.Errorf("after prefault: %+v", r)
	}
	if r := tt.lookup(999, 0, 5, false, nil); r.found {
		t.Errorf("an entry appeared: %+v", r)
	}
}

// dependentDisproof pushes the positions path on a new search, stores a
// disproof with the dependency (a1, a2) on that path, checks that it holds
// there, and returns the search, a lookup of the disproof and the pn word
// of its entry.
func dependentDisproof(t *testing.T, path []uint64, a1, a2 int16) (*search[stdPos, *stdPos], func() result, uint32) {
	t.Helper()
	tt := newTestTable(t)
	s := newSearch[stdPos](tt, shogi.Black)
	k := sameCluster(0)
	h := parseHand(t, "P")
	for _, full := range path {
		s.push(full, 0, 0, false)
	}
	hi, lo := dependentID(s.dependencyID(a1, a2))
	tt.store(k, h, false, hi, 0, lo, unlimited, 0, a1, a2)
	holds := func() result { return tt.lookup(k, h, unlimited, false, s) }
	if r := holds(); r.dn != 0 || r.anchor != a1 || r.anchor2 != a2 {
		t.Fatalf("on its own path: pn %d dn %d anchor %d/%d, want a disproof anchored at %d/%d", r.pn, r.dn, r.anchor, r.anchor2, a1, a2)
	}
	return s, holds, hi
}

// A disproof whose dependency is known exactly — the ancestors it
// repeats — holds wherever those positions stand at the same plies of the
// path, whatever the other positions of the path (a mate through their
// repetition would be a shorter mate from one of them), and nowhere else;
// elsewhere the position reads as likely disproven, not as a fresh one.
func TestTableExactDependencyHoldsOnAnyPathThroughItsAncestors(t *testing.T) {
	// The ancestors at plies 3 and 1: a1 = 3 and bit 1 (ply 3-1-1).
	a1, a2 := int16(3), exactDeps(1<<1)
	s, holds, _ := dependentDisproof(t, []uint64{11, 12, 13, 14, 15}, a1, a2)
	// Other positions at plies 0, 2 and 4: the same ancestors at plies 1
	// and 3 (a transposition).
	for range 5 {
		s.pop()
	}
	for _, full := range []uint64{21, 12, 23, 14, 25} {
		s.push(full, 0, 0, false)
	}
	if r := holds(); r.dn != 0 {
		t.Errorf("its ancestors at the same plies by another path: pn %d dn %d, want a disproof", r.pn, r.dn)
	}
	// One of them gone: the repetition is gone.
	for range 5 {
		s.pop()
	}
	for _, full := range []uint64{11, 22, 13, 14, 15} {
		s.push(full, 0, 0, false)
	}
	if r := holds(); r.dn == 0 || r.pn != likelyDisproven || r.dn != 1 || !r.found {
		t.Errorf("ply 1 changed: pn %d dn %d found %v, want the likely-disproven numbers %d/1", r.pn, r.dn, r.found, likelyDisproven)
	}
	// A path too short for the dependency.
	for range 5 {
		s.pop()
	}
	s.push(11, 0, 0, false)
	s.push(12, 0, 0, false)
	if r := holds(); r.dn == 0 {
		t.Errorf("a path of two plies: a disproof anchored at ply %d", a1)
	}
}

// Dependencies combine into the exact set of the ancestors while they fit
// the window below the deepest, and into a bound beyond it; at the node
// itself the deepest is discharged and the next becomes the deepest.
func TestDependenciesMergeAndDischarge(t *testing.T) {
	set := func(a1, a2 int16) []int16 {
		if a1 < 0 {
			return nil
		}
		m, ok := depMask(a2)
		if !ok {
			t.Fatalf("(%d, %d) is not exact", a1, a2)
		}
		out := []int16{a1}
		for d := int16(0); d < depWindow; d++ {
			if m&(1<<d) != 0 {
				out = append(out, a1-1-d)
			}
		}
		return out
	}
	a1, a2 := mergeAnchors(-1, -1, 7, -1)
	a1, a2 = mergeAnchors(a1, a2, 4, -1)
	a1, a2 = mergeAnchors(a1, a2, 9, exactDeps(1<<0)) // 9 and 8
	if got, want := set(a1, a2), []int16{9, 8, 7, 4}; !slices.Equal(got, want) {
		t.Errorf("merged: %v, want %v", got, want)
	}
	if b1, b2 := discharge(a1, a2, 9); !slices.Equal(set(b1, b2), []int16{8, 7, 4}) {
		t.Errorf("discharged at 9: %v, want [8 7 4]", set(b1, b2))
	}
	if b1, b2 := discharge(a1, a2, 8); !slices.Equal(set(b1, b2), []int16{7, 4}) {
		t.Errorf("discharged at 8: %v, want [7 4]", set(b1, b2))
	}
	if b1, b2 := discharge(a1, a2, 5); b1 != 4 || b2 != -1 {
		t.Errorf("discharged at 5: (%d, %d), want (4, -1)", b1, b2)
	}
	if b1, b2 := discharge(4, -1, 4); b1 != -1 || b2 != -1 {
		t.Errorf("the only dependency discharged: (%d, %d), want (-1, -1)", b1, b2)
	}
	// Beyond the window: the span from the shallowest to the deepest.
	b1, b2 := mergeAnchors(40, -1, 40-1-depWindow, -1)
	if b1 != 40 || b2 != 40-1-depWindow {
		t.Errorf("beyond the window: (%d, %d), want (40, %d)", b1, b2, 40-1-depWindow)
	}
	if b1, b2 := mergeAnchors(40, exactDeps(1<<3), 10, 5); b1 != 40 || b2 != 5 {
		t.Errorf("with a span: (%d, %d), want (40, 5)", b1, b2)
	}
	if b1, b2 := discharge(40, 5, 40); b1 != 39 || b2 != 5 {
		t.Errorf("a span discharged: (%d, %d), want (39, 5)", b1, b2)
	}
	if b1, b2 := discharge(40, 40, 40); b1 != -1 || b2 != -1 {
		t.Errorf("a span of the node alone discharged: (%d, %d), want none", b1, b2)
	}
}

// A disproof whose dependency is known only as a span of plies (the
// ancestors it depends on stand somewhere between two plies) holds
// wherever the positions of that span are the same, however often the
// search left them and whatever the path above and below, and nowhere
// else; elsewhere the position reads as likely disproven, not as a fresh
// one.
func TestTableDependencySpanHoldsWhereItsPositionsAre(t *testing.T) {
	s, holds, hi := dependentDisproof(t, []uint64{11, 12, 13, 14}, 2, 1)
	// The search leaves the path and comes back to the span by another
	// way: other positions at plies 0 and 3.
	for range 4 {
		s.pop()
	}
	for _, full := range []uint64{21, 12, 13, 24} {
		s.push(full, 0, 0, false)
	}
	if r := holds(); r.dn != 0 {
		t.Errorf("the span's positions by another path: pn %d dn %d, want a disproof", r.pn, r.dn)
	}
	// Another position in the span: the repetition may be gone.
	for range 4 {
		s.pop()
	}
	for _, full := range []uint64{11, 22, 13, 14} {
		s.push(full, 0, 0, false)
	}
	if r := holds(); r.dn == 0 || r.pn != likelyDisproven || r.dn != 1 || !r.found {
		t.Errorf("ply 1 changed: pn %d dn %d found %v, want the likely-disproven numbers %d/1", r.pn, r.dn, r.found, likelyDisproven)
	}
	// The same positions at other plies are another path.
	for range 4 {
		s.pop()
	}
	for _, full := range []uint64{12, 13, 12, 13} {
		s.push(full, 0, 0, false)
	}
	if r := holds(); r.dn == 0 {
		t.Errorf("the span's positions one ply off: a disproof, want none")
	}
	// A proof entry never reads as a path identity, nor the other way round.
	if hi&(1<<31) == 0 {
		t.Errorf("dependentID's pn word %#x can read as a proof", hi)
	}
}

// A generation starts with the first initialClusters of the table and
// makes the part in use growFactor times larger once a growDivisor-th of
// its slots are taken,
// up to the whole table and no further; the next generation starts small
// again.
func TestTableGrowsWithTheSearch(t *testing.T) {
	tt, err := newTable(1) // 8,192 clusters
	if err != nil {
		t.Fatal(err)
	}
	tt.newGeneration()
	if got := tt.mask + 1; got != initialClusters {
		t.Fatalf("a new generation uses %d clusters, want %d", got, initialClusters)
	}
	whole := uint64(len(tt.clusters))
	for i := range uint64(2 * whole * clusterSize) {
		before := tt.mask + 1
		tt.store(i*0x9e3779b97f4a7c15, 0, false, 0, infinity, 1, 3, 0, -1, -1)
		after := tt.mask + 1
		switch {
		case after != before && after != min(growFactor*before, whole):
			t.Fatalf("store %d: the part in use went from %d to %d clusters", i, before, after)
		case after != before && tt.stored < before*clusterSize/growDivisor:
			t.Fatalf("store %d: grew to %d clusters with %d entries stored, want %d first", i, after, tt.stored, before*clusterSize/growDivisor)
		case after > whole:
			t.Fatalf("store %d: %d clusters in use, the table has %d", i, after, whole)
		}
	}
	if got := tt.mask + 1; got != whole {
		t.Errorf("after filling the table, %d clusters in use, want all %d", got, whole)
	}
	tt.newGeneration()
	if got := tt.mask + 1; got != initialClusters {
		t.Errorf("the next generation uses %d clusters, want %d", got, initialClusters)
	}
}

// Growing loses no entry: every entry found before the part in use
// grows is found after it, with the same result, and nothing else
// appears.
func TestTableGrowKeepsEntries(t *testing.T) {
	tt, err := newTable(1)
	if err != nil {
		t.Fatal(err)
	}
	tt.newGeneration()
	hands := []shogi.Hand{0, parseHand(t, "G"), parseHand(t, "2P")}
	var keys []uint64
	for i := range uint64(initialClusters - 1) { // just below growAt
		k := (i + 1) * 0x9e3779b97f4a7c15
		keys = append(keys, k)
		h := hands[i%3]
		switch i % 3 {
		case 0:
			tt.store(k, h, false, 0, infinity, 1, uint16(i%9), 0, -1, -1)
		case 1:
			tt.store(k, h, false, infinity, 0, 1, 9, 0, -1, -1)
		default:
			tt.storeIfFree(k, h, false, 7, 11)
		}
	}
	if tt.mask+1 != initialClusters {
		t.Fatalf("grew before the test meant it to: %d clusters", tt.mask+1)
	}
	before := make([]result, len(keys))
	found := 0
	for i, k := range keys {
		before[i] = tt.lookup(k, hands[i%3], 9, false, noPath{})
		if before[i].found {
			found++
		}
	}
	if found < len(keys)*9/10 {
		t.Fatalf("only %d of %d entries found before growing", found, len(keys))
	}
	tt.grow()
	if tt.mask+1 != growFactor*initialClusters {
		t.Fatalf("%d clusters after growing, want %d", tt.mask+1, growFactor*initialClusters)
	}
	for i, k := range keys {
		if got := tt.lookup(k, hands[i%3], 9, false, noPath{}); got != before[i] {
			t.Errorf("key %d: %+v after growing, %+v before", i, got, before[i])
		}
	}
	if r := tt.lookup(12345, 0, unlimited-1, false, noPath{}); r.found {
		t.Errorf("an entry appeared: %+v", r)
	}
}

// The pages a growth of the prefix will add are faulted in ahead of it
// when they are at least aheadMin bytes: once per table (the next
// generation finds them faulted in), never for a smaller growth, and the
// table holds what a table without it holds.
func TestFaultAhead(t *testing.T) {
	if !canPopulate {
		t.Skip("no way to fault pages in on this system")
	}
	tt, err := newTable(8) // 65,536 clusters
	if err != nil {
		t.Fatal(err)
	}
	plain, err := newTable(8)
	if err != nil {
		t.Fatal(err)
	}
	whole := uint64(len(tt.clusters))
	size := uint64(unsafe.Sizeof(cluster{}))
	tt.aheadMin = 3 * 4096 * size // the growths from 4,096 clusters on
	plain.aheadMin = ^uint64(0)
	tt.newGeneration()
	plain.newGeneration()
	if tt.faulted != 0 {
		t.Fatalf("the first prefix: %d clusters faulted in ahead, want none", tt.faulted)
	}
	key := func(i uint64) uint64 { return (i + 1) * 0x9e3779b97f4a7c15 }
	stores := whole * clusterSize / 2
	for i := range stores {
		before := tt.mask + 1
		tt.store(key(i), 0, false, 0, infinity, 1, uint16(i%9), 0, -1, -1)
		plain.store(key(i), 0, false, 0, infinity, 1, uint16(i%9), 0, -1, -1)
		n := tt.mask + 1
		if n == before {
			continue
		}
		var want uint64
		switch {
		case n >= whole:
			want = whole
		case (min(n*growFactor, whole)-n)*size >= tt.aheadMin:
			want = min(n*growFactor, whole)
		}
		if tt.faulted != want {
			t.Fatalf("grown to %d clusters: %d faulted in ahead, want %d", n, tt.faulted, want)
		}
	}
	if tt.faulting == nil {
		t.Fatal("no fault-in started")
	}
	<-tt.faulting
	if plain.faulted != 0 {
		t.Errorf("a table with aheadMin out of reach faulted %d clusters in ahead", plain.faulted)
	}
	for i := range stores {
		if got, want := tt.lookup(key(i), 0, 9, false, noPath{}), plain.lookup(key(i), 0, 9, false, noPath{}); got != want {
			t.Fatalf("key %d: %+v, without the fault-in %+v", i, got, want)
		}
	}
	faulting := tt.faulting
	tt.newGeneration()
	for tt.mask+1 < whole {
		tt.grow()
	}
	if tt.faulting != faulting {
		t.Errorf("the next generation faulted the pages in again")
	}
}
