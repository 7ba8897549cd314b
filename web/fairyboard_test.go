package web

import (
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/render"
)

// fairyBoardTestProblems are problems whose positions package shogi
// cannot hold, each sound as tsume solve judges it: (1) a 天竺 mate in 3
// with a royal horse of the attacker's, whose key reply 6d7f is a
// knight's jump of the king (checked by a knight, it moves as one); (2) a
// 天竺 mate in 1 by a Grasshopper from the hand; (3) a 安南 mate in 3
// against a royal bishop, White's only royal.
func fairyBoardTestProblems(t *testing.T) []problem.Problem {
	t.Helper()
	mk := func(sfen, rules, line string) problem.Problem {
		p, err := problem.Parse(sfen, rules, problem.Mate, strings.Fields(line))
		if err != nil {
			t.Fatal(err)
		}
		p.Verdict = "sound"
		return p
	}
	return []problem.Problem{
		mk("9/9/9/3k5/5R3/1n7/4$+B4/9/9 b Nrb4g4s2n4l18p 1", "tenjiku", "N*5f 6d7f 4e7e"),
		mk("k8/Bp7/1G7/9/9/9/9/9/9 b (GH)2rb3g4s4n4l17p 1", "tenjiku", "(GH)*9c"),
		mk("6$b2/5s3/9/6p2/9/9/9/9/9 b RSrb4g2s4n4l17p 1", "annan", "R*2a 3a1c S*2d"),
	}
}

