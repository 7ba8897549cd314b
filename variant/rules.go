package variant

import "strconv"

// Rules is a set of conditions, applied in order. The nil *Rules and an
// empty set are the standard rules.
type Rules struct {
	conds     []Condition
	carries   bool // a condition fixes royal powers (天竺)
	liftsDead bool // a condition lifts the dead-piece rule (安南)
}

// NewRules returns the rule set of the conditions conds, applied in the
// order given.
func NewRules(conds ...Condition) *Rules {
	r := &Rules{conds: append([]Condition(nil), conds...)}
	for _, c := range conds {
		r.carries = r.carries || c.FixesRoyalPowers()
		r.liftsDead = r.liftsDead || c.LiftsDeadPieces()
	}
	return r
}

// Conditions returns the conditions of r in order.
func (r *Rules) Conditions() []Condition {
	if r == nil {
		return nil
	}
	return append([]Condition(nil), r.conds...)
}

// LiftsDeadPieces reports whether a condition of r lifts the dead-piece
// rule (安南): a piece may then stand on a square from which its own kind
// could never move. False for the standard rules.
func (r *Rules) LiftsDeadPieces() bool { return r != nil && r.liftsDead }

// active reports whether r changes anything.
func (r *Rules) active() bool { return r != nil && len(r.conds) > 0 }

// dead returns the squares on which a c piece of kind k may not stand
// (be dropped, or arrive without promoting): those from which its own
// kind could never move, or none when a condition of p's rules lifts the
// dead-piece rule.
func (p *Position) dead(c Color, k Kind) Bitboard {
	if p.rules != nil && p.rules.liftsDead {
		return Bitboard{}
	}
	return tbl.dead[c][k]
}

func quote(s string) string { return strconv.Quote(s) }
func itoa(n int) string     { return strconv.Itoa(n) }
