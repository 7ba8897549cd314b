package web

import (
	"errors"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
)

// fairyTestProblems are a 安南 mate in 3 (issue 28's: the knight dropped
// on the second rank moves, backed by the gold) and a helpmate in 3 of
// tsume generate --stip help, then a standard problem of the test set.
func fairyTestProblems(t *testing.T) []problem.Problem {
	t.Helper()
	mk := func(sfen, rules string, goal problem.Goal, line string) problem.Problem {
		pos, err := shogi.ParseSFEN(sfen)
		if err != nil {
			t.Fatal(err)
		}
		ms, err := problem.ParseLineRules(&pos, rules, strings.Fields(line))
		if err != nil {
			t.Fatal(err)
		}
		return problem.Problem{Position: pos, Rules: rules, Stipulation: problem.Stipulation{Goal: goal, Plies: len(ms)}, Line: ms, Verdict: "sound"}
	}
	return []problem.Problem{
		mk("9/2k6/N8/1R7/1B7/4S4/4G4/9/9 b GN 1", "annan", problem.Mate, "G*7c 7b7a N*7b"),
		mk("9/9/9/9/9/9/G8/9/2kS+n4 b G 1", "", problem.Help, "6i6h 7i7h G*7i"),
		testProblems(t)[7],
	}
}

func newFairyServer(t *testing.T) *Server {
	t.Helper()
	st := &fakeStore{mem: NewMemoryStore(fairyTestProblems(t))}
	s, err := New(Config{Store: st, IsNotFound: func(err error) bool { return errors.Is(err, errNotFound) }, Log: discardLogger()})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// A fairy problem is shown with its rules and stipulation, its legal
// moves those of its rules, its board titled with them.
func TestFairyProblemView(t *testing.T) {
	s := newFairyServer(t)
	var p problemView
	w := do(t, s, "GET", "/api/v1/problems/1", nil)
	decode(t, w, &p)
	if w.Code != 200 || p.Rules != "annan" || p.Stip != "" || p.Plies != 3 {
		t.Fatalf("status %d, %+v", w.Code, p.summary)
	}
	// Under 安南 a knight may be dropped on the second rank; under the
	// standard rules it may not.
	if !slices.Contains(p.State.Legal, "N*9b") {
		t.Errorf("N*9b is not among the legal moves under 安南: %v", p.State.Legal)
	}
	if !strings.Contains(p.State.BoardSVG, "rules annan · mate in 3") {
		t.Errorf("the board has no title of its rules")
	}
	p = problemView{}
	decode(t, do(t, s, "GET", "/api/v1/problems/2", nil), &p)
	if p.Rules != "" || p.Stip != "help" || !strings.Contains(p.State.BoardSVG, "helpmate (ばか詰) in 3") {
		t.Errorf("helpmate: %+v", p.summary)
	}
	// A standard problem's view has neither.
	w = do(t, s, "GET", "/api/v1/problems/3", nil)
	if body := w.Body.String(); strings.Contains(body, `"rules"`) || strings.Contains(body, `"stip"`) {
		t.Errorf("a standard problem's view names rules or a stipulation")
	}
	pic := do(t, s, "GET", "/api/v1/problems/1/board.svg?moves=G*7c,7b7a", nil)
	if pic.Code != 200 || !strings.Contains(pic.Body.String(), "rules annan") {
		t.Errorf("board.svg after two moves: status %d", pic.Code)
	}
}

// The moves of a fairy problem are judged by its rules and main line.
func TestFairyPlay(t *testing.T) {
	s := newFairyServer(t)
	type step struct {
		id            int
		moves         []string
		move, result  string
		reason, reply string
	}
	for _, c := range []step{
		{1, nil, "G*7c", resultCorrect, "", "7b7a"},
		{1, []string{"G*7c", "7b7a"}, "N*7b", resultSolved, "", ""}, // legal under 安南 only
		{1, nil, "G*6c", resultWrong, reasonNotSolution, ""},
		{1, nil, "G*1a", resultWrong, reasonNotCheck, ""},
		{2, nil, "6i6h", resultCorrect, "", "7i7h"},
		{2, []string{"6i6h", "7i7h"}, "G*7i", resultSolved, "", ""},
		{2, nil, "G*7h", resultWrong, reasonNotSolution, ""},
	} {
		var ans moveAnswer
		w := do(t, s, "POST", "/api/v1/problems/"+string(rune('0'+c.id))+"/move", moveRequest{Moves: c.moves, Move: c.move})
		decode(t, w, &ans)
		if w.Code != 200 || ans.Result != c.result || ans.Reason != c.reason || ans.Reply != c.reply {
			t.Errorf("problem %d, %v then %s: status %d, %+v", c.id, c.moves, c.move, w.Code, ans)
		}
	}
	// Under the rules of the problem, not the standard ones: an illegal
	// move is refused by name.
	wantError(t, do(t, s, "POST", "/api/v1/problems/1/move", moveRequest{Moves: []string{"G*7c"}, Move: "7a7b"}), http.StatusUnprocessableEntity, "moves")
	var sol struct{ USI []string }
	decode(t, do(t, s, "GET", "/api/v1/problems/1/solution", nil), &sol)
	if strings.Join(sol.USI, " ") != "G*7c 7b7a N*7b" {
		t.Errorf("solution %v", sol.USI)
	}
	var hint struct{ Piece string }
	decode(t, do(t, s, "GET", "/api/v1/problems/1/hint?moves=G*7c,7b7a", nil), &hint)
	if hint.Piece != "N" {
		t.Errorf("hint %+v, want the knight", hint)
	}
}

// The list selects by rules and stipulation.
func TestFairyQueryParams(t *testing.T) {
	s := newFairyServer(t)
	for q, want := range map[string]int{"rules=annan": 1, "stip=help": 1, "stip=mate": 2, "rules=standard": 2} {
		var out struct{ Count int }
		decode(t, do(t, s, "GET", "/api/v1/problems?"+q, nil), &out)
		if out.Count != want {
			t.Errorf("%s: %d problems, want %d", q, out.Count, want)
		}
	}
	wantError(t, do(t, s, "GET", "/api/v1/problems?rules=anan", nil), http.StatusBadRequest, "rules")
	wantError(t, do(t, s, "GET", "/api/v1/problems?stip=self", nil), http.StatusBadRequest, "stip")
}

// A worksheet holds the standard mate problems of a query, and refuses to
// hold fairy ones.
func TestFairyWorksheet(t *testing.T) {
	s := newFairyServer(t)
	if w := do(t, s, "GET", "/api/v1/worksheet?plies=3", nil); w.Code != 200 || strings.Contains(w.Body.String(), "第2問") {
		t.Errorf("plies=3: status %d (one standard problem wanted)", w.Code)
	}
	wantError(t, do(t, s, "GET", "/api/v1/worksheet?plies=3&rules=annan", nil), http.StatusBadRequest, "rules")
}
