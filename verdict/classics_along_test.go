package verdict

import (
	"context"
	"fmt"
	"testing"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/problem"
)

// Along the recorded lines of six classics, the attacker's alternatives
// get the classes a composer gives them, as the verdict gives them on
// tsume's own line where that is the record's (docs/classics-report.md,
// "Session 47"): 図巧85's 4d4c at ply 7 and 図巧33's 4c6a at ply 11 are the
// other promotion choice (非限定); 図巧52's rook may be dropped on 4a as
// well (非限定), and its 5e4f, played at ply 5 or 7, reaches the record's
// position after ply 10 (手順前後); 無双36's 4b3a at ply 11 reaches it
// after ply 14 (手順前後); 図巧68's 5e2e at ply 25 is another way (余詰);
// 図巧82's 4d6b at ply 3 mates in 17 plies where the record takes 19
// (早詰: the record is two plies longer than the problem's mate).
func TestClassicsAlongRecordClasses(t *testing.T) {
	if testing.Short() {
		t.Skip("follows six classics' records")
	}
	ps, err := problem.ReadTSVFile("../problem/testdata/classics/classics.tsv")
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]*problem.Problem{}
	for i := range ps {
		byID[ps[i].ID] = &ps[i]
	}
	s, err := mate.NewSolver(mate.SolverOptions{HashMB: 64, MaxNodes: 5_000_000, SkipSoundness: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		id   string
		want string // the findings: ply, move, class, rejoin
	}{
		{"図巧85", "[7 4d4c 非限定 8]"},
		{"図巧33", "[11 4c6a 非限定 0]"},
		{"図巧52", "[5 5e4f 手順前後 10 7 5e4f 手順前後 10 13 R*4a 非限定 0]"},
		{"無双36", "[11 4b3a 手順前後 14 37 4c5b 最終手余詰 0]"},
		{"図巧68", "[25 5e2e 余詰 0]"},
		{"図巧82", "[3 4d6b 早詰 0 21 7a8a 最終手余詰 0]"},
	} {
		p := byID[c.id]
		if p == nil {
			t.Fatalf("no problem %s", c.id)
		}
		f := follow(t, s, &p.Position, p.Line)
		fs, err := ClassifyAlong(&f.Along.Position, p.Line, f.Alternatives, f.Along.Rest, mate.Discount)
		if err != nil {
			t.Fatal(err)
		}
		var got []any
		for _, f := range fs {
			got = append(got, f.Ply, f.Move, f.Class, f.Rejoin)
		}
		if g := fmt.Sprint(got); g != c.want {
			t.Errorf("%s along its record: %s, want %s", c.id, g, c.want)
		}
	}
}

// 図巧18 judged along its record: at ply 14 the defender may interpose a
// pawn or a lance on 3d (P*3d, L*3d) and last two plies longer than the
// record, but only because the bound counts them: under the discount rule
// they are futile by capture (the record's node is mated within the
// record's plies all the same), so the verdict is run H's, two 変同 (14
// and 22); under the count rule they are 変長, each with a piece left in
// hand at the end (2手長駒余り, tolerated).
func TestClassicAlongVerdictFutileByCapture(t *testing.T) {
	ps, err := problem.ReadTSVFile("../problem/testdata/classics/classics.tsv")
	if err != nil {
		t.Fatal(err)
	}
	var p *problem.Problem
	for i := range ps {
		if ps[i].ID == "図巧18" {
			p = &ps[i]
		}
	}
	if p == nil {
		t.Fatal("no 図巧18")
	}
	for _, c := range []struct {
		rule mate.FutileRule
		want string
	}{
		{mate.Discount, "sound with blemishes [14 N*3d 変同 22 1c1b 変同]"},
		{mate.Count, "sound with blemishes [14 P*3d 変長 tolerated 14 L*3d 変長 tolerated 14 N*3d 変同 22 1c1b 変同]"},
	} {
		s, err := mate.NewSolver(mate.SolverOptions{HashMB: 64, MaxNodes: 5_000_000, SkipSoundness: true, ProofSpare: true, Futile: c.rule})
		if err != nil {
			t.Fatal(err)
		}
		f := follow(t, s, &p.Position, p.Line)
		v, err := JudgeAlong(context.Background(), s, p.Line, f, c.rule)
		if err != nil {
			t.Fatal(err)
		}
		var got []any
		for _, fd := range v.Findings {
			got = append(got, fd.Ply, fd.Move, fd.Class)
			if fd.Class == LongerVariation {
				got = append(got, fd.Severity)
			}
		}
		if g := fmt.Sprint(v.Overall, " ", got); g != c.want {
			t.Errorf("%v: %s, want %s", c.rule, g, c.want)
		}
	}
}
