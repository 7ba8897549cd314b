package helpmate

import "unsafe"

// frontier holds the positions of one layer in blocks, in the order they
// were added. Blocks are never copied or given up: a layer that grows
// takes another block, and the next layer stored here reuses them. A
// plain slice would copy itself at each growth, and the arrays it left
// behind would add up to several times the frontier before the garbage
// collector returned them (ofm-139 held 4.6 GB for 1.2 GB of positions);
// with blocks the memory is what the search counts (search.measure).
type frontier[P any] struct {
	blocks [][]P // blocks[:used] hold the positions; the others are empty, for reuse
	used   int
	n      int // the positions held
	bytes  int64
}

// maxBlock is the number of positions of the largest block (1 MB of
// shogi positions); the first blocks are smaller, so that a short search
// allocates little.
const maxBlock = 1 << 11

// push appends a copy of q and returns the copy.
func (f *frontier[P]) push(q *P) *P {
	if f.used == 0 || len(f.blocks[f.used-1]) == cap(f.blocks[f.used-1]) {
		if f.used == len(f.blocks) {
			size := maxBlock
			if f.used < 7 {
				size = 16 << f.used // 16, 32, … 1,024 positions, then maxBlock
			}
			f.blocks = append(f.blocks, make([]P, 0, size))
			f.bytes += int64(size) * int64(unsafe.Sizeof(*q))
		}
		f.used++
	}
	b := &f.blocks[f.used-1]
	*b = append(*b, *q)
	f.n++
	return &(*b)[len(*b)-1]
}

// reset empties f, keeping its blocks.
func (f *frontier[P]) reset() {
	for i := range f.used {
		f.blocks[i] = f.blocks[i][:0]
	}
	f.used, f.n = 0, 0
}

// all yields the positions in the order they were added.
func (f *frontier[P]) all() func(yield func(*P) bool) {
	return func(yield func(*P) bool) {
		for _, b := range f.blocks[:f.used] {
			for i := range b {
				if !yield(&b[i]) {
					return
				}
			}
		}
	}
}
