//go:build linux

package mate

import (
	"bytes"
	"os"
	"strconv"
)

// machineMemoryMB returns the machine's physical memory and the memory
// available now for new work, in megabytes, from /proc/meminfo (MemTotal
// and MemAvailable, which kernels before 3.14 lack: then the physical
// memory); ok is false when they cannot be read.
func machineMemoryMB() (total, available int, ok bool) {
	data, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return 0, 0, false
	}
	return parseMeminfo(data)
}

// parseMeminfo reads the MemTotal and MemAvailable lines of data, the text
// of /proc/meminfo, as machineMemoryMB does.
func parseMeminfo(data []byte) (total, available int, ok bool) {
	available = -1
	for line := range bytes.Lines(data) {
		name, rest, found := bytes.Cut(line, []byte(":"))
		if !found {
			continue
		}
		var dst *int
		switch string(name) {
		case "MemTotal":
			dst = &total
		case "MemAvailable":
			dst = &available
		default:
			continue
		}
		f := bytes.Fields(rest) // "24684084 kB"
		if len(f) != 2 || string(f[1]) != "kB" {
			return 0, 0, false
		}
		kb, err := strconv.ParseInt(string(f[0]), 10, 64)
		if err != nil || kb < 0 {
			return 0, 0, false
		}
		*dst = int(kb >> 10)
	}
	if total <= 0 {
		return 0, 0, false
	}
	if available < 0 {
		available = total
	}
	return total, available, true
}
