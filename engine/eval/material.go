package eval

import "github.com/tsume-shogi/tsume/shogi"

// KingValue is what PieceValue returns for the king: larger than any
// material on the board, so that an exchange sequence (static exchange
// evaluation) never gives the king away, and below MaxScore.
const KingValue Score = 15000

// boardValues are the values of the pieces on the board, in centipawns,
// after Larry Kaufman's table (SHOGI-L, 14 November 2002; see
// docs/eval.md): P 1, L 4, N 5, S 7, G 8, B 11, R 13; promoted silver 8+,
// promoted knight and lance 9, tokin 10, horse 14, dragon 16.
var boardValues = [shogi.NumKinds]Score{
	shogi.Pawn:      100,
	shogi.Lance:     400,
	shogi.Knight:    500,
	shogi.Silver:    700,
	shogi.Gold:      800,
	shogi.Bishop:    1100,
	shogi.Rook:      1300,
	shogi.King:      KingValue,
	shogi.ProPawn:   1000,
	shogi.ProLance:  900,
	shogi.ProKnight: 900,
	shogi.ProSilver: 820,
	shogi.Horse:     1400,
	shogi.Dragon:    1600,
}

// handValues are the values of the pieces in hand: a piece in hand may be
// dropped on almost any empty square, so it is worth more than the same
// piece on the board: 10–15% more here, the knight and the gold, strong
// drops in attack and mating, 14%.
var handValues = [shogi.NumKinds]Score{
	shogi.Pawn:   115,
	shogi.Lance:  440,
	shogi.Knight: 570,
	shogi.Silver: 790,
	shogi.Gold:   910,
	shogi.Bishop: 1230,
	shogi.Rook:   1450,
}

// PieceValue returns the value of a piece of kind k on the board, in
// centipawns: 100 for a pawn, 1300 for a rook, 1600 for a dragon, and
// KingValue for the king (0 for an invalid kind). The search orders and
// prunes captures with it (MVV-LVA, static exchange evaluation); the
// Material and Classic evaluations count material with the same values.
func PieceValue(k shogi.Kind) Score {
	if k >= shogi.NumKinds {
		return 0
	}
	return boardValues[k]
}

// HandValue returns the value of a piece of kind k in hand, in
// centipawns; it is above PieceValue of the same kind. A promoted kind
// counts as the base kind a capture puts in hand; the king and an invalid
// kind are worth 0.
func HandValue(k shogi.Kind) Score {
	if k >= shogi.NumKinds {
		return 0
	}
	return handValues[k.Demote()]
}

// CaptureGain returns what capturing a piece of kind k gains the capturer
// in material: the piece leaves the board and its base kind enters the
// capturer's hand, so the balance moves by PieceValue(k) + HandValue(k).
func CaptureGain(k shogi.Kind) Score { return PieceValue(k) + HandValue(k) }

// handKinds lists the kinds a hand can hold.
var handKinds = [7]shogi.Kind{shogi.Pawn, shogi.Lance, shogi.Knight, shogi.Silver, shogi.Gold, shogi.Bishop, shogi.Rook}

// Material is the material-only evaluation, the baseline: the pieces on the
// board at PieceValue (promoted pieces at their own, higher values) and the
// pieces in hand at HandValue, the side to move's minus the other side's.
// The zero Material is ready to use.
type Material struct{}

// Evaluate returns the material balance of p from the view of the side to
// move, within [-MaxScore, MaxScore].
func (Material) Evaluate(p *shogi.Position) Score {
	s := materialOf(p, shogi.Black) - materialOf(p, shogi.White)
	if p.SideToMove() == shogi.White {
		s = -s
	}
	return clamp(s)
}

// Clone returns the Material evaluation itself: it has no state.
func (m Material) Clone() Evaluator { return m }

// materialOf returns the material of c, kings excluded.
func materialOf(p *shogi.Position, c shogi.Color) Score {
	var s Score
	for k := shogi.Pawn; k < shogi.NumKinds; k++ {
		if k != shogi.King {
			s += Score(p.Pieces(c, k).Count()) * boardValues[k]
		}
	}
	if h := p.Hand(c); !h.IsEmpty() {
		for _, k := range handKinds {
			s += Score(h.Count(k)) * handValues[k]
		}
	}
	return s
}

// clamp bounds s to [-MaxScore, MaxScore].
func clamp(s Score) Score {
	return min(max(s, -MaxScore), MaxScore)
}
