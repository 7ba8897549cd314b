package gen

import (
	"fmt"

	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
)

// This file holds what the methods share about the problems they may
// make: where the defender's king may stand, and which kinds of piece
// they may use.

// Region is where the defender's king may stand.
type Region int

// The king regions. Edge means any square of the outer ring, corner one of
// the four corners or the squares next to them along the edges (1a, 2a,
// 1b, …), center the 3×3 squares around 5e, camp the defender's own camp
// (ranks 1–3, rows a–c). Regions are taken as seen from the board, since
// the defender is always White.
const (
	AnyRegion Region = iota
	Edge
	Corner
	Center
	Camp
)

var regionNames = [...]string{AnyRegion: "any", Edge: "edge", Corner: "corner", Center: "center", Camp: "camp"}

// String returns the region's flag name.
func (r Region) String() string { return regionNames[r] }

// ParseRegion reads any, edge, corner, center or camp.
func ParseRegion(s string) (Region, error) {
	for i, n := range regionNames {
		if s == n {
			return Region(i), nil
		}
	}
	return 0, fmt.Errorf("unknown king region %q: want edge, corner, center, camp or any", s)
}

// Has reports whether s lies in the region r.
func (r Region) Has(s shogi.Square) bool {
	switch r {
	case Edge:
		return problem.EdgeSquare(s)
	case Corner:
		return problem.CornerSquare(s)
	case Center:
		f, k := s.File(), s.Rank()
		return f >= 4 && f <= 6 && k >= 4 && k <= 6
	case Camp:
		return s.Rank() <= 3
	}
	return true
}

// BaseKinds returns the kinds of piece a hand can hold: the base kinds
// other than the king.
func BaseKinds() []shogi.Kind {
	return []shogi.Kind{shogi.Pawn, shogi.Lance, shogi.Knight, shogi.Silver, shogi.Gold, shogi.Bishop, shogi.Rook}
}

// KindsAllowed reports whether every piece of p, on the board (the kings
// aside, promoted pieces as their base kind) and in Black's hand, is of a
// kind of kinds; an empty kinds allows all.
func KindsAllowed(p *shogi.Position, kinds []shogi.Kind) bool {
	if len(kinds) == 0 {
		return true
	}
	var ok [shogi.NumKinds]bool
	for _, k := range kinds {
		ok[k] = true
	}
	ok[shogi.King] = true
	for b := p.Occupied(); b.Any(); {
		if !ok[p.PieceAt(b.PopLSB()).Kind().Demote()] {
			return false
		}
	}
	h := p.Hand(shogi.Black)
	for k := shogi.Pawn; k <= shogi.Gold; k++ {
		if h.Has(k) && !ok[k] {
			return false
		}
	}
	return true
}

// NaturalSquare reports whether the pieces' own moves from the starting
// position bring pc to s (drops aside), as a castle stands in a game: a
// pawn on its owner's third rank or beyond (it starts there and only
// advances), a lance on an edge file (files 1 and 9, where it starts), a
// knight on its starting square (its owner's first rank, files 2 and 8)
// or on its third rank or beyond (a knight's move ends two ranks ahead).
// Every other piece may stand anywhere. The composed style of the
// mate-in-N generators places the defender's pieces only on such squares
// (docs/generation.md, "Natural bases"): the blind reads found a lance in
// the middle of the camp or a pawn on the back rank placed, not played.
func NaturalSquare(pc shogi.Piece, s shogi.Square) bool {
	r := s.Rank() // the rank counted from White's side
	if pc.Color() == shogi.Black {
		r = 10 - r
	}
	switch pc.Kind() {
	case shogi.Pawn:
		return r >= 3
	case shogi.Lance:
		return s.File() == 1 || s.File() == 9
	case shogi.Knight:
		return r >= 3 || r == 1 && (s.File() == 2 || s.File() == 8)
	}
	return true
}
