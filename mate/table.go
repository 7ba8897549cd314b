package mate

import (
	"math/bits"
	"runtime"
	"sync/atomic"
	"unsafe"

	"github.com/tsume-shogi/tsume/shogi"
)

// Proof and disproof numbers are capped at infinity; sums saturate.
const infinity uint32 = 1 << 30

func addSat(a, b uint32) uint32 {
	if s := a + b; s < infinity {
		return s
	}
	return infinity - 1
}

// unlimited is the remaining depth of a search without a depth limit, and
// the depth of a disproof that holds at every depth.
const unlimited uint16 = 0xffff

// entry is one slot of the transposition table (32 bytes): a position,
// given by its board key and the attacker's hand, and what is known of it.
//
//   - A proof (pn 0) says the attacker mates within length plies; it holds
//     for every attacker hand that dominates hand (hand superiority), which
//     is the hand the proof needs (its proof pieces, 証明駒), not
//     necessarily the hand the attacker had.
//   - A disproof (dn 0) says the attacker does not mate within length
//     plies (unlimited: never); it holds for every hand that hand
//     dominates, which is the largest hand the disproof holds for (its
//     disproof pieces, 反証駒), not necessarily the hand the attacker had.
//     A disproof caused by a repetition on the search path is
//     valid only on some paths: anchor is the ply of the deepest repeated
//     ancestor it depends on (-1: none), anchor2 the others (exactly, or
//     the shallowest ply of their span; path.go), and pn and aux say on
//     which paths it holds (dependentID).
//     Proofs and the other disproofs keep in aux the nodes searched below
//     them, for replacement.
//   - Any other entry holds the numbers of an unfinished search and, in
//     aux, the nodes searched below it (for replacement).
//
// The defender's hand is determined by the board and the attacker's hand,
// since pieces are conserved, so the attacker's hand is the whole story.
type entry struct {
	key     uint64
	hand    shogi.Hand
	pn, dn  uint32
	aux     uint32
	length  uint16
	anchor  int16
	anchor2 int16
	meta    uint8 // spare pieces at the end of a proof (bits 0-5) | exactBit | futileBit
	gen     uint8 // the Solve that wrote it; 0: never used
}

// futileBit marks an entry written by a search that discounts futile
// interpositions.
const futileBit = 0x80

// exactBit marks a final result that holds for its very hand only, not
// for larger (proof) or smaller (disproof) ones: one that relied on the
// futile-by-capture rule's comparison with the other defences, which hand
// superiority does not preserve (capture.go). It is passed to store in
// the spare argument.
const exactBit = 0x40

func (e *entry) futile() bool { return e.meta&futileBit != 0 }
func (e *entry) exact() bool  { return e.meta&exactBit != 0 }
func (e *entry) spare() uint8 { return e.meta &^ (futileBit | exactBit) }

// A proof's spare pieces are kept relative to its hand (the proof hand,
// the fewest pieces the proof needs), since a proof serves every hand
// that dominates that one: a hand with more pieces than the proof's ends
// the proof's line with those pieces unused, more spare pieces. A proof
// stored with its absolute count would give a larger hand the spare
// pieces of the hand it was found with, fewer than the truth when that
// hand was smaller, and a main line read from the table would then take
// a defence that leaves the attacker a piece for one that does not (the
// tsume convention's choice between equally long defences): 29 of 68
// 3-ply candidates of the generator were so before session 33 changed
// the first proof, and the first problem of testdata/spare.txt still was
// (TestSpareAgainstPlainMinimax).

// relativeSpare returns spare, the spare pieces at the end of a proof
// found with the attacker's hand hand, relative to the proof's hand ph,
// which hand dominates: the pieces of hand beyond ph are never used, and
// so are among spare.
func relativeSpare(spare int, hand, ph shogi.Hand) uint8 {
	return uint8(max(spare-(hand.Total()-ph.Total()), 0))
}

// spareWith returns the spare pieces of e's proof played with the
// attacker's hand hand, which dominates e's hand.
func (e *entry) spareWith(hand shogi.Hand) uint8 {
	return e.spare() + uint8(hand.Total()-e.hand.Total())
}

