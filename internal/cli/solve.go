package cli

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"
	"time"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/record"
	"github.com/tsume-shogi/tsume/report"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
	"github.com/tsume-shogi/tsume/verdict"
)

func solveCommand() *command {
	return &command{
		name:    "solve",
		summary: "solve a tsume problem of any length (df-pn) and report its soundness",
		args:    "(--sfen SFEN | --kif FILE | --ki2 FILE | --csa FILE | --file FILE [--ply N] | --sfen - | --batch FILE) [--json] [--time 10s] [--nodes N] [--hash 256] [--futile discount|count] [--as-given] [--no-soundness] [--verdict-nodes N] [--stip mate|help|helpself [--length N] [--lines N]] [--rules tenjiku,annan]",
		help: `
Solve searches a position for a forced mate by the side to move (the
attacker) with df-pn, under tsume rules: the attacker plays checks only,
the defender any legal reply. By the tsume convention the defender holds
every piece that is neither on the board nor in the attacker's hand;
--as-given keeps both hands exactly as the input has them.

The solution is the main line by tsume conventions: the attacker mates in
the fewest moves, the defender resists longest and, between equally long
defences, leaves the attacker no spare pieces if it can. Futile
interpositions (無駄合) do not count as defences: a piece interposed only
to be captured, far from the king and unguarded, or captured so that the
rest of the mate needs neither the piece nor more moves than the other
defences (docs/solver.md); --futile count makes every interposition
count (the game-theoretic length).

The position comes from --sfen, or from a record file: --kif, --ki2 or
--csa name the format, --file tells it from the content; a record's start
position is used, or with --ply N the position after its first N moves.

The report gives the status (mate, nomate, or unknown when --time or
--nodes stopped the search first), the main line in USI and in Japanese,
its length ("at most" when the search for a shorter mate did not finish;
an interrupted search reports what it found, status unknown with the
nodes and the line found so far, before "interrupted"), and the
soundness: unique, or the number of other mating moves; the pieces left
in the attacker's hand at the end (駒余り); whether the first move is the
only check. Then the verdict in composers' terms (docs/solver.md): sound,
sound with blemishes, unsound, or undecided (no flaw proven, but a limit
stopped some decision), with one finding a line: its ply, the other move
in USI, its severity (tolerated, blemish, flaw, or undecided), its class
and the move in Japanese. The classes: 余詰 (another attacker move mates
in time: a cook), 最終手余詰 (another final move: tolerated), 非限定 (the
same choice made differently: a blemish), 手順前後 (the main line's moves
in another order, with the ply after which the lines meet), 変同 (a
defender alternative as long as the main line without a piece left: a
blemish 4 or more plies before the end), 変長 (a longer defender
alternative: a flaw, unless exactly 2 plies longer with a piece left),
駒余り, 早詰 (a shorter mate) and 不詰 (an escape). Each search of the
verdict is limited to --verdict-nodes nodes. A line "nodes N, time T, R
nodes/s" (of the solution's search) ends it. A progress line (phase,
nodes, speed, table use) is shown on standard error when it is a
terminal.

With --json each position gives one line holding one JSON object:
  {"status":…,"length":…,"pv":["B*3c",…],"pv_ja":["▲３三角打",…],
   "nodes":…,"time_ms":…,"unique":…,"alternatives":[{"ply":…,"move":…,
   "move_ja":…,"last_move_promotion":…}],"leftover":…,"length_exact":…,
   "soundness_checked":…,"first_move_forced":…,"leftover_pieces":…,
   "nps":…,"sfen":…,"defender_hand":…,"futile":…,"verdict":{"overall":…,
   "reason":…,"length":…,"findings":[{"class":…,"class_en":…,
   "severity":…,"ply":…,"move":…,"move_ja":…,"main":…,"main_length":…,
   "length":…,"bound":…,"rejoin":…,"spare":…,"undecided":…,"text":…}],
   "searches":…},"error":…,"line":…}
Plies count from 1, the first move; "unique" is true only when the
soundness checks ran to the end ("soundness_checked"). "verdict" is
given for a mate unless --no-soundness; a finding's "length" is the mate
length from the position before its move, the move included, and
"main_length" the main line's from there. "error" is given
for a batch line that cannot be solved (status "error"), "line" in batch
mode only.

In batch mode (--sfen - reads standard input, --batch FILE a file) each
line holds one SFEN; blank lines and lines starting with # are skipped.
The limits apply to each position, and one table serves them all. A line
that is not a legal tsume position gives a result with status error and
the batch goes on. A summary, "N of M positions are mates", goes to
standard error.

Exit status: 0 mate (in batch mode: every position), 1 no mate or
unknown (in batch mode: some position, or a line that cannot be
solved), 2 bad usage or a bad or illegal position, 130 interrupted
(Ctrl-C).` + helpText + fairyHelpText,
		setup: setupSolve,
	}
}

