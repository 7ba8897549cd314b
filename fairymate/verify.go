package fairymate

import (
	"fmt"

	"github.com/tsume-shogi/tsume/variant"
)

// Verdict1 is the judgement of a position as a mate-in-1 fairy problem:
// the attacker (the side to move) not in check, the defender with a
// royal, and exactly one move that mates — or two that differ only in
// the promotion choice (非限定, tolerated).
type Verdict1 struct {
	// Position is p as judged, with the defender's hand of the
	// DefenderHand rule.
	Position variant.Position
	// Errors says why the position is not a valid problem, one reason
	// an entry; none for a valid problem.
	Errors []string
	// Mates are the attacker's moves that mate at once, in the order
	// of variant.Position.LegalMoves.
	Mates []variant.Move
	// PromotionPair is set when the two mates are one move with both
	// promotion choices.
	PromotionPair bool
	// Leftover is set when the mate leaves the attacker pieces in hand
	// (駒余り).
	Leftover bool
	// Stats are the statistics of the attacker's checks (Analyze).
	Stats Stats
}

// Valid reports whether the position is a valid mate-in-1 problem.
func (v *Verdict1) Valid() bool { return len(v.Errors) == 0 }

// MatesInOne returns the legal moves of the side to move in p after which
// the opponent is mated: in check (any of its royals attacked) and
// without a legal move. A pawn drop that would mate is not among them:
// it is illegal (打ち歩詰め).
func MatesInOne(p *variant.Position) []variant.Move {
	var mates []variant.Move
	for _, m := range p.Checks(make([]variant.Move, 0, variant.MaxMoves)) {
		q := *p
		q.DoMove(m)
		if q.IsMate() {
			mates = append(mates, m)
		}
	}
	return mates
}

// Verify1 judges p, the attacker to move, as a mate-in-1 problem under
// p's rules, the defender's hand as hand says. An illegal position (a
// royal of the side not to move attacked) or a hand that cannot be made
// is an error, *NotAProblemError; every other fault is one of the
// Verdict1's Errors.
func Verify1(p *variant.Position, hand DefenderHand) (*Verdict1, error) {
	attacker := p.SideToMove()
	q := *p
	if hand == Remaining {
		h, err := RemainingHand(p, attacker)
		if err != nil {
			return nil, err
		}
		q.SetHand(attacker.Opp(), h)
	}
	if q.IsIllegalPosition() {
		return nil, &NotAProblemError{"illegal position: a royal of the side not to move is attacked"}
	}
	v := &Verdict1{Position: q, Stats: Analyze(&q)}
	if q.Royals(attacker.Opp()).IsEmpty() {
		v.Errors = append(v.Errors, fmt.Sprintf("the defender (%s) has no royal piece", attacker.Opp()))
	}
	if q.InCheck() {
		v.Errors = append(v.Errors, fmt.Sprintf("the attacker (%s) is in check", attacker))
	}
	if len(v.Errors) > 0 {
		return v, nil
	}
	v.Mates = MatesInOne(&q)
	switch {
	case len(v.Mates) == 0:
		v.Errors = append(v.Errors, "no mate in 1")
	case len(v.Mates) == 2 && v.Mates[0] == v.Mates[1].TogglePromotion():
		v.PromotionPair = true
	case len(v.Mates) > 1:
		v.Errors = append(v.Errors, fmt.Sprintf("not unique: %d mating moves", len(v.Mates)))
	}
	if len(v.Mates) > 0 {
		end := q
		end.DoMove(v.Mates[0])
		v.Leftover = end.Hand(attacker) != 0
	}
	return v, nil
}