// clusterSize entries share one bucket: 128 bytes, two cache lines.
const clusterSize = 4

type cluster [clusterSize]entry

// These two fail to compile unless clusterSize is 4, which lookup's first
// test assumes.
var _ [clusterSize - 4]struct{}
var _ [4 - clusterSize]struct{}

// table is the transposition table, a power-of-two array of clusters
// indexed by the board key, so that the entries of one board with
// different hands meet in one cluster.
//
// A search uses only a prefix of the clusters, mask+1 of them: each
// generation starts with initialClusters (128 KB) and makes the prefix
// growFactor times larger, in place, whenever a growDivisor-th of its
// slots are in use (grow), up to the whole table. A short search thus touches little memory and stays in
// the cache, and a long one ends with the whole table, as large as asked.
type table struct {
	clusters []cluster // the whole table
	mask     uint64    // the prefix in use: mask+1 clusters
	used     uint64    // the largest prefix in use since the table was last cleared: no entry lies past it
	stored   uint64    // entries of this generation in use (approximate, for hashfull)
	growAt   uint64    // stored at which the prefix grows; ^0 when it is the whole table
	gen      uint8
	// faulted is the number of clusters, from the first, whose pages have
	// been faulted in ahead of a growth or are being so (faultAhead), and
	// faulting is closed once the last such fault-in has ended.
	faulted  uint64
	faulting chan struct{}
	// aheadMin is the fewest bytes a growth adds for them to be faulted
	// in ahead (faultAheadMin; tests set it lower).
	aheadMin uint64
	// locks, when not nil, makes the table safe for concurrent use by
	// the threads of a parallel search (sharedtable.go): a sequence lock
	// per cluster (shared by the clusters a lock stripe apart) is held by
	// every write of its entries, and a lookup reads them without it,
	// again if a write came in between; stored is not counted (hashfull
	// and the growth of the prefix sample the entries instead). A table
	// for one thread has none and takes no lock.
	locks []atomic.Uint32
}

// initialClusters is the prefix of the table a generation starts with:
// 1,024 clusters, 128 KB.
const initialClusters = 1 << 10

// growDivisor sets when the prefix in use grows: once 1/growDivisor of
// its slots are taken. Until then a full cluster gives up an entry as the
// whole table would (docs/performance.md, "A table that grows").
const growDivisor = 4

// growFactor is how many times larger the prefix in use becomes when it
// grows (a power of two): each growth reads the whole prefix, so fewer,
// larger steps read less (docs/performance.md, "A table that grows").
const growFactor = 4

// tableClusters returns the number of clusters of a table of about mb
// megabytes: a power of two, at least 64.
func tableClusters(mb int) uint64 {
	size := uint64(mb) << 20 / uint64(clusterSize*32)
	if size < 64 {
		size = 64
	}
	return uint64(1) << (63 - bits.LeadingZeros64(size))
}

// tableMB returns the size in megabytes of a table of n clusters.
func tableMB(n uint64) int { return int(n * uint64(unsafe.Sizeof(cluster{})) >> 20) }

// newTable returns a table of about mb megabytes (tableClusters). Its
// memory is not touched here: the operating system backs each page of it
// only when a search first writes there (see allocClusters), so that a
// short search costs little memory and no setup time whatever the size.
func newTable(mb int) (*table, error) {
	n := tableClusters(mb)
	t := &table{}
	c, err := allocClusters(t, n)
	if err != nil {
		return nil, err
	}
	t.clusters = c
	t.aheadMin = faultAheadMin
	t.resize(min(initialClusters, n))
	return t, nil
}

// faultAheadMin is the size from which the clusters a growth of the
// prefix would add are faulted in ahead of it, on another goroutine: for
// a table of 1 GB or more the first touch of the pages a growth adds
// stopped the search for seconds (docs/performance.md, "The table's
// first touch, ahead of the growth").
const faultAheadMin = 256 << 20

// resize makes the first n clusters the prefix in use, n a power of two.
func (t *table) resize(n uint64) {
	t.mask = n - 1
	t.used = max(t.used, n)
	t.growAt = ^uint64(0)
	if n < uint64(len(t.clusters)) {
		t.growAt = n * clusterSize / growDivisor
		t.faultAhead(n)
	}
}

