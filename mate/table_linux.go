//go:build linux

package mate

import (
	"syscall"
	"unsafe"
)

// adviseHugePages asks Linux to back the table with huge pages: a search
// reads the table at random, and with 4 KB pages nearly every lookup would
// also miss the TLB. It is only advice; an error changes nothing.
func adviseHugePages(c []cluster) {
	if len(c) == 0 {
		return
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(&c[0])), uintptr(len(c))*unsafe.Sizeof(c[0]))
	_ = syscall.Madvise(b, syscall.MADV_HUGEPAGE)
}
