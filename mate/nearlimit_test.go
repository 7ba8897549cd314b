package mate

import (
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

// escapeMateInOneOf runs escapeMateInOne on the defender's replies in the
// position sfen, Black attacking, with a fresh table.
func escapeMateInOneOf(t *testing.T, sfen string) (ok bool, depth uint16) {
	t.Helper()
	p, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	tt, err := newTable(16)
	if err != nil {
		t.Fatal(err)
	}
	s := newSearch[stdPos](tt, shogi.Black)
	return s.escapeMateInOne(std(&p), std(&p).Evasions(nil), s.frame(1))
}

// Near the depth limit, under the count rule, a defender's node is
// disproven by one reply after which the attacker has no mate in one: to
// 3 plies when the attacker still has a check there, to every depth when
// it has none (node.go); and not at all when every reply allows a mate
// in one.
func TestEscapeMateInOne(t *testing.T) {
	for _, c := range []struct {
		name, sfen string
		ok         bool
		depth      uint16
	}{
		// △同玉 takes the lone gold: Black has nothing left to check with.
		{"no check left", "8k/8G/9/9/9/9/9/9/9 w 2r2b3g4s4n4l18p 1", true, unlimited},
		// △同玉, and ▲１三歩打 checks but the king takes it or steps away.
		{"a check, no mate", "8k/8G/9/9/9/9/9/9/9 w P2r2b3g4s4n4l17p 1", true, 3},
		// The only reply to the double check of the gold on 1b and the
		// dragon on 3a is △同玉, and ▲１三金打, guarded by the knight on
		// 2e, mates.
		{"every reply mated", "6+R1k/8G/9/9/7N1/9/9/9/9 w Gr2b2g4s3n4l18p 1", false, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			if ok, depth := escapeMateInOneOf(t, c.sfen); ok != c.ok || depth != c.depth {
				t.Errorf("escapeMateInOne = %v, %d; want %v, %d", ok, depth, c.ok, c.depth)
			}
		})
	}
}
