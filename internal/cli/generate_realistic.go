package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"
	"time"

	"github.com/tsume-shogi/tsume/gen"
	"github.com/tsume-shogi/tsume/gen/maten"
	"github.com/tsume-shogi/tsume/gen/realistic"
)

// realisticRefused are the flags of generate that --style realistic does
// not take: the problems are built on the castles of self-play games,
// whose pieces and king these would contradict, and the composer's
// filters and the local search are the mate-in-N styles'.
var realisticRefused = append([]string{"method", "max_pieces", "max-pieces", "min-pieces", "pieces", "king", "two-kings",
	"min-sacrifices", "quiet-first", "min-refusals", "min-distant-drops", "max-final-pieces", "min-branching", "min-beauty", "min-quality", "theme", "optimize", "optimize-budget"}, mateOneFlags...)

// realisticGenerator returns the generator of --style realistic
// (gen/realistic) of length plies: it plays the self-play games whose
// castles the problems are built on, which ctx can end, and says so on
// standard error. errs are the errors found in the flags so far; it
// returns a usage message (usage true) on a bad flag.
func realisticGenerator(ctx context.Context, e *env, fs *flag.FlagSet, length int, seed, maxNodes uint64, workers int, errs []error) (g *gen.Generator, c *maten.Counters, usage bool, err error) {
	for _, name := range realisticRefused {
		if isSet(fs, name) {
			errs = append(errs, fmt.Errorf("--%s does not apply to --style realistic", name))
		}
	}
	o := realistic.DefaultOptions()
	c = new(maten.Counters)
	o.Length, o.Seed, o.MaxNodes, o.Workers, o.Counters = length, seed, maxNodes, max(workers, 1), c
	if err := o.Validate(); err != nil {
		errs = append(errs, err)
	}
	if len(errs) > 0 {
		// One line: the errors, and the lines of each, joined by "; ".
		return nil, nil, true, errors.New(strings.ReplaceAll(errors.Join(errs...).Error(), "\n", "; "))
	}
	start := time.Now()
	g, err = realistic.New(ctx, o)
	if err != nil {
		return nil, nil, false, err
	}
	fmt.Fprintf(e.stderr, "realistic: the castles of %d self-play games (seed %d, %d nodes a move) in %.2fs\n", realistic.GamesFor(o.Length), o.Seed, o.Nodes, time.Since(start).Seconds())
	return g, c, false, nil
}
