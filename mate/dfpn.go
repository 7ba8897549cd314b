package mate

import (
	"context"
	"errors"
	"time"

	"github.com/tsume-shogi/tsume/shogi"
)

// This file is the df-pn search (depth-first proof-number search, Nagai
// 2002) under tsume rules: at OR nodes the attacker plays checks only, at
// AND nodes the defender plays any legal reply. See docs/solver.md.

// errNodeLimit ends a search that reached its node limit.
var errNodeLimit = errors.New("mate: node limit reached")

// child is one move of an expanded node, with what is needed to look the
// resulting position up without playing the move again.
type child struct {
	move     shogi.Move
	key      uint64     // the child's board key
	full     uint64     // the child's full position key, for repetition
	hand     shogi.Hand // the attacker's hand in the child
	pn0, dn0 uint32     // initial estimates when the table knows nothing
	length0  uint16     // for a child known to be mated at once
	spare0   uint8
}

// frame is the search state at one ply.
type frame struct {
	pos      shogi.Position
	children []child
	results  []result // the children's numbers, read once and refreshed after each child search
	moves    []shogi.Move
}

// pathNode is one position of the current search path.
type pathNode struct {
	full  uint64
	visit uint32
}

// search is one df-pn search over one table generation.
type search struct {
	tt         *table
	attacker   shogi.Color
	futile     bool // leave futile interpositions out of the defender's replies
	depthLimit int  // 0: none; else the attacker must mate within this many plies

	ctx      context.Context
	deadline time.Time
	maxNodes uint64
	nodes    *uint64 // shared across the searches of one Solve
	stopped  error

	frames []frame
	path   []pathNode
	onPath map[uint64]int
	visits uint32

	progress func()
}

func newSearch(tt *table, attacker shogi.Color) *search {
	return &search{tt: tt, attacker: attacker, onPath: make(map[uint64]int)}
}

// visitAt implements pathChecker.
func (s *search) visitAt(ply int) (uint32, bool) {
	if ply < 0 || ply >= len(s.path) {
		return 0, false
	}
	return s.path[ply].visit, true
}

func (s *search) frame(ply int) *frame {
	for len(s.frames) <= ply {
		s.frames = append(s.frames, frame{
			children: make([]child, 0, 64),
			moves:    make([]shogi.Move, 0, shogi.MaxMoves),
		})
	}
	return &s.frames[ply]
}

// remaining returns the plies left at ply: unlimited without a depth
// limit, else the limit minus the ply (at least 0).
func (s *search) remaining(ply int) uint16 {
	if s.depthLimit == 0 {
		return unlimited
	}
	return uint16(max(s.depthLimit-ply, 0))
}

// countNode counts a node and checks the limits every 1024 nodes.
func (s *search) countNode() {
	*s.nodes++
	if *s.nodes&1023 != 0 {
		return
	}
	if err := s.ctx.Err(); err != nil {
		s.stopped = err
	} else if s.maxNodes > 0 && *s.nodes >= s.maxNodes {
		s.stopped = errNodeLimit
	} else if !s.deadline.IsZero() && time.Now().After(s.deadline) {
		s.stopped = context.DeadlineExceeded
	}
	if s.progress != nil && *s.nodes&0xffff == 0 {
		s.progress()
	}
}

// replies writes the defender's replies in p to buf: every legal reply, or
// without the futile interpositions when s.futile is set.
func (s *search) replies(p *shogi.Position, buf []shogi.Move) []shogi.Move {
	buf = p.Evasions(buf[:0])
	if !s.futile {
		return buf
	}
	n := 0
	for _, r := range buf {
		if !IsFutileInterposition(p, r) {
			buf[n] = r
			n++
		}
	}
	return buf[:n]
}

// mated reports whether the defender to move in p is mated: no reply at
// all, or (with s.futile) only futile interpositions.
func (s *search) mated(p *shogi.Position, scratch []shogi.Move) bool {
	if !s.futile {
		moves, drops, _ := p.EvasionsCountingDrops(scratch[:0])
		return len(moves) == 0 && drops == 0
	}
	return len(s.replies(p, scratch)) == 0
}

