package web

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

// svgWidth returns the width attribute of the picture svg.
func svgWidth(svg string) string {
	m := regexp.MustCompile(`<svg [^>]*width="([0-9.]+)"`).FindStringSubmatch(svg)
	if m == nil {
		return ""
	}
	return m[1]
}

// TestBoardPicture: GET /api/v1/board.svg draws a position given by its
// SFEN, or the position after a legal move of it, the move marked.
func TestBoardPicture(t *testing.T) {
	s, _ := newTestServer(t, Limits{})
	const sfen = "8k/9/9/7Rs/9/9/9/9/9 b B 1"
	w := do(t, s, "GET", "/api/v1/board.svg?sfen="+url.PathEscape(sfen), nil)
	body := w.Body.String()
	if w.Code != 200 || w.Header().Get("Content-Type") != "image/svg+xml" || !strings.Contains(body, "<desc>SFEN "+sfen+"</desc>") ||
		strings.Contains(body, `class="mark"`) || svgWidth(body) != "502" {
		t.Fatalf("status %d, %q, width %s:\n%.300s", w.Code, w.Header().Get("Content-Type"), svgWidth(body), body)
	}
	// After a move, written with its + unescaped and with spaces as
	// %20: the move's two squares marked.
	p, _ := shogi.ParseSFEN(sfen)
	m, _ := p.ParseUSIMove("2d2a+")
	p.DoMove(m)
	w = do(t, s, "GET", "/api/v1/board.svg?layout=portrait&move=2d2a+&sfen="+strings.ReplaceAll(sfen, " ", "%20"), nil)
	body = w.Body.String()
	if w.Code != 200 || !strings.Contains(body, "<desc>SFEN "+p.SFEN()+"</desc>") || strings.Count(body, `class="mark"`) != 2 || svgWidth(body) != "414" {
		t.Errorf("after 2d2a+: status %d, width %s, %d marks:\n%.300s", w.Code, svgWidth(body), strings.Count(body, `class="mark"`), body)
	}
	for _, c := range []struct {
		query  string
		status int
		field  string
	}{
		{"", 400, "sfen"},
		{"sfen=", 400, "sfen"},
		{"sfen=8k/9/9/7Rs/9/9/9/9/10%20b%20B%201", 422, "sfen"},
		{"sfen=8k/9/9/7Rs/9/9/9/9/9%20b%20B%201&sfen=8k/9/9/9/9/9/9/9/9%20b%20B%201", 400, "sfen"},
		{"sfen=P7k/9/9/7Rs/9/9/9/9/9%20b%20B%201", 422, "sfen"}, // a pawn that cannot move
		{"sfen=8k/9/9/7Rs/9/9/9/9/9%20b%20B%201&move=B*1a", 422, "move"},
		{"sfen=8k/9/9/7Rs/9/9/9/9/9%20b%20B%201&move=9z9y", 422, "move"},
		{"sfen=8k/9/9/7Rs/9/9/9/9/9%20b%20B%201&layout=round", 400, "layout"},
		{"sfen=8k/9/9/7Rs/9/9/9/9/9%20b%20B%201&moves=B*3c", 400, "moves"},
		{"sfen=%zz", 400, "sfen"},
	} {
		wantError(t, do(t, s, "GET", "/api/v1/board.svg?"+c.query, nil), c.status, c.field)
	}
	w = do(t, s, "POST", "/api/v1/board.svg?sfen=x", "{}")
	if w.Code != http.StatusMethodNotAllowed {
		t.Errorf("POST: status %d", w.Code)
	}
}

// TestLayout: every answer that draws the board draws it in the portrait
// layout (414 wide) when asked, in the landscape one (502) by default,
// and refuses another layout.
func TestLayout(t *testing.T) {
	s, _ := newTestServer(t, Limits{})
	ps := testProblems(t)
	line := ps[6].Line[0].String()
	for _, layout := range []string{"", "landscape", "portrait"} {
		want := map[string]string{"": "502", "landscape": "502", "portrait": "414"}[layout]
		q := "?layout=" + layout
		var p problemView
		decode(t, do(t, s, "GET", "/api/v1/problems/7"+q, nil), &p)
		var r problemView
		decode(t, do(t, s, "GET", "/api/v1/problems/random"+q+"&plies=3&seed=1", nil), &r)
		var m moveAnswer
		decode(t, do(t, s, "POST", "/api/v1/problems/7/move", moveRequest{Move: line, Layout: layout}), &m)
		var a solveAnswer
		decode(t, do(t, s, "POST", "/api/v1/solve", solveRequest{Input: ps[6].Position.SFEN(), Layout: layout}), &a)
		pics := map[string]string{
			"problem": p.State.BoardSVG, "random": r.State.BoardSVG, "move": m.State.BoardSVG, "solve": a.BoardSVG,
			"problem board.svg": do(t, s, "GET", "/api/v1/problems/7/board.svg"+q, nil).Body.String(),
			"board.svg":         do(t, s, "GET", "/api/v1/board.svg"+q+"&sfen="+url.PathEscape(ps[6].Position.SFEN()), nil).Body.String(),
		}
		for name, svg := range pics {
			if got := svgWidth(svg); got != want {
				t.Errorf("layout %q: %s: width %q, want %s", layout, name, got, want)
			}
		}
	}
	wantError(t, do(t, s, "GET", "/api/v1/problems/7?layout=tall", nil), 400, "layout")
	wantError(t, do(t, s, "GET", "/api/v1/problems/random?layout=tall", nil), 400, "layout")
	wantError(t, do(t, s, "GET", "/api/v1/problems/7/board.svg?layout=tall", nil), 400, "layout")
	wantError(t, do(t, s, "POST", "/api/v1/problems/7/move", moveRequest{Move: line, Layout: "tall"}), 400, "layout")
	wantError(t, do(t, s, "POST", "/api/v1/solve", solveRequest{Input: ps[6].Position.SFEN(), Layout: "tall"}), 400, "layout")
}
