package fairymate

import (
	"context"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/variant"
)

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
			// The record's moves; the promotion choice of a bishop's move
			// that mates as fast either way (▲６一角成 then ▲８三馬, or
			// ▲６一角 then ▲８三角成) is the solver's.
			var line []string
			for _, m := range sol.PV {
				line = append(line, variant.MoveString(m))
			}
			if got := strings.Join(line, " "); strings.ReplaceAll(got, "+", "") != strings.ReplaceAll(recorded, "+", "") {
				t.Errorf("main line %s, recorded %s", got, recorded)
			}
		}
	}
}
