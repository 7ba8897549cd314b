package mate

import (
	"bytes"
	"context"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
)

// TestParallelSameAnswers: with two threads, Solve gives every problem of
// the bench list the answer it gives with one (status, length, whether it
// is exact), and its line, which may differ among lines of that length,
// passes the independent check (solve). The nodes are not compared: with
// more than one thread they are not deterministic.
func TestParallelSameAnswers(t *testing.T) {
	for _, c := range readBenchList(t) {
		if testing.Short() && c.ID == "zukou-007" {
			continue
		}
		t.Run(c.ID, func(t *testing.T) {
			opts := SolverOptions{HashMB: 64, Futile: Discount, SkipSoundness: true}
			one := solve(t, c.SFEN, opts)
			opts.Threads = 2
			two := solve(t, c.SFEN, opts)
			if two.Status != one.Status || two.Length != one.Length || two.LengthExact != one.LengthExact {
				t.Errorf("two threads: %v length %d (exact %v); one thread: %v length %d (exact %v)",
					two.Status, two.Length, two.LengthExact, one.Status, one.Length, one.LengthExact)
			}
			if two.LengthExact && len(two.PV) != two.Length {
				t.Errorf("two threads: exact length %d with a line of %d", two.Length, len(two.PV))
			}
		})
	}
}

// TestParallelSoundnessSame: the soundness search (余詰) finds the same
// alternatives with two threads as with one.
func TestParallelSoundnessSame(t *testing.T) {
	for _, c := range readBenchList(t) {
		if c.ID != "zukou-036" && c.ID != "musou-038" {
			continue
		}
		opts := SolverOptions{HashMB: 64, Futile: Discount}
		one := solve(t, c.SFEN, opts)
		opts.Threads = 2
		two := solve(t, c.SFEN, opts)
		if one.Unique != two.Unique || one.SoundnessChecked != two.SoundnessChecked || len(one.Alternatives) != len(two.Alternatives) {
			t.Errorf("%s: two threads: unique %v, checked %v, %d alternatives; one thread: %v, %v, %d",
				c.ID, two.Unique, two.SoundnessChecked, len(two.Alternatives), one.Unique, one.SoundnessChecked, len(one.Alternatives))
		}
	}
}

// TestOneThreadTableTakesNoLock: a Solver of one thread has a table
// without locks (the fast path, unchanged); one of more threads has them.
func TestOneThreadTableTakesNoLock(t *testing.T) {
	for _, c := range []struct {
		threads int
		locked  bool
	}{{0, false}, {1, false}, {2, true}, {4, true}} {
		s := newSolver(t, SolverOptions{HashMB: 1, Threads: c.threads})
		if got := s.tt.locks != nil; got != c.locked {
			t.Errorf("Threads %d: locks %v, want %v", c.threads, got, c.locked)
		}
	}
}

// TestSharedTableConcurrent: goroutines store and look up entries of a
// shared table at once (run it with -race): every lookup finds either
// nothing or a proof that some goroutine stored for that very key and
// hand, whole (its length and spare pieces belong together), and the
// table grows meanwhile as the main thread of a search grows it.
func TestSharedTableConcurrent(t *testing.T) {
	tt := newSharedTable(t, 4)
	const workers, keys = 4, 1 << 12
	// The length of key k's proof is k mod 500 + 1, its spare pieces
	// k mod 7: a torn entry would mix two keys' values.
	lengthOf := func(k uint64) uint16 { return uint16(k%500 + 1) }
	spareOf := func(k uint64) uint8 { return uint8(k % 7) }
	keyOf := func(i int) uint64 { return uint64(i)*0x9e3779b97f4a7c15 | 1 }
	var wg sync.WaitGroup
	var mu sync.Mutex
	var bad []string
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(w), 1))
			path := newSearch[stdPos, *stdPos](nil, shogi.Black)
			for range 20000 {
				k := keyOf(r.IntN(keys))
				hand := shogi.Hand(0)
				if r.IntN(2) == 0 {
					tt.store(k, hand, false, 0, infinity, 1, lengthOf(k), spareOf(k), -1, -1)
					continue
				}
				res := tt.lookup(k, hand, unlimited, false, path)
				if res.pn == 0 && (res.length != lengthOf(k) || res.spare != spareOf(k)) {
					mu.Lock()
					bad = append(bad, "torn entry")
					mu.Unlock()
				}
			}
		}()
	}
	for range 10 {
		if tt.sharedFull() {
			tt.grow() // as growShared does, with the other threads waiting
		}
	}
	wg.Wait()
	if len(bad) > 0 {
		t.Fatalf("%d lookups found an entry that was never stored, e.g. %s", len(bad), bad[0])
	}
	found := 0
	for i := range keys {
		k := keyOf(i)
		if r := tt.lookup(k, 0, unlimited, false, newSearch[stdPos, *stdPos](nil, shogi.Black)); r.pn == 0 {
			found++
		}
	}
	if found == 0 {
		t.Fatal("no proof found after the stores: the test shows nothing")
	}
}

