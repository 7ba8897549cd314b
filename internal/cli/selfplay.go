package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/tsume-shogi/tsume/selfplay"
)

func selfplayCommand() *command {
	return &command{
		name:    "selfplay",
		summary: "play tsume's engine against itself in process and write the games as KIF",
		args:    `[--games N] [--seed S] [--nodes K] [--workers W] [--max-plies N] [--varied-plies N] [--resign-plies N] [--openings FILE | --random-plies N] [--out FILE.kif]`,
		help: `
Selfplay plays games of tsume's engine against itself, in this process,
from openings that build castles (矢倉, 美濃, 穴熊, 舟囲い, 角換わり; or
--openings, or --random-plies as in match), the first plies after the
opening chosen at random among the best moves. A
move is searched to --nodes nodes (after a mate search of as many), so
the same --seed gives the same games on any machine and with any
--workers. Games end by checkmate, 千日手, 連続王手の千日手, 入玉宣言 or
--max-plies; nobody resigns, unless --resign-plies N: the loser resigns
once the winner's mate search has proven a mate of at most N plies.

The games are KIF records one after another, as the record readers
read them: on standard output, or in --out FILE (written when the run
ends, interrupted or not, with the complete games), standard output then
getting a line a game. A summary (how the games
ended, plies, the losing king's shelter, games per hour) goes to
standard error.

Exit status: 0 after the games, 2 bad usage, 130 interrupted (the
complete games are written).

More: docs/cli.md#selfplay, docs/selfplay.md.`,
		setup: setupSelfplay,
	}
}

func setupSelfplay(fs *flag.FlagSet) func(context.Context, *env, []string) error {
	games := fs.Int("games", 10, "the number of games")
	seed := fs.Uint64("seed", 1, "the seed of the openings and random plies")
	nodes := fs.Uint64("nodes", selfplay.DefaultNodes, "the search's nodes a move")
	workers := fs.Int("workers", 1, "the games played at a time")
	maxPlies := fs.Int("max-plies", selfplay.DefaultMaxPlies, "a draw after this many plies, the opening's included")
	varied := fs.Int("varied-plies", selfplay.DefaultVariedPlies, "the plies after the opening chosen at random among the best moves")
	resign := fs.Int("resign-plies", 0, "the loser resigns to a proven mate of at most this many plies (0: nobody resigns)")
	out := fs.String("out", "", "the file to write the games to (KIF records one after another)")
	openings := fs.String("openings", "", "a file of openings instead of the castle book: SFEN or USI position lines, or records")
	randomPlies := fs.Int("random-plies", 0, "openings of this many random legal plies instead of the castle book")
	return func(ctx context.Context, e *env, args []string) error {
		bad := func(format string, a ...any) error { return usageErrorf("selfplay", format, a...) }
		switch {
		case len(args) > 0:
			return bad("unexpected argument %q", args[0])
		case *games < 1:
			return bad("--games must be at least 1")
		case *nodes < 1:
			return bad("--nodes must be at least 1")
		case *workers < 1 || *workers > 64:
			return bad("--workers must be from 1 to 64")
		case *maxPlies < 1:
			return bad("--max-plies must be at least 1")
		case *varied < 0:
			return bad("--varied-plies cannot be negative")
		case *resign < 0:
			return bad("--resign-plies cannot be negative")
		case isSet(fs, "openings") && isSet(fs, "random-plies"):
			return bad("--openings and --random-plies cannot be combined")
		case *randomPlies < 0 || *randomPlies > 100:
			return bad("--random-plies must be from 0 to 100")
		}
		cfg := selfplay.Config{Games: *games, Seed: *seed, Nodes: *nodes, MateNodes: *nodes, Workers: *workers, MaxPlies: *maxPlies, VariedPlies: *varied}
		if *varied == 0 {
			cfg.VariedPlies = -1
		}
		cfg.ResignPlies = *resign
		ops, err := openingsFrom(*openings, *seed, *games, *randomPlies)
		if err != nil {
			return err
		}
		if ops != nil {
			cfg.Openings = ops
		}
		start := time.Now()
		var tally selfplay.Tally
		var kif strings.Builder
		var runErr error
		for g, err := range selfplay.Play(ctx, cfg) {
			if err != nil {
				runErr = err
				break
			}
			text, err := g.KIF()
			if err != nil {
				runErr = err
				break
			}
			tally.Add(g)
			if *out == "" {
				io.WriteString(e.stdout, text)
			} else {
				kif.WriteString(text)
				fmt.Fprintf(e.stdout, "game %d: %s: %s, %d plies\n", g.Index+1, g.Opening, g.Ending.Summary(), len(g.Record.Moves))
			}
		}
		if *out != "" && tally.Games > 0 {
			if err := writeFileAtomic(*out, []byte(kif.String())); err != nil {
				return inputError(err)
			}
		}
		elapsed := time.Since(start)
		fmt.Fprintf(e.stderr, "%s\n%d games in %.1fs (%.0f games an hour)\n", &tally, tally.Games, elapsed.Seconds(), float64(tally.Games)/elapsed.Hours())
		return runErr
	}
}
