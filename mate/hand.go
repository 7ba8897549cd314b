package mate

import (
	"fmt"

	"github.com/tsume-shogi/tsume/shogi"
)

// handKinds lists the kinds a hand can hold.
var handKinds = [...]shogi.Kind{shogi.Rook, shogi.Bishop, shogi.Gold, shogi.Silver, shogi.Knight, shogi.Lance, shogi.Pawn}

// RemainingHand returns the pieces of the standard 40-piece set that are
// neither on p's board nor in the hand of attacker: under the tsume
// convention (玉方持駒は残り全部) the defender holds all of them. Kings are
// never in a hand. It fails if the board and the attacker's hand already
// hold more of a kind than the set has.
func RemainingHand(p *shogi.Position, attacker shogi.Color) (shogi.Hand, error) {
	var used [shogi.NumKinds]int
	for b := p.Occupied(); b.Any(); {
		used[p.PieceAt(b.PopLSB()).Kind().Demote()]++
	}
	ah := p.Hand(attacker)
	var h shogi.Hand
	for _, k := range handKinds {
		n := shogi.MaxCount(k) - used[k] - ah.Count(k)
		if n < 0 {
			return 0, fmt.Errorf("mate: %d %ss on the board and in the attacker's hand; the set holds %d",
				used[k]+ah.Count(k), k, shogi.MaxCount(k))
		}
		h = h.Set(k, n)
	}
	return h, nil
}

// WithRemainingHand returns a copy of p in which the side not to move (the
// defender of a tsume problem) holds every remaining piece.
func WithRemainingHand(p *shogi.Position) (shogi.Position, error) {
	q := *p
	attacker := p.SideToMove()
	h, err := RemainingHand(p, attacker)
	if err != nil {
		return q, err
	}
	q.SetHand(attacker.Opp(), h)
	return q, nil
}
