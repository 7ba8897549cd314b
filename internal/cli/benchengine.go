package cli

import (
	"bufio"
	"context"
	"fmt"
	"time"

	"github.com/tsume-shogi/tsume/engine"
)

// runEngineBench searches each position of the engine's bench list to
// depth with one Searcher (its table emptied before each position) and
// writes a line per position and the total: the node count is the
// search's signature.
func runEngineBench(ctx context.Context, e *env, depth, hashMB int) error {
	ps, err := engine.BenchPositions()
	if err != nil {
		return err
	}
	s, err := engine.NewSearcher(engine.Options{HashMB: hashMB})
	if err != nil {
		return usageErrorf("bench", "%v", err)
	}
	w := bufio.NewWriter(e.stdout)
	fmt.Fprintf(w, "%-4s %5s %12s %9s %10s  %s\n", "pos", "depth", "nodes", "time", "nodes/s", "best")
	var total uint64
	var elapsed time.Duration
	for i, p := range ps {
		if err := ctx.Err(); err != nil {
			w.Flush()
			return err
		}
		s.NewGame()
		r := s.Search(ctx, engine.Game{Start: p}, engine.Limits{Depth: depth}, nil)
		total += r.Nodes
		elapsed += r.Time
		fmt.Fprintf(w, "%-4d %5d %12d %8.3fs %10d  %v %s\n", i+1, r.Depth, r.Nodes, r.Time.Seconds(), nps(r.Nodes, r.Time), r.Move, scoreText(r.Score))
	}
	fmt.Fprintf(w, "\nnodes %d\ntime %.2fs\nnodes/s %d\n", total, elapsed.Seconds(), nps(total, elapsed))
	if err := ctx.Err(); err != nil {
		w.Flush()
		return err
	}
	return w.Flush()
}

// nps returns nodes per second.
func nps(nodes uint64, d time.Duration) uint64 {
	if d <= 0 {
		return 0
	}
	return uint64(float64(nodes) / d.Seconds())
}

// scoreText writes a search score as USI does: cp N or mate N.
func scoreText(s engine.Score) string {
	if n, ok := s.Mate(); ok {
		return fmt.Sprintf("mate %d", n)
	}
	return fmt.Sprintf("cp %d", s)
}
