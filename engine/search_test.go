package engine

import (
	"context"
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/shogi"
)

// benchPositions returns the bench positions or fails the test.
func benchPositions(t testing.TB) []shogi.Position {
	t.Helper()
	ps, err := BenchPositions()
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

// newSearcher returns a Searcher with a small table or fails the test.
func newSearcher(t testing.TB) *Searcher {
	t.Helper()
	s, err := NewSearcher(Options{HashMB: 4})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// minimax is plain negamax over every legal move to depth, with the
// searcher's repetition rule and its quiescence search (full window) at
// the leaves: the value alpha-beta must find.
func (s *Searcher) minimax(depth, ply int) Score {
	if ply > 0 {
		if sc, ok := s.repetition(ply); ok {
			return sc
		}
	}
	if depth <= 0 {
		return s.qsearch(-Infinite, Infinite, ply)
	}
	p := &s.pos[ply]
	var moves []shogi.Move
	if p.InCheck() {
		moves = p.Evasions(nil)
	} else {
		moves = p.LegalMoves(nil)
	}
	if len(moves) == 0 {
		return MatedIn(ply)
	}
	best := -Infinite
	for _, m := range moves {
		s.play(ply, m)
		best = max(best, -s.minimax(depth-1, ply+1))
		s.pop()
	}
	return best
}

// TestAlphaBetaIsMinimax checks that the search, with the table and
// without, finds the minimax value at small depths once the unsound
// prunings (null move, reductions, delta pruning) and the extension are
// off.
func TestAlphaBetaIsMinimax(t *testing.T) {
	ps := benchPositions(t)
	for i, p := range ps {
		maxDepth := 2
		if i == 0 || i == 5 || i == 8 {
			maxDepth = 3 // the positions with fewer captures; the others take minutes
		}
		for depth := 1; depth <= maxDepth; depth++ {
			ref := newSearcher(t)
			ref.f.NoDelta = true // the reference's quiescence search prunes nothing either
			ref.setGame(Game{Start: p})
			want := ref.minimax(depth, 0)
			for _, noTT := range []bool{false, true} {
				s := newSearcher(t)
				s.f.NoNull, s.f.NoLMR, s.f.NoDelta, s.f.NoCheckExt, s.f.NoTable = true, true, true, true, noTT
				r := s.Search(context.Background(), Game{Start: p}, Limits{Depth: depth}, nil)
				if r.Score != want {
					t.Errorf("position %d depth %d (no table %v): score %d, minimax %d", i, depth, noTT, r.Score, want)
				}
				if !p.IsLegal(r.Move) {
					t.Errorf("position %d depth %d: illegal move %v", i, depth, r.Move)
				}
			}
		}
	}
}

// TestMateIn checks that mates are found with their distance, by the
// search alone and by the root's df-pn solver.
func TestMateIn(t *testing.T) {
	for _, c := range []struct {
		sfen  string
		plies int
	}{
		{"8k/9/9/7Rs/9/9/9/9/K8 b B 1", 3},   // B*3c 1a1b 3c2b+
		{"4k4/9/4P4/9/9/9/9/9/4K4 b G 1", 1}, // G*5b
	} {
		p, err := shogi.ParseSFEN(c.sfen)
		if err != nil {
			t.Fatal(err)
		}
		for _, mateNodes := range []uint64{0, 100000} {
			s := newSearcher(t)
			r := s.Search(context.Background(), Game{Start: p}, Limits{Depth: c.plies + 2, MateNodes: mateNodes}, nil)
			if r.Score != MateIn(c.plies) {
				t.Errorf("%s (mate nodes %d): score %d, want mate in %d (%d)", c.sfen, mateNodes, r.Score, c.plies, MateIn(c.plies))
			}
			if n, ok := r.Score.Mate(); !ok || n != c.plies {
				t.Errorf("%s: Mate() = %d, %v", c.sfen, n, ok)
			}
			q := p
			for _, m := range r.PV {
				if !q.IsLegal(m) {
					t.Fatalf("%s: PV %v: illegal %v", c.sfen, r.PV, m)
				}
				q.DoMove(m)
			}
			if len(r.PV) != c.plies || !q.InCheck() || q.HasLegalMove() {
				t.Errorf("%s: PV %v does not mate in %d", c.sfen, r.PV, c.plies)
			}
		}
	}
}

// TestMated checks the score of a side that is mated whatever it does,
// and of a side without a legal move.
func TestMated(t *testing.T) {
	// White's king on 5a, mated by the gold on 5b that the pawn on 5c
	// guards: White has no move.
	p, err := shogi.ParseSFEN("4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1")
	if err != nil {
		t.Fatal(err)
	}
	s := newSearcher(t)
	r := s.Search(context.Background(), Game{Start: p}, Limits{Depth: 3}, nil)
	if r.Move != shogi.NoMove || r.Score != MatedIn(0) {
		t.Errorf("mated: %v %d", r.Move, r.Score)
	}
}

// game builds a Game from an SFEN and USI moves.
func game(t *testing.T, sfen string, moves ...string) Game {
	t.Helper()
	p, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	g := Game{Start: p}
	for _, s := range moves {
		m, err := p.ParseUSIMove(s)
		if err != nil {
			t.Fatal(err)
		}
		g.Moves = append(g.Moves, m)
		p.DoMove(m)
	}
	return g
}

// TestRepetition checks the scores of repeated positions: a draw, and a
// loss for the side that checked all along.
func TestRepetition(t *testing.T) {
	// Kings walk back and forth: the start position comes again.
	s := newSearcher(t)
	s.setGame(game(t, shogi.StartSFEN, "5i5h", "5a5b", "5h5i", "5b5a"))
	if sc, ok := s.repetition(0); !ok || sc != DrawScore {
		t.Errorf("repeated kings: %d %v, want a draw", sc, ok)
	}
	s.setGame(game(t, shogi.StartSFEN, "5i5h", "5a5b", "5h5i"))
	if _, ok := s.repetition(0); ok {
		t.Error("no repetition yet, but one found")
	}
	// A rook checks on files 5 and 4 while the king goes 5a-4a-5a: the
	// position after Black's check comes again with White to move, and
	// White, checked all along, wins; seen from Black, Black loses.
	const perpetual = "4k4/9/9/9/4R4/9/9/9/K8 w - 1"
	s.setGame(game(t, perpetual, "5a4a", "5e4e", "4a5a", "4e5e"))
	if sc, ok := s.repetition(0); !ok || sc != MateIn(0) {
		t.Errorf("perpetual check, the checked side to move: %d %v, want %d", sc, ok, MateIn(0))
	}
	s.setGame(game(t, perpetual, "5a4a", "5e4e", "4a5a", "4e5e", "5a4a"))
	if sc, ok := s.repetition(0); !ok || sc != MatedIn(0) {
		t.Errorf("perpetual check, the checking side to move: %d %v, want %d", sc, ok, MatedIn(0))
	}
	// Behind by a rook, Black takes the draw the history offers.
	g := game(t, "r3k4/9/9/9/9/9/9/9/4K4 b - 1", "5i5h", "5a5b", "5h5i", "5b5a", "5i5h", "5a5b")
	r := s.Search(context.Background(), g, Limits{Depth: 1}, nil)
	if r.Score != DrawScore || r.Move.String() != "5h5i" {
		t.Errorf("behind, with a repetition to hand: %v %d, want 5h5i 0", r.Move, r.Score)
	}
	// And a perpetual check is not a way out: Black, two golds down, may
	// check for ever, but that loses; it plays on.
	g = game(t, "4k4/9/9/9/4R4/9/8r/9/K8 w 2g 1", "5a4a", "5e4e", "4a5a")
	r = s.Search(context.Background(), g, Limits{Depth: 1}, nil)
	if r.Move.String() == "4e5e" || r.Score.IsLoss() {
		t.Errorf("perpetual check offered: %v %d", r.Move, r.Score)
	}
}

// fakeClock is a clock for the tests of the time limits: it stands
// still, and the test moves it (from an info callback, between
// iterations, or at a set reading).
type fakeClock struct {
	t time.Time
	// jumpAt, when reads reaches it, moves the clock by jump.
	reads, jumpAt int
	jump          time.Duration
}

func newFakeClock() *fakeClock { return &fakeClock{t: time.Unix(1e9, 0)} }

func (c *fakeClock) now() time.Time {
	c.reads++
	if c.reads == c.jumpAt {
		c.t = c.t.Add(c.jump)
	}
	return c.t
}

// TestStop checks that the end of the context stops an infinite search
// with a legal move: cancelled after the second iteration, the search,
// which would go on to MaxPly, returns.
func TestStop(t *testing.T) {
	for i, p := range benchPositions(t)[:4] {
		s := newSearcher(t)
		ctx, cancel := context.WithCancel(context.Background())
		r := s.Search(ctx, Game{Start: p}, Limits{Infinite: true}, func(in Info) {
			if in.Depth == 2 {
				cancel()
			}
		})
		cancel()
		if !p.IsLegal(r.Move) || r.Depth < 2 {
			t.Errorf("position %d: move %v after %d iterations", i, r.Move, r.Depth)
		}
	}
}

// No iteration starts once Soft has passed: with each iteration taking
// 10 ms on the clock, Soft 35 ms stops the search after the fourth.
func TestSoftLimit(t *testing.T) {
	p := benchPositions(t)[2]
	s := newSearcher(t)
	c := newFakeClock()
	start := c.t
	r := s.Search(context.Background(), Game{Start: p}, Limits{Soft: 35 * time.Millisecond, Now: c.now}, func(in Info) {
		c.t = start.Add(time.Duration(in.Depth) * 10 * time.Millisecond)
	})
	if r.Depth != 4 || r.Time != 40*time.Millisecond || !p.IsLegal(r.Move) {
		t.Errorf("Soft 35 ms: depth %d, time %v, move %v; want depth 4 at 40ms", r.Depth, r.Time, r.Move)
	}
}

// The search stops inside an iteration at the first look at the clock
// past Hard, with the move of the last iteration completed.
func TestHardLimit(t *testing.T) {
	p := benchPositions(t)[2]
	s := newSearcher(t)
	c := newFakeClock()
	var depths []int
	r := s.Search(context.Background(), Game{Start: p}, Limits{Hard: 50 * time.Millisecond, Now: c.now}, func(in Info) {
		depths = append(depths, in.Depth)
		if in.Depth == 3 {
			c.jumpAt, c.jump = c.reads+1, 100*time.Millisecond // the next look: a poll inside depth 4
		}
	})
	if r.Depth != 3 || len(depths) != 3 || r.Time != 100*time.Millisecond || !p.IsLegal(r.Move) {
		t.Errorf("Hard 50 ms: depth %d (reports %v), time %v, move %v; want depth 3, stopped in depth 4 at 100ms", r.Depth, depths, r.Time, r.Move)
	}
}

// Nodes stops the search at about that many nodes.
func TestNodeLimit(t *testing.T) {
	p := benchPositions(t)[2]
	s := newSearcher(t)
	r := s.Search(context.Background(), Game{Start: p}, Limits{Nodes: 50000}, nil)
	if r.Nodes < 50000 || r.Nodes > 50000+pollEvery || !p.IsLegal(r.Move) {
		t.Errorf("Nodes 50000: %d nodes, move %v", r.Nodes, r.Move)
	}
}

// A ponder search is infinite until the hit, and its time limits count
// from the hit: hit at 20 ms, Soft 35 ms stops it after the iteration
// that ends at 60 ms, where it would have stopped at 40 ms from the
// start.
func TestPonderHit(t *testing.T) {
	p := benchPositions(t)[2]
	s := newSearcher(t)
	c := newFakeClock()
	start := c.t
	hit := make(chan struct{})
	r := s.Search(context.Background(), Game{Start: p}, Limits{PonderHit: hit, Soft: 35 * time.Millisecond, Now: c.now}, func(in Info) {
		c.t = start.Add(time.Duration(in.Depth) * 10 * time.Millisecond)
		if in.Depth == 2 {
			close(hit)
		}
	})
	if r.Depth != 6 || !p.IsLegal(r.Move) {
		t.Errorf("ponder hit at 20 ms, Soft 35 ms: depth %d, move %v; want depth 6", r.Depth, r.Move)
	}
	// Without the hit the ponder search goes on past its time limits
	// (40 ms at depth 4), until the context ends after the sixth.
	ctx, cancel := context.WithCancel(context.Background())
	c = newFakeClock()
	start = c.t
	r = s.Search(ctx, Game{Start: p}, Limits{PonderHit: make(chan struct{}), Soft: 35 * time.Millisecond, Hard: 40 * time.Millisecond, Now: c.now}, func(in Info) {
		c.t = start.Add(time.Duration(in.Depth) * 10 * time.Millisecond)
		if in.Depth == 6 {
			cancel()
		}
	})
	cancel()
	if r.Depth < 6 || !p.IsLegal(r.Move) {
		t.Errorf("ponder without the hit: depth %d, move %v; want 6 or more", r.Depth, r.Move)
	}
}

// TestMultiPV checks that the lines are distinct and ordered.
func TestMultiPV(t *testing.T) {
	p := benchPositions(t)[1]
	s := newSearcher(t)
	var last []Info
	s.Search(context.Background(), Game{Start: p}, Limits{Depth: 4, MultiPV: 3}, func(i Info) {
		if i.MultiPV == 1 {
			last = last[:0]
		}
		last = append(last, i)
	})
	if len(last) != 3 {
		t.Fatalf("%d lines at the last iteration", len(last))
	}
	for i := 1; i < 3; i++ {
		if last[i].PV[0] == last[i-1].PV[0] || last[i].Score > last[i-1].Score {
			t.Errorf("line %d %v %d after %v %d", i+1, last[i].PV, last[i].Score, last[i-1].PV, last[i-1].Score)
		}
	}
}

// TestNoAllocs checks that the search allocates nothing per node.
func TestNoAllocs(t *testing.T) {
	p := benchPositions(t)[3]
	s := newSearcher(t)
	s.setGame(Game{Start: p})
	s.canAbort = true
	n := testing.AllocsPerRun(3, func() {
		s.search(-Infinite, Infinite, 4, 0, true, true)
	})
	if n != 0 {
		t.Errorf("search allocates %v times", n)
	}
}

func TestParseFeatures(t *testing.T) {
	for _, s := range []string{"", "no-null", "no-lmr,no-table", "all-check-ext,no-aspiration,no-delta"} {
		f, err := ParseFeatures(s)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		if f.String() != s {
			t.Errorf("%q read back as %q", s, f.String())
		}
	}
	if f, err := ParseFeatures(" No-Null , no-lmr "); err != nil || !f.NoNull || !f.NoLMR {
		t.Errorf("spaces and case: %+v %v", f, err)
	}
	for _, s := range []string{"no-nul", "no-check-ext,all-check-ext", "null"} {
		if _, err := ParseFeatures(s); err == nil {
			t.Errorf("%q accepted", s)
		}
	}
}
