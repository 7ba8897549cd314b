package report_test

import (
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/report"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
	"github.com/tsume-shogi/tsume/verdict"
)

// TestNewAssessment checks that each finding's move is written in the
// position of its ply, with 同 after the line's move before it, and that
// a finding without a move has none.
func TestNewAssessment(t *testing.T) {
	p := mustSFEN(t, "7k1/9/6+S2/5+R2g/9/9/9/9/9 b N 1")
	line := moves(t, p, "4d4a", "2a1b", "4a3b", "1b1a", "N*2c")
	q := p
	for _, m := range line[:4] {
		q.DoMove(m)
	}
	alt, err := q.ParseUSIMove("3c2b")
	if err != nil {
		t.Fatal(err)
	}
	v := &verdict.Verdict{
		Overall: verdict.Unsound, Line: line, Length: 5,
		Findings: []verdict.Finding{
			{Class: verdict.LastMoveCook, Ply: 5, Move: alt, Main: line[4], MainLength: 1, Length: 1},
			{Class: verdict.Leftover, Severity: verdict.Flaw, Ply: 5, Main: line[4], MainLength: 1, Spare: variant.Hand(0).Add(shogi.Pawn)},
		},
	}
	a := report.NewAssessment(v, &p)
	if a.Overall != "unsound" || len(a.Findings) != 2 {
		t.Fatalf("%+v", a)
	}
	f := a.Findings[0]
	if f.Class != "最終手余詰" || f.Severity != "tolerated" || f.Move != "3c2b" || f.MoveJA != "▲２二成銀" || f.Main != "N*2c" {
		t.Errorf("finding %+v", f)
	}
	g := a.Findings[1]
	if g.Move != "" || g.MoveJA != "" || g.Spare != "P" || !strings.Contains(g.Text, "駒余り") {
		t.Errorf("finding %+v", g)
	}
	// 同: the defender's reply to the square of the attacker's move.
	r := mustSFEN(t, "8k/9/9/9/9/9/9/9/9 b R 1")
	rl := moves(t, r, "R*1b")
	r2 := r
	r2.DoMove(rl[0])
	cap, err := r2.ParseUSIMove("1a1b")
	if err != nil {
		t.Fatal(err)
	}
	b := report.NewAssessment(&verdict.Verdict{Line: rl, Findings: []verdict.Finding{{Class: verdict.EqualVariation, Ply: 2, Move: cap}}}, &r)
	if got := b.Findings[0].MoveJA; !strings.Contains(got, "同") {
		t.Errorf("move_ja %q, want 同", got)
	}
}
