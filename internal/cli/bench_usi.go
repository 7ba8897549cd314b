package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/tsume-shogi/tsume/match"
	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/shogi"
)

// usiBenchOptions shape a side-by-side run of bench --vs-usi.
type usiBenchOptions struct {
	bench  benchOptions
	engine match.EngineConfig
	// grace is how long after the go mate time the engine may still
	// answer before it is sent stop.
	grace time.Duration
	// trace, when set, is called just before each search with "tsume" or
	// "engine" and the problem's index (the tests check the order).
	trace func(who string, i int)
}

// usiGrace is the time an engine may overrun its go mate limit before it
// is sent stop: a tenth of the limit, at least a second.
func usiGrace(limit time.Duration) time.Duration {
	return max(time.Second, limit/10)
}

// tsumeFirst reports whether tsume searches problem i (from 0) before
// the engine: on the first, third, … problem of the list, so that the
// drift of a noisy machine falls on both alike.
func tsumeFirst(i int) bool { return i%2 == 0 }

// usiRow is one problem of a side-by-side run.
type usiRow struct {
	tsume    benchResult
	tsumeCPU time.Duration // -1: unknown
	first    string        // "tsume" or "engine"

	engStatus string // mate, nomate, timeout, notimplemented, error
	engLength int
	engTime   time.Duration
	engCPU    time.Duration // -1: unknown
	engCheck  string        // "ok", "false line: …", "-" (no line) or "stopped"
	// engAtLimit is true for a mate given at the go mate limit: the
	// engine's best line when it was stopped, its length a bound.
	engAtLimit bool
}

// runBenchUSI solves list with tsume's solver and with the USI engine,
// alternately, and writes the side-by-side table to e.stdout.
func runBenchUSI(ctx context.Context, e *env, list []benchProblem, uo usiBenchOptions) error {
	s, err := newBenchSolver(e, uo.bench.solver)
	if err != nil {
		return err
	}
	loadStart := loadAverage()
	eng, err := match.Start(ctx, uo.engine)
	if err != nil {
		return engineFailure(ctx, err, "")
	}
	defer func() {
		if eng != nil {
			eng.Close()
		}
	}()
	w := bufio.NewWriter(e.stdout)
	fmt.Fprintf(w, "engine %s: %s\nload average at the start %s\n", eng.Name, strings.Join(uo.engine.Argv, " "), loadStart)
	idw := len("id")
	for _, bp := range list {
		idw = max(idw, displayWidth(bp.id))
	}
	fmt.Fprintf(w, "%s  %-6s  %-7s  %6s  %-5s  %8s  %8s  |  %-7s  %6s  %8s  %8s  %-5s  %-9s  %s\n", padID("id", idw), "first",
		"tsume", "length", "exact", "time", "cpu", "engine", "length", "time", "cpu", "ratio", "cpu ratio", "engine line")
	if err := w.Flush(); err != nil {
		return err
	}
	limit := uo.bench.solver.MaxTime
	var rows []usiRow
	failed := 0
	var engineFailed []string // the problems the engine failed on
	streak := 0               // of them, the last ones in a row
	for i, bp := range list {
		r := usiRow{first: "engine", tsumeCPU: -1, engCPU: -1}
		runTsume := func() error {
			if uo.trace != nil {
				uo.trace("tsume", i)
			}
			before, ok := processCPU("self")
			var err error
			r.tsume, err = benchOne(ctx, s, bp, uo.bench)
			if after, ok2 := processCPU("self"); ok && ok2 {
				r.tsumeCPU = after - before
			}
			return err
		}
		runEngine := func() error {
			if uo.trace != nil {
				uo.trace("engine", i)
			}
			return usiSolve(ctx, eng, bp, limit, uo, &r)
		}
		steps := []func() error{runEngine, runTsume}
		if tsumeFirst(i) {
			r.first = "tsume"
			steps[0], steps[1] = runTsume, runEngine
		}
		var engErr *match.EngineError
		for _, step := range steps {
			if err := step(); err != nil {
				if ctx.Err() != nil || !errors.As(err, &engErr) {
					w.Flush()
					return engineFailure(ctx, err, bp.id)
				}
				// The engine failed on this problem (crashed, stopped
				// answering, printed garbage): its row says so, tsume
				// still searches, and the engine is started again.
				r.engStatus, r.engCheck = "failed", engErr.What()
			}
		}
		if !r.tsume.OK || strings.HasPrefix(r.engCheck, "false") {
			failed++
		}
		rows = append(rows, r)
		writeUSIRow(w, idw, r)
		if err := w.Flush(); err != nil {
			return err
		}
		if engErr == nil {
			streak = 0
			continue
		}
		engineFailed = append(engineFailed, bp.id)
		eng.Close()
		eng = nil
		if streak++; streak == maxEngineFailures {
			writeUSISummary(w, rows, loadStart)
			w.Flush()
			return &exitError{ExitError, fmt.Sprintf("problem %s: %s; it failed on %d problems in a row (%s): the run stops",
				bp.id, engErr.Message(), streak, strings.Join(engineFailed[len(engineFailed)-streak:], ", "))}
		}
		if i+1 < len(list) {
			if eng, err = match.Start(ctx, uo.engine); err != nil {
				eng = nil
				return engineFailure(ctx, err, "")
			}
		}
	}
	writeUSISummary(w, rows, loadStart)
	if len(engineFailed) > 0 {
		fmt.Fprintf(w, "the engine failed on %s\n", strings.Join(engineFailed, ", "))
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if len(engineFailed) > 0 {
		return &exitError{ExitError, fmt.Sprintf("the engine failed on %d of %d problems (%s); each row says how", len(engineFailed), len(list), strings.Join(engineFailed, ", "))}
	}
	if failed > 0 {
		return &exitError{ExitNo, fmt.Sprintf("%d of %d problems: tsume did not give the expected result or the engine gave a false line", failed, len(list))}
	}
	return nil
}

// maxEngineFailures is how many problems in a row the engine of
// --vs-usi may fail on before the run stops: one failure is started
// again, an engine that fails on every problem is broken.
const maxEngineFailures = 3

// engineFailure turns an engine's failure into the command's error,
// naming the problem; an interruption stays what it is.
func engineFailure(ctx context.Context, err error, id string) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	var ee *match.EngineError
	if errors.As(err, &ee) {
		msg := ee.Message()
		if id != "" {
			msg = "problem " + id + ": " + msg
		}
		return &exitError{ExitError, msg}
	}
	return err
}

