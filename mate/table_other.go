//go:build !linux

package mate

// adviseHugePages does nothing outside Linux.
func adviseHugePages([]cluster) {}
