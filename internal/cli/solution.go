package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/report"
	"github.com/tsume-shogi/tsume/theme"
	"github.com/tsume-shogi/tsume/variant"
	"github.com/tsume-shogi/tsume/verdict"
)

// The options, the solver and the report of a solution, shared by solve
// and verify (a position without a mate in 1 is solved as solve does),
// for standard and fairy positions alike.

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
	rules        *variant.Rules // --rules: each position of a batch is read under them
}

// problemSolver solves the positions of a run one after the other, with
// one solver for standard and fairy positions alike (package mate's,
// instantiated for each), made at the first position (its table is
// large) and kept for the others.
type problemSolver struct {
	e    *env
	name string // the command, for messages
	opt  solveOptions
	s    *mate.Solver
	pl   *statusLine // the progress line, or nil
}

// solve solves p and returns its report, with the verdict of a mate when
// the soundness is searched; line is the input line in batch mode, else
// 0. A position the solver refuses is an error matching
// mate.ErrNotAProblem. An interrupted search gives what it found.
func (s *problemSolver) solve(ctx context.Context, p *rulesPosition, line int) (*solveReport, error) {
	if s.s == nil {
		so := s.opt.solver
		if s.opt.showProgress {
			s.pl = newStatusLine(s.e.stderr)
			so.Progress = func(p mate.Progress) { drawSearchProgress(s.pl, p) }
		}
		var err error
		if s.s, err = newSolver(s.e, s.name, so); err != nil {
			return nil, err
		}
	}
	var (
		r   *solveReport
		err error
	)
	if p.fairy != nil {
		sol, serr := s.s.SolveVariant(ctx, p.fairy)
		s.pl.clear()
		if sol == nil {
			return nil, serr
		}
		interrupted := ctx.Err() != nil
		v := report.NewFairySolution(sol, s.opt.solver.DefenderHand, s.opt.solver.Futile)
		r = &solveReport{opt: s.opt, view: v, fsol: sol, solved: true, fairy: true, elapsed: sol.Time, interrupted: interrupted}
		err = r.finish(ctx, &sol.Solution, line)
	} else {
		sol, serr := s.s.Solve(ctx, &p.std)
		s.pl.clear()
		if serr != nil {
			return nil, serr
		}
		interrupted := ctx.Err() != nil
		v := report.NewSolution(sol, s.opt.solver.DefenderHand, s.opt.solver.Futile)
		r = &solveReport{opt: s.opt, view: v, sol: sol, solved: true, elapsed: sol.Time, interrupted: interrupted}
		err = r.finish(ctx, sol, line)
	}
	if err != nil {
		return nil, err
	}
	return r, nil
}

// isNotAProblem reports whether err is a solver's refusal of a position.
func isNotAProblem(err error) bool {
	return errors.Is(err, mate.ErrNotAProblem)
}

// solveReport is the result of one position, ready to print: its view
// and what the text report needs beside it.
type solveReport struct {
	opt         solveOptions
	view        *report.Solution
	sol         *mate.Solution        // a standard position's solution, else nil
	fsol        *mate.VariantSolution // a fairy position's solution, else nil
	solved      bool                  // false for an input that could not be solved
	fairy       bool                  // a position of package variant
	elapsed     time.Duration         // the search's time
	interrupted bool                  // the search was interrupted (Ctrl-C)
}

// finish completes the view of r, whose solution is sol (of a standard
// or a fairy position): the input line in batch mode (else 0), the
// themes of an exact mate and, when the soundness is searched, the
// verdict of a mate. Its error is one of the verdict's solvers.
func (r *solveReport) finish(ctx context.Context, sol *mate.Solution, line int) error {
	v, opt := r.view, r.opt
	v.Line = line
	if sol.Status == mate.Mate && sol.LengthExact && len(sol.PV) > 0 {
		topts := theme.Options{DefenderHand: opt.solver.DefenderHand}
		var found []theme.Found
		var err error
		if r.fairy {
			found, err = theme.FindVariant(ctx, &r.fsol.Position, sol.PV, topts)
		} else {
			found, err = theme.Find(ctx, &sol.Position, sol.PV, topts)
		}
		switch {
		case err == nil:
			v.Themes = found
		case ctx.Err() == nil:
			return err
		}
	}
	if sol.Status == mate.Mate && !opt.solver.SkipSoundness {
		a, err := r.assess(ctx, verdict.Options{Futile: opt.solver.Futile, MaxNodes: opt.verdictNodes})
		if err != nil {
			return err
		}
		v.Verdict = a
	}
	return nil
}

