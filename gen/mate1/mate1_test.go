package mate1

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/gen"
	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
)

func generate(t testing.TB, o Options, n, workers int) ([]problem.Problem, gen.Stats) {
	t.Helper()
	return generateRun(t, o, n, 0, workers)
}

// generateIndices generates the problems of the indices 0 to m-1 with
// the workers (the duplicates dropped, so fewer than m).
func generateIndices(t testing.TB, o Options, m, workers int) ([]problem.Problem, gen.Stats) {
	t.Helper()
	return generateRun(t, o, 0, m, workers)
}

// generateRun runs a generator of o for n problems, or with m > 0 over
// the indices 0 to m-1.
func generateRun(t testing.TB, o Options, n, m, workers int) ([]problem.Problem, gen.Stats) {
	t.Helper()
	g, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	var ps []problem.Problem
	emit := func(p problem.Problem) error {
		ps = append(ps, p)
		return nil
	}
	var st gen.Stats
	if m > 0 {
		st, err = g.RunShard(context.Background(), m, gen.Shard{}, workers, emit)
	} else {
		st, err = g.Run(context.Background(), n, workers, emit)
	}
	if err != nil {
		t.Fatal(err)
	}
	return ps, st
}

// checkSound re-checks a problem with the independent verifier path
// (mate.Verify1 on the SFEN text, as tsume verify does).
func checkSound(t *testing.T, o Options, p problem.Problem) {
	t.Helper()
	sfen := p.Position.SFEN()
	q, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatalf("problem %d: %s does not parse: %v", p.Provenance.Index, sfen, err)
	}
	v := mate.Verify1(&q, mate.AsGiven)
	wantValid := v.Valid || o.AllowPromotionAmbiguity && v.PromotionAmbiguous && len(v.Errors) == 1
	if !wantValid {
		t.Fatalf("problem %d: %s is not sound: %v", p.Provenance.Index, sfen, v.Errors)
	}
	if v.Analysis.Mates[0] != p.Line[0] {
		t.Fatalf("problem %d: %s: solution %s, verifier says %s", p.Provenance.Index, sfen, p.Line[0], v.Analysis.Mates[0])
	}
	if v.Leftover && !o.AllowLeftover {
		t.Fatalf("problem %d: %s leaves pieces in hand", p.Provenance.Index, sfen)
	}
	r, err := mate.RemainingHand(&q, shogi.Black)
	if err != nil || r != q.Hand(shogi.White) {
		t.Fatalf("problem %d: %s: White's hand is not the remaining pieces (%v)", p.Provenance.Index, sfen, err)
	}
	if n := problem.Pieces(&q); n > o.MaxPieces {
		t.Fatalf("problem %d: %s has %d pieces, max %d", p.Provenance.Index, sfen, n, o.MaxPieces)
	}
}

func TestGeneratedProblemsAreSound(t *testing.T) {
	for _, m := range []Method{Reverse, Random} {
		for _, maxp := range []int{3, 4, 8} {
			for seed := uint64(1); seed <= 3; seed++ {
				t.Run(fmt.Sprintf("%s/max%d/seed%d", m, maxp, seed), func(t *testing.T) {
					o := DefaultOptions()
					o.Method, o.MaxPieces, o.Seed = m, maxp, seed
					ps, _ := generate(t, o, 30, 2)
					for _, p := range ps {
						checkSound(t, o, p)
					}
				})
			}
		}
	}
}

func BenchmarkGenerate(b *testing.B) {
	for _, m := range []Method{Reverse, Random} {
		for _, maxp := range []int{4, 8} {
			b.Run(fmt.Sprintf("%s/max%d", m, maxp), func(b *testing.B) {
				o := DefaultOptions()
				o.Method, o.MaxPieces = m, maxp
				n := 0
				cands := 0
				start := time.Now()
				for b.Loop() {
					o.Seed++
					_, st := generate(b, o, 200, 2)
					n += st.Problems
					cands += st.Candidates
				}
				b.ReportMetric(float64(n)/time.Since(start).Seconds(), "problems/s")
				b.ReportMetric(float64(n)/float64(cands), "yield")
			})
		}
	}
}

