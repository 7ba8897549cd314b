package engine

import (
	"github.com/tsume-shogi/tsume/engine/eval"
	"github.com/tsume-shogi/tsume/shogi"
)

// Material is the simplest evaluation: the pieces on the board and in
// hand, a piece in hand worth more than on the board. It is the
// Searcher's evaluation when Options.Eval is nil, and the reference the
// search's tests use.
type Material struct{}

// Evaluate returns the material balance from the side to move's view.
func (Material) Evaluate(p *shogi.Position) eval.Score {
	us := p.SideToMove()
	var s int32
	for k := shogi.Pawn; k < shogi.NumKinds; k++ {
		if k == shogi.King {
			continue
		}
		s += boardValue[k] * int32(p.Pieces(us, k).Count()-p.Pieces(us.Opp(), k).Count())
	}
	hu, ht := p.Hand(us), p.Hand(us.Opp())
	for k := shogi.Pawn; k <= shogi.Gold; k++ {
		s += handValue[k] * int32(hu.Count(k)-ht.Count(k))
	}
	return eval.Score(max(min(s, int32(eval.MaxScore)), -int32(eval.MaxScore)))
}

// Clone returns the evaluation itself: it has no state.
func (m Material) Clone() eval.Evaluator { return m }