// faultAhead starts faulting in, on another goroutine, the pages of the
// clusters that the next growth of a prefix of n clusters will add, when
// they are at least aheadMin bytes and not yet faulted in: the growth
// writes every one of its pages (grow), and the kernel's backing of them,
// seconds for a gigabyte on this machine, then stops the search. Ahead,
// it runs beside the search, on a second core when there is one. The
// contents of the table do not change; a growth that comes before the
// fault-in has ended faults the rest in itself, as it would without it.
func (t *table) faultAhead(n uint64) {
	if !canPopulate {
		return
	}
	next := min(n*growFactor, uint64(len(t.clusters)))
	from := max(n, t.faulted)
	if from >= next || (next-from)*uint64(unsafe.Sizeof(cluster{})) < t.aheadMin {
		return
	}
	t.faulted = next
	done := make(chan struct{})
	t.faulting = done
	c := t.clusters[from:next]
	go func() {
		defer close(done)
		populate(c)
		runtime.KeepAlive(t) // its cleanup unmaps the memory
	}()
}

// grow multiplies the prefix in use by growFactor (or makes it the whole
// table), n clusters to m: each entry of this generation in cluster i
// moves to cluster i+k·n, k the bits of its key between those of n and
// m, where lookup looks for it now. Clusters n to m-1 hold no entry of
// this generation (the prefix only grows within one), so each receives at
// most the four entries of its cluster i and nothing is lost. The
// clusters past the old prefix are touched here for the first time in
// this generation, as the search would touch them.
func (t *table) grow() {
	n := t.mask + 1
	m := min(n*growFactor, uint64(len(t.clusters)))
	shift := uint(bits.TrailingZeros64(n))
	for i := range n {
		src := &t.clusters[i]
		var fill [growFactor]uint8
		for j := range src {
			e := &src[j]
			if e.gen != t.gen {
				continue
			}
			k := ((e.key ^ e.key>>32) & (m - 1)) >> shift
			if k == 0 {
				continue
			}
			t.clusters[i+k*n][fill[k]] = *e
			fill[k]++
			*e = entry{gen: t.gen - 1}
		}
	}
	t.resize(m)
}

// newGeneration makes every entry stale at once: a new Solve starts from
// an empty table, and the first initialClusters of it, without clearing
// memory.
//
// Every 255 generations the counter wraps and the entries are cleared for
// real, in place: only the clusters used since the last clear (used),
// whose pages the table keeps, as it does between generations; the rest
// was never written, so it is still zero and its memory stays untouched.
// Handing the used pages back to the system instead (MADV_DONTNEED, until
// session 10) made the next searches fault them in again, which costs more
// than the clear (docs/performance.md, "A table that grows").
func (t *table) newGeneration() {
	t.gen++
	if t.gen == 0 {
		// Entries 255 generations old would look current again.
		clear(t.clusters[:t.used])
		t.used = 0
		t.gen = 1
	}
	t.stored = 0
	t.resize(min(initialClusters, uint64(len(t.clusters))))
}

func (t *table) clusterOf(key uint64) *cluster {
	return &t.clusters[(key^key>>32)&t.mask]
}

// result is what a lookup tells about a position.
type result struct {
	pn, dn  uint32
	length  uint16     // proven: plies to mate; disproven: no mate within this many plies
	spare   uint8      // proven: the attacker's pieces in hand at the end
	hand    shogi.Hand // the hand of the entry: the proof's pieces (proven), the disproof's (disproven)
	anchor  int16      // disproven: the path dependency (-1: none)
	anchor2 int16
	found   bool // a final result applied, or an entry for this very hand
	exact   bool // the final result holds for this very hand only
	// borrowed: the numbers (neither proof nor disproof) are those of a
	// search under the other futile rule.
	borrowed bool
}

// pathChecker lets a lookup decide whether a path-dependent disproof still
// holds on the current path.
type pathChecker interface {
	// dependencyAt returns the identity, on the current path, of the
	// positions a disproof with the dependency (a1, a2) may depend on, at
	// their plies (path.go).
	dependencyAt(a1, a2 int16) (uint64, bool)
}

