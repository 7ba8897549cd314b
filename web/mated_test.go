package web

import (
	"strings"
	"testing"
)

// TestSolvedBoardSaysMated checks that the practice board after the
// mating move says the defender is mated (詰み under the board), not
// that White is to move (後手番).
func TestSolvedBoardSaysMated(t *testing.T) {
	s, _ := newTestServer(t, Limits{})
	ps := testProblems(t)
	a, code := post(t, s, 1, nil, ps[0].Line[0].String())
	if code != 200 || a.Result != resultSolved {
		t.Fatalf("the solution: status %d, %+v", code, a)
	}
	turn := turnLine(a.State.BoardSVG)
	if !strings.Contains(turn, "tsume-8a70") || strings.Contains(turn, "tsume-5f8c") { // 詰, 後
		t.Errorf("after the mate the board's turn line is %q; want 詰み", turn)
	}
	// Before it, Black is to move: no turn line.
	st := do(t, s, "GET", "/api/v1/problems/1/board.svg", nil)
	if body := st.Body.String(); !strings.Contains(body, "<svg") || turnLine(body) != "" {
		t.Errorf("the problem's board has the turn line %q; want a board without one", turnLine(body))
	}
}

// turnLine returns the element of class turn of an SVG board ("" when it
// has none).
func turnLine(svg string) string {
	i := strings.Index(svg, `class=\"turn\"`)
	if i < 0 {
		i = strings.Index(svg, `class="turn"`)
	}
	if i < 0 {
		return ""
	}
	j := strings.Index(svg[i:], "</g>")
	if j < 0 {
		return svg[i:]
	}
	return svg[i : i+j]
}
