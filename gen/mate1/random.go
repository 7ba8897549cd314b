package mate1

import (
	"math/rand/v2"

	"github.com/tsume-shogi/tsume/shogi"
)

// randomCandidate places White's king and a random number of other pieces
// (Black's and White's, on the board near the king, and in Black's hand).
// The candidate may be illegal or no problem at all: judge decides.
func (o *Options) randomCandidate(rng *rand.Rand) shogi.Position {
	b := newBoard(o.Symmetric)
	ksq := o.pickKingSquare(rng)
	b.put(shogi.NewPiece(shogi.White, shogi.King), ksq)
	budget := o.MinPieces + rng.IntN(o.MaxPieces-o.MinPieces+1)
	if o.TwoKings {
		budget--
	}
	for tries := 0; b.pieces < budget && tries < 4*budget+8; tries++ {
		switch w := rng.IntN(10); {
		case w < 3:
			ks := o.kinds()
			b.addHand(ks[rng.IntN(len(ks))])
		default:
			c, promote := shogi.Black, 25
			if w >= 7 {
				c, promote = shogi.White, 10
			}
			pc := o.randomPiece(rng, c, promote)
			radius := 2
			switch pc.Kind() {
			case shogi.Lance, shogi.Bishop, shogi.Rook, shogi.Horse, shogi.Dragon:
				radius = 4
			}
			s := near(rng, ksq, radius)
			if b.pieces+b.cost(s) <= budget {
				b.put(pc, s)
			}
		}
	}
	if o.TwoKings && !b.placeBlackKing(rng) {
		return shogi.Position{}
	}
	return b.pos
}