// solveOptions are the flags of solve that shape the search and the report.
type solveOptions struct {
	json         bool
	solver       mate.SolverOptions
	verdictNodes uint64 // the node limit of each search of the verdict
	showProgress bool
	// fairy sends a batch to the fairy solver, under rules (--rules).
	fairy bool
	rules *variant.Rules
}

func setupSolve(fs *flag.FlagSet) func(context.Context, *env, []string) error {
	in := addPositionFlags(fs)
	batch := fs.String("batch", "", "solve one SFEN a line from `FILE`")
	asJSON := fs.Bool("json", false, "print one JSON object a line")
	limit := durationFlag(fs, "time", 10*time.Second, "stop each search after this `duration` (0: no limit)")
	nodes := uint64Flag(fs, "nodes", 0, "stop each search after `N` nodes (0: no limit)")
	hash := fs.Int("hash", 256, "the transposition table size in `MB`; with --stip help or helpself, the search's memory bound (when not given: half the machine's memory)")
	futile := fs.String("futile", "discount", "futile interpositions: `discount` (not defences, the tsume convention) or count")
	asGiven := fs.Bool("as-given", false, "keep the input's hands instead of giving the defender every remaining piece")
	noSoundness := fs.Bool("no-soundness", false, "skip the search for alternative solutions (余詰) and the verdict")
	verdictNodes := uint64Flag(fs, "verdict-nodes", 1_000_000, "limit each search of the verdict to `N` nodes (0: no limit)")
	progress := fs.String("progress", "auto", "`when` to show a progress line on standard error: auto (when it is a terminal), always or never")
	hf := addHelpFlags(fs)
	return func(ctx context.Context, e *env, args []string) error {
		const self = "solve"
		if len(args) > 0 {
			return usageErrorf(self, "unexpected argument %q: solve takes only flags, and an SFEN must be quoted", args[0])
		}
		rule, errs := checkSearchFlags(*limit, *hash, *futile)
		switch *progress {
		case "auto", "always", "never":
		default:
			errs = append(errs, fmt.Sprintf("bad --progress %q: want auto, always or never", *progress))
		}
		errs = append(errs, hf.check(fs)...)
		if len(errs) > 0 {
			return usageErrorf(self, "%s", strings.Join(errs, "; "))
		}
		if hf.cooperative() {
			return solveHelp(ctx, e, fs, in, hf, *asJSON, *limit, *nodes, *hash)
		}
		opt := solveOptions{
			json: *asJSON,
			solver: mate.SolverOptions{
				HashMB: *hash, MaxNodes: *nodes, MaxTime: *limit, Futile: rule,
				DefenderHand: mate.Remaining, SkipSoundness: *noSoundness,
			},
			verdictNodes: *verdictNodes,
			showProgress: *progress == "always" || *progress == "auto" && isTerminal(e.stderr),
		}
		if *asGiven {
			opt.solver.DefenderHand = mate.AsGiven
		}
		batchMode := isSet(fs, "batch") || isSet(fs, "sfen") && in.sfen == "-"
		var games []*record.Game
		var err error
		if !batchMode {
			if games, err = fairyRecords(e, in, *hf.rules); err != nil {
				return err
			}
		}
		if batchMode || games != nil {
			if isSet(fs, "rules") {
				var err error
				if opt.rules, err = parseRulesFlag(self, *hf.rules); err != nil {
					return err
				}
				opt.fairy = true
			}
			if games != nil {
				return solveBatch(ctx, e, fs, batchGames(games, in), opt)
			}
		} else if fp, ok, err := fairyInput(e, in, *hf.rules); err != nil || ok {
			if err != nil {
				return err
			}
			return solveFairy(ctx, e, fs, &fp, opt)
		}

		hasBatch := isSet(fs, "batch")
		stdinBatch := isSet(fs, "sfen") && in.sfen == "-"
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
			return solveBatch(ctx, e, fs, batchStdin(stdin), opt)
		case hasBatch:
			return solveBatch(ctx, e, fs, batchFile(*batch), opt)
		}
		games, err = in.loadGames(e)
		if err != nil {
			return err
		}
		if len(games) > 1 {
			return solveBatch(ctx, e, fs, batchGames(games, in), opt)
		}
		p, err := in.positionOf(games[0])
		if err != nil {
			return err
		}
		return solveOne(ctx, e, &p, opt)
	}
}

