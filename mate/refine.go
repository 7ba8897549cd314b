package mate

import (
	"sort"
	"time"

	"github.com/tsume-shogi/tsume/shogi"
)

// The refiner turns a df-pn proof into the tsume solution: the shortest
// mate for the attacker, the longest defence, futile interpositions
// discounted if asked. It is a depth-first minimax over mate lengths with
// bounds (alpha-beta on lengths), where df-pn is the oracle that says which
// checks mate at all: a check is followed only if df-pn proves it.

type refVal struct {
	length int // exact when length <= bound it was computed with
	spare  int
	bound  int // the bound of the call that computed it
}

type refiner struct {
	s        *search // the df-pn oracle: unlimited, every reply counts
	futile   bool    // discount futile interpositions
	memo     map[uint64]refVal
	onPath   map[uint64]bool
	budget   uint64 // oracle nodes allowed for one unproven check
	inexact  bool   // an oracle call ran out of budget: lengths are upper bounds
	scratch  []shogi.Move
	calls    int
	maxCall  int
	deadline time.Time // the refiner gives up (inexact) after this
}

func newRefiner(s *search, futile bool) *refiner {
	return &refiner{s: s, futile: futile, memo: make(map[uint64]refVal), onPath: make(map[uint64]bool),
		budget: 20000, scratch: make([]shogi.Move, 0, shogi.MaxMoves), maxCall: 1_000_000}
}

// replies returns the defender's replies to consider: all, or without the
// futile interpositions.
func (r *refiner) replies(p *shogi.Position) []shogi.Move {
	moves := p.Evasions(nil)
	if !r.futile {
		return moves
	}
	out := moves[:0]
	for _, m := range moves {
		if !IsFutileInterposition(p, m) {
			out = append(out, m)
		}
	}
	return out
}

// oracle answers asked of df-pn about a defender position after a check.
type oracle int

const (
	oracleMate   oracle = iota // proven: the check mates
	oracleNoMate               // disproven for good: it never mates
	oracleUnsure               // the budget ran out first
)

// ask runs df-pn on q, the defender to move after a check, within the
// refiner's budget for one question.
func (r *refiner) ask(q *shogi.Position) oracle {
	s := r.s
	res := s.tt.lookup(q.BoardKey(), q.Hand(s.attacker), unlimited, false, s)
	switch {
	case res.pn == 0:
		return oracleMate
	case res.dn == 0 && res.anchor < 0:
		return oracleNoMate
	case s.stopped != nil:
		return oracleUnsure
	}
	saved := s.maxNodes
	s.maxNodes = *s.nodes + r.budget
	if saved > 0 && saved < s.maxNodes {
		s.maxNodes = saved
	}
	s.path = s.path[:0]
	clear(s.onPath)
	s.frame(0).pos = *q
	s.mid(0, infinity, infinity)
	if s.stopped == errNodeLimit && (saved == 0 || *s.nodes < saved) {
		s.stopped = nil // only this question's budget ran out
	}
	s.maxNodes = saved
	res = s.tt.lookup(q.BoardKey(), q.Hand(s.attacker), unlimited, false, s)
	switch {
	case res.pn == 0:
		return oracleMate
	case res.dn == 0 && res.anchor < 0:
		return oracleNoMate
	}
	return oracleUnsure
}

// value returns the tsume length and spare pieces of p (a proven or
// candidate position) when the length is at most bound, and a length above
// bound otherwise.
func (r *refiner) value(p *shogi.Position, bound int) (int, int) {
	key := p.Key()
	if v, ok := r.memo[key]; ok {
		switch {
		case v.length <= v.bound && v.length <= bound:
			return v.length, v.spare // exact, within the bound
		case v.length <= v.bound:
			return bound + 1, 0 // exact, beyond the bound
		case v.bound >= bound:
			return bound + 1, 0 // known to exceed a larger bound
		}
	}
	*r.s.nodes++ // a refiner node counts like a search node
	if r.calls&255 == 0 {
		if !r.deadline.IsZero() && time.Now().After(r.deadline) {
			r.maxCall = r.calls // out of time: stop here
		}
		if r.s.maxNodes > 0 && *r.s.nodes >= r.s.maxNodes || r.s.ctx.Err() != nil {
			r.maxCall = r.calls
		}
	}
	if r.onPath[key] || r.calls >= r.maxCall || r.s.stopped != nil {
		if r.calls >= r.maxCall || r.s.stopped != nil {
			r.inexact = true
		}
		return bound + 1, 0
	}
	r.calls++
	r.onPath[key] = true
	defer delete(r.onPath, key)

	var length, spare int
	if p.SideToMove() == r.s.attacker {
		length, spare = r.orValue(p, bound)
	} else {
		length, spare = r.andValue(p, bound)
	}
	r.memo[key] = refVal{length: length, spare: spare, bound: bound}
	return length, spare
}

