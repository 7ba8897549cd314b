package verdict

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
)

// alongSolver returns a solver of solve --along's options under rule,
// the hands as they are.
func alongSolver(t *testing.T, rule mate.FutileRule) *mate.Solver {
	t.Helper()
	s, err := mate.NewSolver(mate.SolverOptions{HashMB: 16, Futile: rule, DefenderHand: mate.AsGiven, SkipSoundness: true, ProofSpare: true})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// follow makes with s the searches of solve --along along line from p:
// the bound (every reply off the line kept), the search for a mate two
// plies shorter than the line, the attacker's alternatives.
func follow(t *testing.T, s *mate.Solver, p *shogi.Position, line []shogi.Move) *Followed {
	t.Helper()
	var off []OffLine
	r, err := s.BoundAlong(context.Background(), p, line, func(ply int, m shogi.Move, sol *mate.Solution) {
		off = append(off, OffLine{Ply: ply, Move: m, Sol: sol})
	})
	if err != nil || r.Status != mate.Mate {
		t.Fatalf("%s: bound %+v, %v", p.SFEN(), r, err)
	}
	f := &Followed{Along: r, Off: off}
	if len(line) >= 3 {
		if f.Shorter, err = s.MateWithin(context.Background(), p, len(line)-2); err != nil {
			t.Fatal(err)
		}
	}
	if f.Alternatives, f.AlternativesChecked, err = s.AlternativesAlong(context.Background(), p, line, r.Rest); err != nil || !f.AlternativesChecked {
		t.Fatalf("%s: alternatives %v, checked %v", p.SFEN(), err, f.AlternativesChecked)
	}
	return f
}

// along returns the alternatives mate.Solver.AlternativesAlong finds
// along line from p (the hands as they are), classed by ClassifyAlong,
// and the bound the line proves.
func along(t *testing.T, p *shogi.Position, line []shogi.Move, rule mate.FutileRule) ([]Finding, int) {
	t.Helper()
	f := follow(t, alongSolver(t, rule), p, line)
	fs, err := ClassifyAlong(&f.Along.Position, line, f.Alternatives, f.Along.Rest, rule)
	if err != nil {
		t.Fatal(err)
	}
	return fs, f.Along.Length
}

// benchLines returns the solver's exact solutions of the benchmark's
// problems up to 9 plies, under the default futile rule.
func benchLines(t *testing.T) []*mate.Solution {
	t.Helper()
	list, err := problem.ReadTSV(bytes.NewReader(mate.BenchList()), "bench")
	if err != nil {
		t.Fatal(err)
	}
	s, err := mate.NewSolver(mate.SolverOptions{HashMB: 16, MaxNodes: 2_000_000})
	if err != nil {
		t.Fatal(err)
	}
	var sols []*mate.Solution
	for _, pr := range list {
		if pr.Stipulation.Plies > 9 {
			continue
		}
		sol, err := s.Solve(context.Background(), &pr.Position)
		if err != nil {
			t.Fatal(err)
		}
		if sol.Status == mate.Mate && sol.LengthExact && sol.SoundnessChecked {
			sols = append(sols, sol)
		}
	}
	if len(sols) < 5 {
		t.Fatalf("only %d bench problems solved", len(sols))
	}
	return sols
}

// attackers returns v's findings on the attacker's alternatives.
func attackers(v *Verdict) []Finding {
	var fs []Finding
	for _, f := range v.Findings {
		switch f.Class {
		case Cook, LastMoveCook, NonUnique, Transposition:
			fs = append(fs, f)
		}
	}
	return fs
}

// sameFindings checks that got, from ClassifyAlong, classes the same
// moves at the same plies as want, from a verdict.
func sameFindings(t *testing.T, name string, got, want []Finding) {
	t.Helper()
	want = slices.Clone(want)
	slices.SortStableFunc(want, func(a, b Finding) int {
		return cmp.Or(a.Ply-b.Ply, strings.Compare(a.Move.String(), b.Move.String()))
	})
	if len(got) != len(want) {
		t.Fatalf("%s: along %d findings %+v, the verdict %d %+v", name, len(got), got, len(want), want)
	}
	for i, g := range got {
		w := want[i]
		if g.Class != w.Class || g.Severity != w.Severity || g.Ply != w.Ply || g.Move != w.Move || g.Main != w.Main || g.Rejoin != w.Rejoin {
			t.Errorf("%s: finding %d along %s %s at ply %d (%v, rejoin %d), the verdict %s %s at ply %d (%v, rejoin %d)",
				name, i, g.Class, g.Move, g.Ply, g.Severity, g.Rejoin, w.Class, w.Move, w.Ply, w.Severity, w.Rejoin)
		}
		if !g.Bound || g.Length < g.MainLength {
			t.Errorf("%s: finding %d length %d (bound %v) against the line's %d: want a bound no shorter", name, i, g.Length, g.Bound, g.MainLength)
		}
	}
}

// Along a stated line with every kind of alternative, the classes are
// JudgeLine's: ▲1三竜 first transposes (手順前後), ▲5一飛 is the other
// promotion choice (非限定), ▲3一竜 and ▲4一竜 at ply 3 are other
// ways (余詰).
func TestClassifyAlongStatedLine(t *testing.T) {
	p, line, v := judgeLine(t, "8k/5g3/6+R2/8+B/9/4R4/9/9/9 b - 1", "5f5a+ 4b4a 3c1c 1a2a 5a4a")
	got, n := along(t, p, line, mate.Count)
	if n != 5 {
		t.Errorf("bound %d, want 5", n)
	}
	sameFindings(t, "stated line", got, attackers(v))
	if len(got) == 0 || got[0].Class != Transposition || got[0].Rejoin != 4 {
		t.Errorf("first finding %+v, want 手順前後 rejoining after ply 4", got)
	}
}

// Along the solver's own exact line, the classes are Judge's: 非限定 by
// another square and by the ranged piece's distance, 最終手余詰.
func TestClassifyAlongSolversLine(t *testing.T) {
	for _, sfen := range []string{
		"7k1/9/6+S2/5+R2g/9/9/9/9/9 b N 1",
		"6k2/8p/9/5+R3/9/5N1+S1/9/9/9 b SL 1",
		"8k/5g3/6+R2/8+B/9/4R4/9/9/9 b - 1",
	} {
		sol, v := judgeAsGiven(t, sfen)
		got, n := along(t, &sol.Position, sol.PV, mate.Count)
		if n != sol.Length {
			t.Errorf("%s: bound %d, want %d", sfen, n, sol.Length)
		}
		sameFindings(t, sfen, got, attackers(v))
	}
}

// Along the exact main lines of the benchmark's problems up to 9 plies,
// under the default futile rule, the classes are Judge's.
func TestClassifyAlongBench(t *testing.T) {
	classes := map[Class]int{}
	for _, sol := range benchLines(t) {
		v, err := Judge(context.Background(), sol, Options{Futile: mate.Discount, HashMB: 16, MaxNodes: 2_000_000})
		if err != nil {
			t.Fatal(err)
		}
		got, _ := along(t, &sol.Position, sol.PV, mate.Discount)
		sameFindings(t, sol.Position.SFEN(), got, attackers(v))
		for _, f := range got {
			classes[f.Class]++
		}
	}
	if classes[NonUnique] == 0 || classes[LastMoveCook] == 0 {
		t.Errorf("classes along the bench %v: want 非限定 and 最終手余詰 among them, or the test proves little", classes)
	}
	t.Logf("classes along the bench: %v", classes)
}

// An alternative proven to mate in fewer plies than the line from its
// ply is a shorter mate (早詰) with its proof's length, and the other
// alternatives at that ply are left out, as JudgeLine names only the
// shortest mates at a node that has one; one as long as the line is
// classed as before. (The lengths are given here: S*3c mates in 3, as
// the line N*3d does, and 6c4c within the bound, 7.)
func TestClassifyAlongShorterProof(t *testing.T) {
	p, line, _ := judgeLine(t, "9/5k3/3+R5/9/7B1/9/9/9/9 b SN 1", "N*3d 4b5a S*4b")
	q := *p
	s3c, err := q.ParseUSIMove("S*3c")
	if err != nil {
		t.Fatal(err)
	}
	r6c4c, err := q.ParseUSIMove("6c4c")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		length int
		want   string
	}{
		{3, "[{1 6c4c 余詰 7} {1 S*3c 余詰 7}]"},
		{1, "[{1 S*3c 早詰 1}]"},
	} {
		alts := []mate.Alternative{{Ply: 0, Move: s3c, Length: c.length}, {Ply: 0, Move: r6c4c, Length: 7}}
		fs, err := ClassifyAlong(p, line, alts, []int{7, 1}, mate.Count)
		if err != nil {
			t.Fatal(err)
		}
		type finding struct {
			ply    int
			move   string
			class  Class
			length int
		}
		var got []finding
		for _, f := range fs {
			got = append(got, finding{f.Ply, f.Move.String(), f.Class, f.Length})
		}
		if g := fmt.Sprint(got); g != c.want {
			t.Errorf("S*3c proven in %d: %s, want %s", c.length, g, c.want)
		}
	}
}