// dependentID splits the identity of the positions a path-dependent
// disproof may depend on (search.dependencyAt: the ancestors it names, or
// those of its span, at their plies), for its entry: the high bits
// go into the entry's pn word, which a disproof does not otherwise need,
// with the top bit set so that it never reads as a proof (pn 0); the low
// 32 bits into aux. 63 bits of it are compared. The disproof holds
// wherever the search comes back to the same ancestors, however often it
// left them (it used to hold for one visit of the ancestor only).
func dependentID(v uint64) (pnWord, aux uint32) {
	return uint32(v>>32) | 1<<31, uint32(v)
}

// likelyDisproven is the proof number a lookup gives a position whose
// entry is a path-dependent disproof that does not hold on the current
// path: it is probably disproven here too (by a repetition elsewhere on
// the path, or the same one reached otherwise), so the search should
// not take it for a fresh, cheap position, but it may still be a mate.
// Its disproof number is 1. On ミクロコスモス, where nearly every
// disproof in a depth-limited search depends on the path, this makes
// the difference between a search stuck for minutes at one length and
// one that steps down to 1,525 plies (docs/performance.md).
const likelyDisproven = 1 << 10

// lookup returns what the table knows about (key, hand) for a search with
// remaining plies left: the shortest proof that fits, else a disproof made
// with at least that many plies, for a dominating or dominated hand; else
// the numbers of the entry for this very hand.
//
// A search that discounts futile interpositions (futile) may use the
// proofs of one that counts them (a mate against every reply is a mate
// against fewer), but not its disproofs; the other way round, disproofs
// carry over and proofs do not.
//
// A shared table is read without its lock, from a copy of the cluster
// (copyCluster).
func (t *table) lookup(key uint64, hand shogi.Hand, remaining uint16, futile bool, path pathChecker) result {
	c := t.clusterOf(key)
	r := result{pn: 1, dn: 1, anchor: -1, anchor2: -1}
	if t.locks != nil {
		var cp cluster
		if !t.copyCluster(key, c, &cp) {
			return r
		}
		c = &cp
	}
	// The common case, nothing on this board, in four comparisons (a
	// compile-time check below cluster keeps this in step with
	// clusterSize).
	if c[0].key != key && c[1].key != key && c[2].key != key && c[3].key != key {
		return r
	}
	gen := t.gen
	for i := range c {
		e := &c[i]
		if e.key != key || e.gen != gen {
			continue
		}
		switch {
		case e.pn == 0:
			if e.length > remaining || !futile && e.futile() || !hand.Dominates(e.hand) || e.exact() && hand != e.hand {
				continue
			}
			if sp := e.spareWith(hand); r.pn != 0 || e.length < r.length || e.length == r.length && sp < r.spare {
				r = result{pn: 0, dn: infinity, length: e.length, spare: sp, hand: e.hand, anchor: -1, anchor2: -1, found: true, exact: e.exact()}
			}
		case r.pn == 0:
		case e.dn == 0:
			if e.length < remaining || futile && !e.futile() || !e.hand.Dominates(hand) || e.exact() && e.hand != hand {
				continue
			}
			if e.anchor >= 0 {
				v, ok := path.dependencyAt(e.anchor, e.anchor2)
				if hi, lo := dependentID(v); !ok || hi != e.pn || lo != e.aux {
					// The repetition it relied on is not on this path.
					if e.hand == hand && e.futile() == futile && !r.found {
						r = result{pn: likelyDisproven, dn: 1, anchor: -1, anchor2: -1, found: true}
					}
					continue
				}
			}
			if r.dn != 0 || e.anchor < r.anchor {
				r = result{pn: infinity, dn: 0, length: e.length, hand: e.hand, anchor: e.anchor, anchor2: e.anchor2, found: true, exact: e.exact()}
			}
		case e.hand == hand && r.dn != 0 && (e.futile() == futile || !r.found):
			// The numbers of an unfinished search, under the other futile
			// rule only when there are none under this one: they are
			// only estimates, and a better start than the initial ones.
			r = result{pn: e.pn, dn: e.dn, anchor: -1, anchor2: -1, found: true, borrowed: e.futile() != futile}
		}
	}
	return r
}

