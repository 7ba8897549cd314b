package cli

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"strings"
	"time"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/report"
)

func solveCommand() *command {
	return &command{
		name:    "solve",
		summary: "solve a tsume problem of any length (df-pn) and report its soundness",
		args:    "(--sfen SFEN | --kif|--ki2|--csa|--file FILE [--ply N] | --sfen - | --batch FILE) [--json] [--time D] [--nodes N] [--hash MB] [--threads N] [--as-given] [--futile count] [--no-soundness] [--along MOVES|record] [--stip help|helpself [--length N]] [--rules LIST]",
		help: `
Solve searches a position for a forced mate by the side to move (the
attacker) under tsume rules: the attacker checks, the defender plays any
legal reply. It prints the main line (the shortest mate, the longest
resistance) in USI and in Japanese, its length, the other mating moves,
the pieces left in hand (駒余り) and the verdict in composers' terms:
sound, sound with blemishes, unsound or undecided, one finding a line.
By the tsume convention the defender holds every piece not on the board
or in the attacker's hand (--as-given: the hands as given); futile
interpositions (無駄合) are no defence (--futile count: they are).
--sfen - or --batch FILE solve one SFEN a line, and a file of several
records is a batch too. --stip help or helpself solves a helpmate or a
help-selfmate; a fairy SFEN or --rules, a fairy problem.

Exit status: 0 mate (batch: every position), 1 no mate or unknown
(batch: some position), 2 bad usage or a bad or illegal position, 130
interrupted.

More, with the report's fields and the JSON objects: docs/cli.md#solve;
the solver and the verdict: docs/solver.md.`,
		setup: setupSolve,
	}
}

func setupSolve(fs *flag.FlagSet) func(context.Context, *env, []string) error {
	in := addPositionFlags(fs)
	batch := fs.String("batch", "", "solve one SFEN a line from `FILE`")
	asJSON := fs.Bool("json", false, "print one JSON object a line")
	limit := durationFlag(fs, "time", 10*time.Second, "stop each search after this `duration` (0: no limit)")
	nodes := uint64Flag(fs, "nodes", 0, "stop each search after `N` nodes (0: no limit)")
	hash := fs.Int("hash", 256, "the transposition table size in `MB`; with --stip help|helpself, the memory bound (default: half the machine's)")
	futile := fs.String("futile", "discount", "how futile interpositions count: `discount` (tsume) or count")
	threads := fs.Int("threads", 1, "search with `N` threads sharing the table (the nodes and an equal-length line may then vary)")
	asGiven := fs.Bool("as-given", false, "keep the input's hands instead of giving the defender every remaining piece")
	noSoundness := fs.Bool("no-soundness", false, "skip the search for alternative solutions (余詰) and the verdict")
	verdictNodes := uint64Flag(fs, "verdict-nodes", solveVerdictNodes, "limit each search of the verdict to `N` nodes (0: no limit)")
	along := fs.String("along", "", "bound and judge a stated line: USI `MOVES`, or record (moves after --ply)")
	progress := fs.String("progress", "auto", "progress line on stderr: auto (on a terminal), always or never")
	hf := addHelpFlags(fs)
	return func(ctx context.Context, e *env, args []string) error {
		const self = "solve"
		if len(args) > 0 {
			return usageErrorf(self, "unexpected argument %q: solve takes only flags, and an SFEN must be quoted", args[0])
		}
		rule, errs := checkSearchFlags(*limit, *hash, *futile)
		errs = append(errs, checkThreads(*threads)...)
		switch *progress {
		case "auto", "always", "never":
		default:
			errs = append(errs, fmt.Sprintf("bad --progress %q: want auto, always or never", *progress))
		}
		errs = append(errs, hf.check(fs)...)
		if isSet(fs, "along") && hf.cooperative() {
			errs = append(errs, "--along is for a direct mate, not with --stip")
		}
		if len(errs) > 0 {
			return usageErrorf(self, "%s", strings.Join(errs, "; "))
		}
		if hf.cooperative() {
			return solveHelp(ctx, e, fs, in, hf, *asJSON, *limit, *nodes, *hash)
		}
		var err error
		opt := solveOptions{
			json: *asJSON,
			solver: mate.SolverOptions{
				HashMB: *hash, MaxNodes: *nodes, MaxTime: *limit, Futile: rule,
				DefenderHand: mate.Remaining, SkipSoundness: *noSoundness, Threads: *threads,
			},
			verdictNodes: *verdictNodes,
			showProgress: *progress == "always" || *progress == "auto" && isTerminal(e.stderr),
		}
		if *asGiven {
			opt.solver.DefenderHand = mate.AsGiven
		}
		if opt.rules, err = parseRulesFlag(self, *hf.rules); err != nil {
			return err
		}
		hasBatch := isSet(fs, "batch")
		stdinBatch := isSet(fs, "sfen") && in.sfen == "-"
		if isSet(fs, "along") {
			if hasBatch || stdinBatch || opt.rules != nil || isSet(fs, "sfen") && isFairySFEN(in.sfen) {
				return usageErrorf(self, "--along is for one standard position, not a batch or fairy rules")
			}
			games, p, err := readPositions(e, in, *hf.rules)
			if err != nil {
				return err
			}
			if len(games) > 1 {
				return usageErrorf(self, "--along is for one position: the input holds %d records", len(games))
			}
			line, err := alongLine(self, *along, &p.std, games, in)
			if err != nil {
				return err
			}
			return solveAlong(ctx, e, &p.std, line, opt)
		}
		switch {
		case hasBatch && in.given():
			return usageErrorf(self, "want either a position or --batch, not both")
		case stdinBatch && countSet(fs, "kif", "ki2", "csa", "file") > 0:
			return usageErrorf(self, "want either --sfen - or a record file, not both")
		case (hasBatch || stdinBatch) && isSet(fs, "ply"):
			return usageErrorf(self, "--ply is for a record file, not for batch mode")
		case stdinBatch:
			stdin := e.stdin
			if stdin == nil {
				stdin = strings.NewReader("")
			}
			return solveBatch(ctx, e, batchStdin(stdin), opt)
		case hasBatch:
			return solveBatch(ctx, e, batchFile(*batch), opt)
		}
		games, p, err := readPositions(e, in, *hf.rules)
		switch {
		case err != nil:
			return err
		case len(games) > 1:
			return solveBatch(ctx, e, batchGames(games, in), opt)
		}
		return solveOne(ctx, e, &p, opt)
	}
}

