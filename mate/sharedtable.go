package mate

import (
	"runtime"
	"sync/atomic"
	"time"
)

// This file makes a table safe for the threads of a parallel search
// (parallel.go): a spin lock, taken by an atomic compare-and-swap, guards
// each cluster. A table for one thread has no locks and takes none.

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
		l.Store(0)
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

// lock takes l, waiting while another thread holds it (backoff). It is
// released by l.Store(0).
func lock(l *atomic.Uint32) {
	if !l.CompareAndSwap(0, 1) {
		lockSlow(l)
	}
}

// lockSlow is lock when another thread holds l.
func lockSlow(l *atomic.Uint32) {
	for i := 1; !l.CompareAndSwap(0, 1); i++ {
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
		l.Store(0)
	}
	return used * 1000 / (n * clusterSize)
}
