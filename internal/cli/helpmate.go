package cli

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"runtime/debug"
	"time"

	"github.com/tsume-shogi/tsume/helpmate"
	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/report"
	"github.com/tsume-shogi/tsume/shogi"
)

// helpFlags are solve's flags for the cooperative stipulations.
type helpFlags struct {
	stip   *string
	length *int
	lines  *int
	rules  *string // --rules: the fairy conditions (rules.go)
}

func addHelpFlags(fs *flag.FlagSet) *helpFlags {
	return &helpFlags{
		stip:   fs.String("stip", "mate", "`mate` (tsume), help (ばか詰) or helpself (協力自玉詰)"),
		length: fs.Int("length", 0, "with --stip help or helpself, ask for exactly `N` plies (0: the shortest)"),
		lines:  fs.Int("lines", helpmate.DefaultMaxLines, "with --stip help or helpself, list up to `N` solutions"),
		rules:  addRulesFlag(fs),
	}
}

// cooperative reports whether --stip asks for help or helpself.
func (h *helpFlags) cooperative() bool { return *h.stip == "help" || *h.stip == "helpself" }

// check returns the usage errors of the flags.
func (h *helpFlags) check(fs *flag.FlagSet) []string {
	var errs []string
	switch *h.stip {
	case "mate", "help", "helpself":
	default:
		return []string{fmt.Sprintf("bad --stip %q: want mate, help or helpself", *h.stip)}
	}
	if !h.cooperative() {
		for _, name := range []string{"length", "lines"} {
			if isSet(fs, name) {
				errs = append(errs, fmt.Sprintf("--%s is for --stip help or helpself", name))
			}
		}
		return errs
	}
	for _, name := range []string{"futile", "as-given", "no-soundness", "batch", "progress", "verdict-nodes"} {
		if isSet(fs, name) {
			errs = append(errs, fmt.Sprintf("--%s does not apply to --stip %s", name, *h.stip))
		}
	}
	switch odd := *h.length%2 == 1; {
	case *h.length < 0:
		errs = append(errs, fmt.Sprintf("bad --length %d: want 0 or more", *h.length))
	case *h.length > 0 && *h.stip == "help" && !odd:
		errs = append(errs, fmt.Sprintf("bad --length %d: a helpmate has an odd number of plies", *h.length))
	case *h.length > 0 && *h.stip == "helpself" && odd:
		errs = append(errs, fmt.Sprintf("bad --length %d: a help-selfmate has an even number of plies", *h.length))
	}
	if *h.lines < 1 {
		errs = append(errs, fmt.Sprintf("bad --lines %d: want 1 or more", *h.lines))
	}
	return errs
}

// helpLimits are the limits of a cooperative solve, for the report: the
// time limit (0 when --time was not given), --nodes and the memory bound
// in MB, the machine's default when --hash was not given.
type helpLimits struct {
	time          time.Duration
	nodes         uint64
	memoryMB      int
	memoryDefault bool
}

// helpMemoryMB returns the memory bound of a cooperative solve: --hash
// when given, capped at mate.MaxHashMB (with a line on standard error),
// else mate.MaxHashMB: half the machine's memory, no more than is
// available now.
func helpMemoryMB(e *env, fs *flag.FlagSet, hash int) int {
	limit := mate.MaxHashMB()
	if !isSet(fs, "hash") {
		return limit
	}
	if hash > limit {
		fmt.Fprintf(e.stderr, "tsume solve: hash capped at %d MB (half the machine's memory, or what is available)\n", limit)
		return limit
	}
	return hash
}

// solveHelp solves the one position of in under a cooperative
// stipulation: solved exits 0, anything else 1, a position it cannot
// search 2.
func solveHelp(ctx context.Context, e *env, fs *flag.FlagSet, in *positionInput, h *helpFlags, asJSON bool, limit time.Duration, nodes uint64, hash int) error {
	const self = "solve"
	if isSet(fs, "sfen") && in.sfen == "-" {
		return usageErrorf(self, "--stip %s takes one position, not --sfen -", *h.stip)
	}
	_, rp, err := readPosition(e, in, *h.rules)
	if err != nil {
		return err
	}
	stip, err := helpmate.ParseStipulation(*h.stip)
	if err != nil {
		return usageErrorf(self, "%s", err)
	}
	lim := helpLimits{nodes: nodes, memoryMB: helpMemoryMB(e, fs, hash), memoryDefault: !isSet(fs, "hash")}
	opt := helpmate.Options{Stip: stip, Length: *h.length, MaxLines: *h.lines, MaxMemoryMB: lim.memoryMB}
	if nodes > 0 {
		opt.MaxStates = int(min(nodes, 1<<31-1))
	}
	sctx := ctx
	if isSet(fs, "time") && limit > 0 {
		lim.time = limit
		var cancel context.CancelFunc
		sctx, cancel = context.WithTimeout(ctx, limit)
		defer cancel()
	}
	// The search keeps its own structures under half the bound; the Go
	// runtime is asked to keep the process under the whole of it, so that
	// it collects and returns the arrays the structures left behind as
	// they grew before they add up (docs/helpmate.md, "Memory").
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(int64(lim.memoryMB) << 20))
	if vp := rp.fairy; vp != nil {
		r, err := helpmate.SolveVariant(sctx, vp, opt)
		line := func(moves []shogi.Move) ([]string, []string) { return report.FairyLine(vp, moves) }
		return writeHelp(ctx, e, r, err, vp.SFEN(), report.RulesName(vp.Rules()), line, asJSON, lim)
	}
	p := &rp.std
	r, err := helpmate.Solve(sctx, p, opt)
	line := func(moves []shogi.Move) ([]string, []string) { return report.Line(p, moves) }
	return writeHelp(ctx, e, r, err, p.SFEN(), "", line, asJSON, lim)
}

