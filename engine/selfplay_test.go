package engine

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/engine/eval"
	"github.com/tsume-shogi/tsume/shogi"
)

// TestSelfPlay plays the default search against variants with one
// feature changed, at a fixed number of nodes a move, from the bench
// positions with both colours. It measures; it runs only with
// TSUME_SELFPLAY=1. A game ends at mate, at a repetition (a draw) or
// after 200 plies, when the material decides.
func TestSelfPlay(t *testing.T) {
	if os.Getenv("TSUME_SELFPLAY") == "" {
		t.Skip("set TSUME_SELFPLAY=1 to run")
	}
	variants := []struct {
		name string
		set  func(*Searcher)
	}{
		{"all-check-ext", func(s *Searcher) { s.f.AllCheckExt = true }},
		{"no-check-ext", func(s *Searcher) { s.f.NoCheckExt = true }},
		{"no-null", func(s *Searcher) { s.f.NoNull = true }},
		{"no-lmr", func(s *Searcher) { s.f.NoLMR = true }},
	}
	ps := benchPositions(t)
	for _, v := range variants {
		var w, d, l int
		for _, p := range ps {
			for side := 0; side < 2; side++ {
				a, b := newSearcher(t), newSearcher(t)
				v.set(b)
				players := [2]*Searcher{a, b}
				if side == 1 {
					players = [2]*Searcher{b, a}
				}
				res := playGame(p, players, 30000)
				if side == 1 {
					res = -res
				}
				switch {
				case res > 0:
					w++
				case res < 0:
					l++
				default:
					d++
				}
			}
		}
		t.Logf("default vs %s: +%d =%d -%d (score %.1f%%)", v.name, w, d, l, 100*(float64(w)+float64(d)/2)/float64(w+d+l))
	}
}

// playGame plays from p, players[0] moving first, and returns +1 when
// players[0] wins, -1 when it loses, 0 for a draw.
func playGame(p shogi.Position, players [2]*Searcher, nodes uint64) int {
	g := Game{Start: p}
	cur := p
	seen := map[uint64]int{}
	for ply := 0; ply < 200; ply++ {
		s := players[ply%2]
		r := s.Search(context.Background(), Game{Start: g.Start, Moves: g.Moves}, Limits{Nodes: nodes}, nil)
		sign := 1
		if ply%2 == 1 {
			sign = -1
		}
		if r.Move == shogi.NoMove {
			return -sign
		}
		g.Moves = append(g.Moves, r.Move)
		cur.DoMove(r.Move)
		seen[cur.Key()]++
		if seen[cur.Key()] >= 3 {
			return 0
		}
	}
	sc := eval.Material{}.Evaluate(&cur) // the side to move after 200 plies: players[0]
	switch {
	case sc > 300:
		return 1
	case sc < -300:
		return -1
	}
	return 0
}

// TestFeatureNodes prints the nodes and time of the bench positions to
// a fixed depth with each feature of the search turned off in turn. It
// measures; it runs only with TSUME_SELFPLAY=1.
func TestFeatureNodes(t *testing.T) {
	if os.Getenv("TSUME_SELFPLAY") == "" {
		t.Skip("set TSUME_SELFPLAY=1 to run")
	}
	variants := []struct {
		name string
		set  func(*Searcher)
	}{
		{"default", func(*Searcher) {}},
		{"all-check-ext", func(s *Searcher) { s.f.AllCheckExt = true }},
		{"no-check-ext", func(s *Searcher) { s.f.NoCheckExt = true }},
		{"no-null", func(s *Searcher) { s.f.NoNull = true }},
		{"no-lmr", func(s *Searcher) { s.f.NoLMR = true }},
		{"no-aspiration", func(s *Searcher) { s.f.NoAspiration = true }},
		{"no-table", func(s *Searcher) { s.f.NoTable = true }},
	}
	depth := 6
	if os.Getenv("TSUME_DEPTH") == "7" {
		depth = 7
	}
	for _, v := range variants {
		s := newSearcher(t)
		v.set(s)
		var nodes uint64
		var elapsed time.Duration
		for _, p := range benchPositions(t) {
			s.NewGame()
			r := s.Search(context.Background(), Game{Start: p}, Limits{Depth: depth}, nil)
			nodes += r.Nodes
			elapsed += r.Time
		}
		t.Logf("%-14s depth %d: %10d nodes %8.2fs", v.name, depth, nodes, elapsed.Seconds())
	}
}
