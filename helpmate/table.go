package helpmate

// table maps position keys to node indices: open addressing with linear
// probing over a power-of-two array, growing at a load of one half. The
// key 0 marks an empty slot, so a zero key is stored as zeroKey.
type table struct {
	keys []uint64
	vals []int32
	mask uint64
	n    int
}

// zeroKey stands for the key 0, which marks an empty slot.
const zeroKey = 0x9e3779b97f4a7c15

func newTable(size int) *table {
	c := 1024
	for c < 2*size {
		c <<= 1
	}
	return &table{keys: make([]uint64, c), vals: make([]int32, c), mask: uint64(c - 1)}
}

// find returns the index of the slot for k: the one holding k or the empty
// one where it goes. The keys are Zobrist hashes, uniform in their low bits.
func (t *table) find(k uint64) uint64 {
	i := k & t.mask
	for t.keys[i] != 0 && t.keys[i] != k {
		i = (i + 1) & t.mask
	}
	return i
}

// lookupOrInsert returns the node index stored for k and true, or stores v
// for k and returns v and false.
func (t *table) lookupOrInsert(k uint64, v int32) (int32, bool) {
	if k == 0 {
		k = zeroKey
	}
	i := t.find(k)
	if t.keys[i] == k {
		return t.vals[i], true
	}
	t.keys[i], t.vals[i] = k, v
	t.n++
	if 2*t.n > len(t.keys) {
		t.grow()
	}
	return v, false
}

func (t *table) grow() {
	keys, vals := t.keys, t.vals
	t.keys = make([]uint64, 2*len(keys))
	t.vals = make([]int32, 2*len(keys))
	t.mask = uint64(len(t.keys) - 1)
	for i, k := range keys {
		if k != 0 {
			j := t.find(k)
			t.keys[j], t.vals[j] = k, vals[i]
		}
	}
}

// bytes returns the memory the table holds.
func (t *table) bytes() int { return 12 * len(t.keys) }