// TestSharedLookupNeverTorn: lookups of a shared table take no lock, yet
// never see an entry half written: two goroutines store proofs of eight
// boards that all fall into one cluster (so that they keep pushing each
// other out of its four slots) while two others look them up, and every
// proof found has the length and spare pieces stored for its key.
func TestSharedLookupNeverTorn(t *testing.T) {
	tt := newSharedTable(t, 1)
	// key ^ key>>32 is i<<32: cluster 0 whatever the prefix in use.
	keyOf := func(i int) uint64 { return uint64(i)<<32 | uint64(i) }
	lengthOf := func(k uint64) uint16 { return uint16(k>>32)*2 + 1 }
	spareOf := func(k uint64) uint8 { return uint8(k >> 32) }
	const boards, rounds = 8, 100000
	var wg sync.WaitGroup
	var torn, found atomic.Int64
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(g), 2))
			path := newSearch[stdPos, *stdPos](nil, shogi.Black)
			for range rounds {
				k := keyOf(1 + r.IntN(boards))
				if g < 2 {
					tt.store(k, 0, false, 0, infinity, uint32(r.IntN(100)), lengthOf(k), spareOf(k), -1, -1)
					continue
				}
				if res := tt.lookup(k, 0, unlimited, false, path); res.pn == 0 {
					found.Add(1)
					if res.length != lengthOf(k) || res.spare != spareOf(k) {
						torn.Add(1)
					}
				}
			}
		}()
	}
	wg.Wait()
	if torn.Load() != 0 {
		t.Fatalf("%d of %d proofs found were torn (another key's length or spare pieces)", torn.Load(), found.Load())
	}
	if found.Load() == 0 {
		t.Fatal("no proof found: the test shows nothing")
	}
}

// TestParallelStopsAtTheNodeLimit: the node limit counts the nodes of
// every thread, and a stopped parallel search claims no exact length.
func TestParallelStopsAtTheNodeLimit(t *testing.T) {
	for _, c := range readBenchList(t) {
		if c.ID != "zukou-007" {
			continue
		}
		p := mustParse(t, c.SFEN)
		s := newSolver(t, SolverOptions{HashMB: 64, Futile: Discount, SkipSoundness: true, Threads: 2, MaxNodes: 50000})
		sol, err := s.Solve(context.Background(), &p)
		if err != nil {
			t.Fatal(err)
		}
		if sol.LengthExact {
			t.Errorf("exact length %d within 50,000 nodes (one thread needs about 800,000)", sol.Length)
		}
		// (A mate found before the limit gets extra nodes to read its
		// line: extendBudget.)
		if sol.Status != Mate && sol.Nodes > 50000+2*1024*4 {
			t.Errorf("%d nodes, limit 50,000", sol.Nodes)
		}
	}
}

// newSharedTable returns a table of mb megabytes made for threads, ready
// for a search.
func newSharedTable(t *testing.T, mb int) *table {
	t.Helper()
	tt, err := newTable(mb)
	if err != nil {
		t.Fatal(err)
	}
	tt.share()
	tt.newGeneration()
	return tt
}