// expand fills the frame's children. It returns false, with the node's
// final numbers stored, when the node is terminal.
func (s *search) expand(ply int, key uint64, hand shogi.Hand) bool {
	scratch := s.frame(ply + 1).moves // first: it may move the frames
	f := s.frame(ply)
	p := &f.pos
	f.children = f.children[:0]
	or := p.SideToMove() == s.attacker
	if or {
		if s.remaining(ply) < 1 {
			s.tt.store(key, hand, s.futile, infinity, 0, 1, 0, 0, 0, -1, -1, 0)
			return false
		}
		f.moves = p.Checks(f.moves[:0])
		if len(f.moves) == 0 {
			s.tt.store(key, hand, s.futile, infinity, 0, 1, 0, unlimited, 0, -1, -1, 0)
			return false
		}
		for _, m := range f.moves {
			q := *p
			q.DoMove(m)
			c := child{move: m, key: q.BoardKey(), full: q.Key(), hand: q.Hand(s.attacker), pn0: 1, dn0: 1}
			var n int
			if s.futile {
				n = len(s.replies(&q, scratch))
			} else {
				moves, drops, _ := q.EvasionsCountingDrops(scratch[:0])
				n = len(moves) + (drops+6)/7
			}
			if n == 0 {
				c.pn0, c.dn0 = 0, infinity
				c.spare0 = uint8(c.hand.Total())
			} else {
				c.pn0 = uint32(n)
			}
			f.children = append(f.children, c)
		}
		return true
	}
	f.moves = s.replies(p, f.moves)
	if len(f.moves) == 0 {
		s.tt.store(key, hand, s.futile, 0, infinity, 1, 0, 0, uint8(hand.Total()), -1, -1, 0)
		return false
	}
	if r := s.remaining(ply); r < 2 {
		// The defender still has a reply and the attacker no time to mate.
		s.tt.store(key, hand, s.futile, infinity, 0, 1, 0, r, 0, -1, -1, 0)
		return false
	}
	for _, m := range f.moves {
		q := *p
		q.DoMove(m)
		f.children = append(f.children, child{move: m, key: q.BoardKey(), full: q.Key(), hand: q.Hand(s.attacker), pn0: 1, dn0: 1})
	}
	return true
}

// childResult looks up a child of the node at ply: a repetition of a
// position on the path is a disproof that depends on that ancestor;
// otherwise the table, or the child's initial estimates.
func (s *search) childResult(c *child, ply int) result {
	if q, ok := s.onPath[c.full]; ok {
		return result{pn: infinity, dn: 0, anchor: int16(q), anchor2: -1, found: true}
	}
	r := s.tt.lookup(c.key, c.hand, s.remaining(ply+1), s.futile, s)
	if !r.found {
		r.pn, r.dn, r.length, r.spare = c.pn0, c.dn0, c.length0, c.spare0
	}
	return r
}

