//go:build !linux

package mate

import (
	"errors"
	"unsafe"
)

// errAddressSpace is the error of a table larger than the address space
// can hold.
var errAddressSpace = errors.New("larger than the address space")

// allocClusters returns n zeroed clusters from the Go heap, whose fresh
// memory the operating system backs only when it is first touched. A
// size the address space cannot hold is an *AllocError.
func allocClusters(_ *table, n uint64) ([]cluster, error) {
	if size := n * uint64(unsafe.Sizeof(cluster{})); size > uint64(^uint(0)>>2) {
		return nil, &AllocError{MB: int(size >> 20), Err: errAddressSpace}
	}
	return make([]cluster, n), nil
}

// canPopulate says that populate cannot fault pages in.
const canPopulate = false

// populate reports false: the caller touches the pages itself.
func populate([]cluster) bool { return false }
