package mate

import "unsafe"

// prefetch asks the processor to bring the table cluster at p (both of its
// cache lines) into its caches without waiting for it: a search looks up
// every child of a node, at random places of a table far larger than the
// caches, and the misses then overlap with each other and with the work
// in between instead of stalling the lookups one by one. It is only a
// hint (see prefetch_other.go for the other architectures).
//
//go:noescape
func prefetch(p unsafe.Pointer)
