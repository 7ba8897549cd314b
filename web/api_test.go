package web

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

func TestListProblems(t *testing.T) {
	s, _ := newTestServer(t, Limits{})
	var out struct {
		Count    int       `json:"count"`
		Problems []summary `json:"problems"`
	}
	w := do(t, s, "GET", "/api/v1/problems?plies=3&limit=4&offset=1", nil)
	decode(t, w, &out)
	if w.Code != 200 || out.Count != 6 || len(out.Problems) != 4 || out.Problems[0].ID != 8 || out.Problems[0].Plies != 3 {
		t.Errorf("status %d, %+v", w.Code, out)
	}
	w = do(t, s, "GET", "/api/v1/problems", nil)
	decode(t, w, &out)
	if out.Count != 18 || len(out.Problems) != 18 {
		t.Errorf("all problems: count %d, %d listed", out.Count, len(out.Problems))
	}
	w = do(t, s, "GET", "/api/v1/problems?max_pieces=3&verdict=sound", nil)
	decode(t, w, &out)
	for _, p := range out.Problems {
		if p.Verdict != "sound" {
			t.Errorf("problem %d: verdict %q", p.ID, p.Verdict)
		}
	}
	for _, c := range []struct{ query, field string }{
		{"plies=x", "plies"},
		{"plies=2", "plies"},
		{"plies=-1", "plies"},
		{"limit=101", "limit"},
		{"offset=-3", "offset"},
		{"min_difficulty=NaN", "min_difficulty"},
		{"max_rating=1e400", "max_rating"},
		{"mating_piece=Q", "mating_piece"},
		{"king_region=middle", "king_region"},
		{"colour=black", "colour"},
		{"plies=1&plies=3", "plies"},
		{"seed=4", "seed"}, // only for random
	} {
		wantError(t, do(t, s, "GET", "/api/v1/problems?"+c.query, nil), http.StatusBadRequest, c.field)
	}
}

func TestGetProblem(t *testing.T) {
	s, _ := newTestServer(t, Limits{})
	ps := testProblems(t)
	var p problemView
	w := do(t, s, "GET", "/api/v1/problems/8", nil)
	decode(t, w, &p)
	want := ps[7].Position.SFEN()
	if w.Code != 200 || p.ID != 8 || p.Plies != 3 || p.SFEN != want || p.State.SFEN != want || p.State.Remaining != 3 ||
		p.State.SideToMove != "black" || len(p.State.Moves) != 0 || len(p.State.Legal) == 0 {
		t.Errorf("status %d, %+v", w.Code, p)
	}
	if !strings.Contains(p.State.BoardSVG, "<desc>SFEN "+want+"</desc>") {
		t.Errorf("the board is not the problem's")
	}
	// The attacker's hand: R in problem 8.
	if len(p.State.Hands.Black) != 1 || p.State.Hands.Black[0] != (handPiece{"R", 1}) {
		t.Errorf("Black's hand %+v", p.State.Hands.Black)
	}
	// No solution in the problem.
	if body := w.Body.String(); strings.Contains(body, `"solution`) || strings.Contains(body, `"line":`) || strings.Contains(body, "▲") {
		t.Errorf("the problem gives its solution away: %s", body)
	}
}

func TestRandomProblem(t *testing.T) {
	s, _ := newTestServer(t, Limits{})
	seen := map[int64]bool{}
	for seed := range 12 {
		var p problemView
		w := do(t, s, "GET", "/api/v1/problems/random?plies=5&seed="+itoa(seed), nil)
		decode(t, w, &p)
		if w.Code != 200 || p.Plies != 5 {
			t.Fatalf("status %d, %+v", w.Code, p.summary)
		}
		seen[p.ID] = true
	}
	if len(seen) != 6 {
		t.Errorf("12 seeds picked %d different problems of 6", len(seen))
	}
	wantError(t, do(t, s, "GET", "/api/v1/problems/random?plies=7", nil), http.StatusNotFound, "query")
	wantError(t, do(t, s, "GET", "/api/v1/problems/random?seed=-1", nil), http.StatusBadRequest, "seed")
}

func itoa(n int) string { return strconv.Itoa(n) }

