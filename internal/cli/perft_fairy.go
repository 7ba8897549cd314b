package cli

import (
	"bufio"
	"context"
	"fmt"
	"time"

	"github.com/tsume-shogi/tsume/variant"
)

// runFairyPerft is runPerft for a position of package variant: the
// divide lines in USI sorted by their text, then the total.
func runFairyPerft(ctx context.Context, e *env, p *variant.Position, depth int, divide bool) error {
	type entry struct {
		usi   string
		nodes uint64
	}
	start := time.Now()
	var entries []entry
	var total uint64
	if divide {
		for _, m := range p.LegalMoves(nil) {
			q := *p
			q.DoMove(m)
			n, err := variant.Perft(ctx, &q, depth-1)
			if err != nil {
				return err
			}
			entries = append(entries, entry{variant.MoveString(m), n})
			total += n
		}
	} else {
		n, err := variant.Perft(ctx, p, depth)
		if err != nil {
			return err
		}
		total = n
	}
	elapsed := time.Since(start)
	w := bufio.NewWriter(e.stdout)
	if divide {
		// Plain byte order, as the spec sorts move lists.
		for i := 1; i < len(entries); i++ {
			for j := i; j > 0 && entries[j].usi < entries[j-1].usi; j-- {
				entries[j], entries[j-1] = entries[j-1], entries[j]
			}
		}
		for _, en := range entries {
			fmt.Fprintf(w, "%s: %d\n", en.usi, en.nodes)
		}
		w.WriteString("\n")
	}
	fmt.Fprintf(w, "nodes %d\n", total)
	if err := w.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(e.stderr, "time %.2fs, %.1f M nodes/s\n", elapsed.Seconds(), float64(total)/max(elapsed.Seconds(), 1e-9)/1e6)
	return nil
}
