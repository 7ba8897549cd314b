//go:build linux

package mate

import (
	"syscall"
	"testing"
	"unsafe"
)

// residentPages returns, for each 4 KB page of c, whether the system
// backs it with memory now (mincore).
func residentPages(t *testing.T, c []cluster) []bool {
	t.Helper()
	size := uintptr(len(c)) * unsafe.Sizeof(c[0])
	vec := make([]byte, (size+4095)/4096)
	if _, _, errno := syscall.Syscall(syscall.SYS_MINCORE, uintptr(unsafe.Pointer(&c[0])), size, uintptr(unsafe.Pointer(&vec[0]))); errno != 0 {
		t.Fatalf("mincore: %v", errno)
	}
	in := make([]bool, len(vec))
	for i, v := range vec {
		in[i] = v&1 != 0
	}
	return in
}

// When the generation counter wraps, the table keeps the pages of the part
// the searches used (the next searches would touch them again), cleared:
// it does not hand them back to the system to be faulted in anew.
func TestTableWrapKeepsThePagesInUse(t *testing.T) {
	tt, err := newTable(8)
	if err != nil {
		t.Fatal(err)
	}
	tt.newGeneration()
	fillTable(t, tt)
	wrapGeneration(tt)
	for i, in := range residentPages(t, tt.clusters) {
		if !in {
			t.Fatalf("page %d of %d handed back at the wrap", i, len(tt.clusters)*128/4096)
		}
	}
	for i := range tt.clusters {
		if tt.clusters[i] != (cluster{}) {
			t.Fatalf("cluster %d not cleared: %+v", i, tt.clusters[i])
		}
	}
}

// When the generation counter wraps, the part of the table no search
// used is left untouched: a solver of short problems with a large table
// stays small however many it solves.
func TestTableWrapLeavesTheRestUntouched(t *testing.T) {
	tt, err := newTable(64)
	if err != nil {
		t.Fatal(err)
	}
	tt.newGeneration()
	tt.store(12345, 0, false, 0, infinity, 0, 3, 0, -1, -1)
	wrapGeneration(tt)
	if r := tt.lookup(12345, 0, 5, false, nil); r.found {
		t.Errorf("entry of 255 generations ago found: %+v", r)
	}
	// The part in use, 128 KB, lies in the first huge page.
	in := residentPages(t, tt.clusters)
	for i := hugePage / 4096; i < len(in); i++ {
		if in[i] {
			t.Fatalf("page %d touched, past the %d KB in use", i, initialClusters*128/1024)
		}
	}
}
