package fairymate

import "github.com/tsume-shogi/tsume/variant"

// This file is the soundness search of a fairy solution (余詰), as package
// mate's: whether another attacker move along the main line also mates
// within the remaining length.

// Alternative is another attacker move that mates within the remaining
// length at one ply of the main line (余詰).
type Alternative struct {
	Ply  int          // 0-based ply of the main line where it can be played
	Move variant.Move // the other move
	// LastMovePromotion is true when it is the solution's last move with
	// the other promotion choice, which the tsume convention tolerates.
	LastMovePromotion bool
}

// soundness looks, at every attacker move of sol's complete, exact main
// line from q, for another check that also mates within the remaining
// length, under the solver's futile rule, and sets sol's Alternatives,
// SoundnessChecked and Unique.
func (s *solver) soundness(q *variant.Position, sol *Solution) {
	p := *q
	for ply, m := range sol.PV {
		if ply%2 == 0 {
			rem := int16(len(sol.PV) - ply)
			for _, alt := range p.Checks(nil) {
				if alt == m {
					continue
				}
				c := p
				c.DoMove(alt)
				v := s.run(&c, rem-1)
				if s.stopped {
					return
				}
				if v.pn == 0 {
					sol.Alternatives = append(sol.Alternatives, Alternative{Ply: ply, Move: alt,
						LastMovePromotion: rem == 1 && alt == m.TogglePromotion()})
				}
			}
		}
		p.DoMove(m)
	}
	sol.SoundnessChecked = true
	sol.Unique = true
	for _, a := range sol.Alternatives {
		if !a.LastMovePromotion {
			sol.Unique = false
		}
	}
}