// Ids are whole numbers; anything else, paths above all, is refused
// before the store is asked.
func TestBadIDs(t *testing.T) {
	s, st := newTestServer(t, Limits{})
	st.failure = errors.New("the store was asked")
	for _, c := range []struct {
		path   string
		status int
		field  string
	}{
		{"/api/v1/problems/..%2Fx", 400, "path"},
		{"/api/v1/problems/%2e%2e", 400, "path"},
		{"/api/v1/problems/%2E%2E/hint", 400, "path"},
		{"/api/v1/problems/../../etc/passwd", 400, "path"},
		{"/api/v1/problems/./1", 400, "path"},
		{"/api/v1/problems/1%5c..%5cx", 400, "path"},
		{"/api/v1/problems/1%00", 400, "path"},
		{"/api/v1/problems/x", 400, "id"},
		{"/api/v1/problems/-1", 400, "id"},
		{"/api/v1/problems/0", 400, "id"},
		{"/api/v1/problems/+1", 400, "id"},
		{"/api/v1/problems/1e3", 400, "id"},
		{"/api/v1/problems/99999999999999999999", 400, "id"},
		{"/api/v1/problems/1%2Fsolution", 400, "id"},
		{"/api/v1/problems/1/2", 404, "path"},
		{"/api/v1/nothing", 404, "path"},
	} {
		w := do(t, s, "GET", c.path, nil)
		if w.Code != c.status {
			t.Errorf("%s: status %d, want %d: %s", c.path, w.Code, c.status, w.Body)
			continue
		}
		wantError(t, w, c.status, c.field)
	}
	st.failure = nil
	for _, path := range []string{"/api/v1/problems/19", "/api/v1/problems/123456/hint", "/api/v1/problems/19/solution", "/api/v1/problems/19/board.svg"} {
		wantError(t, do(t, s, "GET", path, nil), http.StatusNotFound, "id")
	}
	wantError(t, do(t, s, "POST", "/api/v1/problems/19/move", moveRequest{Move: "G*5b"}), http.StatusNotFound, "id")
}

func TestMethods(t *testing.T) {
	s, _ := newTestServer(t, Limits{})
	for _, c := range []struct{ method, path, allow string }{
		{"POST", "/api/v1/problems", "GET"},
		{"DELETE", "/api/v1/problems/1", "GET"},
		{"PUT", "/api/v1/problems/1", "GET"},
		{"GET", "/api/v1/problems/1/move", "POST"},
		{"POST", "/api/v1/problems/1/hint", "GET"},
		{"PATCH", "/api/v1/problems/1/solution", "GET"},
		{"GET", "/api/v1/attempts", "POST"},
		{"GET", "/api/v1/solve", "POST"},
		{"POST", "/api/v1/worksheet", "GET"},
	} {
		w := do(t, s, c.method, c.path, nil)
		wantError(t, w, http.StatusMethodNotAllowed, "method")
		if got := w.Header().Get("Allow"); got != c.allow {
			t.Errorf("%s %s: Allow %q, want %q", c.method, c.path, got, c.allow)
		}
	}
}

func TestHintAndSolution(t *testing.T) {
	s, _ := newTestServer(t, Limits{})
	ps := testProblems(t)
	for id := 1; id <= len(ps); id++ {
		p := &ps[id-1]
		var h struct {
			Drop   bool   `json:"drop"`
			Square string `json:"square"`
			Piece  string `json:"piece"`
			Text   string `json:"text"`
		}
		w := do(t, s, "GET", "/api/v1/problems/"+itoa(id)+"/hint", nil)
		decode(t, w, &h)
		m := p.Line[0]
		if m.IsDrop() != h.Drop || h.Piece != m.Piece().Kind().Letter() || !m.IsDrop() && h.Square != m.From().String() ||
			m.IsDrop() && h.Text != "drop "+h.Piece {
			t.Errorf("problem %d, first move %s: hint %+v", id, m, h)
		}
		var sol struct {
			USI []string `json:"usi"`
			JA  []string `json:"ja"`
		}
		decode(t, do(t, s, "GET", "/api/v1/problems/"+itoa(id)+"/solution", nil), &sol)
		if len(sol.USI) != len(p.Line) || len(sol.JA) != len(p.Line) || sol.USI[0] != m.String() {
			t.Errorf("problem %d: solution %+v", id, sol)
		}
	}
	// A hint after the first two plies of a mate-in-3, searched when off
	// the stored line's first two plies; the moves with escaped +.
	line := ps[6].Line
	var h struct {
		Square string `json:"square"`
		Drop   bool   `json:"drop"`
	}
	decode(t, do(t, s, "GET", "/api/v1/problems/7/hint?moves="+line[0].String()+"%20"+line[1].String(), nil), &h)
	if h.Drop != line[2].IsDrop() || !h.Drop && h.Square != line[2].From().String() {
		t.Errorf("hint at ply 3: %+v, want the piece of %s", h, line[2])
	}
	wantError(t, do(t, s, "GET", "/api/v1/problems/7/hint?moves="+line[0].String(), nil), http.StatusUnprocessableEntity, "moves")
	wantError(t, do(t, s, "GET", "/api/v1/problems/7/hint?moves=9i9h", nil), http.StatusUnprocessableEntity, "moves")
	wantError(t, do(t, s, "GET", "/api/v1/problems/7/hint?moves=%zz", nil), http.StatusBadRequest, "moves")
}