// TestFilters checks that each filter holds on every problem it lets through.
func TestFilters(t *testing.T) {
	o := DefaultOptions()
	o.Kinds = []shogi.Kind{shogi.Gold, shogi.Silver}
	o.King = Corner
	o.Mate = MoveMate
	o.MaxChecks = 4
	o.Difficulty = Easy
	ps, _ := generate(t, o, 20, 2)
	for _, p := range ps {
		checkSound(t, o, p)
		if !problem.CornerSquare(p.Position.King(shogi.White)) || p.Line[0].IsDrop() || p.Metrics.Checks > 4 || p.Difficulty >= 5 {
			t.Errorf("%s: king %s, solution %s, checks %d, score %.2f", p.Position.SFEN(), p.Position.King(shogi.White), p.Line[0], p.Metrics.Checks, p.Difficulty)
		}
		for b := p.Position.Occupied(); b.Any(); {
			if k := p.Position.PieceAt(b.PopLSB()).Kind().Demote(); k != shogi.Gold && k != shogi.Silver && k != shogi.King {
				t.Errorf("%s: a %v on the board", p.Position.SFEN(), k)
			}
		}
	}
	o = DefaultOptions()
	o.Symmetric, o.TwoKings = true, true
	ps, _ = generate(t, o, 10, 2)
	for _, p := range ps {
		checkSound(t, o, p)
		if !p.Position.IsSymmetric() || p.Position.King(shogi.Black) == shogi.NoSquare {
			t.Errorf("%s: symmetric %v, black king %s", p.Position.SFEN(), p.Position.IsSymmetric(), p.Position.King(shogi.Black))
		}
	}
}

// TestBases: with Options.Bases the generator makes the same problems
// (position, line, promotion choice) as without it, for both methods and
// with and without natural shapes and promotion ambiguity, with neither
// themes, metrics nor difficulty; and a difficulty or a limit on the
// checks or legal moves is refused with it.
func TestBases(t *testing.T) {
	for _, m := range []Method{Reverse, Random} {
		for _, natural := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/natural=%v", m, natural), func(t *testing.T) {
				o := DefaultOptions()
				o.Method, o.MaxPieces, o.Seed, o.Natural = m, 6, 7, natural
				o.AllowPromotionAmbiguity = natural
				want, _ := generate(t, o, 40, 2)
				o.Bases = true
				got, _ := generate(t, o, 40, 2)
				if len(got) != len(want) {
					t.Fatalf("%d problems with Bases, %d without", len(got), len(want))
				}
				for i := range got {
					g, w := &got[i], &want[i]
					if g.Position.SFEN() != w.Position.SFEN() || !slices.Equal(g.Line, w.Line) || g.PromotionAmbiguous != w.PromotionAmbiguous {
						t.Fatalf("problem %d: %s %v with Bases, %s %v without", i, g.Position.SFEN(), g.Line, w.Position.SFEN(), w.Line)
					}
					if g.Themes != nil || g.Metrics != (problem.Metrics{}) || g.Difficulty != 0 {
						t.Fatalf("problem %d: a base has themes %v, metrics %+v, difficulty %v", i, g.Themes, g.Metrics, g.Difficulty)
					}
				}
			})
		}
	}
	for _, set := range []func(*Options){
		func(o *Options) { o.Difficulty = Hard },
		func(o *Options) { o.MaxChecks = 5 },
		func(o *Options) { o.MaxLegal = 50 },
	} {
		o := DefaultOptions()
		o.Bases = true
		set(&o)
		if _, err := New(o); err == nil || !strings.Contains(err.Error(), "bases are not rated") {
			t.Errorf("New(%+v) = %v, want the bases error", o, err)
		}
	}
}
