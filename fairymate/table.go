package fairymate

// The transposition table: open addressing over clusters of four entries,
// indexed by the position's full key (board, hands, side to move and the
// carried powers of 天竺). An entry keeps, for one position, what is known
// at every depth at once:
//
//   - proof: the smallest depth at which it is proven (the height of the
//     proof tree found): it is then proven at every depth from there up;
//   - dis: the largest depth at which it is disproven independently of the
//     path: disproven at every depth up to there (infDepth: at every depth);
//   - a path-dependent disproof (a repetition of a position on the search
//     path is not a mate), valid up to pdDis wherever the path from the
//     root to the ancestor at ply pdPly is pdPath (pathEntry.prefix), with
//     pdNext the bound on the next ancestor it depends on (see
//     docs/fairy.md, after docs/solver.md);
//   - the unfinished proof and disproof numbers of the last search at depth.

const (
	infDepth = 1 << 14 // the depth of a search without a length bound
	noProof  = infDepth + 1
	infPN    = 1<<31 - 1

	clusterSize = 4
	entryBytes  = 48
)

type entry struct {
	key    uint64
	work   uint64 // nodes searched below it, for replacement
	pn, dn uint32 // unfinished numbers at depth
	pdPath uint64
	depth  int16
	proof  int16
	dis    int16
	pdDis  int16
	pdPly  int16
	pdNext int16
	gen    uint8 // the generation that wrote it; another one's is empty
	// mode is the kind of search (solver.mode) its disproofs and
	// unfinished numbers are of; a search of another kind ignores them. Its
	// proofs hold for every later kind: a proof against every reply holds
	// against fewer, and each kind leaves out more replies than the one
	// before (the counting search runs first, then the discounting ones
	// with more and more exclusions).
	mode uint8
}

type table struct {
	entries []entry
	mask    uint64 // cluster index mask
	gen     uint8  // the current generation, from 1
}

func newTable(mb int) *table {
	n := uint64(mb) << 20 / entryBytes / clusterSize
	c := uint64(1)
	for c*2 <= n {
		c *= 2
	}
	return &table{entries: make([]entry, c*clusterSize), mask: c - 1, gen: 1}
}

// newGeneration empties the table for a new position: the entries of
// another generation are empty. When the generation counter wraps, the
// entries are cleared for real (a new table's are of generation 0).
func (t *table) newGeneration() {
	t.gen++
	if t.gen == 0 {
		clear(t.entries)
		t.gen = 1
	}
}

// find returns the entry of key, or nil.
func (t *table) find(key uint64) *entry {
	i := (key & t.mask) * clusterSize
	for j := range uint64(clusterSize) {
		e := &t.entries[i+j]
		if e.gen == t.gen && e.key == key {
			return e
		}
	}
	return nil
}

// slot returns the entry of key, making one (and replacing the entry with
// the least work, proofs last) if there is none.
func (t *table) slot(key uint64) *entry {
	i := (key & t.mask) * clusterSize
	var victim *entry
	for j := range uint64(clusterSize) {
		e := &t.entries[i+j]
		if e.gen != t.gen {
			if victim == nil || victim.gen == t.gen {
				victim = e
			}
			continue
		}
		if e.key == key {
			return e
		}
		if victim == nil || victim.gen == t.gen && rank(e) < rank(victim) {
			victim = e
		}
	}
	*victim = entry{key: key, gen: t.gen, depth: -1, proof: noProof, dis: -1, pdDis: -1}
	return victim
}

// rank orders entries for replacement: lower goes first.
func rank(e *entry) uint64 {
	r := e.work
	if e.proof != noProof {
		r += 1 << 40
	}
	return r
}
