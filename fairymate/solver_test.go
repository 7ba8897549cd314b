package fairymate

import (
	"context"
	"testing"
)

// A Solver reused for many positions gives each the answer of a fresh
// Solve, also across the wrap of the table's generation counter.
func TestSolverReuse(t *testing.T) {
	sv := NewSolver(Options{TableMB: 1})
	mate1 := fairyPosition(t, "8$b/9/7S1/9/9/9/9/9/9 b G 1", "")
	none := fairyPosition(t, "4k4/9/9/9/9/9/9/9/9 b G 1", "")
	for i := range 300 {
		p, want := mate1, Mate
		if i%2 == 1 {
			p, want = none, NoMate
		}
		sol, err := sv.Solve(context.Background(), &p)
		if err != nil {
			t.Fatal(err)
		}
		if sol.Status != want || want == Mate && sol.Length != 1 {
			t.Fatalf("solve %d: %v in %d, want %v", i, sol.Status, sol.Length, want)
		}
	}
}
