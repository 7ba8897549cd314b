package cli

import (
	"bufio"
	"context"
	"fmt"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/report"
	"github.com/tsume-shogi/tsume/theme"
	"github.com/tsume-shogi/tsume/variant"
	"github.com/tsume-shogi/tsume/verdict"
)

// The options and the report of a solution, shared by solve and verify
// (a position without a mate in 1 is solved as solve does).

// solveVerdictNodes is the default node limit of each search of the
// verdict (solve's --verdict-nodes, verify's).
const solveVerdictNodes = 1_000_000

// solveOptions are the flags of solve that shape the search and the
// report; verify sets those of its solver.
type solveOptions struct {
	json         bool
	solver       mate.SolverOptions
	verdictNodes uint64 // the node limit of each search of the verdict
	showProgress bool
	// fairy sends a batch to the fairy solver, under rules (--rules).
	fairy bool
	rules *variant.Rules
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
	if sol.Status == mate.Mate && sol.LengthExact && len(sol.PV) > 0 {
		found, err := theme.Find(ctx, &sol.Position, sol.PV, theme.Options{DefenderHand: opt.solver.DefenderHand})
		switch {
		case err == nil:
			v.Themes = found
		case ctx.Err() == nil:
			return nil, err
		}
	}
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
	r.writeResult(w)
}

// writeResult writes the human report of a solution after its position:
// the status, the main line, the soundness and the search's figures.
func (r *solveReport) writeResult(w *bufio.Writer) {
	sol, v := r.sol, r.view
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
	if sol.Status == mate.Mate && sol.LengthExact {
		writeThemes(w, v.Themes)
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