// mid is the df-pn procedure: it searches the position of frame ply until
// its proof number reaches thpn or its disproof number thdn, and stores the
// outcome in the table.
func (s *search) mid(ply int, thpn, thdn uint32) {
	s.countNode()
	f := s.frame(ply)
	p := &f.pos
	key, hand := p.BoardKey(), p.Hand(s.attacker)
	full := p.Key()

	s.visits++
	s.path = append(s.path[:ply], pathNode{full: full, visit: s.visits})
	s.onPath[full] = ply
	defer delete(s.onPath, full)

	if !s.expand(ply, key, hand) {
		return
	}
	f = s.frame(ply)
	or := f.pos.SideToMove() == s.attacker
	f.results = f.results[:0]
	for i := range f.children {
		f.results = append(f.results, s.childResult(&f.children[i], ply))
	}
	start := *s.nodes
	for {
		var pn, dn uint32
		best, bestVal, second := -1, infinity, infinity
		if or {
			pn, dn = infinity, 0
		} else {
			pn, dn = 0, infinity
		}
		for i := range f.results {
			r := &f.results[i]
			if or {
				dn = addSat(dn, r.dn)
				if r.pn < pn {
					pn = r.pn
				}
				if r.pn < bestVal {
					best, second, bestVal = i, bestVal, r.pn
				} else if r.pn < second {
					second = r.pn
				}
			} else {
				pn = addSat(pn, r.pn)
				if r.dn < dn {
					dn = r.dn
				}
				if r.dn < bestVal {
					best, second, bestVal = i, bestVal, r.dn
				} else if r.dn < second {
					second = r.dn
				}
			}
		}
		if pn == 0 || dn == 0 || pn >= thpn || dn >= thdn || s.stopped != nil {
			s.storeNode(ply, key, hand, pn, dn, uint32(min(*s.nodes-start, 1<<31)))
			return
		}
		r := f.results[best]
		var cth, cdh uint32
		if or {
			cth = min(thpn, addSat(second, 1))
			cdh = thdn - dn + r.dn
		} else {
			cth = thpn - pn + r.pn
			cdh = min(thdn, addSat(second, 1))
		}
		next := s.frame(ply + 1)
		f = s.frame(ply)
		next.pos = f.pos
		next.pos.DoMove(f.children[best].move)
		s.mid(ply+1, cth, cdh)
		f = s.frame(ply)
		f.results[best] = s.childResult(&f.children[best], ply)
	}
}

// storeNode stores the numbers of the node at ply; for a final result it
// works out the length and spare pieces (proof) or the path dependency
// (disproof) from the children.
func (s *search) storeNode(ply int, key uint64, hand shogi.Hand, pn, dn, work uint32) {
	f := s.frame(ply)
	or := f.pos.SideToMove() == s.attacker
	switch {
	case pn == 0:
		var length uint16
		var spare uint8
		first := true
		for i := range f.results {
			r := &f.results[i]
			if r.pn != 0 {
				continue
			}
			if first ||
				or && (r.length < length || r.length == length && r.spare > spare) ||
				!or && (r.length > length || r.length == length && r.spare < spare) {
				length, spare, first = r.length, r.spare, false
			}
		}
		s.tt.store(key, hand, s.futile, 0, infinity, work, length+1, 0, spare, -1, -1, 0)
	case dn == 0:
		a1, a2 := int16(-1), int16(-1)
		if or {
			// Every child is disproven: the node depends on all of them.
			for i := range f.results {
				r := &f.results[i]
				a1, a2 = mergeAnchors(a1, a2, r.anchor, r.anchor2)
			}
		} else {
			// One disproven child suffices: take the least dependent one.
			first := true
			for i := range f.results {
				r := &f.results[i]
				if r.dn != 0 {
					continue
				}
				if first || r.anchor < a1 {
					a1, a2, first = r.anchor, r.anchor2, false
				}
			}
		}
		// A repetition of this very node is no reason to doubt its
		// disproof: a mate from here cannot pass through here again.
		if a1 >= int16(ply) {
			if a2 >= 0 {
				a1, a2 = a2, a2-1
			} else {
				a1, a2 = -1, -1
			}
		}
		var visit uint32
		if a1 >= 0 {
			visit = s.path[a1].visit
		}
		s.tt.store(key, hand, s.futile, infinity, 0, work, 0, s.remaining(ply), 0, a1, a2, visit)
	default:
		s.tt.store(key, hand, s.futile, pn, dn, work, 0, 0, 0, -1, -1, 0)
	}
}

// mergeAnchors combines two path dependencies, each given as its deepest
// ancestor ply and an upper bound on the next one (-1: none).
func mergeAnchors(a1, a2, b1, b2 int16) (int16, int16) {
	switch {
	case b1 > a1:
		return b1, max(b2, a1, a2)
	case b1 < a1:
		return a1, max(a2, b1, b2)
	default:
		return a1, max(a2, b2)
	}
}