// assess returns the composers' verdict on r's solution, standard or
// fairy, with the options opts.
func (r *solveReport) assess(ctx context.Context, opts verdict.Options) (*report.Assessment, error) {
	if r.fsol != nil {
		vd, err := verdict.JudgeVariant(ctx, r.fsol, opts)
		if err != nil {
			return nil, err
		}
		return report.NewFairyAssessment(vd, &r.fsol.Position), nil
	}
	vd, err := verdict.Judge(ctx, r.sol, opts)
	if err != nil {
		return nil, err
	}
	return report.NewAssessment(vd, &r.sol.Position), nil
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

const (
	handRemainingText = "defender's hand: all remaining pieces (tsume convention; --as-given to use the SFEN's hands)"
	handAsGivenText   = "defender's hand: as given in the SFEN (--as-given)"
	// handFairyText is handRemainingText for a fairy position, whose
	// fairy pieces are not part of the set.
	handFairyText = "defender's hand: all remaining standard pieces (tsume convention; --as-given to use the SFEN's hands)"
)

// handText says what the defender holds under hand, in a fairy position
// when fairy.
func handText(hand mate.DefenderHand, fairy bool) string {
	switch {
	case hand == mate.AsGiven:
		return handAsGivenText
	case fairy:
		return handFairyText
	}
	return handRemainingText
}

// writeText writes the human report.
func (r *solveReport) writeText(w *bufio.Writer) {
	v := r.view
	if v.Line > 0 {
		fmt.Fprintf(w, "line %d\n", v.Line)
	}
	if !r.solved {
		fmt.Fprintf(w, "input: %s\n\nstatus: error\n  - %s\n", v.SFEN, v.Error)
		return
	}
	fmt.Fprintf(w, "SFEN: %s\n", v.SFEN)
	if v.Rules != "" {
		fmt.Fprintf(w, "rules: %s\n", v.Rules)
	}
	w.WriteString(handText(r.opt.solver.DefenderHand, r.fairy) + "\n")
	if r.opt.solver.Futile == mate.Count {
		w.WriteString("futile interpositions: counted as defences (--futile count)\n")
	}
	w.WriteString("\n")
	r.writeResult(w)
}

// writeResult writes the human report of a solution after its position:
// the status, the main line, the soundness and the search's figures.
func (r *solveReport) writeResult(w *bufio.Writer) {
	v := r.view
	mated := v.Status == mate.Mate.String()
	switch {
	case mated:
		w.WriteString("status: mate\n")
		if v.LengthExact {
			fmt.Fprintf(w, "length: %s (%d手詰)\n", plies(v.Length), v.Length)
		} else {
			fmt.Fprintf(w, "length: at most %s (the search for a shorter mate did not finish)\n", plies(v.Length))
		}
	case v.Status == mate.NoMate.String():
		w.WriteString("status: nomate (the attacker cannot force mate)\n")
	default:
		fmt.Fprintf(w, "status: unknown (%s)\n", r.limitText())
	}
	if len(v.PV) > 0 {
		switch {
		case mated && v.LengthExact:
			w.WriteString("main line:\n")
		case mated:
			w.WriteString("a mating line (the defender's replies in it are not proven the longest):\n")
		default:
			w.WriteString("main line found so far:\n")
		}
		r.writeMoves(w)
	}
	if mated && v.LengthExact {
		writeThemes(w, v.Themes)
	}
	if mated {
		r.writeSoundness(w)
	}
	fmt.Fprintf(w, "nodes %d, time %.2fs, %d nodes/s\n", v.Nodes, r.elapsed.Seconds(), perSecond(v.Nodes, r.elapsed))
}

// limitText says which limit stopped the search.
func (r *solveReport) limitText() string {
	o := r.opt.solver
	switch {
	case r.interrupted:
		return "interrupted"
	case o.MaxNodes > 0 && r.view.Nodes >= o.MaxNodes:
		return fmt.Sprintf("the node limit, --nodes %d, was reached first", o.MaxNodes)
	case o.MaxTime > 0 && r.elapsed >= o.MaxTime:
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

// writeSoundness writes the soundness report of a mate: without a
// verdict to classify them, its other mating moves one a line.
func (r *solveReport) writeSoundness(w *bufio.Writer) {
	v := r.view
	switch {
	case r.opt.solver.SkipSoundness:
		w.WriteString("soundness: not checked (--no-soundness)\n")
	case !v.LengthExact:
		w.WriteString("soundness: not checked (the length is not exact)\n")
	case !v.SoundnessChecked:
		w.WriteString("soundness: unknown (the checks did not finish)\n")
	case len(v.Alternatives) == 0:
		w.WriteString("soundness: unique\n")
	case v.Verdict != nil:
		n := len(v.Alternatives)
		fmt.Fprintf(w, "soundness: %d other mating move%s (classified in the verdict)\n", n, plural(n))
	default:
		n := len(v.Alternatives)
		fmt.Fprintf(w, "soundness: %d other mating move%s\n", n, plural(n))
		for _, a := range v.Alternatives {
			note := ""
			if a.LastMovePromotion {
				note = " (the last move's other promotion choice: tolerated)"
			}
			fmt.Fprintf(w, "  ply %d: %s  %s%s\n", a.Ply, a.Move, a.MoveJA, note)
		}
	}
	if v.LeftoverPieces == "" {
		w.WriteString("leftover pieces (駒余り): none\n")
	} else {
		fmt.Fprintf(w, "leftover pieces (駒余り): %s\n", v.LeftoverPieces)
	}
	if v.FirstMoveForced {
		w.WriteString("first move forced: yes (the only check)\n")
	} else {
		w.WriteString("first move forced: no\n")
	}
	if v.Verdict != nil {
		writeAssessment(w, v.Verdict)
	}
}
