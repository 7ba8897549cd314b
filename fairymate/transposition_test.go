package fairymate

import (
	"context"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/variant"
)

// transpositionSFEN: after the horse's check from 4i, the pawn interposed
// on 8e, next to the king on 9d, is answered by P*9e 9d9e 8e (the horse
// takes the pawn): the position the defender could have let the attacker
// reach by 9d9e and the horse to 8e at once. The king cannot leave by 8d
// (the gold on 7e guards it), nor by 9c or 8c (its own silvers). The same
// cases as package mate's test of its rule.
const transpositionSFEN = "9/9/ss7/k8/2G6/9/9/9/5+B3 w Pp 1"

func TestFutileByTransposition(t *testing.T) {
	for _, c := range []struct {
		name, sfen, reply string
		want              bool
	}{
		{"P*8e is put off by two plies", transpositionSFEN, "P*8e", true},
		// The king also escapes to 8d after P*9e: that reply does not
		// transpose.
		{"a second escape", "9/9/ss7/k8/9/9/9/9/5+B3 w Pp 1", "P*8e", false},
		// Without a pawn in hand the attacker has no P*9e, and capturing
		// the pawn on 8e leaves it one pawn richer than without it.
		{"no pawn to drop", "9/9/ss7/k8/2G6/9/9/9/5+B3 w p 1", "P*8e", false},
		// A far interposition with the same answer brings the pawn back
		// elsewhere.
		{"far interposition", transpositionSFEN, "P*7f", false},
		{"a royal move is no interposition", transpositionSFEN, "9d9e", false},
		// A royal gold for the king: the same transposition.
		{"royal gold", "9/9/ss7/$g8/2G6/9/9/9/5+B3 w Pp 1", "P*8e", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := fairyPosition(t, c.sfen, "")
			m, err := p.ParseMove(c.reply)
			if err != nil {
				t.Fatal(err)
			}
			if !p.IsLegal(m) {
				t.Fatalf("%s is not legal in %s", c.reply, c.sfen)
			}
			if got := FutileByTransposition(&p, m); got != c.want {
				t.Errorf("FutileByTransposition(%s) = %v, want %v", c.reply, got, c.want)
			}
		})
	}
	// The interposition next to the king is not futile by the plain rule:
	// only the transposition discounts it.
	p := fairyPosition(t, transpositionSFEN, "")
	m, _ := p.ParseMove("P*8e")
	if IsFutileInterposition(&p, m) {
		t.Errorf("P*8e is futile by the plain rule")
	}
}

// zukou033 is 図巧第33番: 19 plies counting every interposition, 17 with
// the plain futile rule only, 15 (the record) once the pawn interposed
// next to the king after ▲８三飛不成 (△８五歩打) is futile by transposition.
const zukou033 = "l8/1n7/np3B3/SR1+P5/k1N6/9/1Ps6/1N7/5+B3 b r4g2s3l15p 1"

func TestZukou033(t *testing.T) {
	if testing.Short() {
		t.Skip("some seconds")
	}
	const recorded = "8d8e 9e9d 8e8c 9d9e 4i8e 9c8e 8c9c 9a9c P*9f 9e9d 4c6a+ 9d8d 6a8c 8d7e 6d6e"
	for _, c := range []struct {
		rule FutileRule
		want int
	}{{Count, 19}, {Discount, 15}} {
		p := standard(t, zukou033)
		sol, err := Solve(context.Background(), &p, Options{TableMB: 32, Futile: c.rule})
		if err != nil {
			t.Fatal(err)
		}
		if sol.Status != Mate || !sol.LengthExact || sol.Length != c.want || !sol.PVComplete {
			t.Errorf("rule %d: %v length %d (exact %v), want %d: %v", c.rule, sol.Status, sol.Length, sol.LengthExact, c.want, sol.PV)
		}
		if c.rule == Discount {
			var line []string
			for _, m := range sol.PV {
				line = append(line, variant.MoveString(m))
			}
			if got := strings.Join(line, " "); got != recorded {
				t.Errorf("main line %s, recorded %s", got, recorded)
			}
		}
	}
}
