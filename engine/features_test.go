package engine

import (
	"context"
	"os"
	"testing"
	"time"
)

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