// directBound is the longest remaining length the refiner searches
// without asking df-pn first whether a check mates at all.
const directBound = 6

// unsureBound is the longest remaining length the refiner searches
// directly when df-pn could not tell within its budget whether a check
// mates; beyond it the length is reported as not proven minimal.
const unsureBound = 8

type scored struct {
	m shogi.Move
	q shogi.Position
	k int // ordering key
}

func (r *refiner) orValue(p *shogi.Position, bound int) (int, int) {
	if bound < 1 {
		return bound + 1, 0
	}
	best, bestSpare := bound+1, -1
	var kids []scored
	for _, m := range p.Checks(nil) {
		q := *p
		q.DoMove(m)
		k := 1 << 20
		if res := r.s.tt.lookup(q.BoardKey(), q.Hand(r.s.attacker), unlimited, false, r.s); res.pn == 0 {
			k = int(res.length)
		}
		kids = append(kids, scored{m, q, k})
	}
	sort.SliceStable(kids, func(i, j int) bool { return kids[i].k < kids[j].k })
	for i := range kids {
		q := &kids[i].q
		var l, sp int
		if r.mated(q) {
			l, sp = 0, q.Hand(r.s.attacker).Total()
		} else {
			// A short bound is searched directly; for a long one df-pn
			// first says whether the check mates at all (when it cannot
			// tell within its budget, the direct search decides).
			if best-1 < 2 {
				continue
			}
			if best-1 > directBound {
				switch r.ask(q) {
				case oracleNoMate:
					continue
				case oracleUnsure:
					if best-1 > unsureBound {
						r.inexact = true
						continue
					}
				}
			}
			l, sp = r.value(q, best-1)
		}
		if 1+l < best || 1+l == best && sp > bestSpare {
			best, bestSpare = 1+l, sp
		}
	}
	if best > bound {
		return bound + 1, 0
	}
	return best, bestSpare
}

func (r *refiner) andValue(p *shogi.Position, bound int) (int, int) {
	moves := r.replies(p)
	if len(moves) == 0 {
		return 0, p.Hand(r.s.attacker).Total()
	}
	if bound < 2 {
		return bound + 1, 0
	}
	kids := make([]scored, 0, len(moves))
	for _, m := range moves {
		q := *p
		q.DoMove(m)
		k := 0
		if res := r.s.tt.lookup(q.BoardKey(), q.Hand(r.s.attacker), unlimited, false, r.s); res.pn == 0 {
			k = -int(res.length)
		}
		kids = append(kids, scored{m, q, k})
	}
	sort.SliceStable(kids, func(i, j int) bool { return kids[i].k < kids[j].k })
	worst, worstSpare := -1, 0
	for i := range kids {
		l, sp := r.value(&kids[i].q, bound-1)
		if 1+l > bound {
			return bound + 1, 0
		}
		if 1+l > worst || 1+l == worst && sp < worstSpare {
			worst, worstSpare = 1+l, sp
		}
	}
	return worst, worstSpare
}

// mated reports whether the defender to move in q has no reply to count.
func (r *refiner) mated(q *shogi.Position) bool {
	if q.SideToMove() == r.s.attacker || !q.InCheck() {
		return false
	}
	return len(r.replies(q)) == 0
}

// line returns the main line from p with the values found: the best check
// at attacker nodes, the longest reply at defender nodes.
func (r *refiner) line(p *shogi.Position, length int) []shogi.Move {
	var pv []shogi.Move
	pos := *p
	for rem := length; rem > 0; rem-- {
		var choice shogi.Move
		if pos.SideToMove() == r.s.attacker {
			bestSpare := -1
			for _, m := range pos.Checks(nil) {
				q := pos
				q.DoMove(m)
				var l, sp int
				if r.mated(&q) {
					l, sp = 0, q.Hand(r.s.attacker).Total()
				} else if rem-1 >= 2 && (rem-1 <= directBound || r.ask(&q) != oracleNoMate) {
					l, sp = r.value(&q, rem-1)
				} else {
					continue
				}
				if 1+l == rem && sp > bestSpare {
					choice, bestSpare = m, sp
				}
			}
		} else {
			worstSpare := 1 << 10
			for _, m := range r.replies(&pos) {
				q := pos
				q.DoMove(m)
				l, sp := r.value(&q, rem-1)
				if 1+l == rem && sp < worstSpare {
					choice, worstSpare = m, sp
				}
			}
		}
		if choice == shogi.NoMove {
			return nil
		}
		pv = append(pv, choice)
		pos.DoMove(choice)
	}
	return pv
}