// helpStopped returns what stopped a cooperative solve of status
// Stopped, for "stopped_by", and in words: the context ends with the time
// limit only when --time was given and the command's own context (SIGINT,
// SIGTERM) has not ended.
func helpStopped(ctx context.Context, r *helpmate.Result, lim helpLimits) (by, why string) {
	switch r.StoppedBy {
	case helpmate.StopStates:
		return "nodes", fmt.Sprintf("the limit of stored positions, --nodes %d, was reached first", lim.nodes)
	case helpmate.StopMemory:
		if lim.memoryDefault {
			return "memory", fmt.Sprintf("memory limit reached at depth %d: %d MB, half the machine's memory (--hash MB sets it)", r.Depth, lim.memoryMB)
		}
		return "memory", fmt.Sprintf("memory limit reached at depth %d: --hash %d MB", r.Depth, lim.memoryMB)
	case helpmate.StopContext:
		if lim.time > 0 && ctx.Err() == nil {
			return "time", fmt.Sprintf("the time limit, --time %v, was reached first", lim.time)
		}
	}
	return "interrupted", "interrupted"
}

// writeHelp writes the result r (with the error err) of a cooperative
// solve of the position sfen under rules ("" for a standard position),
// line giving the moves in USI and in Japanese.
func writeHelp(ctx context.Context, e *env, r *helpmate.Result, err error, sfen, rules string, line func([]shogi.Move) ([]string, []string), asJSON bool, lim helpLimits) error {
	var npe *helpmate.NotAProblemError
	var le *helpmate.LengthError
	switch {
	case errors.As(err, &npe):
		return &exitError{ExitError, npe.Message()}
	case errors.As(err, &le), err == nil:
	case r != nil && r.Status == helpmate.Stopped && ctx.Err() == nil:
		// The time limit: report what was searched.
	case r != nil && r.Status == helpmate.Stopped:
	default:
		return &exitError{ExitError, err.Error()}
	}
	v := newHelpView(sfen, rules, r, line)
	switch {
	case r.Status == helpmate.Stopped:
		v.StoppedBy, v.Reason = helpStopped(ctx, r, lim)
		v.Depth = r.Depth
	case r.Status == helpmate.Shorter && le != nil:
		v.StatedLength = le.Want
		v.Reason = fmt.Sprintf("a solution in %s exists, shorter than the stated %d", plies(r.Length), le.Want)
	}
	w := bufio.NewWriter(e.stdout)
	var werr error
	if asJSON {
		werr = report.WriteJSON(w, v)
	} else {
		writeHelpText(w, r, v)
	}
	if ferr := w.Flush(); werr == nil {
		werr = ferr
	}
	switch {
	case werr != nil:
		return werr
	case ctx.Err() != nil:
		return ctx.Err()
	case le != nil:
		return &exitError{ExitNo, le.Message()}
	case r.Status != helpmate.Solved:
		return &exitError{code: ExitNo}
	}
	return nil
}

// helpView is the JSON object of a cooperative solve.
type helpView struct {
	Status         string     `json:"status"`
	Stip           string     `json:"stip"`
	Length         int        `json:"length"`
	Solutions      uint64     `json:"solutions"`
	CountSaturated bool       `json:"count_saturated"`
	Unique         bool       `json:"unique"`
	Leftover       bool       `json:"leftover"`
	Lines          []helpLine `json:"lines"`
	States         int        `json:"states"`
	Generated      uint64     `json:"generated"`
	TimeMS         int64      `json:"time_ms"`
	SFEN           string     `json:"sfen"`
	Rules          string     `json:"rules,omitempty"` // the fairy conditions, "standard" for none; absent for a standard position
	// StatedLength is --length for status shorter.
	StatedLength int `json:"stated_length,omitempty"`
	// StoppedBy (memory, time, nodes or interrupted) and Depth, the ply
	// the search was at, are given for status stopped.
	StoppedBy string `json:"stopped_by,omitempty"`
	Depth     int    `json:"depth,omitempty"`
	// Reason says in words why the status is stopped or shorter.
	Reason string `json:"reason,omitempty"`
}

