package maten

import (
	"math/rand/v2"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/shogi"
)

// Repair (see docs/generation.md): a candidate that the solver proves a
// mate, but one of the wrong length, with a cook (余詰) or a piece left in
// hand, or that the verdict rejects, is often one piece away from a
// sound problem. repair tries small mutations of it, each judged anew:
// remove a piece the main line does not use, add a defending piece near
// the king, or move a defending piece to a neighbouring square.

// repairs is how many mutations repair tries.
const repairs = 12

// repairable reports whether a failed candidate's solution is worth a
// repair: a proven mate within the length.
func repairable(sol *mate.Solution, n int) bool {
	return sol != nil && sol.Status == mate.Mate && sol.LengthExact && sol.Length <= n && len(sol.PV) > 0
}

// repair tries mutations of q, whose solver's solution is sol, and
// returns the first that is a sound problem of n plies.
func (j *judge) repair(rng *rand.Rand, q *shogi.Position, sol *mate.Solution, n int) (shogi.Position, found, bool) {
	var used shogi.Bitboard // the squares the main line plays on
	for _, m := range sol.PV {
		used = used.With(m.To())
		if !m.IsDrop() {
			used = used.With(m.From())
		}
	}
	ksq := q.King(shogi.White)
	for range repairs {
		if j.ctx.Err() != nil {
			break
		}
		r := *q
		switch k := rng.IntN(3); k {
		case 0: // remove a piece the main line does not use
			b := r.Occupied().AndNot(used).AndNot(r.Pieces(shogi.White, shogi.King)).AndNot(r.Pieces(shogi.Black, shogi.King))
			if b.IsEmpty() {
				continue
			}
			sq := b.Squares()
			r.Put(sq[rng.IntN(len(sq))], shogi.NoPiece)
		case 1: // add a defender near the king, from White's hand
			s := near(rng, ksq, 2)
			ks := j.o.kinds()
			kind := ks[rng.IntN(len(ks))]
			pc := shogi.NewPiece(shogi.White, kind)
			if r.PieceAt(s) != shogi.NoPiece || !r.Hand(shogi.White).Has(kind) || !shogi.CanStand(pc, s) ||
				kind == shogi.Pawn && r.HasPawnOnFile(shogi.White, s.File()) {
				continue
			}
			r.Put(s, pc)
		default: // move a defender to a neighbouring empty square
			b := r.ByColor(shogi.White).AndNot(shogi.SquareBB(ksq))
			if b.IsEmpty() {
				continue
			}
			sq := b.Squares()
			from := sq[rng.IntN(len(sq))]
			to := neighbour(rng, from)
			pc := r.PieceAt(from)
			if to == shogi.NoSquare || r.PieceAt(to) != shogi.NoPiece || !shogi.CanStand(pc, to) ||
				pc.Kind() == shogi.Pawn && to.File() != from.File() && r.HasPawnOnFile(shogi.White, to.File()) {
				continue
			}
			r.Put(from, shogi.NoPiece)
			r.Put(to, pc)
		}
		h, err := mate.RemainingHand(&r, shogi.Black)
		if err != nil {
			continue
		}
		r.SetHand(shogi.White, h)
		if !r.IsValid() || r.InCheck() || !j.o.fits(&r, n == j.o.Length) {
			continue
		}
		if f, ok := j.check(&r, n); ok {
			return r, f, true
		}
	}
	return shogi.Position{}, found{}, false
}
