package engine

import "github.com/tsume-shogi/tsume/shogi"

// These values are the search's own, not the evaluation's
// (eval.PieceValue): the promoted minors count as a gold here, and every
// kind a little less. Replacing them by the evaluation's values (tokin
// 1000, …) was measured by self-play at 20,000 nodes a move over 160
// games: 70 wins, 88 losses for the evaluation's values (44%, Elo −40
// [−96, +14]); the search's values stay (docs/engine.md).

// boardValue is the rough value of a piece on the board by kind, for
// move ordering and the static exchange evaluation; the king's stands
// for "more than everything else".
var boardValue = [shogi.NumKinds]int32{
	shogi.Pawn: 90, shogi.Lance: 315, shogi.Knight: 405, shogi.Silver: 495,
	shogi.Gold: 540, shogi.Bishop: 855, shogi.Rook: 990,
	shogi.ProPawn: 540, shogi.ProLance: 540, shogi.ProKnight: 540, shogi.ProSilver: 540,
	shogi.Horse: 945, shogi.Dragon: 1395, shogi.King: 15000,
}

// handValue is the value of a piece in hand, by (unpromoted) kind: a
// piece in hand can be dropped anywhere, so it is worth more than on
// the board.
var handValue = [shogi.NumKinds]int32{
	shogi.Pawn: 105, shogi.Lance: 345, shogi.Knight: 440, shogi.Silver: 560,
	shogi.Gold: 615, shogi.Bishop: 990, shogi.Rook: 1125,
}

// captureValue is what capturing a piece of kind k gains: it leaves the
// board and goes to the capturer's hand.
var captureValue = func() [shogi.NumKinds]int32 {
	var v [shogi.NumKinds]int32
	for k := shogi.Pawn; k < shogi.NumKinds; k++ {
		v[k] = boardValue[k] + handValue[k.Demote()]
	}
	return v
}()

// promotionGain is what promoting a piece of kind k (unpromoted) gains.
func promotionGain(k shogi.Kind) int32 {
	return boardValue[k.Promote()] - boardValue[k]
}
