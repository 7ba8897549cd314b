package gen_test

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
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
