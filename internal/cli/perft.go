package cli

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"strconv"
	"time"

	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// maxPerftDepth bounds --depth: far beyond what finishes in a lifetime, but
// it keeps a typo such as --depth 1000 from allocating a deep stack.
const maxPerftDepth = 20

func perftCommand() *command {
	return &command{
		name:    "perft",
		summary: "count the leaf nodes of the legal move tree (tests the move generator)",
		args:    "[--sfen SFEN | --kif FILE | --ki2 FILE | --csa FILE | --file FILE [--ply N]] [--rules tenjiku,annan] --depth N [--divide]",
		help: `
Perft counts the positions reached after exactly --depth plies from the
position (the initial position by default), every legal move played and
a non-promotion counted as a move of its own: the published counts check
the move generator. With --divide, one line per first move, "7g7f:
12345", sorted by USI text; then "nodes N" on standard output, and the
time and the speed on standard error. An illegal position is refused; a
fairy position is counted by the fairy layer.

Exit status: 0 done, 2 bad usage or a bad position, 130 interrupted.

More: docs/cli.md#perft.`,
		setup: setupPerft,
	}
}

func setupPerft(fs *flag.FlagSet) func(context.Context, *env, []string) error {
	in := addPositionFlags(fs)
	in.defaultSFEN = "startpos"
	depth := fs.Int("depth", 0, "the number of plies `N`, 1 to "+strconv.Itoa(maxPerftDepth)+" (required)")
	divide := fs.Bool("divide", false, "also print the count under each first move")
	rules := addRulesFlag(fs)
	return func(ctx context.Context, e *env, args []string) error {
		const self = "perft"
		switch {
		case len(args) > 0:
			return usageErrorf(self, "unexpected argument %q: perft takes only flags, and an SFEN must be quoted", args[0])
		case !isSet(fs, "depth"):
			return usageErrorf(self, "--depth is required (1 to %d)", maxPerftDepth)
		case *depth < 1 || *depth > maxPerftDepth:
			return usageErrorf(self, "bad depth %d: want 1 to %d", *depth, maxPerftDepth)
		}
		_, p, err := readPosition(e, in, *rules)
		switch {
		case err != nil:
			return err
		case p.fairy != nil:
			return runPerft(ctx, e, p.fairy, *depth, *divide, variant.MaxMoves, variant.MoveString)
		}
		if err := p.std.Validate(); err != nil {
			return inputError(err)
		}
		return runPerft(ctx, e, &p.std, *depth, *divide, shogi.MaxMoves, shogi.Move.String)
	}
}

// runPerft counts the tree of p, a standard or a fairy position (T), to
// depth: with divide, the count under each first move too, written by
// usi; maxMoves is the capacity of a ply's move list.
func runPerft[T any, P shogi.PerftPosition[T]](ctx context.Context, e *env, p *T, depth int, divide bool, maxMoves int, usi func(shogi.Move) string) error {
	start := time.Now()
	entries, total, err := shogi.PerftDivideOf[T, P](ctx, p, depth, maxMoves, usi)
	elapsed := time.Since(start)
	if err != nil {
		return err
	}

	w := bufio.NewWriter(e.stdout)
	if divide {
		for _, en := range entries {
			fmt.Fprintf(w, "%s: %d\n", en.USI, en.Nodes)
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
