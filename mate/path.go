package mate

// This file is the search path: the positions from the root of a search
// to the node being searched, for repetitions (千日手) and for the
// disproofs that depend on them.

// pathNode is one position of the current search path.
type pathNode struct {
	full uint64
	// prefix identifies the path from the root to this position: a hash
	// of the full keys of its positions and their plies. A disproof that
	// depends on a repetition of this position holds wherever the search
	// comes back along the same path, however often it left it.
	prefix uint64
}

// prefixAfter returns the identity of a path of identity prev extended by
// the position full at ply (the splitmix64 finaliser over both).
func prefixAfter(prev, full uint64, ply int) uint64 {
	z := prev ^ full ^ (uint64(ply)+1)*0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// minPathFilter is the first size of the filter that tells most positions
// at once that they are not on the search path; the filter grows with the
// path, so that it stays at most 1/64 full (a miss that the filter lets
// through scans the whole path, which is long in a long problem).
const minPathFilter = 1 << 12

func (s *search[P, PP]) push(full uint64) {
	var prev uint64
	if n := len(s.path); n > 0 {
		prev = s.path[n-1].prefix
	}
	s.path = append(s.path, pathNode{full: full, prefix: prefixAfter(prev, full, len(s.path))})
	if len(s.path)*64 > len(s.pathCount) {
		s.growPathFilter()
	}
	s.pathCount[full&uint64(len(s.pathCount)-1)]++
	if s.par != nil && len(s.path) <= busyPlies {
		s.par.markBusy(full, 1)
	}
}

// growPathFilter makes the filter four times larger (at first: its first
// size) and fills it from the path again; the new entry is counted by
// push.
func (s *search[P, PP]) growPathFilter() {
	n := max(minPathFilter, 4*len(s.pathCount))
	s.pathCount = make([]uint8, n)
	for _, e := range s.path[:len(s.path)-1] {
		s.pathCount[e.full&uint64(n-1)]++
	}
}

func (s *search[P, PP]) pop() {
	n := len(s.path) - 1
	s.pathCount[s.path[n].full&uint64(len(s.pathCount)-1)]--
	if s.par != nil && n < busyPlies {
		s.par.markBusy(s.path[n].full, -1)
	}
	s.path = s.path[:n]
}

// onPath returns the ply of the position with the full key on the path.
func (s *search[P, PP]) onPath(full uint64) (int, bool) {
	if len(s.pathCount) == 0 || s.pathCount[full&uint64(len(s.pathCount)-1)] == 0 {
		return 0, false
	}
	for i := len(s.path) - 1; i >= 0; i-- {
		if s.path[i].full == full {
			return i, true
		}
	}
	return 0, false
}

// prefixAt implements pathChecker.
func (s *search[P, PP]) prefixAt(ply int) (uint64, bool) {
	if ply < 0 || ply >= len(s.path) {
		return 0, false
	}
	return s.path[ply].prefix, true
}
