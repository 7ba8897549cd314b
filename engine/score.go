package engine

// Score is the value of a position found by the search, from the side
// to move's view: centipawns within [-eval.MaxScore, eval.MaxScore], or
// a mate, MateScore minus the plies to it for the side that mates and
// its negation for the side mated.
type Score int32

// The bounds of the scores.
const (
	// Infinite is above every score.
	Infinite Score = 32000
	// MateScore is the score of a mate on the board: the side to move
	// is mated in 0 plies (-MateScore).
	MateScore Score = 31000
	// mateBound separates mates from evaluations: a score above it is a
	// win by mate, below its negation a loss.
	mateBound Score = MateScore - 1000
	// DrawScore is the score of a draw (千日手).
	DrawScore Score = 0
)

// MateIn returns the score of a mate in plies for the side to move.
func MateIn(plies int) Score { return MateScore - Score(plies) }

// MatedIn returns the score of the side to move mated in plies.
func MatedIn(plies int) Score { return -MateScore + Score(plies) }

// Mate reports whether s is a mate and, if so, its distance in plies:
// positive when the side to move mates, negative when it is mated (as
// USI's score mate writes it; mated now is 0 with win false).
func (s Score) Mate() (plies int, ok bool) {
	switch {
	case s > mateBound:
		return int(MateScore - s), true
	case s < -mateBound:
		return -int(MateScore + s), true
	}
	return 0, false
}

// IsWin reports whether s is a mate for the side to move.
func (s Score) IsWin() bool { return s > mateBound }

// IsLoss reports whether s is a mate against the side to move.
func (s Score) IsLoss() bool { return s < -mateBound }

// toTT converts s from plies-from-root to plies-from-node for the table.
func toTT(s Score, ply int) Score {
	switch {
	case s > mateBound:
		return s + Score(ply)
	case s < -mateBound:
		return s - Score(ply)
	}
	return s
}

// fromTT converts a table score back to plies from the root.
func fromTT(s Score, ply int) Score {
	switch {
	case s > mateBound:
		return s - Score(ply)
	case s < -mateBound:
		return s + Score(ply)
	}
	return s
}
