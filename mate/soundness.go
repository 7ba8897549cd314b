package mate

import "github.com/tsume-shogi/tsume/shogi"

// This file is the soundness search of a solution (余詰): whether another
// attacker move along the main line also mates within the remaining
// length.

// alternatives looks, at every attacker move of pv, for another check that
// also mates within the remaining length (余詰): rem(ply) plies from the
// attacker's move at ply, len(pv)-ply for a main line. With first it
// stops at the first that is more than the last move's other promotion.
// checked is false when a limit cut it short.
func (s *search[P, PP]) alternatives(root *P, pv []shogi.Move, first bool, rem func(ply int) int) (alts []Alternative, checked bool) {
	lb := &s.lines
	ancestors := append(lb.ancestors[:0], *root)
	defer func() { lb.ancestors = ancestors[:0] }()
	lb.scratch = moveBuf(lb.scratch)
	scratch := lb.scratch
	for ply, m := range pv {
		p := &ancestors[len(ancestors)-1]
		if ply%2 == 0 {
			rem := rem(ply)
			lb.checks = PP(p).Checks(moveBuf(lb.checks))
			for _, alt := range lb.checks {
				if alt == m {
					continue
				}
				q := &lb.cand.pos
				*q = *p
				PP(q).DoMove(alt)
				l, _, mates := s.childValue(ancestors, q, rem, scratch, false)
				if s.stopped != nil {
					return alts, false
				}
				if mates {
					a := Alternative{Ply: ply, Move: alt, LastMovePromotion: rem == 1 && alt == m.TogglePromotion(), Length: l + 1}
					alts = append(alts, a)
					if first && !a.LastMovePromotion {
						return alts, true
					}
				}
			}
		}
		ancestors = append(ancestors, *p)
		PP(&ancestors[len(ancestors)-1]).DoMove(m)
	}
	return alts, true
}

// soundness looks for the alternatives of sol, the exact solution of
// root (with first, up to the first that makes it not unique:
// SolverOptions.FirstAlternative), and sets its Alternatives,
// SoundnessChecked and Unique: unique when checked and no alternative is
// more than the other promotion choice of the last move.
func (s *search[P, PP]) soundness(root *P, sol *Solution, first bool) {
	sol.Alternatives, sol.SoundnessChecked = s.alternatives(root, sol.PV, first, func(ply int) int { return len(sol.PV) - ply })
	sol.Unique = sol.SoundnessChecked
	for _, a := range sol.Alternatives {
		if !a.LastMovePromotion {
			sol.Unique = false
		}
	}
}
