package mate

import (
	"slices"

	"github.com/tsume-shogi/tsume/shogi"
)

// This file reads the main line (the PV) of a proven position from the
// table: the line of the best proof, or the line under tsume conventions
// once the mate length is exact, searching again what the table lost.

// A line extraction step: the candidate moves of a node with their
// values.
type candidate[P any] struct {
	move   shogi.Move
	pos    P
	length int // plies to mate after the move
	spare  int
	// known: the table already holds, for any path, that the position
	// after the move has no mate two plies shorter than its node's
	// (longestReply).
	known bool
	// takes: a defender's reply that captures the piece the attacker has
	// just moved (accepts the sacrifice).
	takes bool
}

// better reports whether a is preferred to b at an attacker node (shorter,
// then fewer spare pieces) or a defender node (longer, then fewer spare
// pieces: the defender leaves the attacker nothing if it can).
func better[P any](a, b *candidate[P], or bool) bool {
	if a.length != b.length {
		return or == (a.length < b.length)
	}
	return a.spare < b.spare
}

// tied reports whether neither a nor b is better than the other.
func tied[P any](a, b *candidate[P], or bool) bool {
	return !better(a, b, or) && !better(b, a, or)
}

// childValue returns the proof length and spare pieces of q, a child of a
// node with rem plies left, from the table, searching q again with the
// ancestors as its path when the table lost it. ok is false when q is not
// mated within rem-1 plies or a limit stopped the search.
//
// With tableOnly, a position the table does not know is taken as not
// mated rather than searched.
func (s *search[P, PP]) childValue(ancestors []P, q *P, rem int, scratch []shogi.Move, tableOnly bool) (length, spare int, ok bool) {
	if s.mated(q, scratch) {
		return 0, PP(q).HandTotal(s.attacker), true
	}
	if stm := PP(q).SideToMove(); stm == s.attacker && rem-1 < 1 || stm != s.attacker && rem-1 < 2 {
		return 0, 0, false
	}
	r := s.lookupAt(q, uint16(rem-1))
	if r.pn != 0 && r.dn != 0 && !tableOnly && !s.readOnly {
		r = s.searchAt(ancestors, q, uint16(rem-1))
	}
	if r.pn != 0 {
		return 0, 0, false
	}
	return int(r.length), int(r.spare), true
}

// bestCheck returns the check of p, an attacker node mated within rem
// plies, that mates the soonest according to the table's proofs (then
// leaves the fewest spare pieces); only when the table lost them all is p
// searched again. ancestors is the path to p's children (p last; nil for
// a search without a path).
func (s *search[P, PP]) bestCheck(ancestors []P, p *P, rem int, scratch []shogi.Move) (best candidate[P], found bool) {
	lb := &s.lines
	lb.checks = PP(p).Checks(moveBuf(lb.checks))
	moves := lb.checks
	// Pass 0 reads the table. When it lost the proofs of p's checks, p is
	// searched again as a whole (df-pn then proves one check without
	// refuting the others), and pass 1 reads the table again; pass 2
	// searches the checks one by one, should the table have lost that
	// proof at once.
	passes := 3
	if s.readOnly {
		passes = 1
	}
	for pass := 0; pass < passes && !found && s.stopped == nil; pass++ {
		if pass == 1 {
			s.searchAt(ancestors[:max(len(ancestors)-1, 0)], p, uint16(rem))
		}
		for _, m := range moves {
			c := &lb.cand
			*c = candidate[P]{move: m, pos: *p}
			PP(&c.pos).DoMove(m)
			l, sp, ok := s.childValue(ancestors, &c.pos, rem, scratch, pass < 2)
			if !ok {
				continue
			}
			c.length, c.spare = l, sp
			if !found || better(c, &best, true) {
				best, found = *c, true
			}
		}
	}
	return best, found && s.stopped == nil
}

// line builds a main line from root, mated within length plies, choosing
// the attacker's moves with bestCheck and the defender's with reply, which
// returns false when a limit stopped it or the table does not hold a
// proof after all.
//
// reply is also given the attacker's move before p (0 at the root).
//
// With pathless, the searches it makes ignore the line so far: a proof
// that passes through a position of the line again is still a proof.
func (s *search[P, PP]) line(root *P, length int, pathless bool, reply func(ancestors []P, p *P, rem int, prev shogi.Move) (candidate[P], bool)) []shogi.Move {
	var pv []shogi.Move
	lb := &s.lines
	ancestors := append(lb.ancestors[:0], *root)
	defer func() { lb.ancestors = ancestors[:0] }()
	lb.scratch = moveBuf(lb.scratch)
	scratch := lb.scratch
	for rem := length; rem > 0; rem-- {
		p := &ancestors[len(ancestors)-1]
		path := ancestors
		if pathless {
			path = nil
		}
		var best candidate[P]
		var ok bool
		if PP(p).SideToMove() == s.attacker {
			best, ok = s.bestCheck(path, p, rem, scratch)
		} else {
			if s.mated(p, scratch) {
				break
			}
			var prev shogi.Move
			if len(pv) > 0 {
				prev = pv[len(pv)-1]
			}
			best, ok = reply(path, p, rem, prev)
		}
		if !ok {
			return nil
		}
		pv = append(pv, best.move)
		ancestors = append(ancestors, best.pos)
		rem = best.length + 1
	}
	if len(pv)%2 == 0 {
		return nil
	}
	return pv
}