func TestBoardSVG(t *testing.T) {
	s, _ := newTestServer(t, Limits{})
	ps := testProblems(t)
	w := do(t, s, "GET", "/api/v1/problems/7/board.svg?moves="+ps[6].Line[0].String(), nil)
	if w.Code != 200 || w.Header().Get("Content-Type") != "image/svg+xml" || !strings.HasPrefix(w.Body.String(), "<?xml") {
		t.Fatalf("status %d, %q", w.Code, w.Header().Get("Content-Type"))
	}
	q := ps[6].Position
	q.DoMove(ps[6].Line[0])
	if !strings.Contains(w.Body.String(), "<desc>SFEN "+q.SFEN()+"</desc>") {
		t.Errorf("the picture is not of the position after the move")
	}
}

func TestAttempts(t *testing.T) {
	s, st := newTestServer(t, Limits{})
	var r struct {
		Problem rating `json:"problem_rating"`
		Session rating `json:"session_rating"`
	}
	w := do(t, s, "POST", "/api/v1/attempts", attemptRequest{ProblemID: 3, Session: "test-session-1", Solved: true, DurationMS: 4200})
	decode(t, w, &r)
	if w.Code != 200 || r.Problem.R >= newRating || r.Session.R <= newRating || r.Problem.RD >= newRD || r.Session.RD >= newRD {
		t.Errorf("a solve: status %d, %+v", w.Code, r)
	}
	w = do(t, s, "POST", "/api/v1/attempts", attemptRequest{ProblemID: 4, Session: "test-session-1", Solved: false, DurationMS: 9000})
	decode(t, w, &r)
	if r.Problem.R <= newRating {
		t.Errorf("a failure leaves the problem at %v", r.Problem)
	}
	e, _ := st.mem.Get(t.Context(), 3)
	if e.Attempts != 1 || e.Solves != 1 || e.SolveTime.Milliseconds() != 4200 || st.mem.Attempts() != 2 {
		t.Errorf("problem 3 after the attempt: %+v", e)
	}
	for _, c := range []struct {
		body   any
		status int
		field  string
	}{
		{attemptRequest{ProblemID: 0, Session: "test-session-1"}, 400, "problem_id"},
		{attemptRequest{ProblemID: 1, Session: "short"}, 400, "session"},
		{attemptRequest{ProblemID: 1, Session: "bad session name!"}, 400, "session"},
		{attemptRequest{ProblemID: 1, Session: "test-session-1", DurationMS: -1}, 400, "duration_ms"},
		{attemptRequest{ProblemID: 1, Session: "test-session-1", DurationMS: 1 << 40}, 400, "duration_ms"},
		{attemptRequest{ProblemID: 99, Session: "test-session-1"}, 404, "problem_id"},
		{`{"problem_id": "1"}`, 400, "problem_id"},
		{`{"problem_id": 1, "extra": 1}`, 400, "body"},
		{`{"problem_id": 1`, 400, "body"},
		{`{} {}`, 400, "body"},
		{"", 400, "body"},
	} {
		wantError(t, do(t, s, "POST", "/api/v1/attempts", c.body), c.status, c.field)
	}
	// Not JSON by its type: refused (a cross-site form cannot post here).
	for _, ct := range []string{"", "text/plain", "application/x-www-form-urlencoded"} {
		req := httptest.NewRequest("POST", "/api/v1/attempts", strings.NewReader(`{"problem_id":1,"session":"test-session-1"}`))
		if ct != "" {
			req.Header.Set("Content-Type", ct)
		}
		w := httptest.NewRecorder()
		s.ServeHTTP(w, req)
		wantError(t, w, http.StatusUnsupportedMediaType, "body")
	}
}

// A huge body is refused with 413 on every endpoint that reads one.
func TestHugeBody(t *testing.T) {
	s, _ := newTestServer(t, Limits{})
	huge := `{"moves":["` + strings.Repeat("7g7f", 1<<16) + `"],"move":"G*5b"}`
	wantError(t, do(t, s, "POST", "/api/v1/problems/1/move", huge), http.StatusRequestEntityTooLarge, "body")
	wantError(t, do(t, s, "POST", "/api/v1/attempts", huge), http.StatusRequestEntityTooLarge, "body")
	wantError(t, do(t, s, "POST", "/api/v1/solve", `{"input":"`+strings.Repeat("x", 1<<20)+`"}`), http.StatusRequestEntityTooLarge, "body")
}

