package web

import "testing"

// TestSolveBadSFENMessage checks that a mistyped SFEN pasted on the solve
// page gets the SFEN reader's error, with its field, offset and
// character, as tsume solve --sfen gives it, not "cannot tell the format".
func TestSolveBadSFENMessage(t *testing.T) {
	s, _ := newTestServer(t, Limits{})
	for _, c := range []struct{ input, want string }{
		{"8k/9/9/7Rx/9/9/9/9/9 b B 1", "line 1: bad SFEN (board field) at offset 9 ('x'): unknown piece letter 'x'; want one of PLNSBRGK (Black) or plnsbrgk (White)"},
		{"position sfen 8k/9/9/7Rs/9/9/9/9/9 b Bx 1", "line 1: bad SFEN (hands field) at offset 38 ('x'): unknown piece letter 'x'; want one of RBGSNLP or rbgsnlp"},
	} {
		w := do(t, s, "POST", "/api/v1/solve", solveRequest{Input: c.input})
		if e := wantError(t, w, 422, "input"); e.Error != c.want {
			t.Errorf("%q: error %q, want %q", c.input, e.Error, c.want)
		}
	}
}
