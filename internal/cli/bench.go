package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/tsume-shogi/tsume/engine"
	"github.com/tsume-shogi/tsume/match"
	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/verdict"
)

func benchCommand() *command {
	return &command{
		name:    "bench",
		summary: "solve a fixed list of problems and print nodes, times and the total node count",
		args:    "[--time 60s] [--nodes N] [--hash 256] [--threads N] [--futile discount|count] [--soundness [--verdict-nodes N]] [--problems FILE] [--json] | --vs-usi CMD [--usi-option Name=Value]… | --engine [--depth N] [--hash MB]",
		help: `
Bench solves a fixed list of tsume problems with one table and prints
for each its id, status, length, whether the length is exact or only a
bound, the verdict (with --soundness), nodes, time and speed, then
"nodes N" (the search's signature: a change that changes it changes the
search), the total time and speed; a problem that does not give its
expected result is marked. --problems reads another list, such as the
200 classics of problem/testdata/classics/classics.tsv; --time and
--nodes limit each problem. --vs-usi also gives each problem, with the
same --time, to a USI mate engine (go mate), tsume first on the first,
third, … problem and the engine first on the others, and prints both side
by side: times, CPU times, their ratio, the engine's line checked by
tsume's rules. --engine searches the game engine's positions to --depth
instead.

Exit status: 0 every problem gave its expected result, 1 some did not
(or the engine of --vs-usi gave a false line), 2 bad usage, an engine
that fails or a list that cannot be read, 130 interrupted.

More, with the list's format and the JSON object: docs/cli.md#bench,
docs/performance.md.`,
		setup: setupBench,
	}
}

// benchProblem is one row of a problem list.
type benchProblem struct {
	id         string
	plies      int // the expected length with futile interpositions discounted (0: not checked)
	rawPlies   int // the expected length with every interposition counted (0: not checked)
	wantStatus mate.Status
	sfen       string
	pos        shogi.Position
}

// parseBenchTSV reads a problem list (see the help of bench); name is used
// in messages.
func parseBenchTSV(data []byte, name string) ([]benchProblem, error) {
	ps, err := problem.ReadTSV(bytes.NewReader(data), name)
	if err != nil {
		return nil, err
	}
	out := make([]benchProblem, 0, len(ps))
	for _, p := range ps {
		bp := benchProblem{id: p.ID, sfen: p.Position.SFEN(), pos: p.Position, wantStatus: mate.Mate}
		switch {
		case p.Status.LengthChecked():
			bp.plies, bp.rawPlies = p.Stipulation.Plies, p.RawPlies
		case p.Status == problem.NoMate:
			bp.wantStatus = mate.NoMate
		}
		out = append(out, bp)
	}
	return out, nil
}

// benchResult is the outcome of one problem.
type benchResult struct {
	ID     string `json:"id"`
	Status string `json:"status"`
	Length int    `json:"length"`
	// LengthExact is false when a limit stopped the search for a shorter
	// mate: Length is an upper bound.
	LengthExact bool `json:"length_exact"`
	// Verdict is the verdict on a mate (verdict.Overall: "sound", …),
	// given with --soundness only.
	Verdict    string `json:"verdict,omitempty"`
	Nodes      uint64 `json:"nodes"`
	TimeMS     int64  `json:"time_ms"`
	NPS        uint64 `json:"nps"`
	WantStatus string `json:"want_status"`
	WantLength int    `json:"want_length"`
	OK         bool   `json:"ok"`
	// Error says why the solver refused the position (status "error").
	Error string `json:"error,omitempty"`

	time time.Duration
}

// benchJSON is the output of bench --json.
type benchJSON struct {
	Problems []benchResult `json:"problems"`
	Nodes    uint64        `json:"nodes"`
	TimeMS   int64         `json:"time_ms"`
	NPS      uint64        `json:"nps"`
	OK       bool          `json:"ok"`
}