// An error of the store is answered "internal error", and nothing of it.
func TestStoreFailure(t *testing.T) {
	s, st := newTestServer(t, Limits{})
	st.failure = errors.New("open /var/lib/secret/tsume.db: permission denied")
	for _, path := range []string{"/api/v1/problems", "/api/v1/problems/1", "/api/v1/problems/random", "/api/v1/worksheet"} {
		w := do(t, s, "GET", path, nil)
		e := wantError(t, w, http.StatusInternalServerError, "")
		if e.Error != "internal error" || strings.Contains(w.Body.String(), "secret") {
			t.Errorf("%s: %s", path, w.Body)
		}
	}
}

func TestWorksheet(t *testing.T) {
	s, _ := newTestServer(t, Limits{})
	w := do(t, s, "GET", "/api/v1/worksheet?plies=3&count=6", nil)
	page := w.Body.String()
	if w.Code != 200 || !strings.HasPrefix(w.Header().Get("Content-Type"), "text/html") {
		t.Fatalf("status %d, %s", w.Code, page)
	}
	figures := regexp.MustCompile(`<figure id="p[0-9]+" role="img"[^>]*><svg `).FindAllString(page, -1)
	answers := regexp.MustCompile(`<li value="[0-9]+">▲[^<]+<code>[^<]+</code>(?:<br><span class="themes">[^<]+</span>)?(?:<br><span class="variation">変化：[0-9]+手目 △[^<]+まで[0-9]+手(?:駒余り)?</span>)*</li>`).FindAllString(page, -1)
	if len(figures) != 6 || len(answers) != 6 || !strings.Contains(page, "三手詰") || !strings.Contains(page, "break-before: page") {
		t.Errorf("%d figures, %d answers:\n%s", len(figures), len(answers), page[:min(len(page), 2000)])
	}
	ps := testProblems(t)
	if !strings.Contains(page, "SFEN "+ps[6].Position.SFEN()) {
		t.Errorf("the worksheet lacks problem 7")
	}
	for _, c := range []struct{ query, field string }{
		{"count=5", "count"}, {"count=13", "count"}, {"limit=6", "limit"}, {"plies=4", "plies"}, {"size=a4", "size"},
	} {
		wantError(t, do(t, s, "GET", "/api/v1/worksheet?"+c.query, nil), http.StatusBadRequest, c.field)
	}
	wantError(t, do(t, s, "GET", "/api/v1/worksheet?plies=9", nil), http.StatusNotFound, "query")
}

func TestPages(t *testing.T) {
	s, _ := newTestServer(t, Limits{})
	for path, ids := range map[string][]string{
		"/":          {`id="board"`, `id="hint"`, `id="reveal"`, `id="next"`, `id="takeback"`, `id="status"`, `id="promotion"`, `id="length"`, `id="difficulty"`, `id="mode"`},
		"/solve":     {`id="input"`, `id="solve-button"`, `id="download-kif"`, `id="download-svg"`, `id="result-verdict"`},
		"/worksheet": {`id="worksheet-form"`, `action="/api/v1/worksheet"`, `id="ws-count"`},
		"/games":     {`id="games-input"`, `id="games-file"`, `id="games-button"`, `id="games-board"`, `id="games-findings"`, `id="games-problems"`},
	} {
		w := do(t, s, "GET", path, nil)
		if w.Code != 200 || !strings.Contains(w.Header().Get("Content-Security-Policy"), "script-src 'self'") {
			t.Errorf("%s: status %d", path, w.Code)
		}
		// Every page links every other: the games page too.
		if !strings.Contains(w.Body.String(), `<a href="/games"`) {
			t.Errorf("%s: no link to the games page", path)
		}
		for _, id := range ids {
			if !strings.Contains(w.Body.String(), id) {
				t.Errorf("%s lacks %s", path, id)
			}
		}
	}
	for _, path := range []string{"/static/tsume.js", "/static/tsume.css", "/static/favicon.svg", "/favicon.ico"} {
		if w := do(t, s, "GET", path, nil); w.Code != 200 || w.Body.Len() == 0 {
			t.Errorf("%s: status %d", path, w.Code)
		}
	}
	for _, path := range []string{"/static/", "/static/nothing.js", "/nothing", "/static/../server.go"} {
		if w := do(t, s, "GET", path, nil); w.Code != 404 && w.Code != 400 {
			t.Errorf("%s: status %d, want 404", path, w.Code)
		}
	}
}

// The script the pages load is our own and small: at most 150 KB
// compressed, all static files together.
func TestAssetSize(t *testing.T) {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	err := fs.WalkDir(assets, "static", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(assets, path)
		zw.Write(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	zw.Close()
	if buf.Len() > 150<<10 {
		t.Errorf("the static files take %d bytes compressed, more than 150 KB", buf.Len())
	}
	t.Logf("static files: %d bytes compressed", buf.Len())
}
