package parity

import (
	"math/rand/v2"
	"testing"

	"github.com/tsume-shogi/tsume/fairymate"
	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/variant"
)

// TestAnalyzeAgainstMate: on standard positions fairymate.Analyze gives
// mate.Analyze's statistics, check by check.
func TestAnalyzeAgainstMate(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 15))
	var r mate.Result
	checks := 0
	for range 300 {
		sp := randomTsume(rng)
		mate.Analyze(&sp, &r)
		p := variant.FromShogi(&sp)
		st := fairymate.Analyze(&p)
		if st.Legal != r.Legal || st.Checks != r.Checks || st.Replies != r.Replies || len(st.ByCheck) != len(r.ByCheck) {
			t.Fatalf("%s: L %d C %d R %d, mate says L %d C %d R %d", sp.SFEN(), st.Legal, st.Checks, st.Replies, r.Legal, r.Checks, r.Replies)
		}
		want := map[variant.Move]mate.CheckStats{}
		for _, c := range r.ByCheck {
			want[c.Move] = c
		}
		for _, c := range st.ByCheck {
			w, ok := want[c.Move]
			if !ok || c.Replies != w.Replies || c.RoyalMoves != w.KingMoves || c.RoyalCaptures != w.KingCaptures ||
				c.OtherCaptures != w.OtherCaptures || c.InterpositionsMove != w.InterpositionsMove ||
				c.InterpositionsDrop != w.InterpositionsDrop || c.Other != 0 {
				t.Fatalf("%s, check %s: %+v, mate says %+v", sp.SFEN(), variant.MoveString(c.Move), c, w)
			}
			checks++
		}
	}
	if checks < 300 {
		t.Fatalf("only %d checks compared", checks)
	}
	t.Logf("%d checks agree", checks)
}
