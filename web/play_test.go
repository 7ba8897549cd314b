package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
)

// newSolver returns a solver of the tests' own, to check the server's
// answers with.
func newSolver(t testing.TB, skipSoundness bool) *mate.Solver {
	t.Helper()
	s, err := mate.NewSolver(mate.SolverOptions{HashMB: 16, DefenderHand: mate.AsGiven, SkipSoundness: skipSoundness, MaxNodes: 5_000_000})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// post plays move after moves in problem id and returns the answer.
func post(t testing.TB, h http.Handler, id int, moves []string, move string) (moveAnswer, int) {
	t.Helper()
	w := do(t, h, "POST", "/api/v1/problems/"+strconv.Itoa(id)+"/move", moveRequest{Moves: moves, Move: move})
	if w.Code != http.StatusOK {
		return moveAnswer{}, w.Code
	}
	var a moveAnswer
	decode(t, w, &a)
	return a, w.Code
}

// A mate-in-1: the mating move solves it; every other check is
// refuted by a legal reply that is no futile interposition; a move that
// is not a check is said to be none.
func TestMate1Flow(t *testing.T) {
	s, _ := newTestServer(t, Limits{})
	ps := testProblems(t)
	for id := 1; id <= 6; id++ {
		p := ps[id-1].Position
		a, code := post(t, s, id, nil, ps[id-1].Line[0].String())
		if code != 200 || a.Result != resultSolved || a.Reply != "" || a.State.Remaining != 0 || len(a.State.Moves) != 1 {
			t.Errorf("problem %d, the solution: status %d, %+v", id, code, a)
		}
		for _, c := range p.Checks(nil) {
			a, code := post(t, s, id, nil, c.String())
			if code != 200 {
				t.Fatalf("problem %d, check %s: status %d", id, c, code)
			}
			if mate.VerifyLine(&p, []shogi.Move{c}, mate.Discount) == nil {
				if a.Result != resultSolved {
					t.Errorf("problem %d: %s mates, the server says %s", id, c, a.Result)
				}
				continue
			}
			q := p
			q.DoMove(c)
			r, err := q.ParseUSIMove(a.Reply)
			if a.Result != resultWrong || err != nil || mate.IsFutileInterposition(&q, r) || a.Reason != reasonOf(&q, r) || a.Explanation == "" {
				t.Errorf("problem %d, check %s: %+v (%v)", id, c, a, err)
			}
		}
		for _, m := range p.LegalMoves(nil) {
			if p.GivesCheck(m) {
				continue
			}
			a, _ := post(t, s, id, nil, m.String())
			if a.Result != resultWrong || a.Reason != reasonNotCheck || a.Reply != "" {
				t.Errorf("problem %d, quiet move %s: %+v", id, m, a)
			}
			break
		}
	}
}

// playMateN plays problem id of the store behind h to the end, the
// attacker's moves chosen by a solver of the test's own: each is
// correct, each reply of the server is legal and the longest defence
// (the mate after it takes exactly the plies left), and the last move
// solves the problem.
func playMateN(t *testing.T, h http.Handler, id int, start shogi.Position, plies int, sv *mate.Solver) {
	t.Helper()
	pos := start
	var moves []string
	for rem := plies; rem > 0; rem -= 2 {
		sol, err := sv.Solve(context.Background(), &pos)
		if err != nil || sol.Status != mate.Mate || sol.Length != rem {
			t.Fatalf("problem %d after %v: %v, %+v", id, moves, err, sol)
		}
		m := sol.PV[0]
		a, code := post(t, h, id, moves, m.String())
		if code != 200 {
			t.Fatalf("problem %d after %v, move %s: status %d", id, moves, m, code)
		}
		pos.DoMove(m)
		moves = append(moves, m.String())
		if rem == 1 {
			if a.Result != resultSolved || a.State.Remaining != 0 {
				t.Errorf("problem %d, the last move %s: %+v", id, m, a)
			}
			return
		}
		if a.Result != resultCorrect {
			t.Fatalf("problem %d after %v, move %s: %s, %s", id, moves[:len(moves)-1], m, a.Result, a.Explanation)
		}
		r, err := pos.ParseUSIMove(a.Reply)
		if err != nil {
			t.Fatalf("problem %d: reply %q: %v", id, a.Reply, err)
		}
		pos.DoMove(r)
		moves = append(moves, r.String())
		after, err := sv.Solve(context.Background(), &pos)
		if err != nil || after.Status != mate.Mate || !after.LengthExact || after.Length != rem-2 {
			t.Errorf("problem %d: after the reply %s the mate takes %d plies (%v), want %d: not the longest defence", id, r, after.Length, after.Status, rem-2)
		}
		if a.State.SFEN != pos.SFEN() || a.State.Remaining != rem-2 || len(a.State.Moves) != len(moves) {
			t.Errorf("problem %d: state %s, remaining %d; want %s, %d", id, a.State.SFEN, a.State.Remaining, pos.SFEN(), rem-2)
		}
	}
}

// Mate-in-3 and mate-in-5 problems played to the end against the
// server's replies: along the stored main line, and with the stored
// lines taken away (the verdicts cleared), so that every reply is
// searched.
func TestMateNFlow(t *testing.T) {
	ps := testProblems(t)
	sv := newSolver(t, true)
	s, st := newTestServer(t, Limits{})
	for id := 7; id <= len(ps); id++ {
		playMateN(t, s, id, ps[id-1].Position, ps[id-1].Stipulation.Plies, sv)
	}
	for i := range st.mem.entries {
		st.mem.entries[i].Problem.Verdict = ""
	}
	for id := 7; id <= len(ps); id++ {
		playMateN(t, s, id, ps[id-1].Position, ps[id-1].Stipulation.Plies, sv)
	}
}

// Every wrong first check of the mate-in-3 and mate-in-5 problems is
// answered by a refutation that the test's own solver confirms: after
// it there is no mate within the plies left.
func TestWrongCheckRefutation(t *testing.T) {
	ps := testProblems(t)
	s, _ := newTestServer(t, Limits{})
	full, quick := newSolver(t, false), newSolver(t, true)
	wrong := 0
	for id := 7; id <= len(ps); id++ {
		p := ps[id-1].Position
		plies := ps[id-1].Stipulation.Plies
		sol, err := full.Solve(context.Background(), &p)
		if err != nil || !sol.SoundnessChecked {
			t.Fatalf("problem %d: %v, %+v", id, err, sol)
		}
		good := map[shogi.Move]bool{sol.PV[0]: true}
		for _, a := range sol.Alternatives {
			if a.Ply == 0 {
				good[a.Move] = true
			}
		}
		for _, c := range p.Checks(nil) {
			a, code := post(t, s, id, nil, c.String())
			if code != 200 {
				t.Fatalf("problem %d, check %s: status %d", id, c, code)
			}
			if good[c] {
				if a.Result != resultCorrect {
					t.Errorf("problem %d: %s mates in time, the server says %s", id, c, a.Result)
				}
				continue
			}
			q := p
			q.DoMove(c)
			if len(q.Evasions(nil)) == 0 {
				if a.Result != resultSolved {
					t.Errorf("problem %d: %s mates at once, the server says %s", id, c, a.Result)
				}
				continue
			}
			wrong++
			r, err := q.ParseUSIMove(a.Reply)
			if a.Result != resultWrong || err != nil || a.Reason != reasonOf(&q, r) {
				t.Fatalf("problem %d, check %s: %+v (%v)", id, c, a, err)
			}
			e := q
			e.DoMove(r)
			within, err := quick.MateWithin(context.Background(), &e, plies-2)
			if err != nil {
				t.Fatal(err)
			}
			if within.Status != mate.NoMate {
				t.Errorf("problem %d, check %s, refutation %s: mate within %d plies after it: %+v", id, c, r, plies-2, within)
			}
			if a.NoMate || a.MateAfter > 0 {
				after, err := quick.Solve(context.Background(), &e)
				if err != nil || a.NoMate && after.Status != mate.NoMate || a.MateAfter > 0 && (after.Length != a.MateAfter || a.MateAfter <= plies-2) {
					t.Errorf("problem %d, check %s, refutation %s: %+v, but the solver finds %v in %d plies", id, c, r, a, after.Status, after.Length)
				}
			}
		}
	}
	if wrong < 20 {
		t.Errorf("only %d wrong checks tried", wrong)
	}
}

func TestMoveErrors(t *testing.T) {
	s, _ := newTestServer(t, Limits{})
	line := testProblems(t)[6].Line // problem 7, a mate-in-3
	m0, m1 := line[0].String(), line[1].String()
	for _, c := range []struct {
		body   any
		status int
		field  string
	}{
		{moveRequest{Move: "zz"}, 422, "move"},
		{moveRequest{Move: "5a5a"}, 422, "move"},
		{moveRequest{Move: "G*5b"}, 422, "move"}, // no gold in hand
		{moveRequest{Move: ""}, 400, "move"},
		{moveRequest{Moves: []string{"9i9h"}, Move: m0}, 422, "moves"},
		{moveRequest{Moves: []string{m0}, Move: m1}, 422, "moves"},                        // the defender is to move
		{moveRequest{Moves: []string{m0, m1, line[2].String()}, Move: "x"}, 422, "moves"}, // the problem is over
		{moveRequest{Moves: []string{"5a5c", "4b3c"}, Move: m0}, 422, "moves"},            // not a check in the history
		{`{"moves": [], "move": "` + m0 + `", "spare": true}`, 400, "body"},
		{`{"moves": "2a3b", "move": "x"}`, 400, "moves"},
		{`[]`, 400, "body"},
		{`not json`, 400, "body"},
	} {
		w := do(t, s, "POST", "/api/v1/problems/7/move", c.body)
		wantError(t, w, c.status, c.field)
	}
}

// The searches are bounded: a budget too small for an answer gives 503,
// never a wrong judgement; so does a request whose context has ended.
// The main line needs no search.
func TestMoveBudget(t *testing.T) {
	bench, err := problem.ReadTSV(bytes.NewReader(mate.BenchList()), "bench")
	if err != nil {
		t.Fatal(err)
	}
	var classic problem.Problem
	for _, p := range bench {
		if p.ID == "zukou-085" { // 15 plies: thousands of nodes
			classic = p
		}
	}
	classic.Verdict = "sound"
	st := &fakeStore{mem: NewMemoryStore([]problem.Problem{classic})}
	s, err := New(Config{Store: st, IsNotFound: func(err error) bool { return errors.Is(err, errNotFound) }, Limits: Limits{Nodes: 1}, Log: discardLogger()})
	if err != nil {
		t.Fatal(err)
	}
	first := classic.Line[0]
	if a, code := post(t, s, 1, nil, first.String()); code != 200 || a.Result != resultCorrect || a.Reply != classic.Line[1].String() {
		t.Errorf("the main line's move: status %d, %+v", code, a)
	}
	for _, c := range classic.Position.Checks(nil) {
		if c != first {
			wantError(t, do(t, s, "POST", "/api/v1/problems/1/move", moveRequest{Move: c.String()}), http.StatusServiceUnavailable, "")
			break
		}
	}
	// Without a main line to trust, a hint is searched.
	st.mem.entries[0].Problem.Verdict = ""
	wantError(t, do(t, s, "GET", "/api/v1/problems/1/hint", nil), http.StatusServiceUnavailable, "")

	s, _ = newTestServer(t, Limits{})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	data, _ := json.Marshal(moveRequest{Move: "3a3b"})
	req := httptest.NewRequest("POST", "/api/v1/problems/7/move", bytes.NewReader(data)).WithContext(ctx)
	req.Header.Set("Content-Type", "application/json")
	w := httptest.NewRecorder()
	s.ServeHTTP(w, req)
	wantError(t, w, http.StatusServiceUnavailable, "")
}

// A problem with other mating first moves (余詰): each is correct, and
// answered with the longest defence.
func TestAlternativeMove(t *testing.T) {
	full, quick := newSolver(t, false), newSolver(t, true)
	var ps []problem.Problem
	var alts [][]shogi.Move
	for _, sfen := range []string{"7kB/9/5N3/6+R2/9/9/9/9/9 b S 1", "5+B1k1/9/9/6B2/9/9/9/9/9 b LP 1", "8k/9/9/6RB1/9/9/9/9/9 b S 1"} {
		p, err := shogi.ParseSFEN(sfen)
		if err != nil {
			t.Fatal(err)
		}
		if p, err = mate.WithRemainingHand(&p); err != nil {
			t.Fatal(err)
		}
		sol, err := full.Solve(context.Background(), &p)
		if err != nil || sol.Status != mate.Mate || !sol.SoundnessChecked {
			t.Fatalf("%s: %v %+v", sfen, err, sol)
		}
		var as []shogi.Move
		for _, a := range sol.Alternatives {
			if a.Ply == 0 {
				as = append(as, a.Move)
			}
		}
		if len(as) > 0 {
			ps = append(ps, problem.Problem{Position: p, Stipulation: problem.MateIn(sol.Length), Line: sol.PV})
			alts = append(alts, as)
		}
	}
	if len(ps) == 0 {
		t.Fatal("no problem with another first move")
	}
	s, err := New(Config{Store: NewMemoryStore(ps), Log: discardLogger()})
	if err != nil {
		t.Fatal(err)
	}
	tried := 0
	for i, p := range ps {
		rem := p.Stipulation.Plies
		for _, m := range alts[i] {
			a, code := post(t, s, i+1, nil, m.String())
			d := p.Position
			d.DoMove(m)
			if len(d.Evasions(nil)) == 0 {
				continue
			}
			tried++
			if code != 200 || a.Result != resultCorrect {
				t.Errorf("%s, the other mate %s: status %d, %+v", p.Position.SFEN(), m, code, a)
				continue
			}
			length := func(r shogi.Move) int {
				e := d
				e.DoMove(r)
				sol, err := quick.Solve(context.Background(), &e)
				if err != nil || sol.Status != mate.Mate {
					return 1 << 20 // no mate: longer than any
				}
				return sol.Length
			}
			r, err := d.ParseUSIMove(a.Reply)
			if err != nil {
				t.Fatal(err)
			}
			got := length(r)
			if got > rem-2 {
				t.Errorf("%s, %s: after the reply %s the mate takes %d plies, more than %d", p.Position.SFEN(), m, r, got, rem-2)
			}
			for _, o := range d.Evasions(nil) {
				if l := length(o); !mate.IsFutileInterposition(&d, o) && l > got && l <= rem-2 {
					t.Errorf("%s, %s: the reply %s (mate in %d) is not the longest: %s (mate in %d)", p.Position.SFEN(), m, r, got, o, l)
				}
			}
		}
	}
	if tried == 0 {
		t.Error("no other first move that does not mate at once")
	}
}
