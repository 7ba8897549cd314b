package verdict

import (
	"bytes"
	"cmp"
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
)

// along returns the alternatives mate.Solver.AlternativesAlong finds
// along line from p (the hands as they are), classed by ClassifyAlong,
// and the bound the line proves.
func along(t *testing.T, p *shogi.Position, line []shogi.Move, rule mate.FutileRule) ([]Finding, int) {
	t.Helper()
	s, err := mate.NewSolver(mate.SolverOptions{HashMB: 16, Futile: rule, DefenderHand: mate.AsGiven, SkipSoundness: true})
	if err != nil {
		t.Fatal(err)
	}
	r, err := s.BoundAlong(context.Background(), p, line, nil)
	if err != nil || r.Status != mate.Mate {
		t.Fatalf("%s: bound %+v, %v", p.SFEN(), r, err)
	}
	alts, checked, err := s.AlternativesAlong(context.Background(), p, line, r.Rest)
	if err != nil || !checked {
		t.Fatalf("%s: alternatives %v, checked %v", p.SFEN(), err, checked)
	}
	fs, err := ClassifyAlong(&r.Position, line, alts, r.Rest, rule)
	if err != nil {
		t.Fatal(err)
	}
	return fs, r.Length
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
	list, err := problem.ReadTSV(bytes.NewReader(mate.BenchList()), "bench")
	if err != nil {
		t.Fatal(err)
	}
	s, err := mate.NewSolver(mate.SolverOptions{HashMB: 16, MaxNodes: 2_000_000})
	if err != nil {
		t.Fatal(err)
	}
	classes := map[Class]int{}
	for _, pr := range list {
		if pr.Stipulation.Plies > 9 {
			continue
		}
		sol, err := s.Solve(context.Background(), &pr.Position)
		if err != nil {
			t.Fatal(err)
		}
		if sol.Status != mate.Mate || !sol.LengthExact || !sol.SoundnessChecked {
			continue
		}
		v, err := Judge(context.Background(), sol, Options{Futile: mate.Discount, HashMB: 16, MaxNodes: 2_000_000})
		if err != nil {
			t.Fatal(err)
		}
		got, _ := along(t, &sol.Position, sol.PV, mate.Discount)
		sameFindings(t, pr.ID, got, attackers(v))
		for _, f := range got {
			classes[f.Class]++
		}
	}
	if classes[NonUnique] == 0 || classes[LastMoveCook] == 0 {
		t.Errorf("classes along the bench %v: want 非限定 and 最終手余詰 among them, or the test proves little", classes)
	}
	t.Logf("classes along the bench: %v", classes)
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
