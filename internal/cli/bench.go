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
	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
)

func benchCommand() *command {
	return &command{
		name:    "bench",
		summary: "solve a fixed list of problems and print nodes, times and the total node count",
		args:    "[--time 60s] [--hash 256] [--futile discount|count] [--soundness] [--problems FILE] [--json] | --engine [--depth N] [--hash MB]",
		help: `
Bench solves a fixed list of tsume problems, one after the other with one
table, and prints for each its id, the status, the length, the nodes
searched, the time and the speed, then the total: "nodes N" (a signature:
a change to the search that changes it changes the search's behaviour),
the total time and the total nodes per second. A problem that does not
give its expected result (status, and length where it is known) is marked
in the last column.

The list is built in: short problems made for it (mates in 1 to 7 plies,
their lengths checked by exhaustive search, and a position without
mate) and classic problems of 13 to 17 plies from 将棋図巧 and 将棋無双
(public domain; records CC0), most with confirmed lengths. --problems
reads another
list in the same format, such as ../shared/testdata/classic-tsume.tsv:
tab-separated columns id, plies (the length by the tsume convention),
raw_plies (every interposition counted; - if unknown), status
(confirmed, confirmed-after-futile-rule or constructed: the length is
checked, plies with --futile discount and raw_plies with --futile count;
line-only: only the mate; nomate: no mate), sfen, and the recorded line
(checked for legality only; - for none); lines starting with # are comments, and the header line
starting with "id" is skipped.

--time limits each problem; the soundness checks (余詰) are left out
unless --soundness is given. With --json the result is one JSON object:
  {"problems":[{"id":…,"status":…,"length":…,"length_exact":…,
   "nodes":…,"time_ms":…,"nps":…,"want_status":…,"want_length":…,
   "ok":…,"error":…}],"nodes":…,"time_ms":…,"nps":…,"ok":…}
(want_length is 0 when the length is not checked; "error", given for
status error only, says why the position cannot be solved, as the last
column of the table does). In the table a
length written "<=N" is an upper bound: a limit stopped the search for a
shorter mate.

With --engine, bench searches instead the positions of the game engine's
list (the start position and middle games, built in) to a fixed depth
(--depth, default 7) with the default evaluation, and prints for each its
number, the depth, the nodes, the time, the nodes per second, the best move
and its score, then the total: "nodes N" (the search's signature), the time
and the nodes per second.

Exit status: 0 every problem gave its expected result, 1 some did not
(a position the solver refuses, such as an illegal one, is a row with
status error and the reason in the last column), 2 bad usage or a
problem list that cannot be read, 130 interrupted.`,
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
	LengthExact bool   `json:"length_exact"`
	Nodes       uint64 `json:"nodes"`
	TimeMS      int64  `json:"time_ms"`
	NPS         uint64 `json:"nps"`
	WantStatus  string `json:"want_status"`
	WantLength  int    `json:"want_length"`
	OK          bool   `json:"ok"`
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
	hash := fs.Int("hash", 256, "the transposition table size in `MB`")
	futile := fs.String("futile", "discount", "futile interpositions: `discount` or count (see solve)")
	soundness := fs.Bool("soundness", false, "also run the soundness checks (余詰)")
	problems := fs.String("problems", "", "solve the problems of `FILE` instead of the built-in list")
	asJSON := fs.Bool("json", false, "print one JSON object")
	withEngine := fs.Bool("engine", false, "bench the game engine's search instead of the solver")
	depth := fs.Int("depth", engine.BenchDepth, "with --engine, search each position this many `plies` deep")
	return func(ctx context.Context, e *env, args []string) error {
		const self = "bench"
		if len(args) > 0 {
			return usageErrorf(self, "unexpected argument %q", args[0])
		}
		if *withEngine {
			if *problems != "" || *asJSON || *soundness {
				return usageErrorf(self, "--engine takes only --depth and --hash")
			}
			if *depth < 1 || *depth >= engine.MaxPly || *hash < 1 {
				return usageErrorf(self, "--depth must be from 1 to %d and --hash at least 1", engine.MaxPly-1)
			}
			return runEngineBench(ctx, e, *depth, *hash)
		}
		rule, errs := checkSearchFlags(*limit, *hash, *futile)
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
		opts := mate.SolverOptions{HashMB: *hash, MaxTime: *limit, Futile: rule, SkipSoundness: !*soundness}
		return runBench(ctx, e, list, opts, *asJSON)
	}
}

// runBench solves list with one solver and writes the table (or the JSON
// object) to e.stdout.
func runBench(ctx context.Context, e *env, list []benchProblem, opts mate.SolverOptions, asJSON bool) error {
	s, err := newSolver(e, "bench", opts)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(e.stdout)
	idw := len("id")
	for _, bp := range list {
		idw = max(idw, len(bp.id))
	}
	if !asJSON {
		fmt.Fprintf(w, "%-*s  %-7s  %6s  %12s  %8s  %10s  %s\n", idw, "id", "status", "length", "nodes", "time", "nodes/s", "check")
		w.Flush()
	}
	out := benchJSON{Problems: []benchResult{}, OK: true}
	var total time.Duration
	failed := 0
	for _, bp := range list {
		r, err := benchOne(ctx, s, bp, opts.Futile)
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
			length := strconv.Itoa(r.Length)
			if r.Status == "mate" && !r.LengthExact {
				length = "<=" + length // an upper bound
			}
			fmt.Fprintf(w, "%-*s  %-7s  %6s  %12d  %7.2fs  %10d  %s\n", idw, r.ID, r.Status, length, r.Nodes, r.time.Seconds(), r.NPS, benchCheck(r))
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

// benchOne solves one problem. Only an interruption or an internal error
// of the solver is an error; a position the solver refuses is a result
// with status "error".
func benchOne(ctx context.Context, s *mate.Solver, bp benchProblem, rule mate.FutileRule) (benchResult, error) {
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