// store records (key, hand) with its numbers. A proof carries its length
// and spare pieces, a disproof its depth (in length) and path dependency.
// Proofs and other results keep separate slots, so that a depth-limited
// disproof ("no mate within d") does not push out a longer proof.
func (t *table) store(key uint64, hand shogi.Hand, futile bool, pn, dn, aux uint32, length uint16, spare uint8, anchor, anchor2 int16) {
	var l *atomic.Uint32
	if t.locks != nil {
		l = t.lockOf(key)
		lock(l)
	}
	slot := t.slot(key, hand, futile, pn == 0, true)
	e := entry{key: key, hand: hand, pn: pn, dn: dn, aux: aux, length: length,
		anchor: anchor, anchor2: anchor2, meta: metaOf(spare, futile), gen: t.gen}
	if l != nil {
		putShared(slot, &e)
		unlock(l)
		return
	}
	*slot = e
	if t.stored >= t.growAt {
		t.grow()
	}
}

func metaOf(spare uint8, futile bool) uint8 {
	if futile {
		return spare | futileBit
	}
	return spare
}

// slot returns where to store (key, hand) for the futile flag: its own
// entry of the same kind (proof or not), else an empty or stale slot, else
// (with evict) the entry with the least work, preferring to keep final
// results; nil if there is none.
func (t *table) slot(key uint64, hand shogi.Hand, futile, proof, evict bool) *entry {
	c := t.clusterOf(key)
	for i := range c {
		e := &c[i]
		if e.gen == t.gen && e.key == key && e.hand == hand && e.futile() == futile && (e.pn == 0) == proof {
			return e
		}
	}
	var slot *entry
	for i := range c {
		e := &c[i]
		if e.gen != t.gen {
			if t.locks == nil {
				t.stored++
			}
			return e
		}
		if evict && (slot == nil || replaceScore(e) < replaceScore(slot)) {
			slot = e
		}
	}
	return slot
}

// storeIfFree records the initial numbers pn and dn of (key, hand),
// unless that would push out another position's entry: an estimate is
// worth keeping, but not at the price of an entry with work behind it.
func (t *table) storeIfFree(key uint64, hand shogi.Hand, futile bool, pn, dn uint32) {
	var l *atomic.Uint32
	if t.locks != nil {
		l = t.lockOf(key)
		lock(l)
	}
	if slot := t.slot(key, hand, futile, false, false); slot != nil {
		e := entry{key: key, hand: hand, pn: pn, dn: dn, anchor: -1, anchor2: -1, meta: metaOf(0, futile), gen: t.gen}
		if l != nil {
			putShared(slot, &e)
		} else {
			*slot = e
			if t.stored >= t.growAt {
				t.grow()
			}
		}
	}
	if l != nil {
		unlock(l)
	}
}

func replaceScore(e *entry) uint64 {
	switch {
	case e.pn == 0:
		return 2<<32 + uint64(e.aux) // proofs are kept longest: lines are read from them
	case e.dn == 0 && e.anchor < 0:
		return 1<<32 + uint64(e.aux) // then disproofs, then unfinished work
	case e.dn == 0:
		return 0 // a path-dependent disproof is soon useless
	}
	return uint64(e.aux)
}

// hashfull returns the per-mille of slots in use by the current search.
func (t *table) hashfull() int {
	if t.locks != nil {
		return t.sampledHashfull()
	}
	return int(min(t.stored*1000/uint64(len(t.clusters)*clusterSize), 1000))
}

// prefault touches every page of the table's memory, so that the searches
// do not pay for its first touch (see docs/performance.md, "The table's
// first touch"); the table's contents do not change.
func (t *table) prefault() {
	if len(t.clusters) == 0 {
		return
	}
	if populate(t.clusters) {
		return
	}
	// One write per 4 KB page: the aux word of a cluster's first entry,
	// written back unchanged (through an atomic store, which the compiler
	// cannot leave out).
	const stride = 4096 / int(unsafe.Sizeof(cluster{}))
	for i := 0; i < len(t.clusters); i += max(stride, 1) {
		e := &t.clusters[i][0]
		g := (*atomic.Uint32)(unsafe.Pointer(&e.aux))
		g.Store(g.Load())
	}
}
