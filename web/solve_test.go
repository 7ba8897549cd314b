package web

import (
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/record"
	"github.com/tsume-shogi/tsume/report"
	"github.com/tsume-shogi/tsume/shogi"
)

func TestSolve(t *testing.T) {
	s, _ := newTestServer(t, Limits{})
	p := testProblems(t)[12] // a mate-in-5
	sfen := p.Position.SFEN()
	kif, err := record.KIF(&p.Position, p.Line[:2], nil, false)
	if err != nil {
		t.Fatal(err)
	}
	ki2, err := record.KI2(&p.Position, p.Line[:2], nil, false)
	if err != nil {
		t.Fatal(err)
	}
	csa, err := record.CSA(&p.Position, p.Line[:2], nil, false)
	if err != nil {
		t.Fatal(err)
	}
	// The records hold the problem and its first two plies: a KIF, KI2
	// or CSA record is solved from its start, a USI line after its moves.
	usi := "position sfen " + sfen + " moves " + p.Line[0].String() + " " + p.Line[1].String()
	for _, c := range []struct {
		name, input, format string
		plies               int
	}{
		{"sfen", sfen, "SFEN", 5},
		{"usi", usi, "USI", 3},
		{"kif", kif, "KIF", 5},
		{"ki2", ki2, "KI2", 5},
		{"csa", csa, "CSA", 5},
	} {
		var a struct {
			Format   string          `json:"format"`
			SFEN     string          `json:"sfen"`
			BoardSVG string          `json:"board_svg"`
			Solution report.Solution `json:"solution"`
			KIF      string          `json:"kif"`
		}
		w := do(t, s, "POST", "/api/v1/solve", solveRequest{Input: c.input})
		decode(t, w, &a)
		sol := a.Solution
		if w.Code != 200 || a.Format != c.format || sol.Status != "mate" || sol.Length != c.plies || len(sol.PV) != c.plies || len(sol.PVJA) != c.plies {
			t.Errorf("%s: status %d, format %s, %+v", c.name, w.Code, a.Format, sol)
			continue
		}
		if sol.Verdict == nil || sol.Verdict.Overall != "sound" {
			t.Errorf("%s: verdict %+v", c.name, sol.Verdict)
		}
		if !strings.Contains(a.BoardSVG, "<desc>SFEN "+a.SFEN+"</desc>") {
			t.Errorf("%s: the board is not of %s", c.name, a.SFEN)
		}
		g, err := record.ReadKIF([]byte(a.KIF))
		if err != nil || len(g.Moves) != c.plies || board(g.Start.SFEN()) != board(a.SFEN) || !strings.Contains(a.KIF, "詰み") {
			t.Errorf("%s: the KIF does not read back (%v):\n%s", c.name, err, a.KIF)
		}
	}
	// A record's later position, by ply.
	two := 2
	var a struct {
		Solution report.Solution `json:"solution"`
	}
	decode(t, do(t, s, "POST", "/api/v1/solve", solveRequest{Input: usi, Ply: &two}), &a)
	if a.Solution.Length != 3 {
		t.Errorf("ply 2: %+v", a.Solution)
	}
	zero := 0
	decode(t, do(t, s, "POST", "/api/v1/solve", solveRequest{Input: usi, Ply: &zero}), &a)
	if a.Solution.Length != 5 {
		t.Errorf("ply 0: %+v", a.Solution)
	}
	// No mate.
	var no struct {
		Solution report.Solution `json:"solution"`
	}
	decode(t, do(t, s, "POST", "/api/v1/solve", solveRequest{Input: "4k4/9/4P4/9/9/9/9/9/9 b - 1", Hand: "as-given"}), &no)
	if no.Solution.Status != "nomate" || no.Solution.Verdict != nil || no.Solution.DefenderHand != "as-given" {
		t.Errorf("no mate: %+v", no.Solution)
	}
}

// board returns an SFEN without its move number.
func board(sfen string) string {
	f := strings.Fields(sfen)
	return strings.Join(f[:min(len(f), 3)], " ")
}

