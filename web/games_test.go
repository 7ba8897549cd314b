package web

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/shogi"
)

// readGame returns the record testdata/games/name.
func readGame(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile("testdata/games/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// mineRecord posts input to the games endpoint of s and decodes the answer.
func mineRecord(t *testing.T, s http.Handler, req gamesRequest) gamesAnswer {
	t.Helper()
	var ans gamesAnswer
	w := do(t, s, "POST", "/api/v1/games", req)
	decode(t, w, &ans)
	if w.Code != 200 {
		t.Fatalf("status %d: %s", w.Code, w.Body)
	}
	return ans
}

// A record with a missed mate: Black had the head gold (G*5b, mate in 1)
// at move 1, moved its king instead, and mated at move 3. The answer
// names both, with the mate in Japanese, and gives every position of the
// game for the page to step through.
func TestGamesMissedMate(t *testing.T) {
	s, _ := newTestServer(t, Limits{MineLength: 7})
	ans := mineRecord(t, s, gamesRequest{Input: readGame(t, "missed.kif")})
	if ans.Format != "KIF" || ans.Black != "Sente" || ans.White != "Gote" || len(ans.Games) != 1 || ans.Game != 0 || ans.MaxLength != 7 {
		t.Errorf("format %s, players %q %q, games %+v, game %d, max length %d", ans.Format, ans.Black, ans.White, ans.Games, ans.Game, ans.MaxLength)
	}
	if len(ans.SFENs) != 4 || !slices.Equal(ans.Moves, []string{"5i5h", "9c9d", "G*5b"}) || len(ans.MovesJA) != 3 || ans.MovesJA[2] != "▲５二金打" {
		t.Fatalf("sfens %v, moves %v %v", ans.SFENs, ans.Moves, ans.MovesJA)
	}
	if len(ans.Findings) != 2 {
		t.Fatalf("findings %+v, want missed at move 1 and played at move 3", ans.Findings)
	}
	f := ans.Findings[0]
	if f.Kind != "missed" || f.KindJA != "詰み逃し" || f.Ply != 0 || f.MoveNumber != 1 || f.Side != "black" || f.Played != "5i5h" ||
		f.PlayedJA != "▲５八玉" || f.Length != 1 || !f.Exact || !slices.Equal(f.Line, []string{"G*5b"}) || !slices.Equal(f.LineJA, []string{"▲５二金打"}) {
		t.Errorf("missed mate: %+v", f)
	}
	// The mate's positions, for the page to step through: the position
	// before the move, then after the head gold.
	if len(f.LineSFENs) != 2 || f.LineSFENs[0] != ans.SFENs[0] || f.LineSFENs[1] != "4k4/4G4/p3P3p/9/9/9/9/9/4K4 w - 2" {
		t.Errorf("the mate's positions %q", f.LineSFENs)
	}
	if f := ans.Findings[1]; f.Kind != "played" || f.MoveNumber != 3 || f.Played != "G*5b" || f.Length != 1 || !f.Shortest {
		t.Errorf("played mate: %+v", f)
	}
	// The two positions with the head gold are sound problems (mate in 1,
	// at plies 0 and 2); each is a mate of its length from its position.
	if len(ans.Problems) != 2 || ans.Problems[0].Ply != 0 || ans.Problems[1].Ply != 2 || ans.Problems[0].Verdict != "sound" {
		t.Errorf("problems %+v, want those of plies 0 and 2", ans.Problems)
	}
	for _, p := range ans.Problems {
		pos, err := shogi.ParseSFEN(p.SFEN)
		if err != nil {
			t.Fatalf("problem %s: %v", p.SFEN, err)
		}
		sol, err := mustSolver(t).Solve(context.Background(), &pos)
		if err != nil || sol.Status != mate.Mate || sol.Length != p.Plies || len(p.SolutionJA) != p.Plies {
			t.Errorf("problem %s (%d plies): %+v, %v", p.SFEN, p.Plies, sol, err)
		}
	}
}

// mustSolver returns a solver under the game's hands, as the problems
// mined are judged.
func mustSolver(t *testing.T) *mate.Solver {
	t.Helper()
	sv, err := mate.NewSolver(mate.SolverOptions{HashMB: 4, MaxNodes: 1_000_000, DefenderHand: mate.AsGiven})
	if err != nil {
		t.Fatal(err)
	}
	return sv
}

// A record with an illegal move is refused 422 with the reader's
// message: its line and the move.
func TestGamesBadRecord(t *testing.T) {
	s, _ := newTestServer(t, Limits{})
	e := wantError(t, do(t, s, "POST", "/api/v1/games", gamesRequest{Input: readGame(t, "illegal.kif")}), http.StatusUnprocessableEntity, "input")
	if !strings.Contains(e.Error, "line 20") || !strings.Contains(e.Error, "５二銀打") {
		t.Errorf("error %q: want the line (20) and the move", e.Error)
	}
	for _, c := range []struct {
		name   string
		body   any
		status int
		field  string
	}{
		{"empty", gamesRequest{Input: " \n"}, 400, "input"},
		{"not a record", gamesRequest{Input: "hello, world"}, 422, "input"},
		{"unknown field", `{"input": "x", "depth": 3}`, 400, "body"},
	} {
		wantError(t, do(t, s, "POST", "/api/v1/games", c.body), c.status, c.field)
	}
}

// A file of several games: the first is mined unless another is asked
// for; one that cannot be read is named with its line, and the others are
// still listed and mined.
func TestGamesSeveral(t *testing.T) {
	s, _ := newTestServer(t, Limits{MineLength: 7})
	missed, bad := readGame(t, "missed.kif"), readGame(t, "illegal.kif")
	input := bad + "\n" + missed + "\n" + strings.Replace(missed, "Sente", "Second", 1)
	ans := mineRecord(t, s, gamesRequest{Input: input})
	if len(ans.Games) != 2 || len(ans.Errors) != 1 || !strings.Contains(ans.Errors[0], "line 20") || ans.Game != 0 || ans.Black != "Sente" {
		t.Fatalf("games %+v, errors %q, game %d (%s)", ans.Games, ans.Errors, ans.Game, ans.Black)
	}
	one := 1
	ans = mineRecord(t, s, gamesRequest{Input: input, Game: &one})
	if ans.Game != 1 || ans.Black != "Second" || len(ans.Findings) != 2 || ans.Findings[0].Kind != "missed" {
		t.Errorf("game %d (%s): findings %+v", ans.Game, ans.Black, ans.Findings)
	}
	two := 2
	wantError(t, do(t, s, "POST", "/api/v1/games", gamesRequest{Input: input, Game: &two}), http.StatusBadRequest, "game")
}

// Too much input is refused before any search: a body over the limit,
// more records than the limit, a game longer than the limit.
func TestGamesTooLarge(t *testing.T) {
	missed := readGame(t, "missed.kif")
	s, _ := newTestServer(t, Limits{GamesBody: 4 << 10})
	wantError(t, do(t, s, "POST", "/api/v1/games", gamesRequest{Input: strings.Repeat(missed, 10)}), http.StatusRequestEntityTooLarge, "body")
	s, _ = newTestServer(t, Limits{Games: 2})
	wantError(t, do(t, s, "POST", "/api/v1/games", gamesRequest{Input: strings.Repeat(missed+"\n", 3)}), http.StatusRequestEntityTooLarge, "input")
	s, _ = newTestServer(t, Limits{GameMoves: 2})
	e := wantError(t, do(t, s, "POST", "/api/v1/games", gamesRequest{Input: missed}), http.StatusRequestEntityTooLarge, "input")
	if !strings.Contains(e.Error, "3 moves") {
		t.Errorf("error %q: want the game's number of moves", e.Error)
	}
}

// Mining ends with the request: a request whose client has gone gets no
// findings, and the server's search slot is given back.
func TestGamesEndsWithRequest(t *testing.T) {
	s, _ := newTestServer(t, Limits{Searches: 1})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	req := gamesRequest{Input: readGame(t, "missed.kif")}
	w := doContext(t, ctx, s, "/api/v1/games", req)
	if w.Code != http.StatusServiceUnavailable {
		t.Errorf("status %d, want 503: %s", w.Code, w.Body)
	}
	// The one slot is free again: the next request is mined.
	if ans := mineRecord(t, s, req); len(ans.Findings) == 0 {
		t.Errorf("no findings after a cancelled request")
	}
}

// doContext posts body as JSON to target of h within ctx.
func doContext(t *testing.T, ctx context.Context, h http.Handler, target string, body any) *httptest.ResponseRecorder {
	t.Helper()
	data, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	req := httptest.NewRequest("POST", target, bytes.NewReader(data)).WithContext(ctx)
	req.Header.Set("Content-Type", "application/json")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w
}

// The practice page's source filter: method=mine draws only the problems
// mined from games (their provenance's method), and none when the bank
// has none of that length; method=realistic those of generate --style
// realistic, whose methods are realistic-3, realistic-5, … (a family, as
// the bank's query reads it), and no other.
func TestPracticeDrawsBySource(t *testing.T) {
	for _, c := range []struct{ query, method string }{{"mine", "mine"}, {"realistic", "realistic-3"}} {
		ps := testProblems(t)
		ps[8].Provenance.Method = c.method         // problem 9, of 3 plies
		ps[2].Provenance.Method = c.query + "ness" // not of the family
		s, err := New(Config{Store: NewMemoryStore(ps), Log: discardLogger()})
		if err != nil {
			t.Fatal(err)
		}
		for seed := range 4 {
			var p problemView
			w := do(t, s, "GET", "/api/v1/problems/random?method="+c.query+"&seed="+itoa(seed), nil)
			decode(t, w, &p)
			if w.Code != 200 || p.ID != 9 || p.Method != c.method {
				t.Errorf("method=%s, seed %d: status %d, problem %d (%s), want 9 (%s)", c.query, seed, w.Code, p.ID, p.Method, c.method)
			}
		}
		wantError(t, do(t, s, "GET", "/api/v1/problems/random?method="+c.query+"&plies=5", nil), http.StatusNotFound, "query")
	}
}

// A game that takes longer than MineTime to mine is answered 503, naming
// the limit.
func TestGamesTooLong(t *testing.T) {
	s, _ := newTestServer(t, Limits{MineTime: 1, Searches: 1}) // 1 ns: over before it starts
	e := wantError(t, do(t, s, "POST", "/api/v1/games", gamesRequest{Input: readGame(t, "missed.kif")}), http.StatusServiceUnavailable, "input")
	if !strings.Contains(e.Error, "took longer than 1ns") {
		t.Errorf("error %q: want the limit", e.Error)
	}
}
