package maten

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
)

// Optimizing beauty (see docs/generation.md, "Optimizing beauty"): each
// problem the generator finds is the start of a first-improvement hill
// climb. Each piece of the current problem is tried off the board (or
// out of the attacker's hand) in turn, then mutations are drawn at random
// (remove a piece, move one, change its kind, promote or demote it, move
// it between the board and the attacker's hand, give it to the other
// side, add one from the defender's hand); the defender's hand is made the
// remaining pieces again, and the mutated position is judged by the same
// test as every problem of the run (Options.fits, then judge.check: the
// solver, the composer's filter, the verdict), at the same length. It
// replaces the current problem when it is sound and its beauty score is
// strictly higher, and the removals are tried again from it; the search
// stops after the budget of judged mutations. Its random stream is
// derived from the seed and the problem it starts from, so that the run
// stays a function of the seed and the index whatever the number of
// workers.

// Objective is what the local search of Options.Optimize raises.
type Objective int

// The objectives.
const (
	// OptimizeNone: the problems are emitted as found.
	OptimizeNone Objective = iota
	// OptimizeBeauty raises the beauty score (Beauty).
	OptimizeBeauty
)

// String returns "none" or "beauty".
func (o Objective) String() string {
	if o == OptimizeBeauty {
		return "beauty"
	}
	return "none"
}

// suffix returns what the objective adds to the method's name in the
// problems' provenance: "+beauty", or nothing.
func (o Objective) suffix() string {
	if o == OptimizeNone {
		return ""
	}
	return "+" + o.String()
}

// ParseObjective reads "beauty", the only objective so far.
func ParseObjective(s string) (Objective, error) {
	if s == "beauty" {
		return OptimizeBeauty, nil
	}
	return OptimizeNone, fmt.Errorf("unknown objective %q to optimize: want beauty", s)
}

// DefaultOptimizeBudget is the number of mutations the local search
// judges per problem when Options.OptimizeBudget is 0 (the rates it
// costs are in docs/performance.md).
const DefaultOptimizeBudget = 24

// optimizeStream distinguishes the local search's random stream from the
// construction's, which is drawn from the same seed.
const optimizeStream = 0x6265617574790000 // "beauty"

// budget returns the mutations the local search judges per problem.
func (o *Options) budget() int {
	if o.OptimizeBudget == 0 {
		return DefaultOptimizeBudget
	}
	return o.OptimizeBudget
}

// optimize runs the local search from q, which f found a sound problem of
// the full length, and returns the problem it ends with, what the judge
// found of it, and the record of the search.
func (j *judge) optimize(q *shogi.Position, f found) (shogi.Position, found, problem.Optimized) {
	cur, cf := *q, f
	var c problem.Composer
	c, j.measured = measure(&cur, cf.sol.PV, j.measured)
	best := c.Beauty
	rec := problem.Optimized{From: best}
	rng := rand.New(rand.NewPCG(j.o.Seed, cur.Key()^optimizeStream))
	budget := j.o.budget()
	// next is the next removal of a piece of cur to try, -1 once all
	// have been: every piece is tried off the board (or out of the hand)
	// before the random mutations, and again after each step.
	next := 0
	// Most random draws are no legal problem of the options and cost
	// little; the bound on them ends a search from a position that has
	// few legal mutations.
	for tries, draws := 0, 0; tries < budget && draws < 16*budget; draws++ {
		if j.ctx.Err() != nil {
			break
		}
		r := &j.mutant
		var ok bool
		if next >= 0 {
			var more bool
			ok, more = j.o.removal(&cur, r, next)
			if next++; !more {
				next = -1
			}
		} else {
			ok = j.o.mutate(rng, &cur, r)
		}
		if !ok {
			continue
		}
		tries++
		if j.o.Length == 3 && !j.hasMate3(r) {
			continue
		}
		nf, ok := j.checkAbove(r, j.o.Length, best)
		if !ok {
			continue
		}
		cur, cf = *r, nf
		c, j.measured = measure(&cur, cf.sol.PV, j.measured)
		best = c.Beauty
		rec.Steps++
		next = 0
	}
	return cur, cf, rec
}

