package fairy

import (
	"math/rand/v2"
	"testing"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/variant"
)

// The filter agrees with mate.Mate1Variant, an independent routine,
// on random positions under each rule set: it sees a mate in 1 exactly
// when there is one, and a mate-in-1 line is cooked exactly when another
// move mates (the promotion choice of the same move aside).
func TestFilterAgreesWithMate1Variant(t *testing.T) {
	g := newGen(t, "annan", problem.Mate, 1, 9, 6)
	rng := rand.New(rand.NewPCG(9, 9))
	f := newMateFilter(3)
	mates, cooked := 0, 0
	for _, rules := range []string{"", "annan", "tenjiku"} {
		r, err := variant.ParseRules(rules)
		if err != nil {
			t.Fatal(err)
		}
		for range 400 {
			for _, c := range g.Candidate(rng, nil) {
				if c.Validate() != nil {
					continue
				}
				v := variant.FromShogi(&c)
				v.SetRules(r)
				if v.IsIllegalPosition() {
					continue
				}
				ms := mate.Mate1Variant(&v)
				if got := f.mates(&v, 1); got != (len(ms) > 0) {
					t.Errorf("%s (%q): filter %v, Mate1Variant %v", v.SFEN(), rules, got, ms)
				}
				if len(ms) == 0 {
					continue
				}
				mates++
				others := 0
				for _, m := range ms[1:] {
					if m != ms[0].TogglePromotion() {
						others++
					}
				}
				if others > 0 {
					cooked++
				}
				if got := f.cooked(&v, ms[:1]); got != (others > 0) {
					t.Errorf("%s (%q): cooked %v, Mate1Variant %v", v.SFEN(), rules, got, ms)
				}
			}
		}
	}
	if mates < 20 || cooked < 5 {
		t.Errorf("only %d mates, %d cooked, among the positions: the test says little", mates, cooked)
	}
}
