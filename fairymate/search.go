package fairymate

import (
	"context"
	"time"

	"github.com/tsume-shogi/tsume/variant"
)

// solver is the state of one Solve: the table, the limits and the search
// path.
type solver struct {
	t        *table
	attacker variant.Color
	discount bool // leave futile interpositions out of the defender's replies
	// mode names the search's kind for the table and the expansion cache:
	// 0 counts every reply, 1 + len(rounds) discounts futile
	// interpositions with the exclusions of those rounds (see
	// transposition.go).
	mode     uint8
	excluded []exclusion // the main-line futile interpositions left out

	ctx      context.Context
	deadline time.Time
	maxNodes uint64
	nodes    uint64
	stopped  bool

	path   []pathEntry
	frames []*frame
	cache  []expansion

	lines map[uint64][]variant.Move // main lines read, by position
	tries int                       // lines read for the spare-piece preference
}

// pathEntry is a node on the current search path: its key, and the
// identity of the path from the root to it (for path-dependent disproofs:
// one holds wherever the search comes back along the same path, however
// often it left it; as in package mate, docs/solver.md).
type pathEntry struct {
	key    uint64
	prefix uint64
}

// prefixAfter returns the identity of a path of identity prev extended by
// the position key at ply (the splitmix64 finaliser over both).
func prefixAfter(prev, key uint64, ply int) uint64 {
	z := prev ^ key ^ (uint64(ply)+1)*0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// likelyDisproven is the proof number of a position whose path-dependent
// disproof does not hold on the current path (disproof number 1): it is
// probably disproven here too, and should not look like a fresh position
// to the search (as in package mate).
const likelyDisproven = 1 << 10

// frame holds the buffers of the node at one ply, and the position of the
// child it searches (in the frame, not on the stack: the recursion would
// move a local copy to the heap on every call).
type frame struct {
	moves []variant.Move
	keys  []uint64
	child variant.Position
	// aside holds a position searched in a grandchild's place (Q' of
	// the futile-by-capture rule, capture.go); cap and the slices after
	// it the rule's state of each child during one visit of a
	// defender's node.
	aside    variant.Position
	cap      []int8
	capProof []int16
	capRng   []int16
	capA1    []int16
	capA2    []int16
	// plain and plainKeys are the defender's replies left out as futile
	// by the plain rule, and the keys after them (plainfutile.go).
	plain     []variant.Move
	plainKeys []uint64
}

// resetCaptures readies f's futile-by-capture state for n children.
func (f *frame) resetCaptures(n int) {
	if cap(f.cap) < n {
		f.cap, f.capProof = make([]int8, n), make([]int16, n)
		f.capRng, f.capA1, f.capA2 = make([]int16, n), make([]int16, n), make([]int16, n)
	}
	f.cap = f.cap[:n]
	f.capProof, f.capRng, f.capA1, f.capA2 = f.capProof[:n], f.capRng[:n], f.capA1[:n], f.capA2[:n]
	for i := range n {
		f.cap[i], f.capRng[i], f.capA1[i], f.capA2[i] = capUntested, infDepth, -1, -1
	}
}

// value is what the search knows of a node at one depth.
type value struct {
	pn, dn uint32
	proof  int16 // the proof's height, when pn == 0
	rng    int16 // the depth up to which a disproof holds, when dn == 0
	a1, a2 int16 // the ancestors a disproof depends on (-1: none)
}

var unknownValue = value{pn: 1, dn: 1, a1: -1, a2: -1}

// child returns the depth of the children of a node at depth d.
func child(d int16) int16 {
	if d == infDepth {
		return d
	}
	return d - 1
}

// up returns the range of a node's disproof from its child's.
func up(r int16) int16 {
	if r == infDepth {
		return r
	}
	return r + 1
}

// lookup returns the value of the position of key at depth d, as a child
// of the node at ply len(s.path)-1.
func (s *solver) lookup(key uint64, d int16) value {
	n := len(s.path)
	// A repetition of a node on the path (the same side to move) is no
	// mate on this path.
	for i := n - 2; i >= 0; i -= 2 {
		if s.path[i].key == key {
			return value{pn: infPN, rng: infDepth, a1: int16(i), a2: -1}
		}
	}
	e := s.t.find(key)
	if e == nil {
		return unknownValue
	}
	switch {
	case d >= e.proof:
		return value{dn: infPN, proof: e.proof, a1: -1, a2: -1}
	case e.mode != s.mode:
	case d <= e.dis:
		return value{pn: infPN, rng: e.dis, a1: -1, a2: -1}
	case d <= e.pdDis && int(e.pdPly) < n && s.path[e.pdPly].prefix == e.pdPath:
		return value{pn: infPN, rng: e.pdDis, a1: e.pdPly, a2: e.pdNext}
	case e.depth == d:
		return value{pn: e.pn, dn: e.dn, a1: -1, a2: -1}
	case d <= e.pdDis:
		return value{pn: likelyDisproven, dn: 1, a1: -1, a2: -1}
	}
	return unknownValue
}

// store records v for key at depth d, found by the node at ply.
func (s *solver) store(key uint64, d int16, ply int, v value, work uint64) {
	e := s.t.slot(key)
	e.work += work
	if e.mode != s.mode {
		e.mode, e.depth, e.dis, e.pdDis = s.mode, -1, -1, -1
	}
	switch {
	case v.pn == 0:
		e.proof = min(e.proof, v.proof)
	case v.dn == 0 && v.a1 < 0:
		e.dis = max(e.dis, v.rng)
	case v.dn == 0:
		e.pdDis, e.pdPly, e.pdNext, e.pdPath = v.rng, v.a1, v.a2, s.path[v.a1].prefix
	default:
		e.depth, e.pn, e.dn = d, v.pn, v.dn
	}
}

// tick counts a node and looks at the limits now and then.
func (s *solver) tick() {
	s.nodes++
	if s.maxNodes > 0 && s.nodes >= s.maxNodes {
		s.stopped = true
	}
	if s.nodes&1023 == 0 {
		if s.ctx.Err() != nil || !s.deadline.IsZero() && time.Now().After(s.deadline) {
			s.stopped = true
		}
	}
}

// frameAt returns the buffers of ply.
func (s *solver) frameAt(ply int) *frame {
	for len(s.frames) <= ply {
		s.frames = append(s.frames, &frame{moves: make([]variant.Move, 0, variant.MaxMoves)})
	}
	return s.frames[ply]
}

// expansionSlots is the number of entries of the expansion cache.
const expansionSlots = 1 << 12

// expansion is a cached node expansion: the moves the search considers
// at a position and the keys of the positions after them.
type expansion struct {
	key   uint64
	mode  uint8
	used  bool
	moves []variant.Move
	keys  []uint64
	plain []variant.Move
	pkeys []uint64
	// atOnce caches matedAtOnce of a defender's node: 0 not asked yet,
	// 1 mated, 2 not.
	atOnce int8
}

// expand returns the moves the search considers at p (the checks of the
// attacker, the defender's replies under the futile rule) and the keys of
// the positions after them, in f's buffers; the defender's replies that
// the plain rule leaves out go to f.plain, with their keys in f.plainKeys.
// A node is entered again and again by df-pn, so the expansions are
// cached.
func (s *solver) expand(p *variant.Position, key uint64, or bool, f *frame) ([]variant.Move, []uint64) {
	if s.cache == nil {
		s.cache = make([]expansion, expansionSlots)
	}
	c := &s.cache[key&(expansionSlots-1)]
	if c.used && c.key == key && c.mode == s.mode {
		f.moves = append(f.moves[:0], c.moves...)
		f.keys = append(f.keys[:0], c.keys...)
		f.plain = append(f.plain[:0], c.plain...)
		f.plainKeys = append(f.plainKeys[:0], c.pkeys...)
		return f.moves, f.keys
	}
	moves := f.moves[:0]
	if or {
		moves = p.Checks(moves)
	} else {
		moves = replies(p, moves)
	}
	keys := f.keys[:0]
	var excluded []variant.Move
	if !or {
		excluded = s.excludedAt(p)
	}
	plain, pkeys := f.plain[:0], f.plainKeys[:0]
	n := 0
	for _, m := range moves {
		q := *p
		q.DoMove(m)
		if !or && s.plainFutile(p, &q, m) {
			plain, pkeys = append(plain, m), append(pkeys, q.Key())
			continue
		}
		if !or && s.discounted(p, &q, m, excluded) {
			continue
		}
		moves[n] = m
		n++
		keys = append(keys, q.Key())
	}
	moves = moves[:n]
	f.moves, f.keys = moves, keys
	f.plain, f.plainKeys = plain, pkeys
	c.key, c.mode, c.used, c.atOnce = key, s.mode, true, 0
	c.moves = append(c.moves[:0], moves...)
	c.keys = append(c.keys[:0], keys...)
	c.plain = append(c.plain[:0], plain...)
	c.pkeys = append(c.pkeys[:0], pkeys...)
	return moves, keys
}

// matedAtOnceNode is matedAtOnce for the defender's node p of key, whose
// expansion (moves, plain) was just cached: the answer is cached with it,
// as the node is entered again and again.
func (s *solver) matedAtOnceNode(p *variant.Position, key uint64, moves, plain []variant.Move) bool {
	if len(moves) != 0 && !allInterpose(p, moves) {
		return false
	}
	c := &s.cache[key&(expansionSlots-1)]
	if c.atOnce == 0 {
		c.atOnce = 2
		if s.matedAtOnce(p, moves, plain, 0) {
			c.atOnce = 1
		}
	}
	return c.atOnce == 1
}

// epsilon returns the threshold of the best child from the second best
// number: the 1+ε trick (Pawlewicz and Lew 2007), ε = 1/4, which lets the
// search stay longer in one child before it switches and so re-expands
// fewer nodes.
//
// A saturated second best (infPN-1) gives infPN, which no unresolved
// child reaches: a child whose own number is saturated too would else get
// its own number as threshold, return at once and be called again, a
// livelock (package mate's childThreshold has the same guard).
func epsilon(second uint32) uint32 {
	if second >= infPN-1 {
		return infPN
	}
	return addSat(second, second/4+1)
}

// addSat adds with saturation below infPN.
func addSat(a, b uint32) uint32 {
	if c := uint64(a) + uint64(b); c < infPN {
		return uint32(c)
	}
	return infPN - 1
}

// search is the df-pn search (MID) of p at ply with depth d plies left,
// until its proof number reaches thpn or its disproof number thdn.
func (s *solver) search(p *variant.Position, ply int, d int16, thpn, thdn uint32) {
	key := p.Key()
	var prev uint64
	if n := len(s.path); n > 0 {
		prev = s.path[n-1].prefix
	}
	s.path = append(s.path, pathEntry{key, prefixAfter(prev, key, len(s.path))})
	defer func() { s.path = s.path[:len(s.path)-1] }()
	start := s.nodes
	s.tick()
	or := p.SideToMove() == s.attacker
	done := func(v value) { s.store(key, d, ply, v, s.nodes-start) }

	if or && d <= 0 {
		done(value{pn: infPN, rng: 0, a1: -1, a2: -1})
		return
	}
	f := s.frameAt(ply)
	moves, keys := s.expand(p, key, or, f)
	plain, plainKeys := f.plain, f.plainKeys
	switch {
	case len(moves) == 0 && or:
		done(value{pn: infPN, rng: infDepth, a1: -1, a2: -1})
		return
	case len(moves) == 0 && len(plain) == 0 || !or && s.discount && s.matedAtOnceNode(p, key, moves, plain):
		// Mated: no reply, or (Discount) only interpositions futile by
		// capture at once, or futile by the plain rule with a mate at
		// once after their capture.
		done(value{dn: infPN, proof: 0, a1: -1, a2: -1})
		return
	case d <= 0:
		done(value{pn: infPN, rng: 0, a1: -1, a2: -1})
		return
	}
	cd := child(d)
	capture := !or && s.discount && d >= 2 && d != infDepth
	if capture {
		f.resetCaptures(len(moves))
	}
	for {
		var v value
		var best int
		var second uint32
		for {
			var cf *frame
			if capture {
				cf = f
			}
			v, best, second = s.combine(or, keys, cd, cf)
			if !capture || v.dn != 0 || s.stopped || !s.tryCaptures(p, ply, d, moves, keys, f) {
				break
			}
		}
		if capture && v.dn == 0 {
			// The futile-by-capture tests may have searched: combine
			// with what the table holds now.
			v, best, second = s.combine(or, keys, cd, f)
		}
		// Proven but for the interpositions of the plain rule: they
		// become the node's children, searched without a depth limit.
		onPlain := false
		if !or && v.pn == 0 && len(plain) != 0 {
			if w, b, sec, ok := s.plainChildren(v, plainKeys); ok {
				v, best, second, onPlain = w, b, sec, true
			}
		}
		if v.dn == 0 && v.a1 == int16(ply) {
			// A mate from this node cannot pass through it again.
			v.a1 = v.a2
			v.a2 = max(-1, v.a2-1)
		}
		if v.pn == 0 || v.dn == 0 || v.pn >= thpn || v.dn >= thdn || s.stopped {
			done(v)
			return
		}
		ck, cm, ccd := keys, moves, cd
		if onPlain {
			ck, cm, ccd = plainKeys, plain, infDepth
		}
		bv := s.lookup(ck[best], ccd)
		var cthpn, cthdn uint32
		if or {
			cthpn = min(thpn, epsilon(second))
			cthdn = uint32(min(uint64(thdn)-uint64(v.dn)+uint64(bv.dn), infPN))
		} else {
			cthdn = min(thdn, epsilon(second))
			cthpn = uint32(min(uint64(thpn)-uint64(v.pn)+uint64(bv.pn), infPN))
		}
		f.child = *p
		f.child.DoMove(cm[best])
		s.search(&f.child, ply+1, ccd, cthpn, cthdn)
	}
}

// combine computes a node's value from its children at depth cd, with its
// best child and the second best number (pn for an OR node, dn for an AND
// node).
//
// At a defender's node, cf (nil: none) holds the futile-by-capture state
// of its children: a futile one counts as proven with the height of Q', a
// counted one's disproof holds no further than Q”s.
func (s *solver) combine(or bool, keys []uint64, cd int16, cf *frame) (v value, best int, second uint32) {
	v = value{a1: -1, a2: -1}
	second = infPN
	if or {
		v.pn, v.proof, v.rng = infPN, noProof, infDepth
		first := true
		for i, k := range keys {
			c := s.lookup(k, cd)
			switch {
			case c.pn < v.pn:
				second, v.pn, best = v.pn, c.pn, i
			case c.pn < second:
				second = c.pn
			}
			v.dn = addSat(v.dn, c.dn)
			if c.pn == 0 {
				v.proof = min(v.proof, c.proof+1)
			}
			if c.dn == 0 {
				v.rng = min(v.rng, up(c.rng))
				v.a1, v.a2 = merge(v.a1, v.a2, c.a1, c.a2, first)
				first = false
			}
		}
		if v.pn != 0 {
			v.proof = 0
		}
		if v.dn == 0 {
			v.dn, v.pn = 0, infPN
		} else {
			v.a1, v.a2, v.rng = -1, -1, 0
		}
		return v, best, second
	}
	v.dn = infPN
	v.rng = -1
	for i, k := range keys {
		c := s.lookup(k, cd)
		if cf != nil && c.dn == 0 {
			switch cf.cap[i] {
			case capFutile:
				c = value{dn: infPN, proof: cf.capProof[i] - 1, a1: -1, a2: -1}
			case capCounted:
				if r := cf.capRng[i]; r != infDepth {
					c.rng = min(c.rng, r-1)
				}
				c.a1, c.a2 = merge(c.a1, c.a2, cf.capA1[i], cf.capA2[i], c.a1 < 0 && c.a2 < 0)
			}
		}
		switch {
		case c.dn < v.dn:
			second, v.dn, best = v.dn, c.dn, i
		case c.dn < second:
			second = c.dn
		}
		v.pn = addSat(v.pn, c.pn)
		if c.pn == 0 {
			v.proof = max(v.proof, c.proof+1)
		}
		if c.dn == 0 && better(c, v) {
			v.rng, v.a1, v.a2 = up(c.rng), c.a1, c.a2
		}
	}
	if v.dn == 0 {
		v.pn = infPN
	} else {
		v.a1, v.a2, v.rng = -1, -1, 0
	}
	if v.pn == 0 {
		v.dn = infPN
	}
	return v, best, second
}

// better reports whether the disproven child c gives an AND node a more
// useful disproof than the one it holds in v: path-independent first,
// then the one holding at more depths.
func better(c, v value) bool {
	if v.rng < 0 {
		return true
	}
	if (c.a1 < 0) != (v.a1 < 0) {
		return c.a1 < 0
	}
	return up(c.rng) > v.rng
}

// merge returns the dependencies of the union of two disproofs' (the
// deepest ancestor and a bound on the next); first says the first is
// empty.
func merge(a1, a2, b1, b2 int16, first bool) (int16, int16) {
	if first {
		return b1, b2
	}
	hi := max(a1, b1)
	next := max(a2, b2)
	if a1 < hi {
		next = max(next, a1)
	}
	if b1 < hi {
		next = max(next, b1)
	}
	return hi, next
}
