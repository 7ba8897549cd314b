package report_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/report"
	"github.com/tsume-shogi/tsume/shogi"
)

func mustSFEN(t testing.TB, s string) shogi.Position {
	t.Helper()
	p, err := shogi.ParseSFEN(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func moves(t testing.TB, p shogi.Position, usi ...string) []shogi.Move {
	t.Helper()
	var ms []shogi.Move
	for _, s := range usi {
		m, err := p.ParseUSIMove(s)
		if err != nil {
			t.Fatal(err)
		}
		ms = append(ms, m)
		p.DoMove(m)
	}
	return ms
}

func ExampleLine() {
	p, _ := shogi.ParseSFEN("startpos")
	var line []shogi.Move
	q := p
	for _, s := range []string{"7g7f", "3c3d", "8h2b+", "3a2b"} {
		m, err := q.ParseUSIMove(s)
		if err != nil {
			panic(err)
		}
		line = append(line, m)
		q.DoMove(m)
	}
	usi, ja := report.Line(&p, line)
	fmt.Println(strings.Join(usi, " "))
	fmt.Println(strings.Join(ja, " "))
	// Output:
	// 7g7f 3c3d 8h2b+ 3a2b
	// ▲７六歩 △３四歩 ▲２二角成 △同　銀
}

// TestSolution checks the view of a solution: the lines, the alternatives
// in the position of their ply with 同, the leftover pieces, the options,
// and the JSON field order.
func TestSolution(t *testing.T) {
	p := mustSFEN(t, "8k/9/9/7Rs/9/9/9/9/9 b Brb4g3s4n4l18p 1")
	pv := moves(t, p, "B*3c", "1a1b", "3c2b+")
	q := p
	q.DoMove(pv[0])
	q.DoMove(pv[1])
	alt := moves(t, q, "2d2b+")[0]
	sol := &mate.Solution{
		Status: mate.Mate, Position: p, PV: pv, Length: 3, LengthExact: true,
		Nodes: 78, Unique: false, SoundnessChecked: true,
		Alternatives: []mate.Alternative{{Ply: 2, Move: alt}},
	}
	v := report.NewSolution(sol, mate.Remaining, mate.Discount)
	if got := strings.Join(v.PVJA, " "); got != "▲３三角打 △１二玉 ▲２二角成" {
		t.Errorf("pv_ja %q", got)
	}
	if len(v.Alternatives) != 1 || v.Alternatives[0] != (report.Alternative{Ply: 3, Move: "2d2b+", MoveJA: "▲２二飛成"}) {
		t.Errorf("alternatives %+v", v.Alternatives)
	}
	if v.Unique || v.LeftoverPieces != "" || v.DefenderHand != "remaining" || v.Futile != "discount" {
		t.Errorf("view %+v", v)
	}
	var b bytes.Buffer
	if err := report.WriteJSON(&b, v); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(b.String(), `{"status":"mate","length":3,"pv":["B*3c","1a1b","3c2b+"],"pv_ja":`) || strings.Count(b.String(), "\n") != 1 || strings.Contains(b.String(), `"error"`) {
		t.Errorf("JSON %s", b.String())
	}

	e := report.NewSolutionError("x", "bad SFEN", mate.AsGiven, mate.Count)
	b.Reset()
	report.WriteJSON(&b, e)
	var back map[string]any
	if err := json.Unmarshal(b.Bytes(), &back); err != nil || back["status"] != "error" || back["error"] != "bad SFEN" ||
		back["defender_hand"] != "as-given" || back["futile"] != "count" || !strings.Contains(b.String(), `"pv":[]`) {
		t.Errorf("error view %s", b.String())
	}
}

// TestVerdict checks the view of a verdict and of a line that is not an
// SFEN.
func TestVerdict(t *testing.T) {
	p := mustSFEN(t, "4k4/9/4S4/9/9/9/9/9/9 b G 1")
	v := report.NewVerdict(mate.Verify1(&p, mate.Remaining))
	if !v.Valid || len(v.Mates) != 1 || v.Mates[0] != "G*5b" || v.MatesJA[0] != "▲５二金打" ||
		v.Metrics.Legal != 89 || v.Metrics.Checks != 11 || v.Metrics.Replies != 24 || len(v.Metrics.ByCheck) != 11 {
		t.Errorf("verdict %+v", v)
	}
	for i := 1; i < len(v.Metrics.ByCheck); i++ {
		if v.Metrics.ByCheck[i-1].Move >= v.Metrics.ByCheck[i].Move {
			t.Errorf("by_check not sorted: %q before %q", v.Metrics.ByCheck[i-1].Move, v.Metrics.ByCheck[i].Move)
		}
	}
	bad := report.NewBadSFENVerdict("x", "bad SFEN", mate.Remaining)
	if bad.Valid || len(bad.ErrorCodes) != 1 || bad.ErrorCodes[0] != report.CodeBadSFEN || bad.Mates == nil || bad.Metrics.ByCheck == nil {
		t.Errorf("bad SFEN verdict %+v", bad)
	}
}