// newSolveSolver returns the solver of a run, with its progress line on
// e.stderr if asked.
func newSolveSolver(e *env, opt solveOptions) (*mate.Solver, *statusLine, error) {
	so := opt.solver
	var pl *statusLine
	if opt.showProgress {
		pl = newStatusLine(e.stderr)
		so.Progress = func(p mate.Progress) { drawSearchProgress(pl, p) }
	}
	s, err := newSolver(e, "solve", so)
	if err != nil {
		return nil, nil, err
	}
	return s, pl, nil
}

// solveOne solves the single position p: a position the solver refuses is
// bad input (exit 2), no mate or an unknown result a negative answer
// (exit 1).
func solveOne(ctx context.Context, e *env, p *shogi.Position, opt solveOptions) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s, pl, err := newSolveSolver(e, opt)
	if err != nil {
		return err
	}
	sol, err := s.Solve(ctx, p)
	pl.clear()
	if err != nil {
		if errors.Is(err, mate.ErrNotAProblem) {
			return inputError(err)
		}
		return err
	}
	// An interruption (Ctrl-C) ends the search: report what it found, a
	// mate already proven or the nodes and the best line so far, then
	// say "interrupted".
	interrupted := ctx.Err()
	r, err := newSolveReport(ctx, sol, opt, 0)
	if err != nil {
		return err
	}
	r.interrupted = interrupted != nil
	w := bufio.NewWriter(e.stdout)
	if opt.json {
		err = report.WriteJSON(w, r.view)
	} else {
		r.writeText(w)
	}
	if err == nil {
		err = w.Flush()
	}
	if err != nil {
		return err
	}
	if interrupted != nil {
		return interrupted
	}
	if sol.Status != mate.Mate {
		return &exitError{code: ExitNo}
	}
	return nil
}

