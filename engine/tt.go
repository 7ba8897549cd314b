package engine

import (
	"math/bits"

	"github.com/tsume-shogi/tsume/shogi"
)

// The bound of a table entry's score.
const (
	boundNone  = 0
	boundUpper = 1 // the score is at most the value (fail low)
	boundLower = 2 // the score is at least the value (fail high)
	boundExact = boundUpper | boundLower
)

// entry is one slot of the transposition table: 16 bytes.
type entry struct {
	key   uint64
	move  shogi.Move
	score int16
	depth int8
	flags uint8 // bound in the low 2 bits, generation above
}

// bucketSize is the number of entries of a bucket (a 64-byte line).
const bucketSize = 4

type bucket [bucketSize]entry

// table is the transposition table: buckets of entries keyed by the
// position's Zobrist key, replaced by depth and age.
type table struct {
	buckets []bucket
	gen     uint8 // the generation, in steps of 4 above the bound bits
	used    bool  // a search ran since the table was made or cleared
}

// entryBytes is the size of an entry, for the MB bound.
const entryBytes = 16

// newTable returns a table of at most mb megabytes (at least one bucket).
func newTable(mb int) *table {
	n := max(mb<<20/(entryBytes*bucketSize), 1)
	return &table{buckets: make([]bucket, n)}
}

// clear empties the table. A table no search has used since it was made
// or cleared is empty already and left alone: clearing it would write
// every page of it (a usinewgame before go mate only would pay for that).
func (t *table) clear() {
	if !t.used {
		return
	}
	clear(t.buckets)
	t.gen, t.used = 0, false
}

// newSearch starts a new generation, so that old entries are replaced
// first.
func (t *table) newSearch() { t.gen, t.used = t.gen+4, true }

// bucket returns the bucket of key.
func (t *table) bucket(key uint64) *bucket {
	hi, _ := bits.Mul64(key, uint64(len(t.buckets)))
	return &t.buckets[hi]
}

// probe returns the entry of key, if there is one.
func (t *table) probe(key uint64) (entry, bool) {
	b := t.bucket(key)
	for i := range b {
		if b[i].key == key && b[i].flags&3 != boundNone {
			return b[i], true
		}
	}
	return entry{}, false
}

// store records a result for key, replacing the same key's entry or the
// shallowest, oldest one of its bucket. A store without a move keeps the
// move of the entry it replaces for the same key.
func (t *table) store(key uint64, move shogi.Move, score Score, depth int, bound uint8) {
	b := t.bucket(key)
	victim := &b[0]
	worst := 1 << 30
	for i := range b {
		e := &b[i]
		if e.key == key || e.flags&3 == boundNone {
			victim = e
			break
		}
		age := int((t.gen - e.flags&^3) >> 2)
		if v := int(e.depth) - 8*age; v < worst {
			worst, victim = v, e
		}
	}
	if victim.key == key && move == shogi.NoMove {
		move = victim.move
	}
	depth = max(min(depth, 127), -128)
	*victim = entry{key: key, move: move, score: int16(score), depth: int8(depth), flags: t.gen | bound}
}

// hashfull returns the per mille of the first thousand entries used in
// the current generation.
func (t *table) hashfull() int {
	n, used := 0, 0
	for i := 0; i < len(t.buckets) && n < 1000; i++ {
		for j := range t.buckets[i] {
			e := &t.buckets[i][j]
			if e.flags&3 != boundNone && e.flags&^3 == t.gen {
				used++
			}
			n++
		}
	}
	return used * 1000 / n
}
