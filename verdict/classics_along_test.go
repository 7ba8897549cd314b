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
// after ply 14 (手順前後); 図巧68's 5e2e at ply 25 and 図巧82's 4d6b at ply 3
// are other ways (余詰).
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
		{"図巧82", "[3 4d6b 余詰 0 21 7a8a 最終手余詰 0]"},
	} {
		p := byID[c.id]
		if p == nil {
			t.Fatalf("no problem %s", c.id)
		}
		r, err := s.BoundAlong(context.Background(), &p.Position, p.Line, nil)
		if err != nil || r.Status != mate.Mate {
			t.Fatalf("%s: bound %v, %v", c.id, r.Status, err)
		}
		alts, checked, err := s.AlternativesAlong(context.Background(), &p.Position, p.Line, r.Rest)
		if err != nil || !checked {
			t.Fatalf("%s: alternatives %v, checked %v", c.id, err, checked)
		}
		fs, err := ClassifyAlong(&r.Position, p.Line, alts, r.Rest, mate.Discount)
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