// readBenchList returns the problems of BenchList.
func readBenchList(t *testing.T) []classic {
	t.Helper()
	rows, err := problem.ReadTSV(bytes.NewReader(BenchList()), "bench.tsv")
	if err != nil {
		t.Fatal(err)
	}
	return classics(rows)
}

// TestBusyCountsEveryPlyAfterChecks: in a parallel search a thread counts
// itself, at every ply however deep, among the threads searching each
// position of its path that follows a check (the positions divert asks
// about), and no other: during a search of 寿 (611 plies) the counters
// hold one count for each such position of the path, the deepest
// included, and none once the search has ended.
func TestBusyCountsEveryPlyAfterChecks(t *testing.T) {
	p := mustParse(t, kotobuki)
	tt, err := newTable(64)
	if err != nil {
		t.Fatal(err)
	}
	tt.newGeneration()
	s := newSearch[stdPos](tt, p.SideToMove())
	s.par = &parallel[stdPos, *stdPos]{busy: make([]atomic.Int32, busySize)}
	sum := func() (n int) {
		for i := range s.par.busy {
			n += int(s.par.busy[i].Load())
		}
		return n
	}
	checked, deepest := 0, 0
	s.progress = func() {
		// The path is that of the node about to be searched: its
		// positions at odd plies follow the attacker's checks.
		after := 0
		for i := 1; i < len(s.path); i += 2 {
			if s.par.busy[s.path[i].full&(busySize-1)].Load() < 1 {
				t.Errorf("ply %d of %d after a check: not counted", i, len(s.path))
			}
			after++
		}
		if n := sum(); n != after {
			t.Errorf("path of %d positions, %d after a check: %d counts", len(s.path), after, n)
		}
		checked++
		deepest = max(deepest, len(s.path))
	}
	s.setBudget(context.Background(), 1<<20, 0, time.Now())
	s.searchAt(nil, std(&p), unlimited)
	if checked == 0 || deepest <= 64 {
		t.Fatalf("%d paths checked, the deepest %d plies: the test did not look deep", checked, deepest)
	}
	if n := sum(); n != 0 {
		t.Errorf("%d counts left after the search", n)
	}
	t.Logf("%d paths checked, the deepest %d plies", checked, deepest)
}

// TestDivert: a thread whose best check is being searched by n other
// threads takes the second best when the best's proof number raised by
// them (v + n·max(v, 2)) is larger than the second's, and the raised
// number as the bound of its search; it keeps the best when no thread
// searches it, when the raised number is not larger, when there is no
// second check, or when the second is at the node's threshold.
func TestDivert(t *testing.T) {
	cases := []struct {
		name      string
		pns       []uint32
		busy      int32 // threads searching the best check
		th        uint32
		want      int
		wantBound uint32
	}{
		{"idle best", []uint32{3, 5, 9}, 0, 100, 0, 5},
		{"busy best, raised above the second", []uint32{3, 5, 9}, 1, 100, 1, 3 + 3},
		{"busy best, raised to the second", []uint32{3, 6, 9}, 1, 100, 0, 6},
		{"two threads on the best", []uint32{3, 8, 20}, 2, 100, 1, 3 + 2*3},
		{"a best of 1 raised by 2", []uint32{1, 2}, 1, 100, 1, 1 + 2},
		{"only one check", []uint32{3}, 1, 100, 0, infinity},
		{"second at the threshold", []uint32{3, 5}, 1, 5, 0, 5},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newSearch[stdPos, *stdPos](nil, shogi.Black)
			s.par = &parallel[stdPos, *stdPos]{busy: make([]atomic.Int32, busySize)}
			f := &frame[stdPos]{}
			low := lowest{best: -1, next: -1, val: infinity, second: infinity}
			for i, pn := range c.pns {
				f.children = append(f.children, child{full: uint64(1000 + i), pn: pn})
				low.add(i, pn)
			}
			s.par.busy[f.children[low.best].full&(busySize-1)].Store(c.busy)
			got, bound := s.divert(f, &low, c.th)
			if got != c.want || bound != c.wantBound {
				t.Errorf("divert: check %d, bound %d; want %d, %d", got, bound, c.want, c.wantBound)
			}
		})
	}
}
