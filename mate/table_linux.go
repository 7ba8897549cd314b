//go:build linux

package mate

import (
	"runtime"
	"syscall"
	"unsafe"
)

// hugePage is the size of a transparent huge page on x86-64 and most
// arm64 kernels: the table is aligned to it.
const hugePage = 2 << 20

// allocClusters returns n zeroed clusters for t in a private anonymous
// mapping, unmapped once t is garbage: the kernel maps each page to zeroes
// only when it is first touched, so nothing is faulted in before the
// search needs it. The mapping is aligned to a huge page and the kernel is
// asked to back it with huge pages: a search reads the table at random,
// and with 4 KB pages nearly every lookup would also miss the TLB (it is
// only advice; an error changes nothing). A mapping the system refuses
// is an *AllocError.
func allocClusters(t *table, n uint64) ([]cluster, error) {
	size := n * uint64(unsafe.Sizeof(cluster{}))
	if size > uint64(^uint(0)>>1)-hugePage {
		return nil, &AllocError{MB: int(size >> 20), Err: syscall.ENOMEM}
	}
	m, err := syscall.Mmap(-1, 0, int(size)+hugePage, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return nil, &AllocError{MB: int(size >> 20), Err: err}
	}
	runtime.AddCleanup(t, func(m []byte) { _ = syscall.Munmap(m) }, m)
	off := (hugePage - uintptr(unsafe.Pointer(&m[0]))%hugePage) % hugePage
	b := m[off : off+uintptr(size)]
	_ = syscall.Madvise(b, syscall.MADV_HUGEPAGE)
	return unsafe.Slice((*cluster)(unsafe.Pointer(&b[0])), n), nil
}

// canPopulate says that populate can fault pages in.
const canPopulate = true

// madvPopulateWrite is MADV_POPULATE_WRITE (Linux 5.14): fault in the
// pages of a range, writable, as a write would.
const madvPopulateWrite = 23

// populate faults in the pages of c at once; false when the kernel does
// not know how (the caller touches them itself).
func populate(c []cluster) bool {
	b := unsafe.Slice((*byte)(unsafe.Pointer(&c[0])), uintptr(len(c))*unsafe.Sizeof(c[0]))
	return syscall.Madvise(b, madvPopulateWrite) == nil
}