// Bad input is an error, not a panic.
func TestClassifyAlongBadInput(t *testing.T) {
	p, line, _ := judgeLine(t, "8k/5g3/6+R2/8+B/9/4R4/9/9/9 b - 1", "5f5a+ 4b4a 3c1c 1a2a 5a4a")
	if _, err := ClassifyAlong(p, []shogi.Move{line[1]}, nil, []int{1}, mate.Count); err == nil {
		t.Error("a line starting with the defender's move: no error")
	}
	bad := []mate.Alternative{{Ply: 1, Move: line[1]}}
	if _, err := ClassifyAlong(p, line, bad, []int{5, 3, 1}, mate.Count); err == nil {
		t.Error("an alternative at a defender ply: no error")
	}
	far := []mate.Alternative{{Ply: 4, Move: line[4]}}
	if _, err := ClassifyAlong(p, line, far, []int{5}, mate.Count); err == nil {
		t.Error("an alternative beyond the bounds: no error")
	}
}

// judgeAlong judges line from p (the hands as they are) by JudgeAlong,
// from the searches of a bound along it, as solve --along makes them.
func judgeAlong(t *testing.T, p *shogi.Position, line []shogi.Move, rule mate.FutileRule) *Verdict {
	t.Helper()
	s := alongSolver(t, rule)
	v, err := JudgeAlong(context.Background(), s, line, follow(t, s, p, line), rule)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// sameVerdict checks that got, from JudgeAlong, has the overall verdict
// and the findings of want, from JudgeLine: the same classes, moves,
// plies and severities (the lengths of the attacker's alternatives are
// bounds along the line, JudgeLine's exact).
func sameVerdict(t *testing.T, name string, got, want *Verdict) {
	t.Helper()
	if got.Overall != want.Overall || len(got.Findings) != len(want.Findings) {
		t.Fatalf("%s: along %s %+v, JudgeLine %s %+v", name, got.Overall, got.Findings, want.Overall, want.Findings)
	}
	for i, g := range got.Findings {
		w := want.Findings[i]
		if g.Class != w.Class || g.Severity != w.Severity || g.Ply != w.Ply || g.Move != w.Move || g.Undecided != w.Undecided || g.Spare != w.Spare {
			t.Errorf("%s: finding %d along %s %s at ply %d (%v), JudgeLine %s %s at ply %d (%v)", name, i, g.Class, g.Move, g.Ply, g.Severity, w.Class, w.Move, w.Ply, w.Severity)
		}
		if g.Class != Cook && g.Class != NonUnique && g.Class != Transposition && g.Class != LastMoveCook && g.Length != w.Length {
			t.Errorf("%s: finding %d (%s at ply %d) of %d plies along, %d by JudgeLine", name, i, g.Class, g.Ply, g.Length, w.Length)
		}
	}
}

// A stated line judged from its bound's searches gets JudgeLine's
// verdict: 手順前後, 余詰, 非限定 and 駒余り on one line; 2手長駒余り
// (tolerated) and 最終手余詰 on another; 変長 of three king moves and 最終手余詰
// on a third.
func TestJudgeAlongStatedLines(t *testing.T) {
	for _, c := range []struct{ sfen, moves string }{
		{"8k/5g3/6+R2/8+B/9/4R4/9/9/9 b - 1", "5f5a+ 4b4a 3c1c 1a2a 5a4a"},
		{"7n1/5L3/6k2/4+B1g2/9/8+R/9/9/9 b R 1", "R*3a 3c4b 1f1b 4b3a 5d3b"},
		{"9/5k3/3+R5/9/7B1/9/9/9/9 b SN 1", "N*3d 4b5a S*4b"},
	} {
		p, line, want := judgeLine(t, c.sfen, c.moves)
		sameVerdict(t, c.moves, judgeAlong(t, p, line, mate.Count), want)
	}
}

// A line longer than the shortest mate: 早詰 at ply 1, unsound.
func TestJudgeAlongShorterMate(t *testing.T) {
	p, line, _ := judgeLine(t, "9/7k1/9/8+R/5R3/9/9/9/9 b - 1", "1d2d 2b3b 2d3d 3b2a 4e2e 2a1a 3d1d")
	v := judgeAlong(t, p, line, mate.Count)
	if v.Overall != Unsound || len(v.Findings) == 0 || v.Findings[0].Class != ShorterMate || v.Findings[0].Ply != 1 || v.Findings[0].Length > 5 {
		t.Errorf("verdict %s %+v, want unsound with 早詰 at ply 1 within 5 plies", v.Overall, v.Findings)
	}
}

// Along the exact main lines of the benchmark's problems up to 9 plies,
// under the default futile rule, the verdict is JudgeLine's.
func TestJudgeAlongBench(t *testing.T) {
	if testing.Short() {
		t.Skip("judges the benchmark's problems twice")
	}
	judged := map[Overall]int{}
	for _, sol := range benchLines(t) {
		want, err := JudgeLine(context.Background(), &sol.Position, sol.PV, Options{Futile: mate.Discount, HashMB: 16, MaxNodes: 2_000_000})
		if err != nil {
			t.Fatal(err)
		}
		got := judgeAlong(t, &sol.Position, sol.PV, mate.Discount)
		sameVerdict(t, sol.Position.SFEN(), got, want)
		judged[got.Overall]++
	}
	if len(judged) < 2 {
		t.Errorf("verdicts along the bench %v: want more than one kind, or the test proves little", judged)
	}
	t.Logf("verdicts along the bench: %v", judged)
}
