package maten

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tsume-shogi/tsume/gen/mate1"
	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
)

// TestOriginReach: origin draws only among the empty squares from which
// the piece attacks the square, and among all of them (the squares are
// found from the square, by a piece of the other colour).
func TestOriginReach(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	kinds := []shogi.Kind{shogi.Pawn, shogi.Lance, shogi.Knight, shogi.Silver, shogi.Gold, shogi.Bishop, shogi.Rook, shogi.Horse, shogi.Dragon, shogi.ProSilver}
	for i := range 300 {
		var m shogi.Position
		for range 12 {
			s := shogi.Square(rng.IntN(shogi.NumSquares))
			if m.PieceAt(s) == shogi.NoPiece {
				m.Put(s, shogi.NewPiece(shogi.Color(rng.IntN(2)), shogi.Gold))
			}
		}
		pc := shogi.NewPiece(shogi.Color(rng.IntN(2)), kinds[i%len(kinds)])
		s := shogi.Square(rng.IntN(shogi.NumSquares))
		var want []shogi.Square
		for u := range shogi.Square(shogi.NumSquares) {
			if u != s && m.PieceAt(u) == shogi.NoPiece && shogi.CanStand(pc, u) && shogi.AttacksFrom(pc, u, m.Occupied()).Has(s) {
				want = append(want, u)
			}
		}
		var got []shogi.Square
		for range 200 {
			if u, ok := origin(rng, &m, pc, s, nil); ok && !slices.Contains(got, u) {
				got = append(got, u)
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Fatalf("%v to %v on %s: origins %v, want %v", pc, s, m.SFEN(), got, want)
		}
	}
}

// backwardOptions returns the options of newTestGenerator for the
// backward method, with its mate-in-1 base.
func backwardOptions(t *testing.T, length int, seed uint64, c *Counters) Options {
	t.Helper()
	o := DefaultOptions()
	o.Length, o.Seed, o.Counters = length, seed, c
	b := mate1.DefaultOptions()
	b.Bases = true
	b.Seed, b.MaxPieces, b.King = seed, BasePieces(&o), BaseRegion(&o)
	base, err := mate1.New(b)
	if err != nil {
		t.Fatal(err)
	}
	o.Base = base
	return o
}

// TestQuickSearchDecidesAsFull: the search without soundness that every
// candidate of 5 plies and more meets first finds the mate, the length,
// the main line and the leftover of the full search, so that what it
// turns away the full search would have turned away.
func TestQuickSearchDecidesAsFull(t *testing.T) {
	o := backwardOptions(t, 7, 5, nil)
	j, err := o.newJudgeState(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 5))
	compared, mates, exact := 0, 0, 0
	for _, p := range generateIndices(t, newTestGenerator(t, 5, Backward, 5, nil), 40, 2) {
		for range 3000 {
			q, a, d, ok := o.unmove(rng, &p.Position, true)
			if !ok || !j.repliesMated(&q, a, d) || j.hasMate1(&q) {
				continue
			}
			quick, err1 := j.quick[2].Solve(context.Background(), &q)
			full, err2 := j.solvers[2].Solve(context.Background(), &q)
			if err1 != nil || err2 != nil {
				t.Fatal(err1, err2)
			}
			if quick.Status != full.Status || quick.Length != full.Length || quick.LengthExact != full.LengthExact ||
				quick.Leftover != full.Leftover || !slices.Equal(quick.PV, full.PV) {
				t.Fatalf("%s: quick %v %d exact %v leftover %v %v, full %v %d exact %v leftover %v %v", q.SFEN(),
					quick.Status, quick.Length, quick.LengthExact, quick.Leftover, quick.PV,
					full.Status, full.Length, full.LengthExact, full.Leftover, full.PV)
			}
			compared++
			if full.Status == mate.Mate {
				mates++
			}
			if exactMate(full, 7) {
				exact++
			}
		}
	}
	if compared < 50 || exact < 20 {
		t.Errorf("%d candidates compared, %d mates, %d of exactly 7 plies: too few to tell", compared, mates, exact)
	}
	t.Logf("%d candidates compared, %d mates, %d of exactly 7 plies", compared, mates, exact)
}

