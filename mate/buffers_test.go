package mate

import (
	"context"
	"testing"
)

// TestSolveReusesItsBuffers: a Solver keeps the scratch space of its
// searches, lines and soundness searches from one Solve to the next, so
// that solving many positions, as a generator does, allocates little
// beyond the solutions themselves: its line, its alternatives and the
// bookkeeping of its steps, whatever the nodes. Measured: 12, 112 and 12
// allocations a Solve for these three; 247, 1,087 and 287 when each
// Solve made its search's buffers anew and read its line with buffers of
// its own (before session 30).
func TestSolveReusesItsBuffers(t *testing.T) {
	for _, c := range readBenchList(t) {
		switch c.ID {
		case "m7-corner", "zukou-033", "musou-038":
		default:
			continue
		}
		p := mustParse(t, c.SFEN)
		s := newSolver(t, SolverOptions{HashMB: 16})
		var nodes uint64
		run := func() {
			q := p
			sol, err := s.Solve(context.Background(), &q)
			if err != nil || !sol.LengthExact {
				t.Fatalf("%s: %v, exact %v", c.ID, err, sol.LengthExact)
			}
			nodes = sol.Nodes
		}
		run() // the buffers grow
		allocs := testing.AllocsPerRun(3, run)
		t.Logf("%s: %.0f allocations for %d nodes", c.ID, allocs, nodes)
		if allocs > 200 {
			t.Errorf("%s: %.0f allocations a Solve (%d nodes), want at most 200", c.ID, allocs, nodes)
		}
	}
}