func newFairyBoardServer(t *testing.T) *Server {
	t.Helper()
	ps := append(fairyBoardTestProblems(t), testProblems(t)[7])
	s, err := New(Config{Store: &fakeStore{mem: NewMemoryStore(ps)}, IsNotFound: func(err error) bool { return errors.Is(err, errNotFound) }, Log: discardLogger()})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// A problem with fairy pieces is shown with its fairy SFEN, its hand's
// fairy pieces by their tokens, the legal moves of its rules, and the
// board as render.FairySVG draws it: a royal other than a king ringed.
func TestFairyBoardView(t *testing.T) {
	s := newFairyBoardServer(t)
	ps := fairyBoardTestProblems(t)
	for i, p := range ps {
		var view problemView
		w := do(t, s, "GET", "/api/v1/problems/"+strconv.Itoa(i+1), nil)
		decode(t, w, &view)
		if w.Code != 200 || view.SFEN != p.SFEN() || view.State.SFEN != p.SFEN() || view.Board != "fairy" || view.Rules != p.Rules {
			t.Fatalf("problem %d: status %d, %+v", i+1, w.Code, view.summary)
		}
		v, err := p.VariantPosition()
		if err != nil {
			t.Fatal(err)
		}
		want := render.FairySVG(&v, render.SVGOptions{Title: rulesTitle(&p)})
		if view.State.BoardSVG != string(want) {
			t.Errorf("problem %d: the board is not render.FairySVG's", i+1)
		}
	}
	var view problemView
	decode(t, do(t, s, "GET", "/api/v1/problems/1", nil), &view)
	if !strings.Contains(view.State.BoardSVG, `class="ring"`) {
		t.Error("the royal horse is not ringed")
	}
	view = problemView{}
	decode(t, do(t, s, "GET", "/api/v1/problems/2", nil), &view)
	if !slices.Equal(view.State.Hands.Black, []handPiece{{Piece: "(GH)", Count: 1}}) {
		t.Errorf("Black's hand %+v, want the Grasshopper", view.State.Hands.Black)
	}
	if !slices.Contains(view.State.Legal, "(GH)*9c") {
		t.Errorf("(GH)*9c is not among the legal moves: %v", view.State.Legal)
	}
	pic := do(t, s, "GET", "/api/v1/problems/1/board.svg?moves=N*5f,6d7f", nil)
	if pic.Code != 200 || !strings.Contains(pic.Body.String(), `class="ring"`) {
		t.Errorf("board.svg after the king's knight jump: status %d", pic.Code)
	}
}

// The moves of a problem with fairy pieces are judged by its rules and
// its main line: the right move, a legal wrong check, a legal move that
// does not check, and a move its rules do not allow.
func TestFairyBoardPlay(t *testing.T) {
	s := newFairyBoardServer(t)
	for _, c := range []struct {
		id            int
		moves         []string
		move, result  string
		reason, reply string
	}{
		{1, nil, "N*5f", resultCorrect, "", "6d7f"},
		{1, []string{"N*5f", "6d7f"}, "4e7e", resultSolved, "", ""},
		{1, nil, "4e4d", resultWrong, reasonNotSolution, ""}, // a check along the rank
		{1, nil, "4e3e", resultWrong, reasonNotCheck, ""},
		{2, nil, "(GH)*9c", resultSolved, "", ""},
		{2, nil, "(GH)*8a", resultWrong, reasonNotCheck, ""},
		{3, nil, "R*2a", resultCorrect, "", "3a1c"},
		{3, []string{"R*2a", "3a1c"}, "S*2d", resultSolved, "", ""},
		{3, nil, "R*3b", resultWrong, reasonNotSolution, ""},
	} {
		var ans moveAnswer
		w := do(t, s, "POST", "/api/v1/problems/"+strconv.Itoa(c.id)+"/move", moveRequest{Moves: c.moves, Move: c.move})
		decode(t, w, &ans)
		if w.Code != 200 || ans.Result != c.result || ans.Reason != c.reason || ans.Reply != c.reply {
			t.Errorf("problem %d, %v then %s: status %d, %+v", c.id, c.moves, c.move, w.Code, ans)
		}
	}
	// Moves the rules do not allow are refused, naming the field: a rook
	// moving diagonally, a drop of a piece not in hand, the king's step
	// as a king when the knight's check gives it the knight's power only.
	for _, c := range []struct {
		id          int
		moves       []string
		move, field string
	}{
		{1, nil, "4e3d", "move"},
		{2, nil, "(LI)*9c", "move"},
		{2, nil, "(GH)*9a", "move"},
		{1, []string{"N*5f", "6d6c"}, "4e7e", "moves"},
	} {
		w := do(t, s, "POST", "/api/v1/problems/"+strconv.Itoa(c.id)+"/move", moveRequest{Moves: c.moves, Move: c.move})
		wantError(t, w, http.StatusUnprocessableEntity, c.field)
	}
	var hint struct{ Piece string }
	decode(t, do(t, s, "GET", "/api/v1/problems/2/hint", nil), &hint)
	if hint.Piece != "(GH)" {
		t.Errorf("hint %+v, want the Grasshopper", hint)
	}
	var sol struct{ USI, JA []string }
	decode(t, do(t, s, "GET", "/api/v1/problems/1/solution", nil), &sol)
	if strings.Join(sol.USI, " ") != "N*5f 6d7f 4e7e" || strings.Join(sol.JA, " ") != "▲５六桂打 △７六玉(64) ▲７五飛(45)" {
		t.Errorf("solution %v %v", sol.USI, sol.JA)
	}
}

// The list selects by the board, the mating piece as variant writes it
// and the royal's region; a worksheet refuses fairy positions.
func TestFairyBoardQuery(t *testing.T) {
	s := newFairyBoardServer(t)
	for q, want := range map[string]int{
		"board=fairy": 3, "board=standard": 1, "mating_piece=(GH)": 1, "rules=tenjiku&board=fairy": 2, "king_region=corner&board=fairy": 1,
	} {
		var out struct{ Count int }
		decode(t, do(t, s, "GET", "/api/v1/problems?"+q, nil), &out)
		if out.Count != want {
			t.Errorf("%s: %d problems, want %d", q, out.Count, want)
		}
	}
	wantError(t, do(t, s, "GET", "/api/v1/problems?board=chess", nil), http.StatusBadRequest, "board")
	wantError(t, do(t, s, "GET", "/api/v1/worksheet?plies=1&board=fairy", nil), http.StatusBadRequest, "board")
	if w := do(t, s, "GET", "/api/v1/worksheet?plies=3", nil); w.Code != 200 {
		t.Errorf("worksheet of the standard problem: status %d", w.Code)
	}
}
