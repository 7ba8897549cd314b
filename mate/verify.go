package mate

import (
	"fmt"

	"github.com/tsume-shogi/tsume/shogi"
)

// VerifyLine replays line from p, independently of the search, and checks
// that it is a tsume solution: an odd number of moves, every move legal,
// every move of the side to move in p (the attacker) a check, and the
// defender mated at the end — no legal reply, or with Discount none but
// futile interpositions. It returns nil or an error naming the first fault.
func VerifyLine(p *shogi.Position, line []shogi.Move, rule FutileRule) error {
	if len(line)%2 == 0 {
		return fmt.Errorf("mate: a tsume line has an odd number of moves; got %d", len(line))
	}
	attacker := p.SideToMove()
	q := *p
	for i, m := range line {
		if !q.IsLegal(m) {
			return fmt.Errorf("mate: move %d (%s) is not legal", i+1, m)
		}
		q.DoMove(m)
		if i%2 == 0 && !q.InCheck() {
			return fmt.Errorf("mate: attacker move %d (%s) does not check", i+1, m)
		}
	}
	if q.SideToMove() == attacker || !q.InCheck() {
		return fmt.Errorf("mate: the line does not end with the defender in check")
	}
	for _, r := range q.Evasions(nil) {
		if rule == Count || !IsFutileInterposition(&q, r) {
			return fmt.Errorf("mate: the defender can still play %s at the end", r)
		}
	}
	return nil
}