// helpLine is one solution of a helpView.
type helpLine struct {
	PV                   []string `json:"pv"`
	PVJA                 []string `json:"pv_ja"`
	PromotionAlternative bool     `json:"promotion_alternative"`
	LeftoverPieces       string   `json:"leftover_pieces"`
}

func newHelpView(sfen, rules string, r *helpmate.Result, line func([]shogi.Move) ([]string, []string)) *helpView {
	v := &helpView{
		Status: r.Status.String(), Stip: r.Stip.String(), Length: r.Length,
		Solutions: r.Count, CountSaturated: r.CountSaturated, Unique: r.Unique(), Leftover: r.Leftover(),
		Lines: []helpLine{}, States: r.States, Generated: r.Generated, TimeMS: r.Elapsed.Milliseconds(), SFEN: sfen, Rules: rules,
	}
	for _, s := range r.Solutions {
		usi, ja := line(s.Moves)
		v.Lines = append(v.Lines, helpLine{PV: usi, PVJA: ja, PromotionAlternative: s.PromotionAlternative, LeftoverPieces: s.LeftoverPieces})
	}
	return v
}

// writeHelpText writes the human report of a cooperative solve.
func writeHelpText(w *bufio.Writer, r *helpmate.Result, v *helpView) {
	fmt.Fprintf(w, "SFEN: %s\n", v.SFEN)
	if v.Rules != "" {
		fmt.Fprintf(w, "rules: %s\n", v.Rules)
	}
	if r.Stip == helpmate.Help {
		w.WriteString("stipulation: help (ばか詰): the attacker checks on every move, both sides cooperate to mate the defender\n")
	} else {
		w.WriteString("stipulation: helpself (協力自玉詰): the attacker checks on every move, the defender's last move mates the attacker\n")
	}
	w.WriteString("hands: as given\n\n")
	switch r.Status {
	case helpmate.Solved, helpmate.Shorter:
		if r.Status == helpmate.Solved {
			w.WriteString("status: solved\n")
		} else {
			fmt.Fprintf(w, "status: shorter (%s)\n", v.Reason)
		}
		fmt.Fprintf(w, "length: %s (%d手)\n", plies(r.Length), r.Length)
		switch {
		case r.CountSaturated:
			fmt.Fprintf(w, "solutions: at least %d (not unique)\n", r.Count)
		case r.Count == 1:
			w.WriteString("solutions: 1 (unique)\n")
		default:
			fmt.Fprintf(w, "solutions: %d (not unique)\n", r.Count)
		}
	case helpmate.NoSolution:
		w.WriteString("status: nosolution (none of any length: every reachable position was searched)\n")
	case helpmate.NoneWithin:
		fmt.Fprintf(w, "status: nonewithin (none within %s)\n", plies(r.Length))
	default:
		fmt.Fprintf(w, "status: stopped (%s); none within %s\n", v.Reason, plies(max(r.Length, 0)))
	}
	for i, l := range v.Lines {
		if i == 0 {
			w.WriteString("solution 1:\n")
			uw := 0
			for _, s := range l.PV {
				uw = max(uw, len(s))
			}
			nw := len(fmt.Sprint(len(l.PV)))
			for j := range l.PV {
				fmt.Fprintf(w, "  %*d  %-*s  %s\n", nw, j+1, uw, l.PV[j], l.PVJA[j])
			}
		} else {
			first := v.Lines[0].PV
			d := 0
			for d < len(l.PV) && l.PV[d] == first[d] {
				d++
			}
			fmt.Fprintf(w, "solution %d: leaves solution 1 at ply %d, %s %s\n", i+1, d+1, l.PV[d], l.PVJA[d])
		}
		if l.PromotionAlternative {
			fmt.Fprintf(w, "  (solution %d's last move may also be played with the other promotion choice: tolerated)\n", i+1)
		}
	}
	if uint64(len(v.Lines)) < r.Count {
		fmt.Fprintf(w, "(%d listed; --lines N lists more)\n", len(v.Lines))
	}
	if r.Status == helpmate.Solved || r.Status == helpmate.Shorter {
		left := "none"
		if r.Solutions[0].LeftoverPieces != "" {
			left = r.Solutions[0].LeftoverPieces
		}
		fmt.Fprintf(w, "leftover pieces (駒余り): %s\n", left)
	}
	fmt.Fprintf(w, "states %d, moves %d, memory %d MB, time %.2fs\n", r.States, r.Generated, (r.MemoryBytes+1<<19)>>20, r.Elapsed.Seconds())
}
