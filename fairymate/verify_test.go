package fairymate

import (
	"errors"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/variant"
)

func verify1(t *testing.T, sfen, rules string) *Verdict1 {
	t.Helper()
	p := fairyPosition(t, sfen, rules)
	v, err := Verify1(&p, AsGiven)
	if err != nil {
		t.Fatalf("%s: %v", sfen, err)
	}
	return v
}

// TestVerify1 checks the mate-in-1 verdict against the mates a plain
// search over the legal moves finds (bruteMates, independent of
// MatesInOne's check filter).
func TestVerify1(t *testing.T) {
	cases := []struct {
		name, sfen, rules string
		valid             bool
		mates             int
		why               string
	}{
		// A royal bishop, the only royal of White, mated by a gold drop
		// with the gold guarded by the silver.
		{"royal bishop", "8$b/9/7S1/9/9/9/9/9/9 b G 1", "", true, 1, ""},
		{"no royal", "8b/9/7S1/9/9/9/9/9/9 b G 1", "", false, 0, "no royal"},
		{"no mate", "4k4/9/9/9/9/9/9/9/9 b P 1", "", false, 0, "no mate in 1"},
		{"gold drop", "4k4/9/4P4/9/9/9/9/9/9 b G 1", "", true, 1, ""},
	}
	for _, c := range cases {
		v := verify1(t, c.sfen, c.rules)
		if v.Valid() != c.valid || len(v.Mates) != c.mates {
			t.Errorf("%s: valid %v, mates %v (errors %v); want %v, %d", c.name, v.Valid(), v.Mates, v.Errors, c.valid, c.mates)
		}
		if c.why != "" && !strings.Contains(strings.Join(v.Errors, "; "), c.why) {
			t.Errorf("%s: errors %v, want %q", c.name, v.Errors, c.why)
		}
		p := v.Position
		if got, want := len(v.Mates), len(bruteMates(&p)); got != want {
			t.Errorf("%s: %d mates, the brute force finds %d", c.name, got, want)
		}
	}
}

// bruteMates returns the moves after which the opponent is in check with
// no legal reply, trying every legal move.
func bruteMates(p *variant.Position) []variant.Move {
	var mates []variant.Move
	for _, m := range p.LegalMoves(nil) {
		q := *p
		q.DoMove(m)
		if q.InCheck() && len(q.LegalMoves(nil)) == 0 {
			mates = append(mates, m)
		}
	}
	return mates
}

func TestVerify1Illegal(t *testing.T) {
	p := fairyPosition(t, "4k4/9/4R4/9/9/9/9/9/9 b - 1", "")
	if _, err := Verify1(&p, AsGiven); !errors.Is(err, ErrNotAProblem) {
		t.Errorf("the side not to move in check: %v", err)
	}
}
