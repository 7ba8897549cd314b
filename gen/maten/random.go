package maten

import (
	"math/rand/v2"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
)

// randomCandidate places White's king on a square of the region and up
// to MaxPieces other pieces near it: about a third in Black's hand (as
// many as the style allows, HeavyHand), the rest on the board, Black's
// and White's. The candidate may be illegal or
// no problem at all: the judge decides.
func (o *Options) randomCandidate(rng *rand.Rand) shogi.Position {
	var p shogi.Position
	var left [shogi.NumKinds]int
	for _, k := range allKinds {
		left[k] = shogi.MaxCount(k)
	}
	ksq := o.kingSquare(rng)
	p.Put(ksq, shogi.NewPiece(shogi.White, shogi.King))
	budget := o.MinPieces + rng.IntN(o.MaxPieces-o.MinPieces+1)
	if o.TwoKings {
		budget--
		for {
			s := shogi.Square(rng.IntN(shogi.NumSquares))
			df, dr := s.File()-ksq.File(), s.Rank()-ksq.Rank()
			if max(df, -df, dr, -dr) >= 3 {
				p.Put(s, shogi.NewPiece(shogi.Black, shogi.King))
				break
			}
		}
	}
	ks := o.kinds()
	for n, tries := 0, 0; n < budget && tries < 4*budget+8; tries++ {
		k := ks[rng.IntN(len(ks))]
		if left[k] == 0 {
			continue
		}
		if w := rng.IntN(10); w < 3 && !o.handFull(&p, k) {
			p.SetHand(shogi.Black, p.Hand(shogi.Black).Add(k))
		} else {
			c, promote := shogi.Black, 25
			if w >= 7 {
				c, promote = shogi.White, 10
			}
			if k.CanPromote() && rng.IntN(100) < promote {
				k = k.Promote()
			}
			pc := shogi.NewPiece(c, k)
			radius := 2
			switch k {
			case shogi.Lance, shogi.Bishop, shogi.Rook, shogi.Horse, shogi.Dragon:
				radius = 4
			}
			s := near(rng, ksq, radius)
			if p.PieceAt(s) != shogi.NoPiece || !shogi.CanStand(pc, s) || k == shogi.Pawn && p.HasPawnOnFile(c, s.File()) {
				continue
			}
			p.Put(s, pc)
		}
		left[k.Demote()]--
		n++
	}
	return p
}

// kingSquare draws the defender's king square from the region.
func (o *Options) kingSquare(rng *rand.Rand) shogi.Square {
	for {
		s := shogi.NewSquare(1+rng.IntN(9), 1+rng.IntN(9))
		if o.King.Has(s) {
			return s
		}
	}
}

// near draws a square within radius r (Chebyshev) of s, on the board.
func near(rng *rand.Rand, s shogi.Square, r int) shogi.Square {
	f := min(9, max(1, s.File()+rng.IntN(2*r+1)-r))
	k := min(9, max(1, s.Rank()+rng.IntN(2*r+1)-r))
	return shogi.NewSquare(f, k)
}

// judgeRandom completes a random candidate (White's hand, Black to move)
// and checks it as a problem of the full length.
func (j *judge) judgeRandom(cand *shogi.Position, _ int, p *problem.Problem) bool {
	h, err := mate.RemainingHand(cand, shogi.Black)
	if err != nil {
		return false
	}
	q := *cand
	q.SetHand(shogi.White, h)
	q.SetSideToMove(shogi.Black)
	if q.King(shogi.White) == shogi.NoSquare || !q.IsValid() || q.InCheck() {
		return false
	}
	if !j.o.fits(&q, true) {
		return false
	}
	f, ok := j.check(&q, j.o.Length)
	if !ok && j.o.Repair && repairable(f.sol, j.o.Length) {
		rng := rand.New(rand.NewPCG(j.o.Seed, q.Key()))
		q, f, ok = j.repair(rng, &q, f.sol, j.o.Length)
	}
	if ok && j.o.Style == Composed {
		q, f, ok = j.economize(&q, f)
	}
	if !ok {
		return false
	}
	return j.accept(&q, &f, p)
}

// handFull reports whether Black's hand in p with one more piece of kind
// k would be heavier than the composed style allows (HeavyHand): then
// randomCandidate puts the piece on the board instead.
func (o *Options) handFull(p *shogi.Position, k shogi.Kind) bool {
	if o.Style != Composed {
		return false
	}
	return heavyHand(p.Hand(shogi.Black).Add(k), o.Length)
}
