package mate

// This file makes the plain futile-interposition rule of the Discount mode
// sound. The plain rule leaves out of the defender's replies an
// interposition far from the king, unguarded, that the checker can
// capture (IsFutileInterposition), and does not count it: by the
// composers' convention it only lengthens the mate. The record of
// 図巧第79番 shows how far the convention goes: after ▲４三飛不成 the
// defender's gold interposed at 4e is not counted, although capturing it
// leads to no mate and the mate after it takes 9 plies more. What the
// convention does take for granted is that there is a mate after the
// interposition at all; where there is none, the interposition refutes
// the check, and leaving it out would prove a mate that does not exist
// (ミクロコスモス, docs/solver.md).
//
// So an AND node proven but for its plain-futile interpositions (kept
// aside in frame.removed) takes them as children then
// (appendPlainFutile). Such a child is the position after the
// interposition, searched without a depth limit: proven, it adds nothing
// to the node's length (futileCap with length 0); disproven, there is no
// mate after it at all, so neither is there at the node, at any depth.

// appendPlainFutile makes the interpositions f.removed of the AND node of
// frame ply plain children and clears f.removed.
func (s *search[P, PP]) appendPlainFutile(ply int) {
	f := s.frames[ply]
	p := PP(&f.pos)
	hand := p.Hand(s.attacker)
	groupDrops(f.removed)
	for _, r := range f.removed {
		full, bkey, _ := p.KeysAfter(r)
		c := child{move: r, key: bkey, full: full, hand: hand, capTried: true, plain: true}
		s.lookupChild(&c, ply) // (1, 1) when new to the table
		f.children = append(f.children, c)
	}
	f.removed = f.removed[:0]
}

// lookupPlain sets c, a plain child of the AND node of frame ply, from the
// table's entry for its position without a depth limit: proven, with
// length 0 (futileCap: its value is not counted); disproven for good; or
// unfinished. It reports whether the table knew the position.
func (s *search[P, PP]) lookupPlain(c *child, ply int) bool {
	if a, ok := s.onPath(c.full); ok {
		c.set(result{pn: infinity, dn: 0, length: unlimited, hand: c.hand, anchor: int16(a), anchor2: -1})
		c.futileCap = false
		return true
	}
	r := s.tt.lookup(c.key, c.hand, unlimited, s.futile, s)
	c.set(r)
	c.futileCap = r.dn != 0
	if r.pn == 0 {
		c.length, c.spare = 0, 0
	}
	if !r.found {
		c.pn, c.dn = 1, 1
	}
	return r.found
}

// searchPlain searches a plain child of the AND node of frame ply, its
// position already in frame ply+1, with thresholds thpn and thdn and no
// depth limit.
func (s *search[P, PP]) searchPlain(ply int, thpn, thdn uint32) {
	limited := s.limited
	s.limited = false
	s.mid(ply+1, thpn, thdn)
	s.limited = limited
}
