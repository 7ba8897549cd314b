//go:build !amd64

package mate

import "unsafe"

// prefetch does nothing here: Go has no portable prefetch, and the
// lookups that follow fetch the cluster anyway (prefetch_amd64.go).
func prefetch(unsafe.Pointer) {}