// usiSolve asks the engine for a mate of bp within limit and checks the
// line it gives by tsume's rules.
func usiSolve(ctx context.Context, eng *match.Engine, bp benchProblem, limit time.Duration, uo usiBenchOptions, r *usiRow) error {
	q, err := mate.WithRemainingHand(&bp.pos)
	if err != nil {
		// tsume refuses it too (its row says why); the engine is not asked.
		r.engStatus, r.engCheck = "error", "-"
		return nil
	}
	if limit <= 0 {
		limit = 24 * time.Hour // go mate has no "no limit" that every engine reads
	}
	pid := strconv.Itoa(eng.PID())
	before, ok := processCPU(pid)
	a, err := eng.GoMate(ctx, "position sfen "+q.SFEN(), limit, uo.grace)
	if after, ok2 := processCPU(pid); ok && ok2 {
		r.engCPU = after - before
	}
	if err != nil {
		return err
	}
	r.engStatus, r.engTime, r.engCheck = a.Result.String(), a.Elapsed, "-"
	if a.Result == match.MateFound {
		r.engLength = len(a.Moves)
		r.engCheck = "ok"
		if bad := checkEngineLine(&q, a.Moves, uo.bench.solver.Futile); bad != "" {
			r.engCheck = "false line: " + bad
		}
	}
	if a.Result == match.MateFound && atLimit(a.Elapsed, limit) {
		r.engAtLimit = true
		if r.engCheck == "ok" {
			r.engCheck = "ok (given at the limit: a bound)"
		}
	}
	if a.Stopped {
		r.engCheck = "stopped after the limit"
	}
	return nil
}

// atLimit reports whether an answer came at the go mate limit (within
// its last hundredth): an engine such as KomoringHeights, stopped by
// its limit while it searches for a shorter mate, gives the best line it
// has, not one proven shortest.
func atLimit(elapsed, limit time.Duration) bool {
	return elapsed >= limit-limit/100
}

// checkEngineLine replays an engine's mating line from q by tsume's rules
// (every move legal, every attacker move a check, the defender mated at
// the end) and returns what is wrong with it, or "".
func checkEngineLine(q *shogi.Position, moves []string, rule mate.FutileRule) string {
	p := *q
	line := make([]shogi.Move, 0, len(moves))
	for i, s := range moves {
		m, err := p.ParseUSIMove(s)
		if err != nil {
			return fmt.Sprintf("move %d (%s): %s", i+1, s, message(err))
		}
		line = append(line, m)
		p.DoMove(m)
	}
	if err := mate.VerifyLine(q, line, rule); err != nil {
		return strings.TrimPrefix(err.Error(), "mate: ")
	}
	return ""
}

