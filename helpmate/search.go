package helpmate

import (
	"context"
	"unsafe"

	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// node is a stored position, one where the side to be mated is to move.
// Its first parent and the two moves from there are kept in the node; the
// other parents of the same layer are edges of search.extra. The number
// of shortest lines to it is kept only while it is needed, in the counts
// of the last three layers.
type node struct {
	parent int32      // the parent node, or noParent: the root
	m1, m2 shogi.Move // from the parent: m1 by the side to be mated (none in a helpmate's first layer), then m2
}

// edge is a further parent of a node of the same layer.
type edge struct {
	child, parent int32
	m1, m2        shogi.Move
}

const noParent = -1

// search is the state of one breadth-first search over positions of type
// P, whose pointer type PP has the operations the search needs
// (positionOps). It is instantiated for package shogi's positions, the
// fast path, and for package variant's.
type search[P any, PP positionOps[P]] struct {
	root   P
	rootID int32 // the node of the root: noParent, or 0 in a help-selfmate
	stip   Stipulation
	maxPly int
	maxN   int

	nodes []node
	extra []edge
	seen  *keySet   // every stored position
	layer *layerMap // the positions of the layer being built

	cur, next frontier[P]
	// child is the position after the first move of a step: a field, not
	// a local, so that the calls through the type parameter do not move
	// it to the heap.
	child     P
	text      describer[P]
	prevStart int32 // the index of the first node of the layer before cur
	curStart  int32 // the index of the node of cur[0]
	// The number of shortest lines (saturating) to each node of the layer
	// before cur, of cur and of the next, by index from the layer's start.
	prevCount, curCount, nextCount []uint64
	ply                            int // the ply of the positions of cur
	mates                          []int32
	generated                      uint64
	buf1, buf2                     []shogi.Move

	peakFrontier int
	peakBytes    int64
	maxBytes     int64 // Options.MaxMemoryMB in bytes; 0: no bound
}

func newSearch[P any, PP positionOps[P]](p *P, text describer[P], stip Stipulation, maxPly, maxStates int) *search[P, PP] {
	return &search[P, PP]{text: text,
		root: *p, rootID: noParent, stip: stip, maxPly: maxPly, maxN: maxStates,
		seen: newKeySet(), layer: newLayerMap(),
		buf1: make([]shogi.Move, 0, variant.MaxMoves),
		buf2: make([]shogi.Move, 0, variant.MaxMoves),
	}
}

// countOf returns the number of shortest lines to node i (1 for the
// root), a node of cur or of the layer before.
func (s *search[P, PP]) countOf(i int32) uint64 {
	switch {
	case i == noParent:
		return 1
	case i >= s.curStart:
		return s.curCount[i-s.curStart]
	}
	return s.prevCount[i-s.prevStart]
}

// add records the position q after m2 (q before it) as a child of parent
// reached by m1 and m2, unless it was reached in an earlier layer.
func (s *search[P, PP]) add(q *P, parent int32, m1, m2 shogi.Move, nextStart int32) {
	s.generated++
	key, _, _ := PP(q).KeysAfter(m2)
	c := s.countOf(parent)
	if i, ok := s.layer.get(key); ok {
		j := i - nextStart
		s.nextCount[j] = satAdd(s.nextCount[j], c)
		s.extra = append(s.extra, edge{child: i, parent: parent, m1: m1, m2: m2})
		return
	}
	if !s.seen.insert(key) {
		return // reached in an earlier layer
	}
	s.layer.put(key, int32(len(s.nodes)))
	s.nodes = append(s.nodes, node{parent: parent, m1: m1, m2: m2})
	s.nextCount = append(s.nextCount, c)
	PP(s.next.push(q)).DoMove(m2)
}

func satAdd(a, b uint64) uint64 {
	if c := a + b; c >= a {
		return c
	}
	return ^uint64(0)
}

// run searches layer by layer and sets r's status and length. It leaves
// the mates of the last layer in s.mates when it finds them.
func (s *search[P, PP]) run(ctx context.Context, r *Result) error {
	done := ctx.Done()
	// The first layer: the root, or in a helpmate its children by a check.
	if s.stip == HelpSelf {
		s.rootID = 0
		s.nodes = append(s.nodes, node{parent: noParent})
		s.seen.insert(PP(&s.root).Key())
		s.cur.push(&s.root)
		s.curCount = append(s.curCount, 1)
		s.ply = 0
	} else {
		s.layer.reset(0)
		for _, m := range PP(&s.root).Checks(s.buf1[:0]) {
			s.add(&s.root, noParent, shogi.NoMove, m, 0)
		}
		s.cur, s.next = s.next, s.cur
		s.curCount, s.nextCount = s.nextCount, s.curCount[:0]
		s.ply = 1
	}
	for {
		s.measure()
		if s.cur.n == 0 {
			r.Status, r.Length = NoSolution, max(s.ply-2, 0)
			return nil
		}
		if s.maxPly > 0 && s.ply > s.maxPly {
			r.Status, r.Length = NoneWithin, max(s.ply-2, 0)
			return nil
		}
		nextStart := int32(len(s.nodes))
		s.next.reset()
		s.nextCount = s.nextCount[:0]
		s.layer.reset(s.cur.n)
		i := 0
		for pos := range s.cur.all() {
			if i&255 == 0 {
				select {
				case <-done:
					r.Status, r.Length, r.StoppedBy = Stopped, max(s.ply-2, 0), StopContext
					return ctx.Err()
				default:
				}
				if s.maxN > 0 && len(s.nodes) >= s.maxN {
					r.Status, r.Length, r.StoppedBy = Stopped, max(s.ply-2, 0), StopStates
					return nil
				}
			}
			// The memory is checked at every position: one expansion
			// adds a few thousand children at most, and the sum is a few
			// loads.
			if b := s.measure(); s.maxBytes > 0 && 2*b >= s.maxBytes {
				r.Status, r.Length, r.StoppedBy = Stopped, max(s.ply-2, 0), StopMemory
				return nil
			}
			s.expand(PP(pos), s.curStart+int32(i), nextStart)
			i++
		}
		if len(s.mates) > 0 {
			s.nodes = s.nodes[:nextStart]
			r.Status, r.Length = Solved, s.ply
			return nil
		}
		s.cur, s.next = s.next, s.cur
		s.prevCount, s.curCount, s.nextCount = s.curCount, s.nextCount, s.prevCount
		s.prevStart, s.curStart = s.curStart, nextStart
		s.ply += 2
	}
}

// expand generates the children of node idx, position p, two plies on,
// or records it as a mate.
func (s *search[P, PP]) expand(p PP, idx, nextStart int32) {
	var moves []shogi.Move
	if s.stip == Help {
		// The defender, in check, to move.
		moves = p.Evasions(s.buf1[:0])
		if len(moves) == 0 {
			s.mates = append(s.mates, idx)
			return
		}
	} else {
		// The attacker to move: mated, or a check to play.
		if p.InCheck() {
			ev := p.Evasions(s.buf1[:0])
			if len(ev) == 0 {
				if s.ply > 0 {
					s.mates = append(s.mates, idx)
				}
				return
			}
			moves = ev[:0]
			for _, m := range ev {
				if p.GivesCheck(m) {
					moves = append(moves, m)
				}
			}
		} else {
			moves = p.Checks(s.buf1[:0])
		}
	}
	if len(s.mates) > 0 {
		return // the last layer: only mates are wanted now
	}
	for _, m1 := range moves {
		q := PP(&s.child)
		*q = *p
		q.DoMove(m1)
		var replies []shogi.Move
		if s.stip == Help {
			replies = q.Checks(s.buf2[:0])
		} else {
			replies = q.Evasions(s.buf2[:0])
		}
		for _, m2 := range replies {
			s.add(q, idx, m1, m2, nextStart)
		}
	}
}

// measure updates the peak figures and returns the memory the search
// structures hold now: the capacities of their arrays.
func (s *search[P, PP]) measure() int64 {
	if s.cur.n > s.peakFrontier {
		s.peakFrontier = s.cur.n
	}
	b := int64(cap(s.nodes))*int64(unsafe.Sizeof(node{})) + int64(cap(s.extra))*int64(unsafe.Sizeof(edge{})) +
		int64(s.seen.bytes()+s.layer.bytes()) + s.cur.bytes + s.next.bytes +
		8*int64(cap(s.prevCount)+cap(s.curCount)+cap(s.nextCount))
	if b > s.peakBytes {
		s.peakBytes = b
	}
	return b
}
