package gen_test

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/gen"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
)

// kingSquares is a method whose problems are White's king alone on a
// random square with a gold in Black's hand: 81 positions, 45 up to
// mirroring, so that Run for more than 45 problems ends with ErrExhausted.
func kingSquares(seed uint64) *gen.Generator {
	return &gen.Generator{
		Method: "king", Seed: seed, Version: "v0.test",
		Candidate: func(rng *rand.Rand, dst []shogi.Position) []shogi.Position {
			var p shogi.Position
			p.Put(shogi.Square(rng.IntN(shogi.NumSquares)), shogi.NewPiece(shogi.White, shogi.King))
			p.SetHand(shogi.Black, p.Hand(shogi.Black).Add(shogi.Gold))
			return append(dst, p)
		},
		NewJudge: func() gen.Judge {
			return func(p *shogi.Position, _ int, pr *problem.Problem) bool {
				*pr = problem.Problem{Position: *p}
				return true
			}
		},
		MaxAttempts: 5000,
	}
}

// run runs g over the indices 0, …, m-1 (RunShard of the whole run).
func run(t *testing.T, g *gen.Generator, m, workers int) ([]problem.Problem, gen.Stats, error) {
	t.Helper()
	var ps []problem.Problem
	st, err := g.RunShard(context.Background(), m, gen.Shard{}, workers, func(p problem.Problem) error {
		ps = append(ps, p)
		return nil
	})
	return ps, st, err
}

// The output is in index order, the same for any number of workers, free
// of duplicates and mirror images, and counted in the statistics.
func TestRunOrderAndDedup(t *testing.T) {
	ps1, st1, err := run(t, kingSquares(3), 45, 1)
	if err != nil {
		t.Fatal(err)
	}
	ps4, st4, err := run(t, kingSquares(3), 45, 4)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(ps1, ps4) || st1 != st4 {
		t.Fatalf("1 worker and 4 differ: %+v, %+v", st1, st4)
	}
	// Problem i is the first of stream i; those that repeat a lower
	// index are dropped.
	seen := map[shogi.Square]bool{}
	var want []problem.Problem
	for i := range 45 {
		p, err := kingSquares(3).Problem(context.Background(), i)
		if err != nil {
			t.Fatal(err)
		}
		if want := (problem.Provenance{Method: "king", Seed: 3, Index: i, Version: "v0.test"}); p.Provenance != want {
			t.Errorf("problem %d: provenance %+v", i, p.Provenance)
		}
		k := p.Position.King(shogi.White)
		if seen[k] || seen[k.Mirror()] {
			continue
		}
		seen[k] = true
		want = append(want, p)
	}
	if !reflect.DeepEqual(ps1, want) {
		t.Errorf("Run gives %d problems, not the %d of indices 0 to 44 that repeat no lower index", len(ps1), len(want))
	}
	if st1.Problems != len(want) || st1.Duplicates != 45-len(want) || st1.Duplicates == 0 || st1.Candidates != 45 {
		t.Errorf("stats %+v: want %d problems, %d duplicates, one candidate per index", st1, len(want), 45-len(want))
	}
	other, _, err := run(t, kingSquares(4), 45, 2)
	if err != nil || reflect.DeepEqual(other, ps1) {
		t.Errorf("seed 4 gives the output of seed 3 (error %v)", err)
	}
}

// A slot that finds no problem within the attempt limit ends the run
// there with ErrTooRare, after the problems of the lower indices.
func TestRunTooRare(t *testing.T) {
	g := func() *gen.Generator {
		g := kingSquares(15)
		g.MaxAttempts = 2
		judge := g.NewJudge
		g.NewJudge = func() gen.Judge {
			j := judge()
			return func(p *shogi.Position, _ int, pr *problem.Problem) bool {
				return p.King(shogi.White).File() <= 3 && j(p, 0, pr)
			}
		}
		return g
	}
	rare := -1
	for i := range 100 {
		if _, err := g().Problem(context.Background(), i); errors.Is(err, gen.ErrTooRare) {
			rare = i
			break
		}
	}
	if rare < 1 {
		t.Fatalf("the first slot without a problem is %d: want one after index 0", rare)
	}
	ps, st, err := run(t, g(), 100, 3)
	if !errors.Is(err, gen.ErrTooRare) || st.Problems+st.Duplicates != rare || len(ps) != st.Problems {
		t.Errorf("error %v, %d problems emitted, stats %+v; want ErrTooRare at index %d", err, len(ps), st, rare)
	}
}

