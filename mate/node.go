package mate

import (
	"unsafe"

	"github.com/tsume-shogi/tsume/shogi"
)

// This file expands a node of the df-pn search: the moves of each side
// (checks for the attacker, replies for the defender, without the futile
// interpositions when they are discounted), the keys of the positions they
// lead to, and the initial proof and disproof numbers of those new to the
// table.

// expand fills the frame's children. It returns false, with the node's
// final numbers stored, when the node is terminal or mated at once.
func (s *search[P, PP]) expand(ply int, key uint64, hand shogi.Hand) bool {
	scratch := s.frame(ply + 1).moves
	f := s.frames[ply]
	p := PP(&f.pos)
	f.children = f.children[:0]
	rem := s.remaining(ply)
	if p.SideToMove() == s.attacker {
		if rem < 1 {
			s.tt.store(key, fullHand, s.futile, infinity, 0, 0, 0, 0, -1, -1)
			return false
		}
		f.moves = p.Checks(f.moves[:0])
		if len(f.moves) == 0 {
			s.tt.store(key, noCheckDisproofHand(hand), s.futile, infinity, 0, 0, unlimited, 0, -1, -1)
			return false
		}
		s.keyChildren(f, hand, true)
		for i := range f.children {
			c := &f.children[i]
			found := s.lookupChild(c, ply)
			if found && c.borrowed && s.futile && rem-1 < 2 {
				// The numbers of a search that counted every
				// interposition (Solve's first step) say that the
				// defender has a reply under that rule, not under this
				// one: its only replies may be interpositions futile by
				// capture at once. Decided as for a new child, not
				// disproven on the table's word below.
				found = false
			}
			if !found {
				// The initial proof number: from the king's escapes when
				// it has some (the move is then not even played), else
				// the number of replies.
				c.dn = 1
				if k := p.KingEscapesAfter(c.move); k > 0 {
					c.pn = escapeWeight*uint32(k) + 1
				} else {
					q := &s.scratch
					*q = f.pos
					PP(q).DoMove(c.move)
					est, only := s.replyEstimateOnly(q, scratch)
					if c.pn = est; c.pn == 0 || only && s.matedAtOnce(q) {
						c.pn = 0
						c.dn, c.length, c.spare = infinity, 0, uint8(PP(q).HandTotal(s.attacker))
						c.phand = PP(q).PinDrops(0, c.hand)
						if est != 0 {
							// Mated by the futile-by-capture rule: for
							// this hand and larger ones only.
							c.phand = c.hand
						}
					}
				}
			}
			switch {
			case rem-1 < 2 && c.pn != 0 && c.dn != 0:
				// The defender has a reply (counted now, or known to the
				// table) and the attacker no ply left to mate after it:
				// disproven without a visit.
				c.pn, c.dn, c.length, c.phand = infinity, 0, 1, c.hand
				if !found {
					s.tt.store(c.key, c.hand, s.futile, infinity, 0, 0, 1, 0, -1, -1)
				}
			case !found && c.pn != 0:
				// The estimate is kept, so that a later visit of this
				// node does not generate the replies again.
				s.tt.storeIfFree(c.key, c.hand, s.futile, c.pn, 1)
			}
			if c.pn == 0 && c.length == 0 {
				// Mate in one: nothing is shorter.
				s.tt.store(key, p.ProofHandBefore(c.move, c.phand, hand), s.futile, 0, infinity, 0, 1, c.spare, -1, -1)
				return false
			}
		}
		return true
	}
	f.moves, f.removed = s.repliesSplit(&f.pos, f.moves, f.removed[:0])
	if len(f.moves) == 0 && len(f.removed) == 0 {
		ph := p.PinDrops(0, hand)
		if s.excluding() {
			ph = s.excludedProofHand(key, hand, ph)
		}
		s.tt.store(key, ph, s.futile, 0, infinity, 0, 0, uint8(p.HandTotal(s.attacker)), -1, -1)
		return false
	}
	if s.futile && allInterpositions(p, f.moves) && s.matedAtOnce(&f.pos) {
		// Every reply is an interposition futile by capture, at once.
		s.tt.store(key, hand, s.futile, 0, infinity, 0, 0, uint8(p.HandTotal(s.attacker)), -1, -1)
		return false
	}
	if rem < 2 {
		// The defender has a reply: no mate within one ply.
		s.tt.store(key, hand, s.futile, infinity, 0, 0, 1, 0, -1, -1)
		return false
	}
	groupDrops(f.moves)
	s.keyChildren(f, hand, false)
	square := shogi.NoSquare
	for i := range f.children {
		c := &f.children[i]
		waiting := false
		if c.move.IsDrop() {
			waiting = c.move.To() == square
			square = c.move.To()
		}
		if s.lookupChild(c, ply) {
			continue
		}
		if waiting {
			c.pn, c.dn, c.unestimated = 1, 1, true
			continue
		}
		s.estimateReply(&f.pos, c)
	}
	return true
}

