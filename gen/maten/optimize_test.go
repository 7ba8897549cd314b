package maten

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/gen"
	"github.com/tsume-shogi/tsume/gen/mate1"
	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
)

// newOptimizingGenerator is newTestGenerator (the backward method) with
// the beauty optimized under the budget.
func newOptimizingGenerator(t testing.TB, length int, seed uint64, budget int) *gen.Generator {
	t.Helper()
	o := DefaultOptions()
	o.Length, o.Seed, o.Optimize, o.OptimizeBudget = length, seed, OptimizeQuality, budget
	// The free style: the composed one already takes the idle pieces
	// away, the search's commonest gain.
	o.Style = Free
	b := mate1.DefaultOptions()
	b.Bases = true
	b.Seed, b.MaxPieces = seed, BasePieces(&o)
	base, err := mate1.New(b)
	if err != nil {
		t.Fatal(err)
	}
	o.Base = base
	g, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestOptimizeQuality: every optimized problem of 50 mate-in-3 problems
// (and 6 mate-in-5) is sound at the same length from its SFEN text, its
// metrics are those of its own line, its beauty is never below the score
// it started from, and the search raises it for a good share of them.
func TestOptimizeQuality(t *testing.T) {
	for _, c := range []struct {
		length, n, minImproved int
	}{{3, 50, 10}, {5, 6, 1}} {
		improved := 0
		var from, to float64
		for _, p := range generate(t, newOptimizingGenerator(t, c.length, 4, 0), c.n, 2) {
			reverify(t, &p, c.length)
			sfen := p.Position.SFEN()
			if p.Provenance.Method != "backward-"+string(rune('0'+c.length))+"+quality" {
				t.Errorf("%s: method %q", sfen, p.Provenance.Method)
			}
			if p.Optimized == nil || p.Composer == nil {
				t.Fatalf("%s: optimized %v, composer %v", sfen, p.Optimized, p.Composer)
			}
			if m := Measure(&p.Position, p.Line); m != *p.Composer {
				t.Errorf("%s: composer %+v, measured %+v", sfen, *p.Composer, m)
			}
			if p.Quality == nil {
				t.Fatalf("%s: no quality", sfen)
			}
			if q := Score(&p.Position, p.Line, p.Themes); q != *p.Quality {
				t.Errorf("%s: quality %+v, scored %+v", sfen, *p.Quality, q)
			}
			switch s := p.Quality.Score; {
			case s < p.Optimized.From:
				t.Errorf("%s: quality %v below the %v it started from", sfen, s, p.Optimized.From)
			case s > p.Optimized.From:
				improved++
				if p.Optimized.Steps == 0 {
					t.Errorf("%s: quality %v raised from %v in no steps", sfen, s, p.Optimized.From)
				}
			}
			from += p.Optimized.From
			to += p.Quality.Score
		}
		t.Logf("length %d: %d of %d improved, mean quality %.2f → %.2f", c.length, improved, c.n, from/float64(c.n), to/float64(c.n))
		if improved < c.minImproved {
			t.Errorf("length %d: %d of %d problems improved, want at least %d", c.length, improved, c.n, c.minImproved)
		}
	}
}

// TestOptimizeWorkersDoNotMatter: the same optimized problems for 1 and
// 2 workers.
func TestOptimizeWorkersDoNotMatter(t *testing.T) {
	a := generate(t, newOptimizingGenerator(t, 3, 9, 0), 8, 1)
	b := generate(t, newOptimizingGenerator(t, 3, 9, 0), 8, 2)
	for i := range a {
		if a[i].Position.SFEN() != b[i].Position.SFEN() || !slices.Equal(a[i].Line, b[i].Line) || *a[i].Optimized != *b[i].Optimized {
			t.Errorf("problem %d: %s %+v with 1 worker, %s %+v with 2", i, a[i].Position.SFEN(), *a[i].Optimized, b[i].Position.SFEN(), *b[i].Optimized)
		}
	}
}

// TestOptimizeNeverLowers: the search from a fixed sound problem ends
// with a sound problem at least as beautiful, whatever the budget, and
// a larger budget continues the same climb.
func TestOptimizeNeverLowers(t *testing.T) {
	g := newOptimizingGenerator(t, 3, 2, 1)
	ps := generate(t, g, 3, 1)
	for _, p := range ps {
		o := DefaultOptions()
		o.Optimize, o.Style = OptimizeQuality, Free // newOptimizingGenerator's style
		last := p.Optimized.From
		for _, budget := range []int{1, 8, 40} {
			o.OptimizeBudget = budget
			j, err := o.newJudgeState(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			f, ok := j.check(&p.Position, 3)
			if !ok {
				t.Fatalf("%s: not sound to the judge", p.Position.SFEN())
			}
			q, qf, rec := j.optimize(&p.Position, f)
			b := j.quality(&q, qf.sol.PV)
			if rec.From != p.Optimized.From || b < rec.From || b < last {
				t.Errorf("%s, budget %d: quality %v → %v (%d steps), %v with a smaller budget", p.Position.SFEN(), budget, rec.From, b, rec.Steps, last)
			}
			last = b
			if _, ok := j.check(&q, 3); !ok {
				t.Errorf("%s, budget %d: the result %s is not sound", p.Position.SFEN(), budget, q.SFEN())
			}
		}
	}
}

// TestMutate: every mutation mutate accepts is a legal problem position
// of the options, White holding the remaining pieces, and the kinds of
// mutation all occur, a new guard next to White's king among them.
func TestMutate(t *testing.T) {
	o := DefaultOptions()
	seen := map[string]bool{}
	accepted := 0
	// A mate-in-3 has one piece in hand at most (HeavyHand): from an
	// empty hand a piece goes into it, from a full one out of it.
	for _, sfen := range []string{
		"7nl/7k1/5G1pp/9/9/9/9/9/9 b 2r2b3g4s3n3l16p 1",
		"7nl/7k1/5G1pp/9/9/9/9/9/9 b G2r2b2g4s3n3l16p 1",
	} {
		start, err := shogi.ParseSFEN(sfen)
		if err != nil {
			t.Fatal(err)
		}
		if h, err := mate.RemainingHand(&start, shogi.Black); err != nil || h != start.Hand(shogi.White) || !start.IsValid() {
			t.Fatalf("%s: the test position is not legal, or its White hand is not the remaining pieces %v", sfen, h)
		}
		rng := rand.New(rand.NewPCG(1, 2))
		var r shogi.Position
		for range 2000 {
			if !o.mutate(rng, &start, &r) {
				continue
			}
			accepted++
			h, err := mate.RemainingHand(&r, shogi.Black)
			if err != nil || h != r.Hand(shogi.White) || !r.IsValid() || r.InCheck() || r.SideToMove() != shogi.Black || !o.fits(&r, true) || r.Key() == start.Key() {
				t.Fatalf("mutation %s is not a problem position of the options", r.SFEN())
			}
			seen[mutationKind(&start, &r)] = true
			if guards(&r) > guards(&start) {
				seen["guard"] = true
			}
		}
	}
	for _, k := range []string{"remove", "add", "hand", "board", "other", "guard"} {
		if !seen[k] {
			t.Errorf("no mutation of kind %s in %d accepted; seen %v", k, accepted, seen)
		}
	}
}

// mutationKind classifies a mutation r of p roughly: a piece removed or
// added, a piece moved between board and hand, or another change.
func mutationKind(p, r *shogi.Position) string {
	pb, rb := p.Occupied().Count(), r.Occupied().Count()
	ph, rh := handCount(p.Hand(shogi.Black)), handCount(r.Hand(shogi.Black))
	switch {
	case pb+ph > rb+rh:
		return "remove"
	case pb+ph < rb+rh:
		return "add"
	case rh > ph:
		return "hand"
	case rb > pb:
		return "board"
	}
	return "other" // moved, changed in kind or promotion, or side
}

// guards counts White's pieces next to White's king.
func guards(p *shogi.Position) int {
	k, n := p.King(shogi.White), 0
	w := p.ByColor(shogi.White)
	for w.Any() {
		if s := w.PopLSB(); s != k && adjacent(s, k) {
			n++
		}
	}
	return n
}

// handCount is the number of pieces in h.
func handCount(h shogi.Hand) int {
	n := 0
	for _, k := range allKinds {
		n += h.Count(k)
	}
	return n
}

// TestValidateOptimize: a negative budget or an unknown objective is
// refused, and ParseObjective reads beauty only.
func TestValidateOptimize(t *testing.T) {
	o := DefaultOptions()
	o.Method = Random
	o.OptimizeBudget = -1
	if err := o.Validate(); err == nil || !strings.Contains(err.Error(), "optimize budget -1") {
		t.Errorf("budget -1: %v", err)
	}
	o.OptimizeBudget, o.Optimize = 0, Objective(7)
	if err := o.Validate(); err == nil || !strings.Contains(err.Error(), "optimize 7") {
		t.Errorf("objective 7: %v", err)
	}
	for _, name := range []string{"quality", "beauty"} {
		if k, err := ParseObjective(name); err != nil || k != OptimizeQuality || k.String() != "quality" {
			t.Errorf("ParseObjective(%s) = %v, %v", name, k, err)
		}
	}
	if _, err := ParseObjective("speed"); err == nil || !strings.Contains(err.Error(), `"speed"`) {
		t.Errorf("ParseObjective(speed): %v", err)
	}
}

// The optimized problem's record survives JSONL.
func TestOptimizedJSONL(t *testing.T) {
	ps := generate(t, newOptimizingGenerator(t, 3, 5, 0), 3, 2)
	var b strings.Builder
	if err := problem.WriteJSONL(&b, ps); err != nil {
		t.Fatal(err)
	}
	qs, err := problem.ReadJSONL(strings.NewReader(b.String()), "out")
	if err != nil || len(qs) != len(ps) {
		t.Fatal(err)
	}
	for i := range ps {
		if qs[i].Optimized == nil || *qs[i].Optimized != *ps[i].Optimized {
			t.Errorf("problem %d: optimized %+v read back as %+v", i, ps[i].Optimized, qs[i].Optimized)
		}
	}
}

// TestHasMate3: the prefilter passes every mutation the solver finds a
// sound mate in 3, and spares it at least three quarters of those with
// no mate.
func TestHasMate3(t *testing.T) {
	ps := generate(t, newTestGenerator(t, 3, Backward, 6, nil), 40, 2)
	o := DefaultOptions()
	j, err := o.newJudgeState(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var r shogi.Position
	sound, noMate, passedNoMate := 0, 0, 0
	for _, p := range ps {
		for range 30 {
			if !o.mutate(rng, &p.Position, &r) || j.hasMate1(&r) {
				continue
			}
			pass := j.hasMate3(&r)
			sol, err := j.solvers[0].Solve(context.Background(), &r)
			if err != nil {
				continue
			}
			switch {
			case sol.Status == mate.NoMate:
				noMate++
				if pass {
					passedNoMate++
				}
			case sol.Status == mate.Mate && sol.LengthExact && sol.Length == 3 && sol.Unique && !sol.Leftover:
				sound++
				if !pass {
					t.Errorf("%s: a sound mate in 3 the prefilter rejects", r.SFEN())
				}
			}
		}
	}
	t.Logf("%d sound mates in 3 passed; %d of %d positions with no mate passed", sound, passedNoMate, noMate)
	if sound == 0 || noMate == 0 || passedNoMate > noMate/4 {
		t.Errorf("%d sound, %d of %d with no mate passed", sound, passedNoMate, noMate)
	}
}
