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
		if rem >= 3 && rem < 5 && !s.futile && s.noMateInThree(ply, key, hand, rem) {
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
				ph := p.ProofHandBefore(c.move, c.phand, hand)
				s.tt.store(key, ph, s.futile, 0, infinity, 0, 1, relativeSpare(int(c.spare), hand, ph), -1, -1)
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
		s.tt.store(key, ph, s.futile, 0, infinity, 0, 0, relativeSpare(p.HandTotal(s.attacker), hand, ph), -1, -1)
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
	if rem < 4 && !s.futile {
		// Two or three plies left: one reply after which the attacker
		// has no mate in one disproves the node.
		start := s.nodes
		if ok, depth := s.escapeMateInOne(&f.pos, f.moves, s.frames[ply+1]); ok {
			s.tt.store(key, hand, false, infinity, 0, uint32(s.nodes-start), depth, 0, -1, -1)
			return false
		}
	}
	groupDrops(f.moves)
	s.keyChildren(f, hand, false)
	square, looseSeen := shogi.NoSquare, false
	for i := range f.children {
		c := &f.children[i]
		waiting := false
		if c.move.IsDrop() {
			waiting = c.move.To() == square
			square = c.move.To()
			if c.loose = p.Loose(c.move); c.loose {
				waiting = waiting || looseSeen
				looseSeen = true
			}
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

// The nodes two to four plies from a depth limit, under the count rule
// (docs/solver.md, "Near the depth limit"): a defender's node with two
// or three plies left is disproven by one reply after which the attacker
// has no mate in one, and an attacker's node with three or four by such a
// reply to each of its checks. Those are the nodes most of a
// depth-limited search's disproofs are made of; they are decided here by
// mate-in-one tests, move by move, without the children's estimates and
// table entries of a df-pn expansion. Each position whose moves are
// generated counts as a node. When a node is not disproven so (a mate in
// one, or in three, may be there), nothing is stored for it and the
// search expands it as usual. A disproof found so holds on every path
// (it owes nothing to a repetition), for the attacker's hand and every
// smaller one (with fewer pieces in hand the attacker has no more checks,
// and the defender more pieces to interpose), to the depth a df-pn
// expansion would have given it, or to every depth when the reply leaves
// the attacker no check at all.

// escapeMateInOne reports whether one of replies, the moves of the
// defender to move in p, leaves the attacker no mate in one, and then the
// depth of the disproof of p that it gives: no mate within 3 plies, or
// unlimited when the reply leaves no check. after is scratch for the
// positions after the replies.
func (s *search[P, PP]) escapeMateInOne(p *P, replies []shogi.Move, after *frame[P]) (ok bool, depth uint16) {
	for _, r := range replies {
		after.pos = *p
		PP(&after.pos).DoMove(r)
		s.countNode()
		if mate, checks := s.mateInOne(&after.pos, after.moves); !mate {
			if !checks {
				return true, unlimited
			}
			return true, 3
		}
	}
	return false, 0
}

// mateInOne reports whether the attacker to move in p mates in one (the
// defender left without a legal reply: the count rule), and whether it
// has a check at all; buf is scratch for the checks.
func (s *search[P, PP]) mateInOne(p *P, buf []shogi.Move) (mate, checks bool) {
	if s.countBuf == nil {
		s.countBuf = make([]shogi.Move, 0, shogi.MaxMoves)
	}
	// Only the checks that leave the king no step away are played: one
	// that can step away is not mated.
	moves, n := PP(p).ChecksWithoutEscape(buf[:0])
	for _, m := range moves {
		q := &s.scratch
		*q = *p
		PP(q).DoMove(m)
		if s.mated(q, s.countBuf) {
			return true, true
		}
	}
	return false, n > 0
}

// noMateInThree disproves the attacker's node at ply (key, hand), with
// rem plies left (three or four), when each of its checks, f.moves, has a
// reply after which the attacker has no mate in one (escapeMateInOne, or
// the table's path-independent disproof of the position after the check):
// it stores the disproofs of the checks' positions it works out and of the
// node, and reports true. It reports false as soon as a check's position
// is not disproven so.
func (s *search[P, PP]) noMateInThree(ply int, key uint64, hand shogi.Hand, rem uint16) bool {
	f, next, after := s.frames[ply], s.frames[ply+1], s.frame(ply+2)
	start := s.nodes
	depth := unlimited
	// The checks that leave the king no step away first, where a mate in
	// three is likeliest: when there is one, the search takes over sooner.
	// They are a subsequence of f.moves, told apart by a walk in step.
	if s.quietBuf == nil {
		s.quietBuf = make([]shogi.Move, 0, shogi.MaxMoves)
	}
	quiet := PP(&f.pos).WithoutEscape(f.moves, s.quietBuf[:0])
	for pass := range 2 {
		j := 0
		for _, c := range f.moves {
			noStep := j < len(quiet) && quiet[j] == c
			if noStep {
				j++
			}
			if noStep != (pass == 0) {
				continue
			}
			next.pos = f.pos
			q := PP(&next.pos)
			q.DoMove(c)
			ckey, chand := q.BoardKey(), q.Hand(s.attacker)
			if r := s.tt.lookup(ckey, chand, rem-1, false, s); r.dn == 0 && r.anchor < 0 {
				depth = min(depth, r.length)
				continue
			} else if r.pn == 0 {
				return false
			}
			s.countNode()
			cstart := s.nodes
			// The king's moves, which Evasions lists first, are tried
			// before the others are generated: one reply that works
			// is enough, and a king move usually does.
			kings := q.KingEvasions(next.moves[:0])
			ok, d := s.escapeMateInOne(&next.pos, kings, after)
			if !ok {
				ok, d = s.escapeMateInOne(&next.pos, q.Evasions(next.moves[:0])[len(kings):], after)
			}
			if !ok {
				return false
			}
			s.tt.store(ckey, chand, false, infinity, 0, uint32(s.nodes-cstart), d, 0, -1, -1)
			depth = min(depth, d)
		}
	}
	s.tt.store(key, hand, false, infinity, 0, uint32(s.nodes-start), incDepth(depth), 0, -1, -1)
	return true
}

// andNumbers returns the proof number of the defender's node of frame ply
// (before branchPn), the sum of its children's, and adds their disproof
// numbers to low.
//
// Interposing drops on one square wait for each other: only the first
// unproven one is searched and counted, the others add waitingPn each,
// since once one is proven the others usually follow from it by hand
// superiority. Loose drops (positionOps.Loose: on squares the defender
// does not guard, without check) wait for each other on every square:
// only the first unproven one of them all is searched. A waiting drop new
// to the table gets its estimate when its turn comes.
func (s *search[P, PP]) andNumbers(ply int, low *lowest) uint32 {
	f := s.frames[ply]
	p := PP(&f.pos)
	pn := uint32(0)
	// blocked: an unproven drop on this square came before; looseBlocked:
	// an unproven loose drop on any square did.
	blocked, looseBlocked, square := false, false, shogi.NoSquare
	settled := false // a child is disproven for good
	for i := range f.children {
		c := &f.children[i]
		if c.move.IsDrop() {
			if to := c.move.To(); to != square {
				blocked, square = false, to
			}
			if (blocked || c.loose && looseBlocked) && c.dn != 0 {
				pn = addSat(pn, waitingPn)
				continue
			}
			if c.unestimated {
				// Its turn has come: what the table knows now, else its
				// estimate.
				if c.unestimated = false; !s.lookupChild(c, ply) {
					s.estimateReply(p, c)
				}
			}
		}
		if c.dn == 0 && !settled {
			// A disproven interposition may still be futile by capture
			// (with plies left, under Discount).
			if !c.capTried && s.futile && s.limited && droppedInterposition(p, c.move) {
				s.tryCapture(ply, c)
			}
			settled = c.dn == 0
		}
		if c.move.IsDrop() && c.pn != 0 {
			blocked = true
			looseBlocked = looseBlocked || c.loose
		}
		pn = addSat(pn, c.pn)
		low.add(i, c.dn)
	}
	return pn
}