// hasMate3 is the local search's prefilter at 3 plies, a necessary
// condition for a mate in 3 under the futile rule: Black, to move in p,
// has a check after which every reply of White that is not an
// interposition allows a check after which White can only interpose
// (mayMate1). The futile rule discounts interpositions only (the solver's
// rules for them go beyond mate.IsFutileInterposition), so every
// interposition is let through as possibly futile. It spares the solver
// most of the mutations with no mate, whose disproofs are its dearest
// searches; it may pass a mate in 1, which judge.check rejects.
func (j *judge) hasMate3(p *shogi.Position) bool {
	j.checks3 = p.Checks(j.checks3[:0])
	for _, c := range j.checks3 {
		a := &j.after3
		*a = *p
		a.DoMove(c)
		j.replies3 = a.Evasions(j.replies3[:0])
		if len(j.replies3) == 0 {
			continue // a mate in 1, or a pawn drop mate (illegal)
		}
		all := true
		for _, e := range j.replies3 {
			if interposes(a, e) {
				continue
			}
			d := &j.reply
			*d = *a
			d.DoMove(e)
			if !j.mayMate1(d) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

// mayMate1 reports whether the side to move in p has a check after which
// the defender's only legal replies, if any, are interpositions: a mate
// in 1 under the futile rule needs one.
func (j *judge) mayMate1(p *shogi.Position) bool {
	j.checks1 = p.Checks(j.checks1[:0])
	for _, c := range j.checks1 {
		m := &j.mated
		*m = *p
		m.DoMove(c)
		j.replies1 = m.Evasions(j.replies1[:0])
		if len(j.replies1) == 0 {
			if c.IsDrop() && c.DroppedKind() == shogi.Pawn {
				continue // 打歩詰
			}
			return true
		}
		all := true
		for _, e := range j.replies1 {
			if !interposes(m, e) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

// interposes reports whether the evasion e of p, whose side to move is in
// check, puts a piece between the checker and the king: neither a king
// move nor a capture of the checker.
func interposes(p *shogi.Position, e shogi.Move) bool {
	if e.IsDrop() {
		return true
	}
	return p.PieceAt(e.From()).Kind() != shogi.King && e.To() != p.Checkers().LSB()
}

// mutate sets *r to a random mutation of cur and reports whether it is a
// legal problem position that fits the options: Black to move, White's
// hand the remaining pieces, White not in check.
func (o *Options) mutate(rng *rand.Rand, cur, r *shogi.Position) bool {
	*r = *cur
	ksq := r.King(shogi.White)
	kings := r.Pieces(shogi.Black, shogi.King).Or(r.Pieces(shogi.White, shogi.King))
	pieces := r.Occupied().AndNot(kings)
	hand := r.Hand(shogi.Black)
	switch rng.IntN(7) {
	case 0: // remove a piece from the board or from Black's hand
		if rng.IntN(3) == 0 {
			k, ok := pickKind(rng, hand, nil)
			if !ok {
				return false
			}
			r.SetHand(shogi.Black, hand.Remove(k))
		} else {
			s, ok := pickSquare(rng, pieces)
			if !ok {
				return false
			}
			r.Put(s, shogi.NoPiece)
		}
	case 1: // move a piece to an empty square near the king
		s, ok := pickSquare(rng, pieces)
		to := near(rng, ksq, 3)
		if !ok || r.PieceAt(to) != shogi.NoPiece {
			return false
		}
		pc := r.PieceAt(s)
		r.Put(s, shogi.NoPiece)
		r.Put(to, pc)
	case 2: // change a piece's kind, keeping its promotion where it can
		ks := o.kinds()
		k := ks[rng.IntN(len(ks))]
		if rng.IntN(4) == 0 {
			old, ok := pickKind(rng, hand, nil)
			if !ok || old == k {
				return false
			}
			r.SetHand(shogi.Black, hand.Remove(old).Add(k))
			break
		}
		s, ok := pickSquare(rng, pieces)
		if !ok {
			return false
		}
		pc := r.PieceAt(s)
		if pc.Kind().Demote() == k {
			return false
		}
		if pc.Kind().IsPromoted() && k.CanPromote() {
			k = k.Promote()
		}
		r.Put(s, shogi.NewPiece(pc.Color(), k))
	case 3: // promote or demote a piece
		s, ok := pickSquare(rng, pieces)
		if !ok {
			return false
		}
		pc := r.PieceAt(s)
		k := pc.Kind()
		switch {
		case k.IsPromoted():
			k = k.Demote()
		case k.CanPromote():
			k = k.Promote()
		default:
			return false
		}
		r.Put(s, shogi.NewPiece(pc.Color(), k))
	case 4: // a Black piece from the board to Black's hand, or back
		if rng.IntN(2) == 0 {
			s, ok := pickSquare(rng, r.ByColor(shogi.Black).AndNot(kings))
			if !ok {
				return false
			}
			k := r.PieceAt(s).Kind().Demote()
			r.Put(s, shogi.NoPiece)
			r.SetHand(shogi.Black, hand.Add(k))
		} else {
			k, ok := pickKind(rng, hand, nil)
			to := near(rng, ksq, 3)
			if !ok || r.PieceAt(to) != shogi.NoPiece {
				return false
			}
			r.SetHand(shogi.Black, hand.Remove(k))
			r.Put(to, shogi.NewPiece(shogi.Black, k))
		}
	case 5: // give a piece to the other side
		s, ok := pickSquare(rng, pieces)
		if !ok {
			return false
		}
		pc := r.PieceAt(s)
		r.Put(s, shogi.NewPiece(pc.Color().Opp(), pc.Kind()))
	default: // add a piece of White's hand: to Black's hand, or near the king
		k, ok := pickKind(rng, r.Hand(shogi.White), o.kinds())
		if !ok {
			return false
		}
		switch rng.IntN(3) {
		case 0:
			r.SetHand(shogi.Black, hand.Add(k))
		default:
			c := shogi.Black
			if rng.IntN(2) == 0 {
				c = shogi.White
			}
			to := near(rng, ksq, 2)
			if r.PieceAt(to) != shogi.NoPiece {
				return false
			}
			r.Put(to, shogi.NewPiece(c, k))
		}
	}
	return o.complete(cur, r)
}

// removal sets *r to cur with its i-th piece removed, counting the
// pieces on the board other than the kings in square order, then the
// kinds in Black's hand, and reports whether r is a legal problem
// position of the options (as mutate does) and whether there is an
// (i+1)-th piece.
func (o *Options) removal(cur, r *shogi.Position, i int) (ok, more bool) {
	*r = *cur
	kings := r.Pieces(shogi.Black, shogi.King).Or(r.Pieces(shogi.White, shogi.King))
	pieces := r.Occupied().AndNot(kings)
	hand := r.Hand(shogi.Black)
	nb, nh := pieces.Count(), 0
	for _, k := range allKinds {
		if hand.Has(k) {
			if i == nb+nh {
				r.SetHand(shogi.Black, hand.Remove(k))
			}
			nh++
		}
	}
	if i < nb {
		for range i {
			pieces.PopLSB()
		}
		r.Put(pieces.PopLSB(), shogi.NoPiece)
	}
	if i >= nb+nh {
		return false, false
	}
	return o.complete(cur, r), i+1 < nb+nh
}

// complete gives White the remaining pieces in r, a mutation of cur, and
// reports whether r is a legal problem position of the options other
// than cur: Black to move, White not in check, the pieces, kinds and
// kings of the options.
func (o *Options) complete(cur, r *shogi.Position) bool {
	h, err := mate.RemainingHand(r, shogi.Black)
	if err != nil {
		return false
	}
	r.SetHand(shogi.White, h)
	return r.Key() != cur.Key() && r.IsValid() && !r.InCheck() && o.fits(r, true)
}

// pickSquare draws one of the squares of b, if any, without allocating.
func pickSquare(rng *rand.Rand, b shogi.Bitboard) (shogi.Square, bool) {
	n := b.Count()
	if n == 0 {
		return shogi.NoSquare, false
	}
	for i := rng.IntN(n); i > 0; i-- {
		b.PopLSB()
	}
	return b.PopLSB(), true
}

// pickKind draws one of the kinds h holds, each kind as likely as the
// next, among those of allowed (nil: any).
func pickKind(rng *rand.Rand, h shogi.Hand, allowed []shogi.Kind) (shogi.Kind, bool) {
	var ks [7]shogi.Kind // allKinds
	n := 0
	for _, k := range allKinds {
		if h.Has(k) && (allowed == nil || slices.Contains(allowed, k)) {
			ks[n] = k
			n++
		}
	}
	if n == 0 {
		return 0, false
	}
	return ks[rng.IntN(n)], true
}
