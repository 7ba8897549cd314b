package mate

import (
	"slices"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

// The search's filter of futile interpositions (withoutFutile, which
// decides drops without playing them) keeps exactly the replies that
// IsFutileInterposition does not call futile, after every check of the
// corpus positions (with the defender holding the remaining pieces, so
// that there are many interposing drops).
func TestWithoutFutileMatchesDefinition(t *testing.T) {
	futileSeen := 0
	for _, p := range readCorpus(t) {
		q, err := WithRemainingHand(&p)
		if err != nil {
			continue
		}
		for _, c := range q.Checks(nil) {
			d := q
			d.DoMove(c)
			replies := d.Evasions(nil)
			var want []shogi.Move
			for _, r := range replies {
				if !IsFutileInterposition(&d, r) {
					want = append(want, r)
				}
			}
			got := withoutFutile(&d, slices.Clone(replies))
			if !slices.Equal(got, want) {
				t.Fatalf("%s: withoutFutile kept %v, the definition keeps %v", d.SFEN(), got, want)
			}
			futileSeen += len(replies) - len(want)
		}
	}
	if futileSeen == 0 {
		t.Fatal("no futile interposition in the corpus: the test checks nothing")
	}
	t.Logf("%d futile interpositions left out", futileSeen)
}

// Rulebook cases of the futile-interposition definition.
func TestIsFutileInterposition(t *testing.T) {
	for _, c := range []struct {
		name, sfen, reply string
		want              bool
	}{
		// Rook on 1i checks the king on 1a down the file; the defender
		// has pieces to drop.
		{"far drop, unguarded", "8k/9/9/9/9/9/9/9/8R w g 1", "G*1e", true},
		{"drop next to the king", "8k/9/9/9/9/9/9/9/8R w g 1", "G*1b", false},
		{"far drop, guarded by a gold", "8k/9/9/7g1/9/9/9/9/8R w g 1", "G*1e", false},
		{"king move is no interposition", "8k/9/9/9/9/9/9/9/8R w g 1", "1a2a", false},
		// The rook on 5i is pinned to the attacker's own king by the
		// rook on 3i: it cannot capture, so the interposition counts.
		{"checker pinned", "4k4/9/9/9/9/9/9/9/2K1R1r2 w g 1", "G*5e", false},
		{"checker free", "4k4/9/9/9/9/9/9/9/2K1R4 w g 1", "G*5e", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, err := shogi.ParseSFEN(c.sfen)
			if err != nil {
				t.Fatal(err)
			}
			m, err := p.ParseUSIMove(c.reply)
			if err != nil {
				t.Fatal(err)
			}
			if !p.IsLegal(m) {
				t.Fatalf("%s is not legal in %s", c.reply, c.sfen)
			}
			if got := IsFutileInterposition(&p, m); got != c.want {
				t.Errorf("IsFutileInterposition(%s) = %v, want %v", c.reply, got, c.want)
			}
			if got := len(withoutFutile(&p, []shogi.Move{m})) == 0; got != c.want {
				t.Errorf("withoutFutile drops %s: %v, want %v", c.reply, got, c.want)
			}
		})
	}
}
