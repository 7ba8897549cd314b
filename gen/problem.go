package gen

import (
	"math"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/shogi"
)

// Problem is one generated mate-in-1 problem with its metrics and look.
type Problem struct {
	// Index is the problem's place in the run (0-based); Seed and Method
	// are the run's.
	Index  int
	Seed   uint64
	Method Method

	// Position is the problem: Black to move, White's hand holding every
	// remaining piece.
	Position shogi.Position
	// Solution is the mating move. With promotion ambiguity allowed it is
	// the first of the two in USI order.
	Solution           shogi.Move
	PromotionAmbiguous bool

	Legal, Checks, Replies int // L, C, R_total
	// Tempting is the number of checking moves other than the solution
	// that leave the defender at most two replies.
	Tempting int
	// Score is the difficulty score (see DifficultyScore).
	Score float64

	Pieces    int  // pieces on the board other than the defender's king, plus Black's hand
	KingEdge  bool // the defender's king stands on the outer ring
	KingCorn  bool // the defender's king stands in a corner 2×2 block
	Symmetric bool // the board is its own left-right mirror image
}

// DifficultyScore rates a mate-in-1 problem from its analysis:
//
//	score = log2(C) + 0.5·log2(1 + L/10) + 1.5·T + 1.5·[board move] + 2·[non-promotion where promotion was possible]
//
// where C is the number of checking moves, L the number of legal moves, T
// the number of tempting checks (non-mating checks the defender can answer
// in at most two ways). A single obvious check scores near 0; many
// plausible checks and a quiet or unpromoted mating move score high.
func DifficultyScore(p *shogi.Position, a *mate.Result, solution shogi.Move) (score float64, tempting int) {
	for _, st := range a.ByCheck {
		if st.Move != solution && st.Replies > 0 && st.Replies <= 2 {
			tempting++
		}
	}
	score = math.Log2(float64(max(a.Checks, 1))) + 0.5*math.Log2(1+float64(a.Legal)/10) + 1.5*float64(tempting)
	if !solution.IsDrop() {
		score += 1.5
		if !solution.IsPromotion() && p.IsLegal(solution.TogglePromotion()) {
			score += 2
		}
	}
	return math.Round(score*100) / 100, tempting
}

// countPieces counts the pieces on the board other than the defender's
// king, plus the pieces in the attacker's hand.
func countPieces(p *shogi.Position) int {
	n := p.Occupied().Count() + p.Hand(shogi.Black).Total()
	if p.King(shogi.White) != shogi.NoSquare {
		n--
	}
	return n
}

func onEdge(s shogi.Square) bool {
	f, r := s.File(), s.Rank()
	return f == 1 || f == 9 || r == 1 || r == 9
}

func inCorner(s shogi.Square) bool {
	f, r := s.File(), s.Rank()
	return (f <= 2 || f >= 8) && (r <= 2 || r >= 8)
}

func inCenter(s shogi.Square) bool {
	f, r := s.File(), s.Rank()
	return f >= 4 && f <= 6 && r >= 4 && r <= 6
}

func inRegion(s shogi.Square, r Region) bool {
	switch r {
	case Edge:
		return onEdge(s)
	case Corner:
		return inCorner(s)
	case Center:
		return inCenter(s)
	}
	return true
}
