package mate

import (
	"bytes"
	"context"
	"slices"
	"testing"

	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
)

// TestTsumeLineAsksFewer: the main line read with the depth-limited
// search left out for a defender's last candidate reply (as Solve reads
// it) is the line read with every candidate asked, on every mate of the
// bench list and the quick classics: leaving the question out changes the
// nodes, never the line.
func TestTsumeLineAsksFewer(t *testing.T) {
	rows, err := problem.ReadTSV(bytes.NewReader(BenchList()), "bench.tsv")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, r := range rows {
		if r.Status == problem.NoMate {
			continue
		}
		t.Run(r.ID, func(t *testing.T) {
			s := newSolver(t, SolverOptions{HashMB: 64, SkipSoundness: true})
			p := r.Position
			sol, err := s.Solve(context.Background(), &p)
			if err != nil {
				t.Fatal(err)
			}
			if sol.Status != Mate || !sol.LengthExact {
				t.Skipf("%v, exact %v", sol.Status, sol.LengthExact)
			}
			q := sol.Position
			sr := newSearch[stdPos](s.tt, q.SideToMove())
			sr.futile = true
			all := sr.line(std(&q), sol.Length, false, sr.longestReply(true, true))
			fewer := sr.tsumeLine(std(&q), sol.Length)
			if !slices.Equal(fewer, all) || !slices.Equal(fewer, sol.PV) {
				t.Errorf("the line asking fewer %v, asking every reply %v, Solve's %v", moves(fewer), moves(all), moves(sol.PV))
			}
			checked++
		})
	}
	if checked < 10 {
		t.Errorf("only %d lines compared", checked)
	}
}

// moves writes a line in USI.
func moves(line []shogi.Move) []string {
	out := make([]string, len(line))
	for i, m := range line {
		out[i] = m.String()
	}
	return out
}
