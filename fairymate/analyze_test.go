package fairymate

import "testing"

// A grasshopper checks over a silver: the silver's moves off the line end
// the check without being interpositions (Other); its move along the line
// stays the grasshopper's hurdle and blocks (an interposition).
func TestCheckStatsHurdle(t *testing.T) {
	q := fairyPosition(t, "4k4/4s4/9/9/4(GH)4/9/9/9/9 w - 1", "")
	if !q.InCheck() {
		t.Fatal("white is not in check")
	}
	got := checkStats(&q, nil)
	want := CheckStats{Replies: 9, RoyalMoves: 4, InterpositionsMove: 1, Other: 4}
	if got != want {
		t.Errorf("got %+v, want %+v", got, want)
	}
}

// Analyze counts the attacker's legal moves and checks, and the replies
// to each check sum to R_total.
func TestAnalyze(t *testing.T) {
	p := fairyPosition(t, "8$b/9/7S1/9/9/9/9/9/9 b G 1", "")
	st := Analyze(&p)
	sum, mates := 0, 0
	for _, c := range st.ByCheck {
		sum += c.Replies
		if c.Replies == 0 {
			mates++
		}
	}
	if st.Checks != len(st.ByCheck) || sum != st.Replies || st.Legal < st.Checks || mates != len(MatesInOne(&p)) || mates == 0 {
		t.Errorf("%+v: %d mates, MatesInOne %d", st, mates, len(MatesInOne(&p)))
	}
}
