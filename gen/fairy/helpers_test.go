package fairy

import (
	"context"
	"testing"

	"github.com/tsume-shogi/tsume/gen"
	"github.com/tsume-shogi/tsume/gen/mate1"
	"github.com/tsume-shogi/tsume/problem"
)

// newGen returns a generator of fairy problems over gen/mate1's random
// candidates of at most maxPieces pieces.
func newGen(t testing.TB, rules string, goal problem.Goal, length int, seed uint64, maxPieces int) *gen.Generator {
	t.Helper()
	bo := mate1.DefaultOptions()
	bo.Method, bo.Seed, bo.MaxPieces, bo.MinPieces = mate1.Random, seed, maxPieces, 2
	base, err := mate1.New(bo)
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(Options{Rules: rules, Goal: goal, Length: length, Seed: seed, Base: base})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// run returns the first n problems of g with the given workers, and the
// run's stats.
func run(t testing.TB, g *gen.Generator, n, workers int) ([]problem.Problem, gen.Stats) {
	t.Helper()
	var out []problem.Problem
	st, err := g.Run(context.Background(), n, workers, func(p problem.Problem) error {
		out = append(out, p)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out, st
}
