package cli

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"

	"github.com/tsume-shogi/tsume/fairymate"
	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/report"
	"github.com/tsume-shogi/tsume/variant"
)

// parseRulesFlag parses the value of a --rules flag: "" or "standard" is
// the standard rules (nil).
func parseRulesFlag(self, s string) (*variant.Rules, error) {
	if s == "" {
		return nil, nil
	}
	r, err := variant.ParseRules(s)
	if err != nil {
		var re *variant.RulesError
		if errors.As(err, &re) {
			return nil, usageErrorf(self, "bad --rules %q: %q at offset %d: %s", s, re.Name, re.Offset, re.Msg)
		}
		return nil, usageErrorf(self, "bad --rules %q: %v", s, err)
	}
	if len(r.Conditions()) == 0 {
		return nil, nil
	}
	return r, nil
}

// fairyView is the JSON object of a fairy solve.
type fairyView struct {
	Status         string             `json:"status"`
	Rules          string             `json:"rules"`
	Length         int                `json:"length"`
	LengthExact    bool               `json:"length_exact"`
	PV             []string           `json:"pv"`
	PVJA           []string           `json:"pv_ja"`
	PVComplete     bool               `json:"pv_complete"`
	Unique         bool               `json:"unique"`
	SoundChecked   bool               `json:"soundness_checked"`
	Alternatives   []fairyAlternative `json:"alternatives"`
	Leftover       bool               `json:"leftover"`
	LeftoverPieces string             `json:"leftover_pieces"`
	Nodes          uint64             `json:"nodes"`
	TimeMS         int64              `json:"time_ms"`
	SFEN           string             `json:"sfen"`
	// In a batch only: the error of a line that cannot be solved (status
	// "error", SFEN the line as given) and the input line.
	Error string `json:"error,omitempty"`
	Line  int    `json:"line,omitempty"`
}

// fairyAlternative is another mating move along a fairy main line.
type fairyAlternative struct {
	Ply               int    `json:"ply"` // 1-based
	Move              string `json:"move"`
	LastMovePromotion bool   `json:"last_move_promotion"`
}

// fairyFlagsUnused returns a usage error when a flag set in fs does not
// apply to a fairy problem.
func fairyFlagsUnused(fs *flag.FlagSet) error {
	for _, name := range []string{"verdict-nodes", "progress"} {
		if isSet(fs, name) {
			return usageErrorf("solve", "--%s does not apply to a fairy problem", name)
		}
	}
	return nil
}

// fairyOptions returns the fairymate options of the flags.
func fairyOptions(opt solveOptions) fairymate.Options {
	fo := fairymate.Options{TableMB: opt.solver.HashMB, MaxNodes: opt.solver.MaxNodes, MaxTime: opt.solver.MaxTime,
		SkipSoundness: opt.solver.SkipSoundness}
	if opt.solver.DefenderHand == mate.AsGiven {
		fo.DefenderHand = fairymate.AsGiven
	}
	if opt.solver.Futile == mate.Count {
		fo.Futile = fairymate.Count
	}
	return fo
}

// newFairyView returns the report of sol, a solution of p.
func newFairyView(p *variant.Position, sol *fairymate.Solution) *fairyView {
	v := &fairyView{
		Status: sol.Status.String(), Rules: rulesName(p), Length: sol.Length, LengthExact: sol.LengthExact,
		PV: []string{}, PVComplete: sol.PVComplete, Leftover: sol.Leftover,
		Unique: sol.Unique, SoundChecked: sol.SoundnessChecked, Alternatives: []fairyAlternative{},
		Nodes: sol.Nodes, TimeMS: sol.Time.Milliseconds(), SFEN: sol.Position.SFEN(),
	}
	end := sol.Position
	for _, m := range sol.PV {
		end.DoMove(m)
	}
	v.PV, v.PVJA = report.FairyLine(&sol.Position, sol.PV)
	if v.PV == nil {
		v.PV, v.PVJA = []string{}, []string{}
	}
	if sol.Leftover {
		v.LeftoverPieces = end.Hand(p.SideToMove()).String()
	}
	for _, a := range sol.Alternatives {
		v.Alternatives = append(v.Alternatives, fairyAlternative{Ply: a.Ply + 1, Move: variant.MoveString(a.Move), LastMovePromotion: a.LastMovePromotion})
	}
	return v
}