// estimateReply sets the initial numbers of c, a reply of the defender in
// p new to the table. A reply after which the attacker has few checks is
// refuted soonest: the initial disproof number is the number of checks
// plus one, kept in the table like the estimates of the attacker's
// children.
func (s *search[P, PP]) estimateReply(p *P, c *child) {
	q := &s.scratch
	*q = *p
	PP(q).DoMove(c.move)
	if s.countBuf == nil {
		s.countBuf = make([]shogi.Move, 0, shogi.MaxMoves)
	}
	c.pn, c.dn, c.unestimated = 1, uint32(PP(q).CountChecks(s.countBuf))+1, false
	s.tt.storeIfFree(c.key, c.hand, s.futile, c.pn, c.dn)
}

// keyChildren fills f.children with the moves of f.moves and the keys of
// the positions they lead to, and prefetches their table clusters in one
// pass: the cache misses then overlap instead of coming one by one.
// attackerMoves says whose moves they are; hand is the attacker's hand.
func (s *search[P, PP]) keyChildren(f *frame[P], hand shogi.Hand, attackerMoves bool) {
	p := PP(&f.pos)
	for _, m := range f.moves {
		full, bkey, h := p.KeysAfter(m)
		if !attackerMoves {
			h = hand
		}
		f.children = append(f.children, child{move: m, key: bkey, full: full, hand: h})
	}
	for i := range f.children {
		prefetch(unsafe.Pointer(s.tt.clusterOf(f.children[i].key)))
		if s.tt.locks != nil {
			prefetch(unsafe.Pointer(s.tt.lockOf(f.children[i].key)))
		}
	}
}

// escapeWeight is what each escape of the king adds to the initial proof
// number of a position after a check: escapes are what make a chase long,
// while captures and interpositions are usually answered quickly, so the
// search tries first the checks that leave the king the fewest. The value
// was chosen by measurement (docs/performance.md).
const escapeWeight = 32

// groupDrops reorders the drops at the end of moves (after the board
// moves, as move generation writes them) by square, keeping their order
// within a square, so that the drops on one square are neighbours.
func groupDrops(moves []shogi.Move) {
	i := len(moves)
	for i > 0 && moves[i-1].IsDrop() {
		i--
	}
	drops := moves[i:]
	for j := 1; j < len(drops); j++ {
		m := drops[j]
		k := j
		for k > 0 && drops[k-1].To() > m.To() {
			drops[k] = drops[k-1]
			k--
		}
		drops[k] = m
	}
}

// replies writes the defender's replies in p to buf: every legal reply, or
// without the futile interpositions (and the excluded ones) when s.futile
// is set.
func (s *search[P, PP]) replies(p *P, buf []shogi.Move) []shogi.Move {
	buf, _ = s.repliesSplit(p, buf, nil)
	return buf
}

// repliesSplit is replies that also appends to removed (unless nil) the
// interpositions it leaves out as futile by the plain rule (not the
// excluded ones): a proof must still show, for each, that the defender is
// mated after it (appendPlainFutile).
func (s *search[P, PP]) repliesSplit(p *P, buf, removed []shogi.Move) (kept, removedOut []shogi.Move) {
	buf = PP(p).Evasions(buf[:0])
	if !s.futile {
		return buf, removed
	}
	buf, removed = PP(p).SplitFutile(buf, removed)
	if len(s.excluded) != 0 {
		buf = s.withoutExcluded(p, buf)
	}
	return buf, removed
}

// replyEstimateOnly returns the initial proof number of the defender's
// position p, in check: its board replies plus one per seven drops (about
// one square's worth of interpositions); 0 when the defender is mated. It
// also reports (with s.futile) whether every reply is an interposition:
// only then can the defender be mated at once by the futile-by-capture
// rule.
func (s *search[P, PP]) replyEstimateOnly(p *P, scratch []shogi.Move) (estimate uint32, interpositionsOnly bool) {
	moves, drops, between, single := PP(p).EvasionsCountingDrops(scratch[:0])
	estimate = uint32(len(moves) + (drops+6)/7)
	if !s.futile || estimate == 0 || !single {
		return estimate, false
	}
	// Only interpositions can be futile: a king move or a capture of the
	// checker settles it.
	for _, m := range moves {
		if !between.Has(m.To()) || !m.IsDrop() {
			return estimate, false
		}
	}
	n, drops := 0, 0
	for _, m := range s.replies(p, scratch) {
		if m.IsDrop() {
			drops++
		} else {
			n++
		}
	}
	// With every reply futile by the plain rule the defender is not yet
	// mated: that needs a mate after each of them (at once after its
	// capture: matedAtOnce; or at all: the search's appendPlainFutile).
	return max(1, uint32(n+(drops+6)/7)), true
}

// allInterpositions reports whether every move of moves, the replies of
// the defender in p, is an interposition.
func allInterpositions[P any, PP positionOps[P]](p PP, moves []shogi.Move) bool {
	between, single := p.CheckLine()
	if !single {
		return false
	}
	for _, m := range moves {
		if !between.Has(m.To()) || !m.IsDrop() {
			return false
		}
	}
	return true
}

// mated reports whether the defender to move in p is mated: no reply at
// all, or (with s.futile) only futile interpositions, of the plain rule or
// futile by capture at once.
func (s *search[P, PP]) mated(p *P, scratch []shogi.Move) bool {
	if PP(p).SideToMove() == s.attacker || !PP(p).InCheck() {
		return false
	}
	e, only := s.replyEstimateOnly(p, scratch)
	return e == 0 || only && s.matedAtOnce(p)
}
