package mate

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/variant"
)

func verify1Variant(t *testing.T, sfen, rules string) *VariantVerdict1 {
	t.Helper()
	p := fairyPosition(t, sfen, rules)
	v, err := Verify1Variant(&p, AsGiven)
	if err != nil {
		t.Fatalf("%s: %v", sfen, err)
	}
	return v
}

// TestVerify1Variant checks the mate-in-1 verdict against the mates a plain
// search over the legal moves finds (bruteMates, independent of
// Mate1Variant's check filter).
func TestVerify1Variant(t *testing.T) {
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
		v := verify1Variant(t, c.sfen, c.rules)
		if v.Valid() != c.valid || len(v.Mates) != c.mates {
			t.Errorf("%s: valid %v, mates %v (errors %v); want %v, %d", c.name, v.Valid(), v.Mates, v.Errors, c.valid, c.mates)
		}
		if c.why != "" && !strings.Contains(errorText(v.Errors), c.why) {
			t.Errorf("%s: errors %v, want %q", c.name, v.Errors, c.why)
		}
		p := v.Position
		if got, want := len(v.Mates), len(variantBruteMates(&p)); got != want {
			t.Errorf("%s: %d mates, the brute force finds %d", c.name, got, want)
		}
	}
}

// bruteMates returns the moves after which the opponent is in check with
// no legal reply, trying every legal move.
func variantBruteMates(p *variant.Position) []variant.Move {
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

func TestVerify1VariantIllegal(t *testing.T) {
	p := fairyPosition(t, "4k4/9/4R4/9/9/9/9/9/9 b - 1", "")
	if _, err := Verify1Variant(&p, AsGiven); !errors.Is(err, ErrNotAProblem) {
		t.Errorf("the side not to move in check: %v", err)
	}
}

// A grasshopper checks over a silver: the silver's moves off the line end
// the check without being interpositions (Other); its move along the line
// stays the grasshopper's hurdle and blocks (an interposition).
func TestVariantCheckStatsHurdle(t *testing.T) {
	q := fairyPosition(t, "4k4/4s4/9/9/4(GH)4/9/9/9/9 w - 1", "")
	if !q.InCheck() {
		t.Fatal("white is not in check")
	}
	got := variantCheckStats(&q, nil)
	want := VariantCheckStats{Replies: 9, RoyalMoves: 4, InterpositionsMove: 1, Other: 4}
	if got != want {
		t.Errorf("got %+v, want %+v", got, want)
	}
}

// Analyze counts the attacker's legal moves and checks, and the replies
// to each check sum to R_total.
func TestAnalyzeVariant(t *testing.T) {
	p := fairyPosition(t, "8$b/9/7S1/9/9/9/9/9/9 b G 1", "")
	st := AnalyzeVariant(&p)
	sum, mates := 0, 0
	for _, c := range st.ByCheck {
		sum += c.Replies
		if c.Replies == 0 {
			mates++
		}
	}
	if st.Checks != len(st.ByCheck) || sum != st.Replies || st.Legal < st.Checks || mates != len(Mate1Variant(&p)) || mates == 0 {
		t.Errorf("%+v: %d mates, Mate1Variant %d", st, mates, len(Mate1Variant(&p)))
	}
}

// TestAnalyzeVariantAgainstAnalyze: on standard positions AnalyzeVariant gives
// Analyze's statistics, check by check.
func TestAnalyzeVariantAgainstAnalyze(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 15))
	var r Result
	checks := 0
	for range 300 {
		sp := randomParityTsume(rng)
		Analyze(&sp, &r)
		p := variant.FromShogi(&sp)
		st := AnalyzeVariant(&p)
		if st.Legal != r.Legal || st.Checks != r.Checks || st.Replies != r.Replies || len(st.ByCheck) != len(r.ByCheck) {
			t.Fatalf("%s: L %d C %d R %d, mate says L %d C %d R %d", sp.SFEN(), st.Legal, st.Checks, st.Replies, r.Legal, r.Checks, r.Replies)
		}
		want := map[variant.Move]CheckStats{}
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

// errorText joins the messages of errs.
func errorText(errs []ProblemError) string {
	msgs := make([]string, len(errs))
	for i, e := range errs {
		msgs[i] = e.Msg
	}
	return strings.Join(msgs, "; ")
}
