package eval

import "github.com/tsume-shogi/tsume/shogi"

// The piece-square tables of the Classic evaluation, in centipawns, for a
// Black piece. A square's bonus is the sum of a rank term (rank 1 is the
// far side, where Black promotes; rank 9 is Black's back rank) and a file
// term, which depends only on the distance from the centre file, so the
// tables are the same for a position and its left-right mirror. A White
// piece on square s gets the bonus of a Black piece on s.Rotate(). The
// reasons for each shape are in docs/eval.md.

// pstRank is indexed by kind and rank (1–9; index 0 unused).
var pstRank = [shogi.NumKinds][10]int16{
	// Advanced pawns cramp the opponent and threaten to promote; a pawn
	// dropped back in one's own camp does little.
	shogi.Pawn: {0, 0, 30, 24, 14, 6, 0, 0, -4, -8},
	// A lance is best kept back, where its line is long; it is not
	// penalised for advancing, as it attacks on the way.
	shogi.Lance: {0, 0, 10, 8, 0, 0, 0, 0, 0, 4},
	// Knights that have jumped forward are in play; one still at home (or
	// dropped low) is slow.
	shogi.Knight: {0, 0, 0, 12, 16, 10, 0, -6, -10, -16},
	// Silvers are for the middle of the board; deep in the enemy camp they
	// have no way back.
	shogi.Silver: {0, -10, 0, 10, 14, 14, 10, 6, 4, -6},
	// Golds defend: in the own camp, close to the king's ranks.
	shogi.Gold: {0, -20, -12, -4, 0, 0, 4, 10, 10, 2},
	// The bishop's value is its lines; the table is nearly flat.
	shogi.Bishop: {0, 10, 8, 4, 0, 0, 0, 0, 0, 0},
	// A rook in the enemy camp threatens to promote and attacks from behind.
	shogi.Rook: {0, 24, 20, 14, 4, 0, 0, 0, 0, 0},
	// The king belongs in its own camp; in the middle of the board it is
	// exposed. The far ranks are penalised less (an entering king, 入玉,
	// is hard to mate).
	shogi.King: {0, -20, -30, -40, -50, -40, -20, 0, 20, 20},
	// Promoted minor pieces attack: the nearer the enemy camp, the better.
	shogi.ProPawn:   {0, 20, 20, 16, 10, 4, 0, 0, 0, 0},
	shogi.ProLance:  {0, 20, 20, 16, 10, 4, 0, 0, 0, 0},
	shogi.ProKnight: {0, 20, 20, 16, 10, 4, 0, 0, 0, 0},
	shogi.ProSilver: {0, 20, 20, 16, 10, 4, 0, 0, 0, 0},
	// A horse is strong in defence as well as in attack: flat.
	shogi.Horse: {},
	// A dragon is at its best in the enemy camp.
	shogi.Dragon: {0, 20, 16, 10, 0, 0, 0, 0, 0, 0},
}

// pstFile is indexed by kind and distance from the centre file (0 for
// file 5, 4 for the edge files 1 and 9).
var pstFile = [shogi.NumKinds][5]int16{
	// A lance on an edge file is where it is most useful (端攻め).
	shogi.Lance: {0, 0, 0, 0, 4},
	// A knight on an edge file covers one square.
	shogi.Knight: {0, 0, 0, -4, -12},
	shogi.Silver: {4, 4, 0, -4, -10},
	shogi.Gold:   {2, 2, 0, -4, -14},
	// Castles put the king on files 2–3 or 7–8 (美濃, 矢倉, 舟囲い), or in
	// the corner (穴熊); the centre file is where the attack comes.
	shogi.King: {-20, -10, 8, 14, 6},
}

// pstBonus returns the table bonus of a Black piece of kind k on s.
func pstBonus(k shogi.Kind, s shogi.Square) int16 {
	d := s.File() - 5
	if d < 0 {
		d = -d
	}
	return pstRank[k][s.Rank()] + pstFile[k][d]
}
