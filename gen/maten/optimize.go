package maten

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/tsume-shogi/tsume/gen"
	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
)

// Optimizing quality (see docs/quality.md, "Optimizing"): each problem
// the generator finds is the start of a local search. Each piece of the
// current problem is tried off the board (or out of the attacker's hand)
// in turn, then mutations are drawn at random (remove a piece, move one,
// change its kind, promote or demote it, move it between the board and
// the attacker's hand, give it to the other side, add one from the
// defender's hand, move a defender's guard next to its king, add a guard
// there); the defender's hand is made the remaining pieces again, and the
// mutated position is judged by the same test as every problem of the run
// (Options.fits, then judge.check: the solver, the composer's filter, the
// verdict), at the same length. It replaces the current problem when it
// is sound and its quality score (Score) is at least as high — an equal
// step lets the search cross a plateau; a position once visited is not
// visited again — and the removals are tried again from it. After eight
// tries without a new best, the search restarts from the best problem so
// far; it stops after the budget of judged mutations and
// returns the best. Its random stream is derived from the seed and the
// problem it starts from, so that the run stays a function of the seed and
// the index whatever the number of workers.

// Objective is what the local search of Options.Optimize raises.
type Objective int

// The objectives.
const (
	// OptimizeNone: the problems are emitted as found.
	OptimizeNone Objective = iota
	// OptimizeQuality raises the quality score (Score).
	OptimizeQuality
)

// String returns "none" or "quality".
func (o Objective) String() string {
	if o == OptimizeQuality {
		return "quality"
	}
	return "none"
}

// suffix returns what the objective adds to the method's name in the
// problems' provenance: "+quality", or nothing.
func (o Objective) suffix() string {
	if o == OptimizeNone {
		return ""
	}
	return "+" + o.String()
}

// ParseObjective reads "quality", or "beauty", its former name (the
// beauty score it raised has given way to the quality score).
func ParseObjective(s string) (Objective, error) {
	if s == "quality" || s == "beauty" {
		return OptimizeQuality, nil
	}
	return OptimizeNone, fmt.Errorf("unknown objective %q to optimize: want quality (or its former name, beauty)", s)
}

// DefaultOptimizeBudget is the number of mutations the local search
// judges per problem when Options.OptimizeBudget is 0 (the rates it
// costs are in docs/performance.md).
const DefaultOptimizeBudget = 24

// restartAfter is the number of tries without a new best after which the
// local search goes back to the best problem so far.
const restartAfter = 8

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

// quality returns the quality score of the sound problem q with main
// line pv, -Inf if ctx ended before its themes were found.
func (j *judge) quality(q *shogi.Position, pv []shogi.Move) float64 {
	s, _, err := scoreProblem(j.ctx, q, pv)
	if err != nil {
		return math.Inf(-1)
	}
	return s.Score
}

// optimize runs the local search from q, which f found a sound problem of
// the full length, and returns the best problem it found, what the judge
// found of it, and the record of the search.
func (j *judge) optimize(q *shogi.Position, f found) (shogi.Position, found, problem.Optimized) {
	cur, cf := *q, f
	score := j.quality(&cur, cf.sol.PV)
	best, bf, bestScore := cur, cf, score
	rec := problem.Optimized{From: score}
	rng := rand.New(rand.NewPCG(j.o.Seed, cur.Key()^optimizeStream))
	budget := j.o.budget()
	visited := map[uint64]bool{cur.Key(): true}
	// next is the next removal of a piece of cur to try, -1 once all
	// have been: every piece is tried off the board (or out of the hand)
	// before the random mutations, and again after each step. stale
	// counts the tries since the last new best.
	next, stale := 0, 0
	// Most random draws are no legal problem of the options and cost
	// little; the bound on them ends a search from a position that has
	// few legal mutations.
	for tries, draws := 0, 0; tries < budget && draws < 16*budget; draws++ {
		if j.ctx.Err() != nil {
			break
		}
		if stale >= restartAfter {
			cur, cf, score, next, stale = best, bf, bestScore, -1, 0
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
		if !ok || visited[r.Key()] {
			continue
		}
		visited[r.Key()] = true
		tries++
		stale++
		if j.o.Length == 3 && !j.hasMate3(r) {
			continue
		}
		nf, ok := j.checkAbove(r, j.o.Length, score)
		if !ok {
			continue
		}
		cur, cf = *r, nf
		score = j.quality(&cur, cf.sol.PV)
		rec.Steps++
		next = 0
		if score > bestScore {
			best, bf, bestScore, stale = cur, cf, score, 0
		}
	}
	return best, bf, rec
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
	return j.forcingChecks(p, 1, true) == 1
}

// forcingChecks counts, up to limit, the checks of p that leave White a
// legal reply and after which every reply allows a mate: under futile
// (hasMate3's necessary condition) every reply that is not an
// interposition allows a check after which White can only interpose
// (mayMate1); otherwise every reply allows a mate in 1 (hasMate1). A
// check with no legal reply (a mate in 1, or an illegal pawn drop mate)
// is not counted.
func (j *judge) forcingChecks(p *shogi.Position, limit int, futile bool) int {
	j.checks3 = p.Checks(j.checks3[:0])
	n := 0
	for _, c := range j.checks3 {
		a := &j.after3
		*a = *p
		a.DoMove(c)
		j.replies3 = a.Evasions(j.replies3[:0])
		if len(j.replies3) == 0 {
			continue
		}
		all := true
		for _, e := range j.replies3 {
			if futile && interposes(a, e) {
				continue
			}
			d := &j.reply
			*d = *a
			d.DoMove(e)
			if futile && !j.mayMate1(d) || !futile && !j.hasMate1(d) {
				all = false
				break
			}
		}
		if all {
			if n++; n == limit {
				break
			}
		}
	}
	return n
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
	switch rng.IntN(9) {
	case 0: // remove a piece from the board or from Black's hand
		if rng.IntN(3) == 0 {
			k, ok := pickKind(rng, hand, nil)
			if !ok {
				return false
			}
			r.SetHand(shogi.Black, hand.Remove(k))
		} else {
			s, ok := gen.PickSquare(rng, pieces)
			if !ok {
				return false
			}
			r.Put(s, shogi.NoPiece)
		}
	case 1: // move a piece to an empty square near the king
		s, ok := gen.PickSquare(rng, pieces)
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
		s, ok := gen.PickSquare(rng, pieces)
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
		s, ok := gen.PickSquare(rng, pieces)
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
			s, ok := gen.PickSquare(rng, r.ByColor(shogi.Black).AndNot(kings))
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
		s, ok := gen.PickSquare(rng, pieces)
		if !ok {
			return false
		}
		pc := r.PieceAt(s)
		r.Put(s, shogi.NewPiece(pc.Color().Opp(), pc.Kind()))
	case 7: // move a guard of White's next to its king
		s, ok := gen.PickSquare(rng, r.ByColor(shogi.White).AndNot(kings))
		to := near(rng, ksq, 1)
		if !ok || r.PieceAt(to) != shogi.NoPiece {
			return false
		}
		pc := r.PieceAt(s)
		r.Put(s, shogi.NoPiece)
		r.Put(to, pc)
	case 8: // add a guard of White's from its hand next to its king
		k, ok := pickKind(rng, r.Hand(shogi.White), o.kinds())
		to := near(rng, ksq, 1)
		if !ok || r.PieceAt(to) != shogi.NoPiece {
			return false
		}
		r.Put(to, shogi.NewPiece(shogi.White, k))
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
	if o.Style == Composed && PlacedPieces(r) > PlacedPieces(cur) {
		return false // the natural shape is kept (PlacedPieces)
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
