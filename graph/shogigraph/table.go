package shogigraph

// keyTable maps position keys to state indices: open addressing with
// linear probing, at most half full. Zobrist keys are uniformly random, so
// their low bits index the table directly. A slot with state -1 is free.
type keyTable struct {
	slots []slot
	mask  uint64
	n     int
}

type slot struct {
	key   uint64
	state int32
}

func newKeyTable(size int) *keyTable {
	n := 1024
	for n < 2*size {
		n *= 2
	}
	t := &keyTable{slots: make([]slot, n), mask: uint64(n - 1)}
	for i := range t.slots {
		t.slots[i].state = -1
	}
	return t
}

// get returns the state of key, or -1.
func (t *keyTable) get(key uint64) int32 {
	for i := key & t.mask; ; i = (i + 1) & t.mask {
		s := &t.slots[i]
		if s.state < 0 || s.key == key {
			return s.state
		}
	}
}

// put records that key is state; key must not be in the table.
func (t *keyTable) put(key uint64, state int32) {
	if 2*(t.n+1) > len(t.slots) {
		old := t.slots
		t.slots = make([]slot, 2*len(old))
		t.mask = uint64(len(t.slots) - 1)
		for i := range t.slots {
			t.slots[i].state = -1
		}
		for _, s := range old {
			if s.state >= 0 {
				t.insert(s.key, s.state)
			}
		}
	}
	t.insert(key, state)
	t.n++
}

func (t *keyTable) insert(key uint64, state int32) {
	i := key & t.mask
	for t.slots[i].state >= 0 {
		i = (i + 1) & t.mask
	}
	t.slots[i] = slot{key, state}
}