// solveFairy solves p with fairymate: mate exits 0, no mate or unknown 1,
// a position it cannot search 2.
func solveFairy(ctx context.Context, e *env, fs *flag.FlagSet, p *variant.Position, opt solveOptions) error {
	if err := fairyFlagsUnused(fs); err != nil {
		return err
	}
	sol, err := fairymate.Solve(ctx, p, fairyOptions(opt))
	var npe *fairymate.NotAProblemError
	switch {
	case errors.As(err, &npe):
		return &exitError{ExitError, "not a tsume position: " + npe.Msg}
	case sol == nil:
		return err
	}
	v := newFairyView(p, sol)
	w := bufio.NewWriter(e.stdout)
	var werr error
	if opt.json {
		werr = report.WriteJSON(w, v)
	} else {
		writeFairyText(w, sol, v, opt)
	}
	if ferr := w.Flush(); werr == nil {
		werr = ferr
	}
	switch {
	case werr != nil:
		return werr
	case ctx.Err() != nil:
		return ctx.Err()
	case sol.Status != fairymate.Mate:
		return &exitError{code: ExitNo}
	}
	return nil
}

// writeFairyText writes the human report of a fairy solve.
func writeFairyText(w *bufio.Writer, sol *fairymate.Solution, v *fairyView, opt solveOptions) {
	if v.Line > 0 {
		fmt.Fprintf(w, "line %d\n", v.Line)
	}
	fmt.Fprintf(w, "SFEN: %s\nrules: %s\nstipulation: mate (かしこ詰)\n", v.SFEN, v.Rules)
	if opt.solver.DefenderHand == mate.Remaining {
		w.WriteString("defender's hand: all remaining standard pieces (tsume convention; --as-given to use the SFEN's hands)\n\n")
	} else {
		w.WriteString("defender's hand: as given\n\n")
	}
	switch {
	case sol.Status == fairymate.Mate && sol.LengthExact:
		fmt.Fprintf(w, "status: mate\nlength: %s (%d手詰)\n", plies(sol.Length), sol.Length)
	case sol.Status == fairymate.Mate:
		fmt.Fprintf(w, "status: mate\nlength: at most %s (a limit stopped the search for a shorter mate)\n", plies(sol.Length))
	case sol.Status == fairymate.NoMate:
		w.WriteString("status: nomate\n")
	default:
		why := "interrupted"
		switch {
		case opt.solver.MaxNodes > 0 && sol.Nodes >= opt.solver.MaxNodes:
			why = fmt.Sprintf("the node limit, --nodes %d, was reached first", opt.solver.MaxNodes)
		case opt.solver.MaxTime > 0 && sol.Time >= opt.solver.MaxTime:
			why = fmt.Sprintf("the time limit, --time %v, was reached first", opt.solver.MaxTime)
		}
		fmt.Fprintf(w, "status: unknown (%s)\n", why)
	}
	if len(v.PV) > 0 {
		w.WriteString("main line:\n")
		nw := len(fmt.Sprint(len(v.PV)))
		for i, m := range v.PV {
			fmt.Fprintf(w, "  %*d  %-7s %s\n", nw, i+1, m, v.PVJA[i])
		}
		if !v.PVComplete {
			w.WriteString("  (the reading of the main line was cut short by a limit)\n")
		}
	}
	if sol.Status == fairymate.Mate && v.PVComplete {
		writeFairySoundness(w, sol, v, opt)
		left := "none"
		if v.Leftover {
			left = v.LeftoverPieces
		}
		fmt.Fprintf(w, "leftover pieces (駒余り): %s\n", left)
	}
	fmt.Fprintf(w, "nodes %d, time %.2fs\n", sol.Nodes, sol.Time.Seconds())
}

// writeFairySoundness writes the soundness line of a fairy mate and its
// other mating moves.
func writeFairySoundness(w *bufio.Writer, sol *fairymate.Solution, v *fairyView, opt solveOptions) {
	switch {
	case opt.solver.SkipSoundness:
		w.WriteString("soundness: not checked (--no-soundness)\n")
		return
	case !sol.LengthExact:
		w.WriteString("soundness: not checked (the length is not exact)\n")
		return
	case !sol.SoundnessChecked:
		w.WriteString("soundness: unknown (the checks did not finish)\n")
		return
	case sol.Unique && len(sol.Alternatives) == 0:
		w.WriteString("soundness: unique\n")
		return
	case sol.Unique:
		w.WriteString("soundness: unique (the last move's other promotion choice tolerated)\n")
	default:
		n := 0
		for _, a := range sol.Alternatives {
			if !a.LastMovePromotion {
				n++
			}
		}
		fmt.Fprintf(w, "soundness: not unique (余詰): %d other mating move%s\n", n, map[bool]string{true: "s"}[n != 1])
	}
	for _, a := range v.Alternatives {
		note := ""
		if a.LastMovePromotion {
			note = " (the last move's other promotion choice: tolerated)"
		}
		fmt.Fprintf(w, "  ply %d: %s%s\n", a.Ply, a.Move, note)
	}
}
