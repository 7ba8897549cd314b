package mate

import (
	"runtime"
	"sync/atomic"
	"time"
	"unsafe"
)

// This file makes a table safe for the threads of a parallel search
// (parallel.go): each cluster has a sequence lock (a seqlock), a counter
// that is odd while a thread writes one of its entries. A writer takes it
// by an atomic compare-and-swap and writes the entry (putShared); a
// lookup takes nothing: it copies the cluster word by word through atomic
// loads between two reads of the counter, and copies it again when the
// counter was odd or changed meanwhile, so that it never sees an entry
// half written (copyCluster). Lookups, about twice as many as the writes
// (図巧43: 5.1 a node, against 1.0 stores and 1.7 stores of initial
// numbers), thus write no shared memory: with a lock taken by every
// lookup (until session 14), the locks' cache lines went back and forth
// between the cores at nearly every lookup. A table for one thread has
// no locks and takes none.

// lockStripes is the most locks a shared table has: cluster i is guarded
// by lock i mod lockStripes (256 KB of locks; two threads rarely want
// the same one).
const lockStripes = 1 << 16

// share makes t safe for concurrent use from now on: it gets its locks.
// Its stores no longer count the slots in use nor grow the prefix in
// use: the main thread of a search grows it (growShared) when sharedFull
// says so, while the other threads wait. Only one goroutine may use t
// while share runs.
func (t *table) share() {
	if t.locks != nil {
		return
	}
	t.locks = make([]atomic.Uint32, min(lockStripes, len(t.clusters)))
}

// growSample is the number of clusters sharedFull reads.
const growSample = 64

// sharedFull reports whether, by a sample of growSample clusters, a
// growDivisor-th of the slots of the prefix in use are taken by this
// generation, as store's count says for a table of one thread: then the
// prefix should grow.
func (t *table) sharedFull() bool {
	n := t.mask + 1
	if n >= uint64(len(t.clusters)) {
		return false
	}
	used := 0
	for i := uint64(0); i < n; i += n / growSample {
		l := t.lockAt(i)
		lock(l)
		for j := range t.clusters[i] {
			if t.clusters[i][j].gen == t.gen {
				used++
			}
		}
		unlock(l)
	}
	return used*growDivisor >= growSample*clusterSize
}

// lockOf returns the lock of the cluster of key (clusterOf).
func (t *table) lockOf(key uint64) *atomic.Uint32 {
	return t.lockAt((key ^ key>>32) & t.mask)
}

// lockAt returns the lock of cluster i.
func (t *table) lockAt(i uint64) *atomic.Uint32 {
	return &t.locks[i&uint64(len(t.locks)-1)]
}

// lock takes the sequence lock l, making it odd, waiting while another
// thread holds it (backoff). unlock releases it.
func lock(l *atomic.Uint32) {
	if v := l.Load(); v&1 != 0 || !l.CompareAndSwap(v, v|1) {
		lockSlow(l)
	}
}

// lockSlow is lock when another thread holds l.
func lockSlow(l *atomic.Uint32) {
	for i := 1; ; i++ {
		backoff(i)
		if v := l.Load(); v&1 == 0 && l.CompareAndSwap(v, v|1) {
			return
		}
	}
}

// unlock releases the sequence lock l: it becomes even again, and
// different from what it was before lock, so that a lookup that read the
// cluster meanwhile reads it again.
func unlock(l *atomic.Uint32) { l.Add(1) }

// entryWords and clusterWords are the 64-bit words of an entry and of a
// cluster, which putShared and copyCluster copy one by one; keyWord is
// the word of an entry that holds its key.
const (
	entryWords   = int(unsafe.Sizeof(entry{}) / 8)
	clusterWords = clusterSize * entryWords
	keyWord      = int(unsafe.Offsetof(entry{}.key) / 8)
)

// These fail to compile unless an entry is a whole number of words with
// its key in one of them, as the copies assume.
var _ [-(unsafe.Sizeof(entry{}) % 8)]struct{}
var _ [-(unsafe.Offsetof(entry{}.key) % 8)]struct{}

// putShared writes e into slot, an entry of a shared table whose lock the
// caller holds, while a lookup may copy it (copyCluster), which then
// copies it again: the lock's compare-and-swap before and its increment
// after, each a full barrier, order the writes between them. The writes
// are plain stores, each word of the entry written whole (a racing read
// of at most a machine word sees some value written, by the Go memory
// model); under the race detector, which reports any racing plain store,
// they are atomic stores, which cost a full barrier each.
func putShared(slot, e *entry) {
	if !raceEnabled {
		*slot = *e
		return
	}
	dst := (*[entryWords]atomic.Uint64)(unsafe.Pointer(slot))
	src := (*[entryWords]uint64)(unsafe.Pointer(e))
	for i := range dst {
		dst[i].Store(src[i])
	}
}

// copyCluster copies c, the cluster of key in a shared table, into cp for
// lookup, without its lock, and reports whether any of its entries holds
// key. It knows the answer false from the four keys, read whole (a key
// is one some thread wrote; missing an entry being written is the same
// as looking up just before); else it copies the cluster word by word,
// between two reads of its sequence lock, again until no thread wrote to
// it meanwhile.
func (t *table) copyCluster(key uint64, c, cp *cluster) bool {
	w := (*[clusterWords]atomic.Uint64)(unsafe.Pointer(c))
	if w[keyWord].Load() != key && w[entryWords+keyWord].Load() != key &&
		w[2*entryWords+keyWord].Load() != key && w[3*entryWords+keyWord].Load() != key {
		return false
	}
	l := t.lockOf(key)
	words := (*[clusterWords]uint64)(unsafe.Pointer(cp))
	for i := 1; ; i++ {
		if v := l.Load(); v&1 == 0 {
			for j := range words {
				words[j] = w[j].Load()
			}
			if l.Load() == v {
				return true
			}
		}
		backoff(i)
	}
}

// backoff is the i-th wait (from 1) for another thread: spins, every
// 16th a yield to other goroutines, and past 128 a sleep, which gives the
// processor back to the system: on a loaded machine the thread waited
// for may be the one that needs it (lock holder preemption), and
// spinning would only keep it off.
func backoff(i int) {
	switch {
	case i > 128:
		time.Sleep(5 * time.Microsecond)
	case i%16 == 0:
		runtime.Gosched()
	}
}

// hashfullSample is the number of clusters sampledHashfull reads.
const hashfullSample = 1024

// sampledHashfull returns the per-mille of slots in use by the current
// generation among the first hashfullSample clusters: a shared table does
// not count its stores (the count would be one more contended word).
func (t *table) sampledHashfull() int {
	n := min(hashfullSample, len(t.clusters))
	used := 0
	for i := range n {
		l := t.lockAt(uint64(i))
		lock(l)
		for j := range t.clusters[i] {
			if t.clusters[i][j].gen == t.gen {
				used++
			}
		}
		unlock(l)
	}
	return used * 1000 / (n * clusterSize)
}
