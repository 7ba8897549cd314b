package mate1

import (
	"math/rand/v2"

	"github.com/tsume-shogi/tsume/shogi"
)

// pickKingSquare draws the defender's king square from the region (on
// the centre file for symmetric problems).
func (o *Options) pickKingSquare(rng *rand.Rand) shogi.Square {
	for {
		f, r := 1+rng.IntN(9), 1+rng.IntN(9)
		if o.Symmetric {
			f = 5
		}
		s := shogi.NewSquare(f, r)
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

// pieceFits reports whether pc may stand on s of p: s empty, no dead piece,
// no 二歩.
func pieceFits(p *shogi.Position, pc shogi.Piece, s shogi.Square) bool {
	if p.PieceAt(s) != shogi.NoPiece || !shogi.CanStand(pc, s) {
		return false
	}
	return pc.Kind() != shogi.Pawn || !p.HasPawnOnFile(pc.Color(), s.File())
}

// randomPiece draws a piece of colour c from the allowed kinds, promoted
// with probability promote (in percent) when its kind can promote.
func (o *Options) randomPiece(rng *rand.Rand, c shogi.Color, promote int) shogi.Piece {
	ks := o.kinds()
	k := ks[rng.IntN(len(ks))]
	if k.CanPromote() && rng.IntN(100) < promote {
		k = k.Promote()
	}
	return shogi.NewPiece(c, k)
}

// board tracks a candidate under construction: the position and how many
// pieces of each base kind the set still has.
type board struct {
	pos    shogi.Position
	left   [shogi.NumKinds]int
	pieces int // pieces counted against MaxPieces
	sym    bool
}

func newBoard(sym bool) *board {
	b := &board{sym: sym}
	for _, k := range allKinds {
		b.left[k] = shogi.MaxCount(k)
	}
	b.left[shogi.King] = 2
	return b
}

// cost returns how many pieces putting a piece on s takes: two for a
// symmetric problem off the centre file.
func (b *board) cost(s shogi.Square) int {
	if b.sym && s.File() != 5 {
		return 2
	}
	return 1
}

// put places pc on s (and its mirror image for a symmetric problem) if the
// set still has the pieces and the squares are free. It reports success.
func (b *board) put(pc shogi.Piece, s shogi.Square) bool {
	n := b.cost(s)
	k := pc.Kind().Demote()
	if b.left[k] < n || !pieceFits(&b.pos, pc, s) {
		return false
	}
	if n == 2 {
		m := s.Mirror()
		b.pos.Put(s, pc)
		if !pieceFits(&b.pos, pc, m) {
			b.pos.Put(s, shogi.NoPiece)
			return false
		}
		b.pos.Put(m, pc)
	} else {
		b.pos.Put(s, pc)
	}
	b.left[k] -= n
	if k != shogi.King || pc.Color() == shogi.Black {
		b.pieces += n
	}
	return true
}

// addHand puts a piece of kind k in Black's hand if the set has one left.
func (b *board) addHand(k shogi.Kind) bool {
	if b.left[k] < 1 {
		return false
	}
	b.left[k]--
	b.pieces++
	b.pos.SetHand(shogi.Black, b.pos.Hand(shogi.Black).Add(k))
	return true
}

// placeBlackKing puts Black's king on a free square no White piece attacks,
// at least two files or ranks from White's king.
func (b *board) placeBlackKing(rng *rand.Rand) bool {
	wk := b.pos.King(shogi.White)
	for i := 0; i < 20; i++ {
		s := shogi.Square(rng.IntN(shogi.NumSquares))
		if b.sym {
			s = shogi.NewSquare(5, s.Rank())
		}
		df, dr := s.File()-wk.File(), s.Rank()-wk.Rank()
		if max(df, -df, dr, -dr) < 2 || b.pos.AttackersTo(shogi.White, s).Any() {
			continue
		}
		if b.put(shogi.NewPiece(shogi.Black, shogi.King), s) {
			return true
		}
	}
	return false
}
