package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/tsume-shogi/tsume/match"
)

func matchCommand() *command {
	return &command{
		name:    "match",
		summary: "play two USI engines against each other and print the score and the Elo difference",
		args:    `--engine CMD --engine CMD (--byoyomi MS | --time D [--inc D] [--byoyomi MS] | --nodes N) [--games N] [--openings FILE | --random-plies N [--seed S]] [--out DIR] …`,
		help: `
Match plays two USI engines (--engine twice, each a command line; "tsume
usi" is tsume's own) against each other and referees the games with
tsume's rules: resignation, checkmate, an illegal move, a loss on time,
an entering-king declaration, 千日手 or --max-plies. Each opening
(--openings, or --random-plies) is played twice, the colours swapped.
Standard output gets a line a game and the first engine's score, with
the Elo difference and its 95% interval; --out writes each game as KIF
and CSA.

Exit status: 0 after the match, 2 bad usage or an engine that cannot be
started, 130 interrupted (the games played are printed).

More: docs/cli.md#match, docs/match.md.`,
		setup: setupMatch,
	}
}

// matchMillis is a duration flag that reads a bare number as
// milliseconds: --byoyomi 100 or --byoyomi 100ms.
type matchMillis time.Duration

func (d *matchMillis) String() string { return time.Duration(*d).String() }

func (d *matchMillis) Set(s string) error {
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		if n < 0 {
			return errors.New("want a time that is not negative")
		}
		*d = matchMillis(time.Duration(n) * time.Millisecond)
		return nil
	}
	v, err := time.ParseDuration(s)
	if err != nil || v < 0 {
		return errors.New("want milliseconds or a duration such as 100ms, 10s or 1m30s")
	}
	*d = matchMillis(v)
	return nil
}

func setupMatch(fs *flag.FlagSet) func(context.Context, *env, []string) error {
	var engines, options, options1, options2 repeatedFlag
	fs.Var(&engines, "engine", "an engine's command line; give it twice")
	fs.Var(&options, "option", `an option "Name=Value" for both engines (repeatable)`)
	fs.Var(&options1, "option1", `an option "Name=Value" for the first engine (repeatable)`)
	fs.Var(&options2, "option2", `an option "Name=Value" for the second engine (repeatable)`)
	games := fs.Int("games", 2, "the number of games")
	var byoyomi, mainTime, inc, margin matchMillis
	margin = matchMillis(match.DefaultMargin)
	startTimeout := matchMillis(match.DefaultStartTimeout)
	fs.Var(&byoyomi, "byoyomi", "the byoyomi: the time for each move once the main time is spent (ms, or a duration)")
	fs.Var(&mainTime, "time", "the main time of each side (ms, or a duration such as 1m)")
	fs.Var(&inc, "inc", "the time added after each move (ms, or a duration); not with --byoyomi")
	nodes := fs.Uint64("nodes", 0, "play every move with go nodes N instead of a clock (self-play measurements); --byoyomi then bounds each move's time")
	fs.Var(&margin, "margin", "the grace allowed beyond an engine's time, for the pipes (ms, or a duration)")
	fs.Var(&startTimeout, "start-timeout", "the time an engine has to answer usi and isready (ms, or a duration)")
	openings := fs.String("openings", "", "a file of openings: SFEN or USI position lines, or records")
	randomPlies := fs.Int("random-plies", 0, "random openings of this many plies")
	seed := fs.Uint64("seed", 1, "the seed of the random openings")
	out := fs.String("out", "", "the directory to write every game to, as KIF and CSA")
	maxPlies := fs.Int("max-plies", 320, "the ply limit: a draw after this many plies (0: none)")
	return func(ctx context.Context, e *env, args []string) error {
		bad := func(format string, a ...any) error { return usageErrorf("match", format, a...) }
		switch {
		case len(args) > 0:
			return bad("unexpected argument %q", args[0])
		case len(engines) != 2:
			return bad("want two --engine flags, got %d", len(engines))
		case *games < 1:
			return bad("--games must be at least 1")
		case !isSet(fs, "byoyomi") && !isSet(fs, "time") && !isSet(fs, "inc") && !isSet(fs, "nodes"):
			return bad("no time control: give --byoyomi, or --time with --inc or --byoyomi, or --nodes")
		case isSet(fs, "nodes") && *nodes == 0:
			return bad("--nodes must be at least 1")
		case *nodes > 0 && (isSet(fs, "time") || isSet(fs, "inc")):
			return bad("--nodes cannot be combined with --time or --inc: a match by nodes has no clock")
		case byoyomi > 0 && inc > 0:
			return bad("--byoyomi and --inc cannot be combined: USI's go sends one or the other")
		case isSet(fs, "openings") && isSet(fs, "random-plies"):
			return bad("--openings and --random-plies cannot be combined")
		case isSet(fs, "seed") && !isSet(fs, "random-plies"):
			return bad("--seed needs --random-plies")
		case *randomPlies < 0 || *randomPlies > 100:
			return bad("--random-plies must be from 0 to 100")
		case *maxPlies < 0:
			return bad("--max-plies cannot be negative")
		}
		cfg := match.Config{
			Games:  *games,
			OutDir: *out,
			Game: match.GameConfig{
				Time:     match.TimeControl{Main: time.Duration(mainTime), Byoyomi: time.Duration(byoyomi), Increment: time.Duration(inc), Margin: time.Duration(margin), Nodes: *nodes},
				MaxPlies: *maxPlies,
			},
			Progress: e.stderr,
		}
		if err := cfg.Game.Time.Check(); err != nil {
			return bad("%v", err)
		}
		perEngine := [2]repeatedFlag{options1, options2}
		for k, cmd := range engines {
			argv, err := engineArgv(cmd)
			if err != nil {
				return bad("--engine %q: %v", cmd, err)
			}
			eo, err := engineOptions(append(append(repeatedFlag(nil), options...), perEngine[k]...))
			if err != nil {
				return bad("%v", err)
			}
			ec := match.EngineConfig{Argv: argv, StartTimeout: time.Duration(startTimeout), Options: eo}
			cfg.Engines[k] = ec
		}
		ops, err := openingsFrom(*openings, *seed, (*games+1)/2, *randomPlies)
		if err != nil {
			return err
		}
		if ops != nil {
			cfg.Openings = ops
		}
		res, err := match.Run(ctx, cfg)
		if res != nil && len(res.Games) > 0 {
			writeMatchResult(e.stdout, engines, cfg, res)
		}
		var ee *match.EngineError
		if errors.As(err, &ee) {
			return &exitError{ExitError, ee.Message()}
		}
		return err
	}
}

// writeMatchResult prints the engines with the options they were given,
// the time control, a line a game and the score.
func writeMatchResult(w io.Writer, commands []string, cfg match.Config, res *match.Result) {
	var b strings.Builder
	for k, c := range commands {
		fmt.Fprintf(&b, "engine %d: %s (%s)", k+1, res.Names[k], c)
		for i, o := range cfg.Engines[k].Options {
			sep := ", "
			if i == 0 {
				sep = " with "
			}
			fmt.Fprintf(&b, "%s%s=%s", sep, o.Name, o.Value)
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "time: %s\n", cfg.Game.Time)
	for i, g := range res.Games {
		first := "white"
		if res.FirstBlack[i] {
			first = "black"
		}
		fmt.Fprintf(&b, "game %d: engine 1 %s, opening %s: %s, %d plies\n", i+1, first, g.Opening.Name, g.Summary(), len(g.Moves))
	}
	fmt.Fprintf(&b, "engine 1 against engine 2: %s\n", res.Stats)
	io.WriteString(w, b.String())
}
