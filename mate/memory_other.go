//go:build !linux

package mate

// machineMemoryMB reports that the machine's memory is unknown here.
func machineMemoryMB() (total, available int, ok bool) { return 0, 0, false }
