package mate1

import (
	"math"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/shogi"
)

// DifficultyScore rates a mate-in-1 problem from its analysis:
//
//	score = log2(C) + 0.5·log2(1 + L/10) + 1.5·T + 1.5·[board move] + 2·[non-promotion where promotion was possible]
//
// where C is the number of checking moves, L the number of legal moves, T
// the number of tempting checks (non-mating checks the defender can answer
// in at most two ways). A single obvious check scores near 0; many
// plausible checks and a quiet or unpromoted mating move score high.
func DifficultyScore(p *shogi.Position, a *mate.Result, solution shogi.Move) (score float64, tempting int) {
	tempting = a.Tempting(solution)
	score = math.Log2(float64(max(a.Checks, 1))) + 0.5*math.Log2(1+float64(a.Legal)/10) + 1.5*float64(tempting)
	if !solution.IsDrop() {
		score += 1.5
		if !solution.IsPromotion() && p.IsLegal(solution.TogglePromotion()) {
			score += 2
		}
	}
	return math.Round(score*100) / 100, tempting
}

// inCenter reports whether s is one of the 3×3 squares around 5e.
func inCenter(s shogi.Square) bool {
	f, r := s.File(), s.Rank()
	return f >= 4 && f <= 6 && r >= 4 && r <= 6
}
