package mate

import "github.com/tsume-shogi/tsume/shogi"

// This file is the search path: the positions from the root of a search
// to the node being searched, for repetitions (千日手) and inferior
// positions, and for the disproofs that depend on them.

// pathNode is one position of the current search path.
type pathNode struct {
	full uint64
	// board is the position's board key (with the side to move) and hand
	// the attacker's hand there, for inferior positions (inferiorOnPath);
	// or reports whether the attacker is to move there, the positions
	// inferiorOnPath looks at.
	board uint64
	hand  shogi.Hand
	or    bool
	// sum is the sum of plyHash over the path from the root to this
	// position: the positions of plies lo to a1 have the identity
	// path[a1].sum - path[lo-1].sum, in one subtraction.
	sum uint64
}

// plyHash mixes the full key of a position with its ply (the splitmix64
// finaliser).
func plyHash(full uint64, ply int) uint64 {
	z := full ^ (uint64(ply)+1)*0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// minPathFilter is the first size of the filter that tells most positions
// at once that they are not on the search path; the filter grows with the
// path, so that it stays at most 1/64 full (a miss that the filter lets
// through scans the whole path, which is long in a long problem).
const minPathFilter = 1 << 12

// push adds the position with the full key full, the board key board and
// the attacker's hand hand to the path; or reports whether the attacker
// is to move there.
func (s *search[P, PP]) push(full, board uint64, hand shogi.Hand, or bool) {
	var prev uint64
	if n := len(s.path); n > 0 {
		prev = s.path[n-1].sum
	}
	s.path = append(s.path, pathNode{full: full, board: board, hand: hand, or: or, sum: prev + plyHash(full, len(s.path))})
	if len(s.path)*64 > len(s.pathCount) {
		s.growPathFilter()
	}
	mask := uint64(len(s.pathCount) - 1)
	s.pathCount[full&mask]++
	if or {
		s.boardCount[board&mask]++
	}
}

// pushAncestors pushes the positions of ancestors, the path to a
// position searched or looked up outside a search, onto the path.
func (s *search[P, PP]) pushAncestors(ancestors []P) {
	for i := range ancestors {
		a := PP(&ancestors[i])
		s.push(a.Key(), a.BoardKey(), a.Hand(s.attacker), a.SideToMove() == s.attacker)
	}
}

// popAncestors takes the positions pushAncestors pushed off the path.
func (s *search[P, PP]) popAncestors(ancestors []P) {
	for range ancestors {
		s.pop()
	}
}

// growPathFilter makes the filters four times larger (at first: their
// first size) and fills them from the path again; the new entry is
// counted by push.
func (s *search[P, PP]) growPathFilter() {
	n := max(minPathFilter, 4*len(s.pathCount))
	s.pathCount = make([]uint8, n)
	s.boardCount = make([]uint8, n)
	for _, e := range s.path[:len(s.path)-1] {
		s.pathCount[e.full&uint64(n-1)]++
		if e.or {
			s.boardCount[e.board&uint64(n-1)]++
		}
	}
}

func (s *search[P, PP]) pop() {
	n := len(s.path) - 1
	mask := uint64(len(s.pathCount) - 1)
	s.pathCount[s.path[n].full&mask]--
	if s.path[n].or {
		s.boardCount[s.path[n].board&mask]--
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

// inferiorOnPath returns the ply of the deepest position on the path,
// the attacker to move, with the board key board (the same board, the
// same side to move) where the attacker held more than hand, a hand it
// dominates (docs/solver.md, "Inferior positions"): the position with
// that board and hand, reached by a reply of the defender, is one the
// attacker only reaches by giving pieces away, and no shortest mate
// passes through it. Its hand differs from hand, so that a repetition is
// left to onPath. Positions with the defender to move are not looked at:
// refuting the defender's reply that comes back to the board, rather
// than the check before it, took fewer nodes (docs/performance.md,
// "Session 33").
func (s *search[P, PP]) inferiorOnPath(board uint64, hand shogi.Hand) (int, bool) {
	if len(s.boardCount) == 0 || s.boardCount[board&uint64(len(s.boardCount)-1)] == 0 {
		return 0, false
	}
	for i := len(s.path) - 1; i >= 0; i-- {
		if e := &s.path[i]; e.or && e.board == board && e.hand != hand && e.hand.Dominates(hand) {
			return i, true
		}
	}
	return 0, false
}

// A disproof's dependency on the search path is a pair (a1, a2): a1 is
// the ply of the deepest ancestor it depends on (-1: none), and a2 says
// what is known of the others:
//
//   - a2 == -1: there are none;
//   - a2 <= -2: they are exactly the ancestors at plies a1-1-d for each
//     bit d of the mask -2-a2 (depWindow bits);
//   - a2 >= 0: they stand at plies a2 to a1, which ones is not known
//     (an over-approximation, always safe; a1 itself may then be an
//     upper bound).
//
// Either way the dependency holds wherever the positions it may name
// stand at the same plies of the path, whatever the rest of the path
// (docs/solver.md, "Repetition and the graph-history interaction").
const depWindow = 14

// depMask returns the mask of an exact dependency's a2, and false for an
// inexact one.
func depMask(a2 int16) (uint16, bool) {
	switch {
	case a2 == -1:
		return 0, true
	case a2 <= -2:
		return uint16(-2 - a2), true
	}
	return 0, false
}

// exactDeps returns the a2 of an exact dependency with the mask.
func exactDeps(mask uint16) int16 {
	if mask == 0 {
		return -1
	}
	return -2 - int16(mask)
}

// mergeAnchors returns the dependency of a result that depends on both
// (a1, a2) and (b1, b2).
func mergeAnchors(a1, a2, b1, b2 int16) (int16, int16) {
	switch {
	case a1 < 0:
		return b1, b2
	case b1 < 0:
		return a1, a2
	}
	c := max(a1, b1)
	var mask uint16
	lo := c // the shallowest ply of the dependencies
	exact := true
	add := func(p int16) {
		lo = min(lo, p)
		if d := c - 1 - p; p != c {
			if d < depWindow {
				mask |= 1 << d
			} else {
				exact = false
			}
		}
	}
	for _, x := range [2][2]int16{{a1, a2}, {b1, b2}} {
		add(x[0])
		m, ok := depMask(x[1])
		if !ok {
			lo = min(lo, x[1])
			exact = false
			continue
		}
		for d := int16(0); m != 0; d++ {
			if m&1 != 0 {
				add(x[0] - 1 - d)
			}
			m >>= 1
		}
	}
	if !exact {
		return c, lo
	}
	return c, exactDeps(mask)
}

// discharge returns the dependency (a1, a2) of a node at ply once it no
// longer depends on itself or on anything deeper: a mate from a node
// cannot pass through that node again.
func discharge(a1, a2, ply int16) (int16, int16) {
	if a1 < ply {
		return a1, a2
	}
	m, ok := depMask(a2)
	if !ok {
		if a2 < ply {
			return ply - 1, a2
		}
		return -1, -1
	}
	for d := int16(0); m != 0; d++ {
		if m&1 != 0 && a1-1-d < ply {
			return a1 - 1 - d, exactDeps(m >> 1)
		}
		m >>= 1
	}
	return -1, -1
}

// dependencyID returns the identity of what a disproof with the
// dependency (a1 >= 0, a2) depends on, on the current path.
func (s *search[P, PP]) dependencyID(a1, a2 int16) uint64 {
	v, _ := s.dependencyAt(a1, a2)
	return v
}

// dependencyAt implements pathChecker: the sum of plyHash over the
// positions the dependency names (exact) or may name (a2 to a1).
func (s *search[P, PP]) dependencyAt(a1, a2 int16) (uint64, bool) {
	if a1 < 0 || int(a1) >= len(s.path) {
		return 0, false
	}
	m, ok := depMask(a2)
	if !ok {
		v := s.path[a1].sum
		if a2 > 0 {
			v -= s.path[a2-1].sum
		}
		return v, true
	}
	v := plyHash(s.path[a1].full, int(a1))
	for d := int16(0); m != 0; d++ {
		if m&1 != 0 {
			p := a1 - 1 - d
			if p < 0 {
				return 0, false
			}
			v += plyHash(s.path[p].full, int(p))
		}
		m >>= 1
	}
	return v, true
}
