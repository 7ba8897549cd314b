package mate

import (
	"bytes"
	"context"
	"testing"

	"github.com/tsume-shogi/tsume/problem"
)

// MateWithin agrees with Solve on the bench problems: a mate within the
// shortest length and every length above, none within two plies less.
func TestMateWithin(t *testing.T) {
	ps, err := problem.ReadTSV(bytes.NewReader(BenchList()), "bench")
	if err != nil {
		t.Fatal(err)
	}
	s := newSolver(t, SolverOptions{HashMB: 16, SkipSoundness: true})
	for _, p := range ps {
		if p.Stipulation.Plies > 9 {
			continue
		}
		sol, err := s.Solve(context.Background(), &p.Position)
		if err != nil {
			t.Fatal(err)
		}
		if sol.Status != Mate {
			w, err := s.MateWithin(context.Background(), &p.Position, 9)
			if err != nil || w.Status != NoMate {
				t.Errorf("%s: no mate, but MateWithin 9 gives %+v, %v", p.ID, w, err)
			}
			continue
		}
		for _, c := range []struct {
			plies int
			want  Status
		}{{sol.Length, Mate}, {sol.Length + 2, Mate}, {sol.Length - 2, NoMate}} {
			w, err := s.MateWithin(context.Background(), &p.Position, c.plies)
			if err != nil || w.Status != c.want || w.Status == Mate && (w.Length > c.plies || w.Length < sol.Length) {
				t.Errorf("%s (mate in %d): MateWithin %d gives %+v, %v; want %v", p.ID, sol.Length, c.plies, w, err, c.want)
			}
		}
	}
	nodes := newSolver(t, SolverOptions{HashMB: 16, MaxNodes: 1})
	for _, p := range ps {
		if p.ID == "zukou-085" {
			if w, _ := nodes.MateWithin(context.Background(), &p.Position, 15); w.Status != Unknown {
				t.Errorf("%s with a budget of 1 node: %+v", p.ID, w)
			}
		}
	}
}