func TestSolveErrors(t *testing.T) {
	s, _ := newTestServer(t, Limits{})
	nine := 9
	for _, c := range []struct {
		name   string
		body   any
		status int
		field  string
	}{
		{"empty", solveRequest{Input: "  \n"}, 400, "input"},
		{"bad sfen", solveRequest{Input: "4k4/9/9/9/9/9/9/9/10 b G 1"}, 422, "input"},
		{"sfen junk", solveRequest{Input: "4k4/9/9/9/9/9/9/9/9 b G 1 junk"}, 422, "input"},
		{"bad usi move", solveRequest{Input: "position sfen 4k4/9/9/9/9/9/9/9/9 b G 1 moves G*5j"}, 422, "input"},
		{"illegal usi move", solveRequest{Input: "position sfen 4k4/9/9/9/9/9/9/9/9 b G 1 moves G*5a"}, 422, "input"},
		{"not a record", solveRequest{Input: "hello, world"}, 422, "input"},
		{"no defender king", solveRequest{Input: "9/9/9/9/9/9/9/9/4K4 b G 1"}, 422, "input"},
		{"too many pieces", solveRequest{Input: "4k4/9/9/9/9/9/9/9/9 b 19P 1"}, 422, "input"},
		{"bad hand", solveRequest{Input: "4k4/9/9/9/9/9/9/9/9 b G 1", Hand: "all"}, 400, "hand"},
		{"bad ply", solveRequest{Input: "4k4/9/9/9/9/9/9/9/9 b G 1", Ply: &nine}, 400, "ply"},
		{"unknown field", `{"input": "4k4/9/9/9/9/9/9/9/9 b G 1", "depth": 3}`, 400, "body"},
		{"input not a string", `{"input": 3}`, 400, "input"},
	} {
		w := do(t, s, "POST", "/api/v1/solve", c.body)
		if w.Code != c.status {
			t.Errorf("%s: status %d, want %d: %s", c.name, w.Code, c.status, w.Body)
			continue
		}
		wantError(t, w, c.status, c.field)
	}
}

// TestSolveLineAndDetails: the answer gives the position after each ply
// of the main line, for the page to step through, and each finding's
// detail, its text without the class, for the page to list the findings
// under their class.
func TestSolveLineAndDetails(t *testing.T) {
	s, _ := newTestServer(t, Limits{})
	// The README's mate-in-3: six 非限定 at ply 1 and a 最終手余詰.
	var a solveAnswer
	decode(t, do(t, s, "POST", "/api/v1/solve", solveRequest{Input: "8k/9/9/7Rs/9/9/9/9/9 b B 1"}), &a)
	sol := a.Solution
	if sol == nil || sol.Status != "mate" || len(a.LineSFENs) != len(sol.PV)+1 || a.LineSFENs[0] != a.SFEN {
		t.Fatalf("%d positions for %+v", len(a.LineSFENs), sol)
	}
	p, err := shogi.ParseSFEN(a.SFEN)
	if err != nil {
		t.Fatal(err)
	}
	for i, u := range sol.PV {
		m, err := p.ParseUSIMove(u)
		if err != nil {
			t.Fatalf("ply %d: %v", i+1, err)
		}
		p.DoMove(m)
		if a.LineSFENs[i+1] != p.SFEN() {
			t.Errorf("after ply %d: %s, want %s", i+1, a.LineSFENs[i+1], p.SFEN())
		}
	}
	fs := sol.Verdict.Findings
	if len(fs) != 7 || len(a.Details) != len(fs) {
		t.Fatalf("%d details for %d findings", len(a.Details), len(fs))
	}
	for i, f := range fs {
		if d := a.Details[i]; f.Text != f.Class+" ("+f.ClassEN+"): "+d || strings.Contains(d, f.Class) {
			t.Errorf("finding %d: detail %q of %q", i, d, f.Text)
		}
	}
	// No mate: the one position, no details.
	decode(t, do(t, s, "POST", "/api/v1/solve", solveRequest{Input: "4k4/9/4P4/9/9/9/9/9/9 b - 1", Hand: "as-given"}), &a)
	if len(a.LineSFENs) != 1 || a.LineSFENs[0] != a.SFEN || a.Details == nil || len(a.Details) != 0 {
		t.Errorf("no mate: positions %q, details %q", a.LineSFENs, a.Details)
	}
}
