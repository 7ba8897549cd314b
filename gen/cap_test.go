package gen_test

import (
	"context"
	"errors"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/gen"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
)

// The variety cap of Generator.Run: Classes, RunClasses, LooseClasses,
// HoldBack and Tally.

// emitted runs g for n problems with the workers and returns them in the
// order emitted.
func emitted(t *testing.T, g *gen.Generator, n, workers int) []problem.Problem {
	t.Helper()
	var ps []problem.Problem
	if _, err := g.Run(context.Background(), n, workers, func(p problem.Problem) error {
		ps = append(ps, p)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return ps
}

// rankFileRun runs kingSquares(5) for n problems with the workers under
// a cap of percent% on two classes a problem, its king's rank and its
// king's file, holding back what the cap turns away under holdBack.
func rankFileRun(holdBack bool, workers, n, percent int) ([]problem.Problem, gen.Stats, error) {
	g := kingSquares(5)
	g.Classes = func(p *problem.Problem) []string {
		k := p.Position.King(shogi.White)
		return []string{strconv.Itoa(k.Rank()), "file " + strconv.Itoa(k.File())}
	}
	g.ClassPercent, g.MaxDuplicates, g.HoldBack = percent, 200, holdBack
	var ps []problem.Problem
	st, err := g.Run(context.Background(), n, workers, func(p problem.Problem) error {
		ps = append(ps, p)
		return nil
	})
	return ps, st, err
}

// rankFileRuns makes rankFileRun's run of 18 problems at 20% with one
// worker and with two, and of 7 with two, checks that the two long runs
// agree and that the short one is their prefix, and returns the first.
func rankFileRuns(t *testing.T, holdBack bool) ([]problem.Problem, gen.Stats) {
	t.Helper()
	ps1, st1, err := rankFileRun(holdBack, 1, 18, 20)
	if err != nil {
		t.Fatal(err)
	}
	if short, _, err := rankFileRun(holdBack, 2, 7, 20); err != nil || !reflect.DeepEqual(short, ps1[:7]) {
		t.Errorf("a run of 7 is not the prefix of a run of 18 (%v)", err)
	}
	ps2, st2, err := rankFileRun(holdBack, 2, 18, 20)
	if err != nil || !reflect.DeepEqual(ps1, ps2) || st1 != st2 {
		t.Fatalf("1 worker and 2 differ (%v): %+v, %+v", err, st1, st2)
	}
	return ps1, st1
}

// The variety cap: of the first k problems Run emits, at most
// max(1, ClassPercent·k/100) are of one class (here two classes a
// problem: its king's rank and its king's file), the same ones for any
// number of workers and a prefix of a longer run, the others passed over
// in index order; when every class is full the run ends with
// ErrExhausted.
func TestRunVarietyCap(t *testing.T) {
	rank := func(p *problem.Problem) string { return strconv.Itoa(p.Position.King(shogi.White).Rank()) }
	file := func(p *problem.Problem) string { return "file " + strconv.Itoa(p.Position.King(shogi.White).File()) }
	ps1, st1 := rankFileRuns(t, false)
	count := map[string]int{}
	last := -1
	for k, p := range ps1 {
		for _, c := range []string{rank(&p), file(&p)} {
			count[c]++
			if limit := max(1, (k+1)*20/100); count[c] > limit {
				t.Errorf("%s: %d of the first %d problems, want at most %d", c, count[c], k+1, limit)
			}
		}
		if p.Provenance.Index <= last {
			t.Errorf("index %d after %d", p.Provenance.Index, last)
		}
		last = p.Provenance.Index
	}
	if len(ps1) != 18 || st1.Capped == 0 || st1.Problems+st1.Duplicates+st1.Capped != last+1 {
		t.Errorf("%d problems, stats %+v: want 18, some capped, every index up to %d counted", len(ps1), st1, last)
	}
	capBinds(t, ps1)
}

// The variety cap under HoldBack: as above, but a problem turned away is
// held back and emitted once the problems after it make room, out of
// index order, and never twice.
func TestRunVarietyCapHoldBack(t *testing.T) {
	rank := func(p *problem.Problem) string { return strconv.Itoa(p.Position.King(shogi.White).Rank()) }
	file := func(p *problem.Problem) string { return "file " + strconv.Itoa(p.Position.King(shogi.White).File()) }
	ps1, st1 := rankFileRuns(t, true)
	count := map[string]int{}
	indices := map[int]bool{}
	late := 0 // problems emitted after one of a higher index: held back
	for k, p := range ps1 {
		for _, c := range []string{rank(&p), file(&p)} {
			count[c]++
			if limit := max(1, (k+1)*20/100); count[c] > limit {
				t.Errorf("%s: %d of the first %d problems, want at most %d", c, count[c], k+1, limit)
			}
		}
		if indices[p.Provenance.Index] {
			t.Errorf("index %d emitted twice", p.Provenance.Index)
		}
		indices[p.Provenance.Index] = true
		if k > 0 && p.Provenance.Index < ps1[k-1].Provenance.Index {
			late++
		}
	}
	if len(ps1) != 18 || st1.Problems != 18 || late == 0 {
		t.Errorf("%d problems, stats %+v, %d emitted after a higher index: want 18, some held back and emitted", len(ps1), st1, late)
	}
	capBinds(t, ps1)
}

// Runs that share a Tally cap their problems together: the problems of
// two runs, in the order emitted, hold no class above the cap over both,
// though each run alone would; the second run's first problems are those
// its own cap would pass over, and the tally counts both runs.
func TestRunVarietyCapTally(t *testing.T) {
	rank := func(p *problem.Problem) string { return strconv.Itoa(p.Position.King(shogi.White).Rank()) }
	runs := func(tally *gen.Tally) ([]problem.Problem, []problem.Problem) {
		var out [2][]problem.Problem
		for i, seed := range []uint64{5, 6} {
			g := kingSquares(seed)
			g.Classes = func(p *problem.Problem) []string { return []string{rank(p)} }
			g.ClassPercent, g.MaxDuplicates, g.Tally = 20, 200, tally
			if _, err := g.Run(context.Background(), 5, 2, func(p problem.Problem) error {
				out[i] = append(out[i], p)
				return nil
			}); err != nil {
				t.Fatal(err)
			}
		}
		return out[0], out[1]
	}
	var tally gen.Tally
	a, b := runs(&tally)
	if tally.Problems() != 10 {
		t.Errorf("the tally counts %d problems, want 10", tally.Problems())
	}
	count := map[string]int{}
	for k, p := range append(a, b...) {
		c := rank(&p)
		count[c]++
		if limit := max(1, (k+1)*20/100); count[c] > limit {
			t.Errorf("rank %s: %d of the first %d problems of both runs, want at most %d", c, count[c], k+1, limit)
		}
	}
	for c, n := range count {
		if tally.Count(c) != n {
			t.Errorf("rank %s: the tally counts %d, the runs emitted %d", c, tally.Count(c), n)
		}
	}
	// Each run alone caps its own five problems only, and then the two
	// runs together exceed the cap: the shared tally is what holds it.
	a0, b0 := runs(nil)
	if !reflect.DeepEqual(a, a0) {
		t.Error("the first run differs with a tally that starts empty")
	}
	over := false
	count = map[string]int{}
	for k, p := range append(a0, b0...) {
		c := rank(&p)
		count[c]++
		over = over || count[c] > max(1, (k+1)*20/100)
	}
	if !over {
		t.Error("the runs without a shared tally keep the joint cap too: the test proves nothing")
	}
}

// RunClasses: runs sharing a Tally count their RunClasses against each
// run's own problems, so that a class only one run's problems can have
// keeps the share of that run a run alone would give it; counted as
// shared Classes instead, the problems of the run before loosen it.
func TestRunVarietyCapRunClasses(t *testing.T) {
	rank := func(p *problem.Problem) string { return strconv.Itoa(p.Position.King(shogi.White).Rank()) }
	runs := func(shared bool) [2][]problem.Problem {
		var tally gen.Tally // shared, as by the lengths of a worksheet
		var out [2][]problem.Problem
		for i, seed := range []uint64{5, 6} {
			g := kingSquares(seed)
			classes := func(p *problem.Problem) []string { return []string{rank(p)} }
			if shared {
				g.Classes = classes
			} else {
				g.RunClasses = classes
			}
			g.ClassPercent, g.MaxDuplicates, g.Tally = 20, 200, &tally
			if _, err := g.Run(context.Background(), 5+5*i, 2, func(p problem.Problem) error {
				out[i] = append(out[i], p)
				return nil
			}); err != nil {
				t.Fatal(err)
			}
		}
		return out
	}
	within := func(ps []problem.Problem) bool {
		count := map[string]int{}
		for k, p := range ps {
			c := rank(&p)
			count[c]++
			if count[c] > max(1, (k+1)*20/100) {
				return false
			}
		}
		return true
	}
	for i, ps := range runs(false) {
		if !within(ps) {
			t.Errorf("run %d: a rank above 20%% of the run's own problems with RunClasses", i+1)
		}
	}
	if within(runs(true)[1]) {
		t.Error("the second run keeps its own share with shared classes too: the test proves nothing")
	}
}

// A class Classes lists twice for a problem counts twice: its share is
// half the cap's, but the first problem of it is let in. Of the first k
// problems emitted, those of such a class counted twice stay under
// max(1, ClassPercent·k/100) before each one; listed once, a class takes
// its whole share and breaks that.
func TestRunVarietyCapListedTwice(t *testing.T) {
	rank := func(p *problem.Problem) string { return strconv.Itoa(p.Position.King(shogi.White).Rank()) }
	run := func(times int) []problem.Problem {
		g := kingSquares(5)
		g.Classes = func(p *problem.Problem) []string { return slices.Repeat([]string{rank(p)}, times) }
		g.ClassPercent, g.MaxDuplicates = 50, 200
		return emitted(t, g, 12, 2)
	}
	// halfShare reports whether each problem of ps found its rank, counted
	// twice, under the cap of the problems before it.
	halfShare := func(ps []problem.Problem) bool {
		count := map[string]int{}
		for k, p := range ps {
			c := rank(&p)
			if count[c] >= max(1, (k+1)*50/100) {
				return false
			}
			count[c] += 2
		}
		return true
	}
	if ps := run(2); len(ps) != 12 || !halfShare(ps) {
		t.Errorf("a rank listed twice: %d problems, half the share kept %v; want 12, true", len(ps), halfShare(ps))
	}
	if halfShare(run(1)) {
		t.Error("a rank listed once keeps half the share too: the test proves nothing")
	}
}

// LooseClasses round the share up: of the first n problems a run emits,
// at most ⌈ClassPercent·n/100⌉ are of one such class, counted against
// the run alone; the cap of Classes, rounded down, keeps every class at
// one until the share is whole, so a run of 12 at 20% has two of a rank
// earlier under LooseClasses. The run is the same with 1 worker and 2,
// and a short run is the prefix of a longer one.
func TestRunVarietyCapLoose(t *testing.T) {
	rank := func(p *problem.Problem) string { return strconv.Itoa(p.Position.King(shogi.White).Rank()) }
	run := func(loose bool, n, workers int) []problem.Problem {
		g := kingSquares(5)
		classes := func(p *problem.Problem) []string { return []string{rank(p)} }
		if loose {
			g.LooseClasses = classes
		} else {
			g.Classes = classes
		}
		g.ClassPercent, g.MaxDuplicates, g.HoldBack = 20, 200, true
		return emitted(t, g, n, workers)
	}
	// most returns, for each prefix of ps, the most problems of one rank.
	most := func(ps []problem.Problem) []int {
		count := map[string]int{}
		var out []int
		top := 0
		for _, p := range ps {
			count[rank(&p)]++
			top = max(top, count[rank(&p)])
			out = append(out, top)
		}
		return out
	}
	ps := run(true, 12, 1)
	if len(ps) != 12 {
		t.Fatalf("%d problems, want 12", len(ps))
	}
	for k, m := range most(ps) {
		if want := (20*(k+1) + 99) / 100; m > want {
			t.Errorf("loose: %d of a rank among the first %d problems, want at most ⌈20%%·%d⌉ = %d", m, k+1, k+1, want)
		}
	}
	if two := run(true, 12, 2); !reflect.DeepEqual(two, ps) {
		t.Error("loose: 1 worker and 2 differ")
	}
	if short := run(true, 7, 2); !reflect.DeepEqual(short, ps[:7]) {
		t.Error("loose: a run of 7 is not the prefix of a run of 12")
	}
	// Rounded down, the first nine problems keep one of each rank; rounded
	// up, the sixth may be the second of its rank.
	strict := run(false, 12, 1)
	if m := most(strict); m[8] != 1 {
		t.Errorf("strict: %d of a rank among the first nine, want 1", m[8])
	}
	if m := most(ps); m[8] < 2 {
		t.Error("loose: no rank twice among the first nine: the test proves nothing")
	}
}

// capBinds checks what both cap tests ask beyond their runs ps: nine
// ranks capped at 1% each, one each below 200 problems, give no tenth
// problem, and without the cap the first 18 problems of kingSquares(5)
// are not ps (the cap changed something).
func capBinds(t *testing.T, ps []problem.Problem) {
	t.Helper()
	if _, _, err := rankFileRun(false, 2, 10, 1); !errors.Is(err, gen.ErrExhausted) || !strings.Contains(err.Error(), "variety cap") {
		t.Errorf("10 problems of 9 classes capped at one each: %v, want ErrExhausted naming the cap", err)
	}
	if plain := emitted(t, kingSquares(5), 18, 2); reflect.DeepEqual(plain, ps) {
		t.Error("the cap changed nothing: the test proves nothing")
	}
}