// proofLine follows the proofs in the table from root, which is mated
// within length plies: at an attacker node the check with the shortest
// proof, at a defender node the reply with the longest. It returns nil
// when a limit stopped a search it needed.
func (s *search[P, PP]) proofLine(root *P, length int) []shogi.Move {
	return s.line(root, length, true, s.longestReply(false, false))
}

// tsumeLine returns the main line from root, whose shortest mate is
// exactly length plies: at an attacker node a check that keeps the mate
// within the remaining length; at a defender node a reply after which no
// shorter mate exists (each reply is asked with a depth-limited search),
// between such replies the one whose proof leaves the fewest spare pieces.
// It returns nil when a limit stopped it.
//
// A defender's last candidate reply is taken without its search (see
// longestReply); should the line then come out shorter than length, a
// sign that a node of it was not as exact as its ancestors say, the line
// is read again with every reply asked.
func (s *search[P, PP]) tsumeLine(root *P, length int) []shogi.Move {
	if pv := s.line(root, length, false, s.longestReply(true, false)); pv == nil || len(pv) == length {
		return pv
	}
	return s.line(root, length, false, s.longestReply(true, true))
}

// longestReply returns line's choice of a defender's reply: the one whose
// proof is the longest, then leaves the fewest spare pieces, then takes
// the piece the attacker has just moved, prev. Between replies that tie
// (変同) the main line so shows the sacrifice accepted rather than the
// king stepping aside, as composers write it: of the 156 classics
// solved exactly within 3,000,000 nodes, 54 main lines are the recorded
// one against 50 without this rule (docs/performance.md, "Session 37").
// With exact, only replies after which a depth-limited search finds no
// mate two plies shorter are considered: the node's mate length being
// exact, they are the longest defences.
//
// With exact, the replies are taken in the order of that choice (by the
// table's proofs, then those the table already knows to have no shorter
// mate, by a disproof that depends on no repetition, then the capture of
// prev, then the order of the moves), each asked with the
// depth-limited search until one has no shorter mate: that one is the
// choice, and the replies after it are not asked. The last reply left
// is not asked either, unless askLast: the node's length being exact,
// some reply has no mate two plies shorter, and the others have one. A
// reply the table proves mated within rem-3 plies is left out without a
// search.
func (s *search[P, PP]) longestReply(exact, askLast bool) func(ancestors []P, p *P, rem int, prev shogi.Move) (candidate[P], bool) {
	lb := &s.lines
	return func(ancestors []P, p *P, rem int, prev shogi.Move) (best candidate[P], found bool) {
		lb.replyScratch = moveBuf(lb.replyScratch)
		scratch := lb.replyScratch
		cands := lb.cands[:0]
		defer func() { lb.cands = cands[:0] }()
		lb.replies = s.replies(p, moveBuf(lb.replies))
		for _, m := range lb.replies {
			c := &lb.replied
			*c = candidate[P]{move: m, pos: *p, takes: prev != 0 && !m.IsDrop() && m.To() == prev.To()}
			PP(&c.pos).DoMove(m)
			if exact && rem-3 >= 1 {
				r := s.lookupOnPath(ancestors, &c.pos, uint16(rem-3))
				if r.pn == 0 {
					continue // mated sooner: not the longest
				}
				// Known from the table to have no shorter mate: a disproof
				// that depends on no repetition, or one whose repetition
				// is on the line's path (ancestors), as the search that
				// just proved the length leaves many.
				c.known = r.dn == 0
			}
			l, sp, ok := s.childValue(ancestors, &c.pos, rem, scratch, false)
			if !ok && s.stopped == nil && s.futile && droppedInterposition(PP(p), m) {
				continue // futile by capture
			}
			if !ok {
				return best, false // not a proof within rem plies after all
			}
			c.length, c.spare = l, sp
			if !exact || rem-3 < 1 {
				if !found || better(c, &best, false) || c.takes && !best.takes && tied(c, &best, false) {
					best, found = *c, true
				}
				continue
			}
			cands = append(cands, *c)
		}
		if !exact || rem-3 < 1 {
			return best, found && s.stopped == nil
		}
		// Among replies equally long and spare by their proofs, those the
		// table already knows to have no shorter mate come first: the
		// choice is as good, and asking another may cost a search of
		// millions of nodes (寿, docs/performance.md); then the capture
		// of prev. Asked before the table's knowledge, the capture cost
		// 無双16 a sixth more nodes and moved six classics' lines, none
		// onto the recorded one. The stable sort keeps the order of the
		// moves among equals.
		slices.SortStableFunc(cands, func(a, b candidate[P]) int {
			switch {
			case better(&a, &b, false):
				return -1
			case better(&b, &a, false):
				return 1
			case a.known != b.known:
				if a.known {
					return -1
				}
				return 1
			case a.takes != b.takes:
				if a.takes {
					return -1
				}
				return 1
			}
			return 0
		})
		for i := range cands {
			c := &cands[i]
			if askLast || i < len(cands)-1 {
				if r := s.searchAt(ancestors, &c.pos, uint16(rem-3)); s.stopped != nil {
					return best, false
				} else if r.pn == 0 {
					continue
				}
			}
			return *c, true
		}
		return best, false
	}
}

// lookupOnPath is lookupAt with ancestors as the path (nil: none), as
// searchAt would look pos up before searching it: a disproof that depends
// on a repetition applies when the position repeated is among ancestors.
func (s *search[P, PP]) lookupOnPath(ancestors []P, pos *P, rem uint16) result {
	s.pushAncestors(ancestors)
	defer s.popAncestors(ancestors)
	return s.lookupAt(pos, rem)
}
