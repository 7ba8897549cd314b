package helpmate

// keySet is the visited set: the keys of every stored position, in open
// addressing with linear probing over a power-of-two array, growing at a
// load of one half. The key 0 marks an empty slot, so a zero key is
// stored as zeroKey. The keys are Zobrist hashes, uniform in their low
// bits, so they index the array directly.
type keySet struct {
	keys []uint64
	mask uint64
	n    int
}

// zeroKey stands for the key 0, which marks an empty slot.
const zeroKey = 0x9e3779b97f4a7c15

func newKeySet() *keySet {
	const c = 1 << 12
	return &keySet{keys: make([]uint64, c), mask: c - 1}
}

// insert adds k and reports whether it was new.
func (t *keySet) insert(k uint64) bool {
	if k == 0 {
		k = zeroKey
	}
	i := k & t.mask
	for t.keys[i] != 0 {
		if t.keys[i] == k {
			return false
		}
		i = (i + 1) & t.mask
	}
	t.keys[i] = k
	t.n++
	if 2*t.n > len(t.keys) {
		old := t.keys
		t.keys = make([]uint64, 2*len(old))
		t.mask = uint64(len(t.keys) - 1)
		for _, k := range old {
			if k != 0 {
				j := k & t.mask
				for t.keys[j] != 0 {
					j = (j + 1) & t.mask
				}
				t.keys[j] = k
			}
		}
	}
	return true
}

// bytes returns the memory the set holds.
func (t *keySet) bytes() int { return 8 * len(t.keys) }

// layerMap maps the keys of the layer being built to their node indices,
// to find a position reached twice in one layer. Its slots carry the
// number of the layer that wrote them, so that a new layer starts without
// clearing them.
type layerMap struct {
	slots []layerSlot
	mask  uint64
	n     int
	layer uint32
}

type layerSlot struct {
	key   uint64
	val   int32
	layer uint32
}

func newLayerMap() *layerMap {
	const c = 1 << 10
	return &layerMap{slots: make([]layerSlot, c), mask: c - 1, layer: 1}
}

// reset empties the map for a new layer of about n positions.
func (t *layerMap) reset(n int) {
	t.layer++
	t.n = 0
	if c := len(t.slots); c > 1<<10 && c > 16*n {
		// Shrink after a wide layer, so that the slots stay in cache.
		c = 1 << 10
		for c < 4*n {
			c <<= 1
		}
		t.slots = make([]layerSlot, c)
		t.mask = uint64(len(t.slots) - 1)
		t.layer = 1
	}
}

// get returns the node stored for k in this layer, if any.
func (t *layerMap) get(k uint64) (int32, bool) {
	for i := k & t.mask; t.slots[i].layer == t.layer; i = (i + 1) & t.mask {
		if t.slots[i].key == k {
			return t.slots[i].val, true
		}
	}
	return 0, false
}

// put stores v for k, which is not in the map.
func (t *layerMap) put(k uint64, v int32) {
	i := k & t.mask
	for t.slots[i].layer == t.layer {
		i = (i + 1) & t.mask
	}
	t.slots[i] = layerSlot{key: k, val: v, layer: t.layer}
	t.n++
	if 2*t.n > len(t.slots) {
		old, layer := t.slots, t.layer
		t.slots = make([]layerSlot, 2*len(old))
		t.mask = uint64(len(t.slots) - 1)
		t.layer = 1
		t.n = 0
		for _, s := range old {
			if s.layer == layer {
				t.put(s.key, s.val)
			}
		}
	}
}

// bytes returns the memory the map holds.
func (t *layerMap) bytes() int { return 16 * len(t.slots) }
