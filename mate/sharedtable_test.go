package mate

import (
	"math/rand/v2"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

// BenchmarkTableOps measures the table operations of one search node in
// the proportions the search makes them (図巧43: 5 lookups, 1 store, 2
// stores of initial numbers a node), on a table of one thread and on a
// shared one, from one goroutine: the cost of making the table safe for
// threads, without the cost of other threads.
func BenchmarkTableOps(b *testing.B) {
	for _, shared := range []bool{false, true} {
		name := "one"
		if shared {
			name = "shared"
		}
		b.Run(name, func(b *testing.B) {
			tt, err := newTable(1)
			if err != nil {
				b.Fatal(err)
			}
			if shared {
				tt.share()
			}
			tt.newGeneration()
			for tt.mask+1 < uint64(len(tt.clusters)) {
				tt.grow()
			}
			const keys = 1 << 16
			r := rand.New(rand.NewPCG(1, 2))
			key := make([]uint64, keys)
			for i := range key {
				key[i] = r.Uint64()
				tt.store(key[i], 0, false, uint32(i%3), 1+uint32(i%5), uint32(i), 7, 0, -1, -1)
			}
			path := newSearch[stdPos, *stdPos](nil, shogi.Black)
			b.ResetTimer()
			for i := range b.N {
				k := key[i&(keys-1)]
				for j := range 5 {
					tt.lookup(key[(i*5+j)*7919&(keys-1)], shogi.Hand(j&1), unlimited, false, path)
				}
				tt.store(k, 0, false, 3, 4, uint32(i), 0, 0, -1, -1)
				tt.storeIfFree(key[(i+1)&(keys-1)], 1, false, 1, 1)
				tt.storeIfFree(key[(i+2)&(keys-1)], 1, false, 1, 1)
			}
		})
	}
}
