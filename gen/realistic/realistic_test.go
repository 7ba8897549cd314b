package realistic_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/tsume-shogi/tsume/gen"
	"github.com/tsume-shogi/tsume/gen/maten"
	"github.com/tsume-shogi/tsume/gen/realistic"
	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/selfplay"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/verdict"
)

// testOptions are a small run's: the castles of three short self-play
// games.
func testOptions(length int) realistic.Options {
	o := realistic.DefaultOptions()
	o.Length, o.Seed, o.Games, o.Nodes, o.Workers = length, 5, 3, 1500, 2
	return o
}

// castles caches the castles of testOptions' games: every test builds on
// them, and playing them is the slow part.
var castles = sync.OnceValues(func() ([]realistic.Castle, error) {
	o := testOptions(3)
	return realistic.GameCastles(context.Background(), selfplay.Config{Games: o.Games, Seed: o.Seed, Nodes: o.Nodes, MateNodes: o.Nodes, Workers: 2})
})

// newGenerator returns the generator of o on the castles of its games.
func newGenerator(t *testing.T, o realistic.Options) *gen.Generator {
	t.Helper()
	cs, err := castles()
	if err != nil {
		t.Fatal(err)
	}
	g, err := realistic.FromCastles(o, cs)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// generate runs the generator of o for n problems with the given workers.
func generate(t *testing.T, o realistic.Options, n, workers int) []problem.Problem {
	t.Helper()
	g := newGenerator(t, o)
	var ps []problem.Problem
	if _, err := g.Run(context.Background(), n, workers, func(p problem.Problem) error {
		ps = append(ps, p)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return ps
}

// Every castle of the games is a castle: White's king in its camp with
// selfplay.CastleGuards pieces of its own or more within two steps, and
// nothing else on the board or in the hands, Black to move; and it is
// the one CastleOf cuts out of the game position its source names.
func TestGameCastles(t *testing.T) {
	cs, err := castles()
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) == 0 {
		t.Fatal("no castle")
	}
	for _, c := range cs {
		p := &c.Position
		in, guards := selfplay.Shelter(p, shogi.White)
		if !in || guards < selfplay.CastleGuards || p.SideToMove() != shogi.Black || !p.ByColor(shogi.Black).IsEmpty() ||
			!p.Hand(shogi.Black).IsEmpty() || !p.Hand(shogi.White).IsEmpty() {
			t.Errorf("%s (%+v): in camp %v, %d guards", p.SFEN(), c.Source, in, guards)
		}
		if c.Source.File != "selfplay seed 5" {
			t.Errorf("%s: source %+v", p.SFEN(), c.Source)
		}
	}
}

// CastleOf keeps the king and its side's pieces within two steps, turns
// a Black castle round, and refuses a king out of its camp or with too
// few pieces near it.
func TestCastleOf(t *testing.T) {
	// Black's 美濃-like shelter at 2h (silver 3h, gold 4i, pawns 1g 2g),
	// a far Black rook and a White piece near the king.
	p, err := shogi.ParseSFEN("4k4/9/9/9/9/9/P4p1PP/1R4SK1/5G3 b - 1")
	if err != nil {
		t.Fatal(err)
	}
	q, ok := realistic.CastleOf(&p, shogi.Black)
	if !ok {
		t.Fatal("the castle is refused")
	}
	if got, want := q.SFEN(), "3g5/1ks6/pp7/9/9/9/9/9/9 b - 1"; got != want {
		t.Errorf("castle %s; want %s", got, want)
	}
	if _, ok := realistic.CastleOf(&p, shogi.White); ok {
		t.Error("a bare White king is taken for a castle")
	}
	out, _ := shogi.ParseSFEN("4k4/9/9/9/9/7SK/6G1P/9/9 b - 1")
	if _, ok := realistic.CastleOf(&out, shogi.Black); ok {
		t.Error("a king on its fourth rank is taken for a castle")
	}
}

// castleOf returns the castle a problem names in its provenance.
func castleOf(t *testing.T, p *problem.Problem) realistic.Castle {
	t.Helper()
	cs, err := castles()
	if err != nil {
		t.Fatal(err)
	}
	g := p.Provenance.Game
	if g == nil {
		t.Fatalf("%s: no game in the provenance", p.Position.SFEN())
	}
	for _, c := range cs {
		if c.Source == *g {
			return c
		}
	}
	t.Fatalf("%s: no castle of the games at %+v", p.Position.SFEN(), *g)
	return realistic.Castle{}
}

// Every problem of a small run is a sound problem of the length, solved
// again from its SFEN text by a fresh solver and judged by the verdict;
// it keeps every piece of the castle its provenance names on its
// square, and its king stands in its camp with three of its pieces or
// more within two steps. These hold by construction.
func TestProblemsKeepTheirCastle(t *testing.T) {
	for _, c := range []struct{ length, n int }{{3, 8}, {5, 2}} {
		for _, p := range generate(t, testOptions(c.length), c.n, 2) {
			sfen := p.Position.SFEN()
			q, err := shogi.ParseSFEN(sfen)
			if err != nil {
				t.Fatal(err)
			}
			s, err := mate.NewSolver(mate.SolverOptions{HashMB: 16, Futile: mate.Discount})
			if err != nil {
				t.Fatal(err)
			}
			sol, err := s.Solve(context.Background(), &q)
			if err != nil {
				t.Fatal(err)
			}
			if sol.Status != mate.Mate || !sol.LengthExact || sol.Length != c.length || !sol.Unique || !sol.SoundnessChecked || sol.Leftover {
				t.Errorf("%s: the solver says %v, length %d (exact %v), unique %v, leftover %v", sfen, sol.Status, sol.Length, sol.LengthExact, sol.Unique, sol.Leftover)
			}
			if fmt.Sprint(sol.PV) != fmt.Sprint(p.Line) {
				t.Errorf("%s: line %v, the solver's %v", sfen, p.Line, sol.PV)
			}
			v, err := verdict.JudgeLine(context.Background(), &q, p.Line, verdict.Options{Futile: mate.Discount})
			if err != nil || v.Overall != verdict.Sound || p.Verdict != string(verdict.Sound) {
				t.Errorf("%s: verdict %v (%v), recorded %q", sfen, v, err, p.Verdict)
			}
			if h, err := mate.RemainingHand(&q, shogi.Black); err != nil || q.Hand(shogi.White) != h {
				t.Errorf("%s: White's hand is not the remaining pieces", sfen)
			}
			if in, guards := selfplay.Shelter(&q, shogi.White); !in || guards < selfplay.CastleGuards {
				t.Errorf("%s: king in camp %v, %d guards", sfen, in, guards)
			}
			castle := castleOf(t, &p)
			for b := castle.Position.ByColor(shogi.White); b.Any(); {
				sq := b.PopLSB()
				if pc := castle.Position.PieceAt(sq); pc.Kind() != shogi.King && q.PieceAt(sq) != pc {
					t.Errorf("%s: the castle's %v on %v is not kept (castle %s)", sfen, pc, sq, castle.Position.SFEN())
				}
			}
			if p.Provenance.Method != realistic.Method(c.length) || p.Provenance.Seed != 5 {
				t.Errorf("%s: provenance %+v", sfen, p.Provenance)
			}
		}
	}
}

// TestNoGifts: no realistic problem's king takes an attacker piece that
// stood on its square from the start and never moved, and none opens with
// a capture (maten.Options.NoGifts): a castle with a loose attacker piece
// that the king eats read as a gift in the blind read of realistic
// problems (docs/quality-report.md).
func TestNoGifts(t *testing.T) {
	for _, c := range []struct{ length, n int }{{3, 12}, {5, 3}} {
		for _, p := range generate(t, testOptions(c.length), c.n, 2) {
			s := maten.MeasureShape(&p.Position, p.Line)
			if s.Gifts != 0 || s.FirstCapture {
				t.Errorf("%s %v: %d gifts, first capture %v", p.Position.SFEN(), p.Line, s.Gifts, s.FirstCapture)
			}
		}
	}
}

// The same options give the same problems, whatever the workers.
func TestWorkersDoNotMatter(t *testing.T) {
	o := testOptions(3)
	key := func(ps []problem.Problem) string {
		var b strings.Builder
		for _, p := range ps {
			fmt.Fprintf(&b, "%d %s %v %+v\n", p.Provenance.Index, p.Position.SFEN(), p.Line, *p.Provenance.Game)
		}
		return b.String()
	}
	one := key(generate(t, o, 4, 1))
	if two := key(generate(t, o, 4, 2)); one != two {
		t.Errorf("1 worker:\n%s2 workers:\n%s", one, two)
	}
}

// A run interrupted after k problems has emitted a prefix of the full
// run's problems.
func TestInterruptedRunIsPrefix(t *testing.T) {
	o := testOptions(3)
	full := generate(t, o, 6, 2)
	g := newGenerator(t, o)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var got []problem.Problem
	_, err := g.Run(ctx, 6, 2, func(p problem.Problem) error {
		got = append(got, p)
		if len(got) == 3 {
			cancel()
		}
		return nil
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("the run ended with %v; want context.Canceled", err)
	}
	for i, p := range got {
		if p.Position.SFEN() != full[i].Position.SFEN() {
			t.Errorf("problem %d: %s; the full run's %s", i, p.Position.SFEN(), full[i].Position.SFEN())
		}
	}
}

// GamesFor gives 16 games for a mate-in-3 and 16 more for each two plies:
// the default run's pool of castles grows with the length.
func TestGamesFor(t *testing.T) {
	for _, c := range []struct{ length, games int }{{3, 16}, {5, 32}, {7, 48}, {9, 64}, {1, 16}} {
		if got := realistic.GamesFor(c.length); got != c.games {
			t.Errorf("GamesFor(%d) = %d, want %d", c.length, got, c.games)
		}
	}
}

// Bad options are refused with an error naming them; a context that has
// ended stops the games.
func TestNewRefuses(t *testing.T) {
	o := realistic.DefaultOptions()
	o.Length, o.Games = 4, -1
	_, err := realistic.New(context.Background(), o)
	if err == nil || !strings.Contains(err.Error(), "length 4") || !strings.Contains(err.Error(), "games -1") {
		t.Errorf("New: %v; want the length and the games named", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := realistic.New(ctx, testOptions(3)); !errors.Is(err, context.Canceled) {
		t.Errorf("New after the end: %v; want context.Canceled", err)
	}
}