func setupBench(fs *flag.FlagSet) func(context.Context, *env, []string) error {
	limit := durationFlag(fs, "time", 60*time.Second, "stop each problem after this `duration` (0: no limit)")
	nodes := uint64Flag(fs, "nodes", 0, "stop each problem after `N` nodes (0: no limit)")
	verdictNodes := uint64Flag(fs, "verdict-nodes", solveVerdictNodes, "with --soundness, limit each search of the verdict to `N` nodes (0: no limit)")
	hash := fs.Int("hash", 256, "the transposition table size in `MB`")
	futile := fs.String("futile", "discount", "futile interpositions: `discount` or count (see solve)")
	threads := fs.Int("threads", 1, "solve with `N` threads sharing the table (the nodes are then not deterministic)")
	soundness := fs.Bool("soundness", false, "also run the soundness checks (余詰)")
	problems := fs.String("problems", "", "solve the problems of `FILE` instead of the built-in list")
	asJSON := fs.Bool("json", false, "print one JSON object")
	withEngine := fs.Bool("engine", false, "bench the game engine's search instead of the solver")
	depth := fs.Int("depth", engine.BenchDepth, "with --engine, search each position this many `plies` deep")
	vsUSI := fs.String("vs-usi", "", "also solve each problem with the USI engine `CMD` (go mate), side by side")
	var usiOpts repeatedFlag
	fs.Var(&usiOpts, "usi-option", "with --vs-usi, an engine option `Name=Value` (repeatable)")
	return func(ctx context.Context, e *env, args []string) error {
		const self = "bench"
		if len(args) > 0 {
			return usageErrorf(self, "unexpected argument %q", args[0])
		}
		set := map[string]bool{}
		fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
		if *withEngine {
			if *problems != "" || *asJSON || *soundness || *vsUSI != "" || len(usiOpts) > 0 || set["nodes"] || set["verdict-nodes"] || set["time"] || set["futile"] || set["threads"] {
				return usageErrorf(self, "--engine takes only --depth and --hash")
			}
			if *depth < 1 || *depth >= engine.MaxPly || *hash < 1 {
				return usageErrorf(self, "--depth must be from 1 to %d and --hash at least 1", engine.MaxPly-1)
			}
			return runEngineBench(ctx, e, *depth, *hash)
		}
		if *vsUSI == "" && len(usiOpts) > 0 {
			return usageErrorf(self, "--usi-option needs --vs-usi")
		}
		if *vsUSI != "" && (*asJSON || *soundness || set["nodes"]) {
			return usageErrorf(self, "--vs-usi takes neither --json, --soundness nor --nodes")
		}
		if set["verdict-nodes"] && !*soundness {
			return usageErrorf(self, "--verdict-nodes needs --soundness")
		}
		rule, errs := checkSearchFlags(*limit, *hash, *futile)
		errs = append(errs, checkThreads(*threads)...)
		if len(errs) > 0 {
			return usageErrorf(self, "%s", strings.Join(errs, "; "))
		}
		data, name := mate.BenchList(), "the built-in list"
		if *problems != "" {
			var err error
			if data, err = os.ReadFile(*problems); err != nil {
				return inputError(err)
			}
			name = *problems
		}
		list, err := parseBenchTSV(data, name)
		if err != nil {
			return inputError(err)
		}
		opts := mate.SolverOptions{HashMB: *hash, MaxTime: *limit, MaxNodes: *nodes, Futile: rule, SkipSoundness: !*soundness, Threads: *threads}
		if *vsUSI != "" {
			argv, err := engineArgv(*vsUSI)
			if err != nil {
				return usageErrorf(self, "--vs-usi %q: %v", *vsUSI, err)
			}
			// The engine gets tsume's table size unless an option says otherwise.
			eo, err := engineOptions(append(repeatedFlag{"USI_Hash=" + strconv.Itoa(*hash)}, usiOpts...))
			if err != nil {
				return usageErrorf(self, "--usi-option: %v", err)
			}
			return runBenchUSI(ctx, e, list, usiBenchOptions{
				bench:  benchOptions{solver: opts},
				engine: match.EngineConfig{Argv: argv, Options: eo},
				grace:  usiGrace(*limit),
			})
		}
		return runBench(ctx, e, list, benchOptions{solver: opts, verdictNodes: *verdictNodes, json: *asJSON})
	}
}

// benchOptions are the flags of bench that shape a run.
type benchOptions struct {
	solver       mate.SolverOptions
	verdictNodes uint64 // the node limit of each search of the verdict
	json         bool
}

// benchVerdictWidth is the width of the verdict column: the longest
// verdict, "sound with blemishes".
const benchVerdictWidth = len(verdict.Blemished)