// TestFailedCandidateRemembered: a candidate of the backward method that
// made a base problem but no problem of the length is turned away at
// once when it is drawn again (what the judge decides is a function of
// the candidate), one the base generator rejected is judged again, and
// a candidate that made a problem gives that problem again at once, the
// one a judge that never saw it makes, in a copy of its own.
func TestFailedCandidateRemembered(t *testing.T) {
	var c Counters
	o := backwardOptions(t, 5, 2, &c)
	j, err := o.newJudgeState(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(2, 2))
	baseJudge := o.Base.NewJudge()
	var failed, rejected []shogi.Position
	var good shogi.Position
	var made problem.Problem
	for len(failed) < 100 || len(rejected) < 100 || made.Line == nil {
		for _, cand := range o.Base.Candidate(rng, nil) {
			var p, bp problem.Problem
			switch {
			case j.judgeBackward(&cand, 0, &p):
				if made.Line == nil {
					good, made = cand, p
				}
			case !baseJudge(&cand, 0, &bp):
				rejected = append(rejected, cand)
			default:
				failed = append(failed, cand)
			}
		}
	}
	for _, c0 := range []struct {
		name  string
		cands []shogi.Position
		want  int
	}{{"made a base problem", failed, len(failed)}, {"rejected by the base generator", rejected, 0}} {
		before := c.Repeated[0].Load()
		for _, cand := range c0.cands {
			var p problem.Problem
			if j.judgeBackward(&cand, 0, &p) {
				t.Fatalf("%s failed, then made %s", cand.SFEN(), p.Position.SFEN())
			}
		}
		if n := c.Repeated[0].Load() - before; n != int64(c0.want) {
			t.Errorf("%s: %d of %d failed candidates turned away at once, want %d", c0.name, n, len(c0.cands), c0.want)
		}
	}
	before, remade := c.Repeated[0].Load(), c.Remade[0].Load()
	var p problem.Problem
	if !j.judgeBackward(&good, 0, &p) || p.Position.SFEN() != made.Position.SFEN() || !slices.Equal(p.Line, made.Line) {
		t.Errorf("%s made %s, then %s", good.SFEN(), made.Position.SFEN(), p.Position.SFEN())
	}
	if n, m := c.Repeated[0].Load()-before, c.Remade[0].Load()-remade; n != 0 || m != 1 {
		t.Errorf("a candidate that made a problem, drawn again: %d turned away, %d given at once, want 0 and 1", n, m)
	}
	fresh, err := o.newJudgeState(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var q problem.Problem
	if !fresh.judgeBackward(&good, 0, &q) || q.Position.SFEN() != p.Position.SFEN() || !slices.Equal(q.Line, p.Line) || !slices.Equal(q.Themes, p.Themes) || *q.Quality != *p.Quality {
		t.Errorf("%s: the problem remembered %s differs from the one made anew %s", good.SFEN(), p.Position.SFEN(), q.Position.SFEN())
	}
	p.Line[0], p.Quality.Score = shogi.NoMove, -100 // the caller's copy
	var r problem.Problem
	if !j.judgeBackward(&good, 0, &r) || !slices.Equal(r.Line, q.Line) || r.Quality.Score != q.Quality.Score {
		t.Errorf("%s: the problem remembered changed with the copy given out", good.SFEN())
	}
}

// BenchmarkLength7 makes the first 3 mate-in-7 problems of seed 4242 in
// the default style with generate's default piece limit (6).
func BenchmarkLength7(b *testing.B) {
	for b.Loop() {
		o := DefaultOptions()
		o.Length, o.Seed, o.MaxPieces = 7, 4242, 6
		bo := mate1.DefaultOptions()
		bo.Bases = true
		bo.Seed, bo.MaxPieces, bo.King = o.Seed, BasePieces(&o), BaseRegion(&o)
		base, err := mate1.New(bo)
		if err != nil {
			b.Fatal(err)
		}
		o.Base = base
		g, err := New(o)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := g.Run(context.Background(), 3, 2, func(problem.Problem) error { return nil }); err != nil {
			b.Fatal(err)
		}
	}
}

// TestTwoKeysCooked: a candidate of 3 plies that twoKeys3 turns away
// before the solver is one the solver finds cooked (another key mates in
// 3 plies, or in fewer), so that the prefilter changes no problem of a
// run; and it turns away a good share of them.
func TestTwoKeysCooked(t *testing.T) {
	o := backwardOptions(t, 3, 7, nil)
	j, err := o.newJudgeState(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(7, 7))
	candidates, cooked, unique := 0, 0, 0
	for _, p := range generateIndices(t, o.Base, 200, 2) {
		for range 3000 {
			q, a, d, ok := o.unmove(rng, &p.Position, true)
			if !ok || !j.repliesMated(&q, a, d) || j.hasMate1(&q) {
				continue
			}
			candidates++
			sol, err := j.solvers[0].Solve(context.Background(), &q)
			if err != nil {
				t.Fatal(err)
			}
			sound := sol.Status == mate.Mate && sol.LengthExact && sol.Length == 3 && sol.Unique
			if sound {
				unique++
			}
			if j.twoKeys3(&q) {
				cooked++
				if sound {
					t.Fatalf("%s: two keys found, but the solver's %v is the only one", q.SFEN(), sol.PV)
				}
			}
		}
	}
	if cooked < candidates/4 || unique < 20 {
		t.Errorf("%d candidates, %d with two keys, %d sound: too few to tell", candidates, cooked, unique)
	}
	t.Logf("%d candidates, %d with two keys, %d sound", candidates, cooked, unique)
}

// TestMate3Prefilter: a candidate of 5 plies that checkAbove turns away
// before any search because forcingChecks finds a check after which
// every reply allows a mate in 1 is one the quick search rejects (a mate
// in 3 or fewer plies), so that the prefilter changes no problem of a
// run; and it turns away a good share of the candidates.
func TestMate3Prefilter(t *testing.T) {
	o := backwardOptions(t, 5, 9, nil)
	j, err := o.newJudgeState(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(9, 9))
	candidates, short, exact := 0, 0, 0
	for _, p := range generateIndices(t, newTestGenerator(t, 3, Backward, 9, nil), 40, 2) {
		for range 3000 {
			q, a, d, ok := o.unmove(rng, &p.Position, true)
			if !ok || !j.repliesMated(&q, a, d) || j.hasMate1(&q) {
				continue
			}
			candidates++
			sol, err := j.quick[1].Solve(context.Background(), &q)
			if err != nil {
				t.Fatal(err)
			}
			if exactMate(sol, 5) {
				exact++
			}
			if j.forcingChecks(&q, 1, false) > 0 {
				short++
				if sol.Status != mate.Mate || sol.Length > 3 {
					t.Fatalf("%s: a check forces a mate in 3, but the quick search finds %v in %d plies", q.SFEN(), sol.Status, sol.Length)
				}
			}
		}
	}
	if short < candidates/4 || exact < 20 {
		t.Errorf("%d candidates, %d with a mate in 3, %d of exactly 5 plies: too few to tell", candidates, short, exact)
	}
	t.Logf("%d candidates, %d with a mate in 3, %d of exactly 5 plies", candidates, short, exact)
}
