package mine

import (
	"context"
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/shogi"
)

func TestZZTrace(t *testing.T) {
	for _, file := range slowGames {
		g := readKIFFile(t, file)
		s, _ := mate.NewSolver(mate.SolverOptions{HashMB: 16, MaxNodes: DefaultMaxNodes, Futile: mate.Count, DefenderHand: mate.AsGiven, SkipSoundness: true})
		pos := g.Start
		var tot uint64
		var big uint64
		for i := 0; i <= len(g.Moves); i++ {
			if pos.CountChecks() > 0 {
				st := time.Now()
				w, _ := s.MateWithin(context.Background(), &pos, 15)
				d := time.Since(st)
				var sn uint64
				if w.Status == mate.Mate {
					sol, err := s.Solve(context.Background(), &pos)
					if err == nil {
						sn = sol.Nodes
					}
				}
				tot += w.Nodes + sn
				if w.Nodes+sn > 20000 {
					big += w.Nodes + sn
					t.Logf("%s ply %d: %v len %d, within %d nodes (%.0f ms), solve %d", file, i, w.Status, w.Length, w.Nodes, d.Seconds()*1000, sn)
				}
			}
			if i < len(g.Moves) {
				pos.DoMove(g.Moves[i])
			}
		}
		t.Logf("%s: statuses %d nodes, %d in searches over 20k", file, tot, big)
	}
	_ = shogi.NoSquare
}