// writeUSIRow writes one row of the side-by-side table.
func writeUSIRow(w *bufio.Writer, idw int, r usiRow) {
	t := r.tsume
	length, exact := "-", "-"
	switch t.Status {
	case "mate":
		length, exact = strconv.Itoa(t.Length), "exact"
		if !t.LengthExact {
			length, exact = "<="+length, "bound"
		}
	case "error":
		exact = "error"
	}
	elen := "-"
	if r.engStatus == "mate" {
		elen = strconv.Itoa(r.engLength)
		if r.engAtLimit {
			elen = "<=" + elen
		}
	}
	fmt.Fprintf(w, "%s  %-6s  %-7s  %6s  %-5s  %7.2fs  %8s  |  %-7s  %6s  %7.2fs  %8s  %5s  %9s  %s\n", padID(t.ID, idw), r.first,
		t.Status, length, exact, t.time.Seconds(), cpuText(r.tsumeCPU),
		usiStatusWord(r.engStatus), elen, r.engTime.Seconds(), cpuText(r.engCPU), usiRatio(r), usiCPURatio(r), r.engCheck)
}

// usiStatusWord shortens notimplemented to fit the column.
func usiStatusWord(s string) string {
	if s == "notimplemented" {
		return "notimpl"
	}
	return s
}

// decided reports whether a search ended with an answer (a mate or no
// mate), not at a limit.
func (r usiRow) decided() (tsume, engine bool) {
	tsume = r.tsume.Status == "nomate" || r.tsume.Status == "mate" && r.tsume.LengthExact
	engine = (r.engStatus == "mate" && r.engCheck == "ok" && !r.engAtLimit) || r.engStatus == "nomate"
	return tsume, engine
}

// usiRatio is the engine's time over tsume's (above 1: tsume was
// faster), when both searches ended with an answer.
func usiRatio(r usiRow) string {
	t, e := r.decided()
	if !t || !e || r.tsume.time <= 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f", r.engTime.Seconds()/r.tsume.time.Seconds())
}

// usiCPURatio is the engine's CPU time over tsume's, when both searches
// ended with an answer and both CPU times are known: on a loaded machine
// the fairer measure, since it does not count the time a process waited
// for a core.
func usiCPURatio(r usiRow) string {
	t, e := r.decided()
	if !t || !e || r.tsumeCPU <= 0 || r.engCPU < 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f", r.engCPU.Seconds()/r.tsumeCPU.Seconds())
}

// cpuText writes a CPU time, or "-" when it is unknown.
func cpuText(d time.Duration) string {
	if d < 0 {
		return "-"
	}
	return fmt.Sprintf("%.2fs", d.Seconds())
}

// writeUSISummary writes the totals of a side-by-side run and the load
// average at its end.
func writeUSISummary(w *bufio.Writer, rows []usiRow, loadStart string) {
	var tt, et time.Duration
	nt, ne, both, faster := 0, 0, 0, 0
	var ratios []float64
	for _, r := range rows {
		tt += r.tsume.time
		et += r.engTime
		t, e := r.decided()
		if t {
			nt++
		}
		if e {
			ne++
		}
		if t && e && r.tsume.time > 0 {
			both++
			ratio := r.engTime.Seconds() / r.tsume.time.Seconds()
			ratios = append(ratios, ratio)
			if ratio > 1 {
				faster++
			}
		}
	}
	fmt.Fprintf(w, "\nproblems %d: tsume decided %d, the engine %d, both %d (tsume faster on %d)\n", len(rows), nt, ne, both, faster)
	if len(ratios) > 0 {
		sort.Float64s(ratios)
		fmt.Fprintf(w, "median ratio (engine time / tsume time, both decided) %.2f\n", ratios[len(ratios)/2])
	}
	fmt.Fprintf(w, "time tsume %.2fs, engine %.2fs\nload average at the start %s, at the end %s\n", tt.Seconds(), et.Seconds(), loadStart, loadAverage())
}

// loadAverage returns the 1, 5 and 15-minute load averages of
// /proc/loadavg, or "unknown".
func loadAverage() string {
	data, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(data)); err == nil && len(f) >= 3 {
		return strings.Join(f[:3], " ")
	}
	return "unknown"
}

// clockTicks is USER_HZ, the unit of the times of /proc/PID/stat: 100
// on Linux for every architecture's user-space interface.
const clockTicks = 100

// processCPU returns the user and system CPU time a process has used,
// from /proc/<pid>/stat (pid "self" for this one), and false where that
// cannot be read.
func processCPU(pid string) (time.Duration, bool) {
	data, err := os.ReadFile("/proc/" + pid + "/stat")
	if err != nil {
		return 0, false
	}
	return statCPU(string(data))
}

// statCPU reads utime+stime from the text of a /proc/PID/stat.
func statCPU(stat string) (time.Duration, bool) {
	// The command name, in parentheses, may hold spaces and parentheses:
	// count the fields after the last closing parenthesis (state is
	// field 3, utime 14, stime 15).
	i := strings.LastIndexByte(stat, ')')
	if i < 0 {
		return 0, false
	}
	f := strings.Fields(stat[i+1:])
	if len(f) < 13 {
		return 0, false
	}
	ut, err1 := strconv.ParseUint(f[11], 10, 64)
	st, err2 := strconv.ParseUint(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, false
	}
	return time.Duration(ut+st) * time.Second / clockTicks, true
}
