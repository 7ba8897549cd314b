package helpmate

import (
	"testing"
	"unsafe"

	"github.com/tsume-shogi/tsume/shogi"
)

// A frontier keeps its positions in the order they were added, across
// many blocks, counts the memory of its blocks, and reuses them after a
// reset.
func TestFrontierBlocks(t *testing.T) {
	var f frontier[shogi.Position]
	p := shogi.Startpos()
	const n = 50_000 // past the growing blocks, into many full ones
	for range 2 {
		for i := range n {
			q := p
			q.SetMoveNumber(i + 1)
			f.push(&q)
		}
		if f.n != n {
			t.Fatalf("%d positions held, want %d", f.n, n)
		}
		i := 0
		for q := range f.all() {
			if q.MoveNumber() != i+1 {
				t.Fatalf("position %d has move number %d", i, q.MoveNumber())
			}
			i++
		}
		if i != n {
			t.Fatalf("all yields %d positions, want %d", i, n)
		}
		held := int64(0)
		for _, b := range f.blocks {
			held += int64(cap(b)) * int64(unsafe.Sizeof(p))
		}
		if f.bytes != held || f.bytes < n*int64(unsafe.Sizeof(p)) {
			t.Fatalf("bytes %d, the blocks hold %d for %d positions", f.bytes, held, n)
		}
		before := f.bytes
		f.reset()
		if f.n != 0 || f.bytes != before {
			t.Fatalf("after reset: %d positions, %d bytes (were %d)", f.n, f.bytes, before)
		}
	}
}
