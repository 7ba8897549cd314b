package nnue

import "github.com/tsume-shogi/tsume/shogi"

// The HalfKP features. Each perspective (Black's, White's) sees the board
// from its own side: White's perspective rotates every square by 180°
// (s → 80−s) and swaps friend and enemy. A feature is a pair (the
// perspective's king square, a BonaPiece): one piece other than a king,
// on a square or in a hand, numbered as below; its index is
// kingSquare*feEnd + bonaPiece.
//
// The format gives each perspective 38 piece slots, one per non-king
// piece of the set (18 pawns, 4 lances, knights, silvers and golds, 2
// bishops and rooks). A slot whose piece is not in the position (a
// handicap, a tsume problem) holds BonaPiece 0: it is a feature too, at
// index kingSquare*feEnd + 0, once per absent piece.
const (
	numSquares = shogi.NumSquares
	feHandEnd  = 90   // hand BonaPieces are 1 … 89
	feEnd      = 1548 // board BonaPieces are 90 … 1547
)

// boardBase[k][friend] is the BonaPiece of a piece of kind k on square 0;
// friend is 1 for the perspective's own pieces. Promoted pawns, lances,
// knights and silvers count as golds.
var boardBase = [shogi.NumKinds][2]int32{
	shogi.Pawn:      {171, 90},
	shogi.Lance:     {333, 252},
	shogi.Knight:    {495, 414},
	shogi.Silver:    {657, 576},
	shogi.Gold:      {819, 738},
	shogi.Bishop:    {981, 900},
	shogi.Horse:     {1143, 1062},
	shogi.Rook:      {1305, 1224},
	shogi.Dragon:    {1467, 1386},
	shogi.ProPawn:   {819, 738},
	shogi.ProLance:  {819, 738},
	shogi.ProKnight: {819, 738},
	shogi.ProSilver: {819, 738},
}

// handBase[k][friend] is the BonaPiece of the first piece of kind k in a
// hand; the n-th piece of the kind is handBase + n − 1.
var handBase = [shogi.NumKinds][2]int32{
	shogi.Pawn:   {20, 1},
	shogi.Lance:  {44, 39},
	shogi.Knight: {54, 49},
	shogi.Silver: {64, 59},
	shogi.Gold:   {74, 69},
	shogi.Bishop: {82, 79},
	shogi.Rook:   {88, 85},
}

// handKinds are the kinds a hand holds.
var handKinds = [...]shogi.Kind{shogi.Pawn, shogi.Lance, shogi.Knight, shogi.Silver, shogi.Gold, shogi.Bishop, shogi.Rook}

// friend is 1 when c is the perspective's own side.
func friend(persp, c shogi.Color) int {
	if persp == c {
		return 1
	}
	return 0
}

// view returns s as perspective persp sees it.
func view(persp shogi.Color, s shogi.Square) int32 {
	if persp == shogi.White {
		return int32(numSquares - 1 - int(s))
	}
	return int32(s)
}

// boardPiece returns the BonaPiece of piece pc on square s seen by persp.
// pc must not be a king.
func boardPiece(persp shogi.Color, pc shogi.Piece, s shogi.Square) int32 {
	return boardBase[pc.Kind()][friend(persp, pc.Color())] + view(persp, s)
}

// handPiece returns the BonaPiece of the n-th piece (n ≥ 1) of kind k in
// owner's hand seen by persp, or -1 when n is above the number of such
// pieces a set holds (a position no game reaches), which has no feature.
func handPiece(persp, owner shogi.Color, k shogi.Kind, n int) int32 {
	if n < 1 || n > shogi.MaxCount(k) {
		return -1
	}
	return handBase[k][friend(persp, owner)] + int32(n-1)
}

// kingOffset returns the feature offset of persp's king in p
// (kingSquare*feEnd as persp sees it), or -1 when persp has no king.
func kingOffset(p *shogi.Position, persp shogi.Color) int32 {
	ks := p.King(persp)
	if ks == shogi.NoSquare {
		return -1
	}
	return view(persp, ks) * feEnd
}

// absentPieces returns how many of the 38 piece slots no piece of p
// fills: for each kind, the pieces of a set that are neither on the board
// (promoted or not) nor in a hand. No move changes it: a capture, a drop
// or a promotion keeps every piece's base kind.
func absentPieces(p *shogi.Position) int32 {
	var n int32
	for _, k := range handKinds {
		have := p.Hand(shogi.Black).Count(k) + p.Hand(shogi.White).Count(k) +
			p.Pieces(shogi.Black, k).Count() + p.Pieces(shogi.White, k).Count()
		if k.CanPromote() {
			have += p.Pieces(shogi.Black, k.Promote()).Count() + p.Pieces(shogi.White, k.Promote()).Count()
		}
		n += int32(max(0, shogi.MaxCount(k)-have))
	}
	return n
}

// refresh sets acc to persp's accumulator for p computed from scratch:
// the biases plus the weights of every active feature, the feature of
// BonaPiece 0 counted once for each of the absent pieces of p. A
// perspective without a king has no features; its accumulator is the
// biases.
func (n *Network) refresh(acc *[HalfDimensions]int16, p *shogi.Position, persp shogi.Color, koff, absent int32) {
	*acc = n.ftBiases
	if koff < 0 {
		return
	}
	if absent > 0 {
		// absent additions of the same weights, in the same wrapping
		// int16 arithmetic.
		w := (*[HalfDimensions]int16)(n.ftWeights[int(koff)*HalfDimensions:])
		k := int16(absent)
		for j := range acc {
			acc[j] += k * w[j]
		}
	}
	for c := shogi.Black; c <= shogi.White; c++ {
		pieces := p.ByColor(c).AndNot(p.Pieces(c, shogi.King))
		for pieces.Any() {
			s := pieces.PopLSB()
			n.addFeature(acc, koff+boardPiece(persp, p.PieceAt(s), s))
		}
		h := p.Hand(c)
		for _, k := range handKinds {
			for i := 1; i <= h.Count(k); i++ {
				if bp := handPiece(persp, c, k, i); bp >= 0 {
					n.addFeature(acc, koff+bp)
				}
			}
		}
	}
}

// addFeature adds the weights of feature f to acc.
func (n *Network) addFeature(acc *[HalfDimensions]int16, f int32) {
	w := (*[HalfDimensions]int16)(n.ftWeights[int(f)*HalfDimensions:])
	for j := range acc {
		acc[j] += w[j]
	}
}

// subFeature subtracts the weights of feature f from acc.
func (n *Network) subFeature(acc *[HalfDimensions]int16, f int32) {
	w := (*[HalfDimensions]int16)(n.ftWeights[int(f)*HalfDimensions:])
	for j := range acc {
		acc[j] -= w[j]
	}
}
