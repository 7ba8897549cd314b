package mate

import (
	"math/bits"

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

// entry is one slot of the transposition table: a position (its board key
// and the attacker's hand), its proof and disproof numbers, and what a
// final result carries.
//
// A proof (pn 0) holds for every attacker hand that dominates hand; a
// disproof (dn 0) for every hand that hand dominates (hand superiority).
// The defender's hand is determined by the board and the attacker's hand,
// since pieces are conserved, so the attacker's hand is the whole story.
//
// A disproof caused by a repetition on the search path is valid only while
// that path stays: anchor is the ply of the deepest repeated ancestor it
// depends on (-1: none, a real disproof) and visit the identity of that
// ancestor's current visit. anchor2 keeps the next deepest, so that a
// dependency can be discharged at the ancestor itself (see dfpn.go).
type entry struct {
	key     uint64
	hand    shogi.Hand
	pn, dn  uint32
	work    uint32 // nodes searched below this entry, for replacement
	length  uint16 // proven: plies to mate along the stored proof
	depth   uint16 // disproven: no mate within this many plies (unlimited: every depth)
	spare   uint8  // proven: attacker pieces in hand at the end of that proof
	used    bool
	gen     uint8 // the Solve that wrote it; other Solves ignore it
	futile  bool  // written by a search that discounts futile interpositions
	anchor  int16
	anchor2 int16
	visit   uint32
}

const clusterSize = 4

type cluster [clusterSize]entry

// table is the transposition table, a power-of-two array of clusters
// indexed by the board key.
type table struct {
	clusters []cluster
	mask     uint64
	stored   uint64 // entries of this generation in use (approximate, for hashfull)
	gen      uint8
}

// newGeneration makes every entry stale at once: a new search (say, with
// another depth limit) starts from an empty table without clearing memory.
func (t *table) newGeneration() {
	t.gen++
	if t.gen == 0 {
		// The counter wrapped: entries 256 generations old would look
		// current again, so clear them for real this once.
		clear(t.clusters)
		t.gen = 1
	}
	t.stored = 0
}

// newTable returns a table of about mb megabytes (at least 64 clusters).
func newTable(mb int) *table {
	size := uint64(mb) << 20 / uint64(clusterSize*48)
	if size < 64 {
		size = 64
	}
	n := uint64(1) << (63 - bits.LeadingZeros64(size))
	return &table{clusters: make([]cluster, n), mask: n - 1}
}

func (t *table) clusterOf(key uint64) *cluster {
	return &t.clusters[(key^key>>29)&t.mask]
}

// result is what a lookup tells about a position.
type result struct {
	pn, dn  uint32
	length  uint16
	spare   uint8
	anchor  int16 // for a path-dependent disproof
	anchor2 int16
	found   bool // an exact entry or a final result applied
}

// path lets a lookup decide whether a path-dependent disproof still holds.
type pathChecker interface {
	visitAt(ply int) (uint32, bool)
}

// unlimited is the remaining depth of a search without a depth limit.
const unlimited uint16 = 0xffff

// lookup returns what the table knows about (key, hand) for a search with
// remaining plies left: a proof whose length fits, or a disproof made with
// at least that many plies, for a dominated or dominating hand; else the
// numbers of an exact entry.
//
// A search that discounts futile interpositions (futile) may use the
// proofs of one that counts them (a mate against every reply is a mate
// against fewer), but not its disproofs; the other way round, disproofs
// carry over and proofs do not.
func (t *table) lookup(key uint64, hand shogi.Hand, remaining uint16, futile bool, path pathChecker) result {
	c := t.clusterOf(key)
	r := result{pn: 1, dn: 1, anchor: -1, anchor2: -1}
	bestLen := uint16(0xffff)
	for i := range c {
		e := &c[i]
		if !e.used || e.key != key || e.gen != t.gen {
			continue
		}
		switch {
		case e.pn == 0:
			if e.length <= remaining && (futile || !e.futile) && hand.Dominates(e.hand) &&
				(e.length < bestLen || e.length == bestLen && e.spare > r.spare) {
				bestLen = e.length
				r = result{pn: 0, dn: infinity, length: e.length, spare: e.spare, anchor: -1, anchor2: -1, found: true}
			}
		case e.dn == 0:
			if bestLen != 0xffff || e.depth < remaining || futile && !e.futile || !e.hand.Dominates(hand) {
				continue
			}
			if e.anchor >= 0 {
				v, ok := path.visitAt(int(e.anchor))
				if !ok || v != e.visit {
					continue // the repetition it relied on is gone
				}
			}
			if r.dn != 0 || e.anchor < r.anchor {
				r = result{pn: infinity, dn: 0, anchor: e.anchor, anchor2: e.anchor2, found: true}
			}
		case e.hand == hand:
			if bestLen == 0xffff && r.dn != 0 && !r.found {
				r = result{pn: e.pn, dn: e.dn, anchor: -1, anchor2: -1, found: true}
			}
		}
	}
	return r
}

// store records (key, hand) with its numbers; final results carry their
// length and spare pieces (proof) or depth and path dependency (disproof).
// Proofs and other results keep separate slots, so that a depth-limited
// disproof ("no mate within d") does not push out a longer proof.
func (t *table) store(key uint64, hand shogi.Hand, futile bool, pn, dn, work uint32, length, depth uint16, spare uint8, anchor, anchor2 int16, visit uint32) {
	c := t.clusterOf(key)
	var slot *entry
	for i := range c {
		e := &c[i]
		if e.used && e.gen == t.gen && e.key == key && e.hand == hand && e.futile == futile && (e.pn == 0) == (pn == 0) {
			slot = e
			break
		}
	}
	if slot == nil {
		// Replace an empty slot, else the entry with the least work,
		// preferring to keep final results.
		for i := range c {
			e := &c[i]
			if !e.used || e.gen != t.gen {
				slot = e
				t.stored++
				break
			}
			if slot == nil || replaceScore(e) < replaceScore(slot) {
				slot = e
			}
		}
	}
	*slot = entry{key: key, hand: hand, pn: pn, dn: dn, work: work, length: length, depth: depth, spare: spare,
		used: true, gen: t.gen, futile: futile, anchor: anchor, anchor2: anchor2, visit: visit}
}

func replaceScore(e *entry) uint64 {
	s := uint64(e.work)
	if (e.pn == 0 || e.dn == 0) && e.anchor < 0 {
		s += 1 << 32 // final results outlive unfinished work
	}
	return s
}

// hashfull returns the per-mille of slots in use by the current search.
func (t *table) hashfull() int {
	return int(min(t.stored*1000/uint64(len(t.clusters)*clusterSize), 1000))
}