// The judge tries an attempt's candidates in order and keeps the first it
// accepts.
func TestRunCandidateOrder(t *testing.T) {
	pos := func(s shogi.Square) shogi.Position {
		var p shogi.Position
		p.Put(s, shogi.NewPiece(shogi.White, shogi.King))
		return p
	}
	g := &gen.Generator{
		Candidate: func(rng *rand.Rand, dst []shogi.Position) []shogi.Position {
			if rng.IntN(2) == 0 {
				return dst // an attempt with no candidate
			}
			return append(dst, pos(0), pos(1), pos(2))
		},
		NewJudge: func() gen.Judge {
			return func(p *shogi.Position, _ int, pr *problem.Problem) bool {
				*pr = problem.Problem{Position: *p}
				return p.King(shogi.White) != 0
			}
		},
	}
	p, err := g.Problem(context.Background(), 7)
	if err != nil || p.Position.King(shogi.White) != 1 {
		t.Errorf("got king on %v, %v; want the second candidate", p.Position.King(shogi.White), err)
	}
}

// Run goes through the indices until it has n problems: they are the
// first n problems of the run over the indices, whatever the workers, and
// a run asking for more distinct problems than there are ends with
// ErrExhausted after all of them.
func TestRunCount(t *testing.T) {
	all, _, err := run(t, kingSquares(3), 400, 2)
	if err != nil || len(all) < 40 {
		t.Fatalf("400 indices: %d problems, %v", len(all), err)
	}
	for _, workers := range []int{1, 3} {
		var ps []problem.Problem
		st, err := kingSquares(3).Run(context.Background(), 40, workers, func(p problem.Problem) error {
			ps = append(ps, p)
			return nil
		})
		last := all[39].Provenance.Index
		if err != nil || !reflect.DeepEqual(ps, all[:40]) || st.Problems != 40 || st.Problems+st.Duplicates != last+1 || st.Candidates != last+1 {
			t.Errorf("Run for 40 problems, %d workers: %d problems, stats %+v, %v; want the first 40 of the indices, the last at index %d", workers, len(ps), st, err, last)
		}
	}
	g := kingSquares(3)
	g.MaxDuplicates = 300
	var ps []problem.Problem
	st, err := g.Run(context.Background(), 46, 2, func(p problem.Problem) error {
		ps = append(ps, p)
		return nil
	})
	if !errors.Is(err, gen.ErrExhausted) || len(ps) != 45 || st.Problems != 45 {
		t.Errorf("46 problems of 45 possible: %d problems, stats %+v, error %v; want 45 and ErrExhausted", len(ps), st, err)
	}
	if idx := ps[44].Provenance.Index; st.Problems+st.Duplicates != idx+1+300 {
		t.Errorf("ErrExhausted after %d indices, want the 300 after the last problem's index %d", st.Problems+st.Duplicates, idx)
	}
}

