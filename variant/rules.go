package variant

import "strconv"

// Rules is a set of conditions, applied in order. The nil *Rules and an
// empty set are the standard rules.
type Rules struct {
	conds   []Condition
	carries bool
}

// NewRules returns the rule set of the conditions conds, applied in the
// order given.
func NewRules(conds ...Condition) *Rules {
	r := &Rules{conds: append([]Condition(nil), conds...)}
	for _, c := range conds {
		r.carries = r.carries || c.FixesRoyalPowers()
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

// active reports whether r changes anything.
func (r *Rules) active() bool { return r != nil && len(r.conds) > 0 }

func quote(s string) string { return strconv.Quote(s) }
func itoa(n int) string     { return strconv.Itoa(n) }