// solveOne solves the single position p: a position the solver refuses is
// bad input (exit 2), no mate or an unknown result a negative answer
// (exit 1).
func solveOne(ctx context.Context, e *env, p *rulesPosition, opt solveOptions) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s := &problemSolver{e: e, name: "solve", opt: opt}
	r, err := s.solve(ctx, p, 0)
	if err != nil {
		if isNotAProblem(err) {
			return inputError(err)
		}
		return err
	}
	// An interruption (Ctrl-C) ends the search: report what it found, a
	// mate already proven or the nodes and the best line so far, then
	// say "interrupted".
	w := bufio.NewWriter(e.stdout)
	if opt.json {
		err = report.WriteJSON(w, r.view)
	} else {
		r.writeText(w)
	}
	if err == nil {
		err = w.Flush()
	}
	switch {
	case err != nil:
		return err
	case r.interrupted:
		return ctx.Err()
	case r.view.Status != mate.Mate.String():
		return &exitError{code: ExitNo}
	}
	return nil
}

// solveBatch solves one position a line of src, each under opt.rules.
func solveBatch(ctx context.Context, e *env, src batchSource, opt solveOptions) error {
	b := newBatch(e.stdout, opt.json)
	s := &problemSolver{e: e, name: "solve", opt: opt}
	mates := 0
	err := b.run(ctx, src, func(lineNo int, line string) error {
		var r *solveReport
		p, err := parseLine(line, opt.rules)
		if err == nil {
			// What an interrupted search found is reported; the batch
			// stops at the next line.
			r, err = s.solve(ctx, &p, lineNo)
			if err != nil && !isNotAProblem(err) {
				return err
			}
		}
		if r == nil {
			r = errorSolveReport(line, err, opt, lineNo)
			if opt.rules != nil || isFairySFEN(line) {
				r.view.Rules = report.RulesName(opt.rules)
			}
		}
		b.next()
		if r.view.Status == mate.Mate.String() {
			mates++
		}
		if opt.json {
			return report.WriteJSON(b.w, r.view)
		}
		r.writeText(b.w)
		return nil
	})
	if err != nil {
		return err
	}
	return b.summary(e, "solve", mates, "mates")
}

// drawSearchProgress draws a search's progress on sl; with sl bound it is
// a mate.Progress callback.
func drawSearchProgress(sl *statusLine, p mate.Progress) {
	best := ""
	if p.Length > 0 {
		best = fmt.Sprintf("  mate in <=%d", p.Length)
	}
	sl.draw("%-9s %12d nodes  %9d nodes/s  hashfull %5.1f%%  %6.1fs%s",
		p.Phase, p.Nodes, perSecond(p.Nodes, p.Elapsed), float64(p.Hashfull)/10, p.Elapsed.Seconds(), best)
}