// solveBatch solves one SFEN a line of src.
func solveBatch(ctx context.Context, e *env, fs *flag.FlagSet, src batchSource, opt solveOptions) error {
	if opt.fairy {
		return solveFairyBatch(ctx, e, fs, src, opt)
	}
	b := newBatch(e.stdout, opt.json)
	var s *mate.Solver // allocated at the first position: its table is large
	var pl *statusLine
	mates := 0
	err := b.run(ctx, src, func(lineNo int, line string) error {
		var r *solveReport
		p, err := shogi.ParseSFEN(line)
		if err == nil {
			if s == nil {
				var serr error
				if s, pl, serr = newSolveSolver(e, opt); serr != nil {
					return serr
				}
			}
			var sol *mate.Solution
			sol, err = s.Solve(ctx, &p)
			pl.clear()
			switch {
			case err != nil && !errors.Is(err, mate.ErrNotAProblem):
				return err
			case err == nil:
				// What an interrupted search found is reported; the
				// batch stops at the next line.
				if r, err = newSolveReport(ctx, sol, opt, lineNo); err != nil {
					return err
				}
				r.interrupted = ctx.Err() != nil
			}
		}
		if r == nil {
			r = errorSolveReport(line, err, opt, lineNo)
		}
		b.next()
		if r.sol != nil && r.sol.Status == mate.Mate {
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

// solveReport is the result of one position, ready to print: its view
// and, when it could be solved, the solution.
type solveReport struct {
	opt         solveOptions
	sol         *mate.Solution   // nil when the position could not be solved
	verdict     *verdict.Verdict // nil when not judged
	view        *report.Solution
	interrupted bool // the search was interrupted (Ctrl-C)
}

// newSolveReport returns the report of sol, with the verdict of a mate
// when the soundness is searched; line is the input line in batch mode,
// else 0. Its error is one of the verdict's solvers.
func newSolveReport(ctx context.Context, sol *mate.Solution, opt solveOptions, line int) (*solveReport, error) {
	v := report.NewSolution(sol, opt.solver.DefenderHand, opt.solver.Futile)
	v.Line = line
	r := &solveReport{opt: opt, sol: sol, view: v}
	if sol.Status == mate.Mate && !opt.solver.SkipSoundness {
		vd, err := verdict.Judge(ctx, sol, verdict.Options{Futile: opt.solver.Futile, MaxNodes: opt.verdictNodes})
		if err != nil {
			return nil, err
		}
		r.verdict = vd
		v.Verdict = report.NewAssessment(vd, &sol.Position)
	}
	return r, nil
}

// errorSolveReport is the result of a batch line that cannot be solved.
func errorSolveReport(line string, err error, opt solveOptions, lineNo int) *solveReport {
	v := report.NewSolutionError(line, message(err), opt.solver.DefenderHand, opt.solver.Futile)
	v.Line = lineNo
	return &solveReport{opt: opt, view: v}
}

// plies writes n plies in English.
func plies(n int) string {
	if n == 1 {
		return "1 ply"
	}
	return fmt.Sprintf("%d plies", n)
}

// writeText writes the human report.
func (r *solveReport) writeText(w *bufio.Writer) {
	v := r.view
	if v.Line > 0 {
		fmt.Fprintf(w, "line %d\n", v.Line)
	}
	if r.sol == nil {
		fmt.Fprintf(w, "input: %s\n\nstatus: error\n  - %s\n", v.SFEN, v.Error)
		return
	}
	sol := r.sol
	fmt.Fprintf(w, "SFEN: %s\n", sol.Position.SFEN())
	if r.opt.solver.DefenderHand == mate.AsGiven {
		w.WriteString(handAsGivenText + "\n")
	} else {
		w.WriteString(handRemainingText + "\n")
	}
	if r.opt.solver.Futile == mate.Count {
		w.WriteString("futile interpositions: counted as defences (--futile count)\n")
	}
	w.WriteString("\n")

	switch sol.Status {
	case mate.Mate:
		w.WriteString("status: mate\n")
		if sol.LengthExact {
			fmt.Fprintf(w, "length: %s (%d手詰)\n", plies(sol.Length), sol.Length)
		} else {
			fmt.Fprintf(w, "length: at most %s (the search for a shorter mate did not finish)\n", plies(sol.Length))
		}
	case mate.NoMate:
		w.WriteString("status: nomate (the attacker cannot force mate)\n")
	default:
		fmt.Fprintf(w, "status: unknown (%s)\n", r.limitText())
	}
	if len(v.PV) > 0 {
		switch {
		case sol.Status == mate.Mate && sol.LengthExact:
			w.WriteString("main line:\n")
		case sol.Status == mate.Mate:
			w.WriteString("a mating line (the defender's replies in it are not proven the longest):\n")
		default:
			w.WriteString("main line found so far:\n")
		}
		r.writeMoves(w)
	}
	if sol.Status == mate.Mate {
		r.writeSoundness(w)
	}
	fmt.Fprintf(w, "nodes %d, time %.2fs, %d nodes/s\n", sol.Nodes, sol.Time.Seconds(), perSecond(sol.Nodes, sol.Time))
}

// limitText says which limit stopped the search.
func (r *solveReport) limitText() string {
	o := r.opt.solver
	switch {
	case r.interrupted:
		return "interrupted"
	case o.MaxNodes > 0 && r.sol.Nodes >= o.MaxNodes:
		return fmt.Sprintf("the node limit, --nodes %d, was reached first", o.MaxNodes)
	case o.MaxTime > 0 && r.sol.Time >= o.MaxTime:
		return fmt.Sprintf("the time limit, --time %v, was reached first", o.MaxTime)
	}
	return "the search stopped before an answer"
}

// writeMoves writes the main line, one move a line with its ply number.
func (r *solveReport) writeMoves(w *bufio.Writer) {
	v := r.view
	uw := 0
	for _, s := range v.PV {
		uw = max(uw, len(s))
	}
	nw := len(fmt.Sprint(len(v.PV)))
	for i := range v.PV {
		fmt.Fprintf(w, "  %*d  %-*s  %s\n", nw, i+1, uw, v.PV[i], v.PVJA[i])
	}
}

// writeSoundness writes the soundness report of a mate.
func (r *solveReport) writeSoundness(w *bufio.Writer) {
	sol := r.sol
	switch {
	case r.opt.solver.SkipSoundness:
		w.WriteString("soundness: not checked (--no-soundness)\n")
	case !sol.LengthExact:
		w.WriteString("soundness: not checked (the length is not exact)\n")
	case !sol.SoundnessChecked:
		w.WriteString("soundness: unknown (the checks did not finish)\n")
	case len(sol.Alternatives) == 0:
		w.WriteString("soundness: unique\n")
	default:
		n := len(sol.Alternatives)
		fmt.Fprintf(w, "soundness: %d other mating move%s (classified in the verdict)\n", n, map[bool]string{true: "s"}[n != 1])
	}
	if r.view.LeftoverPieces == "" {
		w.WriteString("leftover pieces (駒余り): none\n")
	} else {
		fmt.Fprintf(w, "leftover pieces (駒余り): %s\n", r.view.LeftoverPieces)
	}
	if sol.FirstMoveForced {
		w.WriteString("first move forced: yes (the only check)\n")
	} else {
		w.WriteString("first move forced: no\n")
	}
	if r.view.Verdict != nil {
		writeAssessment(w, r.view.Verdict)
	}
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