func TestRunStops(t *testing.T) {
	never := &gen.Generator{
		Candidate: func(rng *rand.Rand, dst []shogi.Position) []shogi.Position { return append(dst, shogi.Position{}) },
		NewJudge: func() gen.Judge {
			return func(*shogi.Position, int, *problem.Problem) bool { return false }
		},
		MaxAttempts: math.MaxInt, // only the context ends it
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if _, err := never.Run(ctx, 3, 2, func(problem.Problem) error { return nil }); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("cancelled run: error %v", err)
	}

	stop := errors.New("stop")
	emitted := 0
	st, err := kingSquares(1).Run(context.Background(), 20, 2, func(problem.Problem) error {
		emitted++
		if emitted == 3 {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) || emitted != 3 || st.Problems != 2 {
		t.Errorf("emit error: %v after %d problems, stats %+v", err, emitted, st)
	}

	if _, err := kingSquares(1).Run(context.Background(), 0, 1, nil); err == nil {
		t.Error("no error for n = 0")
	}
	if _, err := (&gen.Generator{}).Run(context.Background(), 1, 1, nil); err == nil {
		t.Error("no error for a generator without a method")
	}
}

// A judge made by NewJudgeContext gets the run's context, which ends with
// the run; NewJudge may then be left out.
func TestNewJudgeContext(t *testing.T) {
	g := kingSquares(1)
	var mu sync.Mutex
	var ctxs []context.Context
	judge := g.NewJudge
	g.NewJudge = nil
	g.NewJudgeContext = func(ctx context.Context) gen.Judge {
		mu.Lock() // the workers make their judges at once
		defer mu.Unlock()
		ctxs = append(ctxs, ctx)
		return judge()
	}
	errStop := errors.New("stop")
	n := 0
	_, err := g.Run(context.Background(), 40, 2, func(problem.Problem) error {
		if n++; n == 3 {
			return errStop
		}
		return nil
	})
	mu.Lock()
	defer mu.Unlock()
	if !errors.Is(err, errStop) || n != 3 || len(ctxs) == 0 {
		t.Fatalf("error %v after %d problems, %d judges", err, n, len(ctxs))
	}
	for i, ctx := range ctxs {
		if ctx.Err() == nil {
			t.Errorf("judge %d: its context is still live after the run", i)
		}
	}
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
	capped := func(workers, n, percent int) ([]problem.Problem, gen.Stats, error) {
		g := kingSquares(5)
		g.Classes = func(p *problem.Problem) []string { return []string{rank(p), file(p)} }
		g.ClassPercent, g.MaxDuplicates = percent, 200
		var ps []problem.Problem
		st, err := g.Run(context.Background(), n, workers, func(p problem.Problem) error {
			ps = append(ps, p)
			return nil
		})
		return ps, st, err
	}
	ps1, st1, err := capped(1, 18, 20)
	if err != nil {
		t.Fatal(err)
	}
	if short, _, err := capped(2, 7, 20); err != nil || !reflect.DeepEqual(short, ps1[:7]) {
		t.Errorf("a run of 7 is not the prefix of a run of 18 (%v)", err)
	}
	ps2, st2, err := capped(2, 18, 20)
	if err != nil || !reflect.DeepEqual(ps1, ps2) || st1 != st2 {
		t.Fatalf("1 worker and 2 differ (%v): %+v, %+v", err, st1, st2)
	}
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
	// Nine ranks, at most 1% each, so one each below 200 problems: a
	// tenth cannot be had.
	if _, _, err := capped(2, 10, 1); !errors.Is(err, gen.ErrExhausted) || !strings.Contains(err.Error(), "variety cap") {
		t.Errorf("10 problems of 9 classes capped at one each: %v, want ErrExhausted naming the cap", err)
	}
	// Without the cap, the first 18 problems are not all spread so.
	g := kingSquares(5)
	var plain []problem.Problem
	if _, err := g.Run(context.Background(), 18, 2, func(p problem.Problem) error { plain = append(plain, p); return nil }); err != nil {
		t.Fatal(err)
	}
	if reflect.DeepEqual(plain, ps1) {
		t.Error("the cap changed nothing: the test proves nothing")
	}
}

// The variety cap under HoldBack: as above, but a problem turned away is
// held back and emitted once the problems after it make room, out of
// index order, and never twice.
func TestRunVarietyCapHoldBack(t *testing.T) {
	rank := func(p *problem.Problem) string { return strconv.Itoa(p.Position.King(shogi.White).Rank()) }
	file := func(p *problem.Problem) string { return "file " + strconv.Itoa(p.Position.King(shogi.White).File()) }
	capped := func(workers, n, percent int) ([]problem.Problem, gen.Stats, error) {
		g := kingSquares(5)
		g.Classes = func(p *problem.Problem) []string { return []string{rank(p), file(p)} }
		g.ClassPercent, g.MaxDuplicates, g.HoldBack = percent, 200, true
		var ps []problem.Problem
		st, err := g.Run(context.Background(), n, workers, func(p problem.Problem) error {
			ps = append(ps, p)
			return nil
		})
		return ps, st, err
	}
	ps1, st1, err := capped(1, 18, 20)
	if err != nil {
		t.Fatal(err)
	}
	if short, _, err := capped(2, 7, 20); err != nil || !reflect.DeepEqual(short, ps1[:7]) {
		t.Errorf("a run of 7 is not the prefix of a run of 18 (%v)", err)
	}
	ps2, st2, err := capped(2, 18, 20)
	if err != nil || !reflect.DeepEqual(ps1, ps2) || st1 != st2 {
		t.Fatalf("1 worker and 2 differ (%v): %+v, %+v", err, st1, st2)
	}
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
	// Nine ranks, at most 1% each, so one each below 200 problems: a
	// tenth cannot be had.
	if _, _, err := capped(2, 10, 1); !errors.Is(err, gen.ErrExhausted) || !strings.Contains(err.Error(), "variety cap") {
		t.Errorf("10 problems of 9 classes capped at one each: %v, want ErrExhausted naming the cap", err)
	}
	// Without the cap, the first 18 problems are not all spread so.
	g := kingSquares(5)
	var plain []problem.Problem
	if _, err := g.Run(context.Background(), 18, 2, func(p problem.Problem) error { plain = append(plain, p); return nil }); err != nil {
		t.Fatal(err)
	}
	if reflect.DeepEqual(plain, ps1) {
		t.Error("the cap changed nothing: the test proves nothing")
	}
}

// TestStream: slot i of a run draws from the PCG stream (seed, i), or
// (seed, i ^ Stream<<48) with a Stream, so a Stream changes the
// candidates of every index and Stream 0 keeps those of a run without
// one; a run with a Stream is as deterministic as any (1 and 2 workers).
func TestStream(t *testing.T) {
	for _, stream := range []uint64{0, 1, 2} {
		g := kingSquares(7)
		g.Stream = stream
		differ := 0
		for i := range 20 {
			p, err := g.Problem(context.Background(), i)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(7, uint64(i)^stream<<48))
			if got, want := p.Position.King(shogi.White), shogi.Square(rng.IntN(shogi.NumSquares)); got != want {
				t.Errorf("Stream %d, index %d: the king on %v, want %v (the first draw of its stream)", stream, i, got, want)
			}
			if plain := rand.New(rand.NewPCG(7, uint64(i))); shogi.Square(plain.IntN(shogi.NumSquares)) != p.Position.King(shogi.White) {
				differ++
			}
		}
		if stream != 0 && differ < 10 {
			t.Errorf("Stream %d: %d of 20 indices differ from Stream 0's", stream, differ)
		}
		one, _, err1 := run(t, g, 20, 1)
		two, _, err2 := run(t, g, 20, 2)
		if err1 != nil || err2 != nil || !reflect.DeepEqual(one, two) {
			t.Errorf("Stream %d: one worker and two differ (%v, %v)", stream, err1, err2)
		}
	}
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
		var ps []problem.Problem
		if _, err := g.Run(context.Background(), 12, 2, func(p problem.Problem) error {
			ps = append(ps, p)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		return ps
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
		var ps []problem.Problem
		if _, err := g.Run(context.Background(), n, workers, func(p problem.Problem) error {
			ps = append(ps, p)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		return ps
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