// runBench solves list with one solver and writes the table (or the JSON
// object) to e.stdout.
func runBench(ctx context.Context, e *env, list []benchProblem, bo benchOptions) error {
	opts, asJSON := bo.solver, bo.json
	s, err := newBenchSolver(e, opts)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(e.stdout)
	idw := len("id")
	for _, bp := range list {
		idw = max(idw, displayWidth(bp.id))
	}
	if !asJSON {
		fmt.Fprintf(w, "%s  %-7s  %6s  %-5s  %-*s  %12s  %8s  %10s  %s\n", padID("id", idw), "status", "length", "exact", benchVerdictWidth, "verdict", "nodes", "time", "nodes/s", "check")
		w.Flush()
	}
	out := benchJSON{Problems: []benchResult{}, OK: true}
	var total time.Duration
	failed := 0
	for _, bp := range list {
		r, err := benchOne(ctx, s, bp, bo)
		if err != nil {
			w.Flush()
			return err
		}
		out.Problems = append(out.Problems, r)
		out.Nodes += r.Nodes
		total += r.time
		if !r.OK {
			failed++
		}
		if !asJSON {
			length, exact := strconv.Itoa(r.Length), "-"
			if r.Status == "mate" {
				exact = "exact"
				if !r.LengthExact {
					length, exact = "<="+length, "bound" // an upper bound
				}
			}
			fmt.Fprintf(w, "%s  %-7s  %6s  %-5s  %-*s  %12d  %7.2fs  %10d  %s\n", padID(r.ID, idw), r.Status, length, exact,
				benchVerdictWidth, orDash(r.Verdict), r.Nodes, r.time.Seconds(), r.NPS, benchCheck(r))
			if err := w.Flush(); err != nil {
				return err
			}
		}
	}
	out.TimeMS, out.NPS, out.OK = total.Milliseconds(), perSecond(out.Nodes, total), failed == 0
	if asJSON {
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(out); err != nil {
			return err
		}
	} else {
		fmt.Fprintf(w, "\nnodes %d\ntime %.2fs\nnodes/s %d\n", out.Nodes, total.Seconds(), out.NPS)
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if failed > 0 {
		return &exitError{ExitNo, fmt.Sprintf("%d of %d problems did not give the expected result", failed, len(list))}
	}
	return nil
}

// padID pads id with spaces to w columns of a terminal.
func padID(id string, w int) string {
	return id + strings.Repeat(" ", max(0, w-displayWidth(id)))
}

// orDash returns s, or "-" when it is empty.
func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// newBenchSolver returns bench's solver with its table backed by memory
// already (mate.Solver.Prefault), as a USI engine's is once it answers
// isready: the times of bench, like an engine's from its go command, are
// those of the search, not of the system mapping the table in page by
// page, which on this machine took a quarter of a second or more of the
// first problem of a run with --hash 256 (docs/performance.md).
func newBenchSolver(e *env, o mate.SolverOptions) (*mate.Solver, error) {
	s, err := newSolver(e, "bench", o)
	if err != nil {
		return nil, err
	}
	s.Prefault()
	return s, nil
}

// benchOne solves one problem and, with the soundness checks, judges a
// mate. Only an interruption or an internal error of the solver is an
// error; a position the solver refuses is a result with status "error".
func benchOne(ctx context.Context, s *mate.Solver, bp benchProblem, bo benchOptions) (benchResult, error) {
	rule := bo.solver.Futile
	r := benchResult{ID: bp.id, WantStatus: bp.wantStatus.String(), WantLength: bp.plies}
	if rule == mate.Count {
		r.WantLength = bp.rawPlies
	}
	if bp.wantStatus != mate.Mate {
		r.WantLength = 0
	}
	if err := ctx.Err(); err != nil {
		return r, err
	}
	sol, err := s.Solve(ctx, &bp.pos)
	if err != nil {
		if !errors.Is(err, mate.ErrNotAProblem) {
			return r, err
		}
		r.Status, r.Error = "error", message(err)
		return r, nil
	}
	if err := ctx.Err(); err != nil {
		return r, err
	}
	r.Status, r.Length, r.LengthExact, r.Nodes, r.time = sol.Status.String(), sol.Length, sol.LengthExact, sol.Nodes, sol.Time
	r.TimeMS, r.NPS = sol.Time.Milliseconds(), perSecond(sol.Nodes, sol.Time)
	r.OK = sol.Status == bp.wantStatus && (r.WantLength == 0 || r.WantLength == sol.Length && sol.LengthExact)
	if sol.Status == mate.Mate && !bo.solver.SkipSoundness {
		vd, err := verdict.Judge(ctx, sol, verdict.Options{Futile: rule, MaxNodes: bo.verdictNodes})
		if err != nil {
			return r, err
		}
		r.Verdict = string(vd.Overall)
	}
	return r, nil
}

// benchCheck is the last column of a row: "ok", or what was expected.
func benchCheck(r benchResult) string {
	switch {
	case r.OK:
		return "ok"
	case r.Error != "":
		return "error: " + r.Error
	case r.Status == r.WantStatus && r.Length == r.WantLength && !r.LengthExact:
		return "length not proven shortest"
	case r.WantLength > 0:
		return fmt.Sprintf("want %s %d", r.WantStatus, r.WantLength)
	}
	return "want " + r.WantStatus
}
