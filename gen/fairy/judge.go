package fairy

import (
	"context"

	"github.com/tsume-shogi/tsume/gen"
	"github.com/tsume-shogi/tsume/helpmate"
	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// tableMB is the size of a worker's mate table: the searches of a
// candidate are small (Options.MaxNodes).
const tableMB = 16

// judge holds one worker's solver and scratch space.
type judge struct {
	ctx    context.Context
	o      *Options
	rules  *variant.Rules
	solver *mate.Solver // mate only: the soundness checked
	quick  *mate.Solver // mate only: the length and the line
	std    *mate.Solver // mate only: the standard rules' question
	filter *mateFilter  // mate only
	checks []variant.Move
}

func newJudge(ctx context.Context, o *Options) gen.Judge {
	rules, _ := variant.ParseRules(o.Rules) // validated by New
	j := &judge{ctx: ctx, o: o, rules: rules, checks: make([]variant.Move, 0, variant.MaxMoves)}
	if o.Goal == problem.Mate {
		// A table the system refuses leaves a solver nil: no candidate
		// is then judged sound.
		j.solver, _ = mate.NewSolver(mate.SolverOptions{HashMB: tableMB, MaxNodes: o.MaxNodes})
		j.quick, _ = mate.NewSolver(mate.SolverOptions{HashMB: tableMB, MaxNodes: o.MaxNodes, SkipSoundness: true})
		j.filter = newMateFilter(o.Length)
		// The standard solver: a table of tableMB and the same budget.
		j.std, _ = mate.NewSolver(mate.SolverOptions{HashMB: tableMB, MaxNodes: o.MaxNodes, DefenderHand: mate.AsGiven})
	}
	return j.judge
}

// judge is the gen.Judge: see the package comment for what it keeps.
func (j *judge) judge(cand *shogi.Position, _ int, p *problem.Problem) bool {
	if j.ctx.Err() != nil || cand.Validate() != nil {
		return false
	}
	if j.o.Goal == problem.Help {
		cand.SetHand(shogi.White, shogi.Hand(0)) // written out: the defender holds nothing
	}
	v := variant.FromShogi(cand)
	v.SetRules(j.rules)
	if v.IsIllegalPosition() {
		return false
	}
	if j.checks = v.Checks(j.checks[:0]); len(j.checks) == 0 {
		return false
	}
	var (
		pos   variant.Position
		line  []variant.Move
		nodes uint64
		ok    bool
	)
	if j.o.Goal == problem.Mate {
		pos, line, nodes, ok = j.mate(&v)
	} else {
		pos, line, nodes, ok = j.help(&v)
	}
	// A search the run's end cut short decides nothing: an interrupted
	// run stays a prefix of the full one.
	if !ok || j.ctx.Err() != nil {
		return false
	}
	std := pos
	std.SetRules(nil)
	sp, isStd := std.Shogi()
	if !isStd {
		return false
	}
	st := mate.AnalyzeVariant(&pos)
	*p = problem.Problem{
		Position:    sp,
		Rules:       j.o.Rules,
		Stipulation: problem.Stipulation{Goal: j.o.Goal, Plies: j.o.Length},
		Line:        line,
		Metrics:     problem.Metrics{Legal: st.Legal, Checks: st.Checks, Replies: st.Replies},
		Verdict:     "sound",
		Nodes:       nodes,
	}
	return true
}

// mate solves v under its rules and reports whether it is a sound
// problem of the asked length whose rules matter; it returns the
// position with the defender's hand and the main line.
func (j *judge) mate(v *variant.Position) (variant.Position, []variant.Move, uint64, bool) {
	// The filter first. With the defender's hand emptied it is cheap (no
	// drops to try) and still a necessary condition: a mate within the
	// length against every defence is one against the defences without
	// drops. Then, with the defender's hand of the tsume convention,
	// every reply counting: no mate sooner, and one within the length.
	h, err := mate.VariantRemainingHand(v, v.SideToMove())
	if err != nil || j.solver == nil || j.quick == nil {
		return variant.Position{}, nil, 0, false
	}
	w := *v
	w.SetHand(v.SideToMove().Opp(), 0)
	if !j.filter.mates(&w, j.o.Length) {
		return variant.Position{}, nil, 0, false
	}
	w.SetHand(v.SideToMove().Opp(), h)
	if j.o.Length > 1 && j.filter.mates(&w, j.o.Length-2) || !j.filter.mates(&w, j.o.Length) {
		return variant.Position{}, nil, 0, false
	}
	// The length and the line first, the soundness check (余詰) after
	// the filter's look for cooks: that check is most of the cost.
	sol, err := j.quick.SolveVariant(j.ctx, v)
	if err != nil || !soundMate(sol, j.o.Length, false) || j.filter.cooked(&sol.Position, sol.PV) {
		return variant.Position{}, nil, 0, false
	}
	if sol, err = j.solver.SolveVariant(j.ctx, v); err != nil || !soundMate(sol, j.o.Length, true) {
		return variant.Position{}, nil, 0, false
	}
	pos, line, nodes := sol.Position, sol.PV, sol.Nodes
	return pos, line, nodes, j.standardDiffers(&pos)
}

// standardDiffers reports whether the rules matter to p, a mate problem
// of the asked length under them: under the standard rules p has no mate
// of that length (none within it, or one within two plies less), as the
// standard solver's depth-bounded question says (package mate,
// MateWithin, with p's hands). A position the standard rules do not
// allow (a king left in check) differs too; a question the budget cuts
// short does not count as a difference.
func (j *judge) standardDiffers(p *variant.Position) bool {
	std := *p
	std.SetRules(nil)
	sp, ok := std.Shogi()
	if !ok || j.std == nil { // no table: undecided
		return false
	}
	if sp.Validate() != nil {
		return true
	}
	for _, plies := range []int{j.o.Length, j.o.Length - 2} {
		if plies < 1 {
			return false // a mate in 1 under both rules
		}
		w, err := j.std.MateWithin(j.ctx, &sp, plies)
		switch {
		case err != nil && j.ctx.Err() != nil, w.Status == mate.Unknown:
			return false
		case err != nil:
			return true // no tsume position under the standard rules
		case w.Status == mate.NoMate:
			return true // none within plies: none of the length, or only a shorter one
		}
	}
	return true // within two plies less: a shorter mate
}

// soundMate reports whether sol is the exact shortest mate of length
// plies, its line complete, nothing left in the attacker's hand at the
// end and, when checked, no other mate along it.
func soundMate(sol *mate.VariantSolution, length int, checked bool) bool {
	return sol.Status == mate.Mate && sol.LengthExact && sol.Length == length &&
		len(sol.PV) == length && !sol.Leftover && (!checked || sol.SoundnessChecked && sol.Unique)
}

// help searches v for helpmates and reports whether it has exactly one
// of the asked length, the shortest, with nothing left in the attacker's
// hand, and (under fairy rules) none of that length under the standard
// rules.
func (j *judge) help(v *variant.Position) (variant.Position, []variant.Move, uint64, bool) {
	opt := helpmate.Options{Stip: helpmate.Help, MaxPly: j.o.Length, MaxStates: j.o.MaxStates, MaxLines: 2}
	r, err := helpmate.SolveVariant(j.ctx, v, opt)
	if err != nil || !soundHelp(r, j.o.Length) {
		return variant.Position{}, nil, 0, false
	}
	line, nodes := r.Solutions[0].Moves, uint64(r.States)
	if j.o.Rules == "" {
		return *v, line, nodes, true
	}
	std := *v
	std.SetRules(nil)
	alt, err := helpmate.SolveVariant(j.ctx, &std, opt)
	switch {
	case err != nil:
		if j.ctx.Err() != nil {
			return *v, line, nodes, false
		}
	case alt.Status == helpmate.Stopped:
		return *v, line, nodes, false
	case alt.Status == helpmate.Solved && alt.Length == j.o.Length:
		return *v, line, nodes, false
	}
	return *v, line, nodes, true
}

// soundHelp reports whether r holds exactly one helpmate, of length
// plies and the shortest, the attacker holding nothing at its end.
func soundHelp(r *helpmate.Result, length int) bool {
	return r.Status == helpmate.Solved && r.Length == length && r.Count == 1 && !r.CountSaturated &&
		len(r.Solutions) == 1 && r.Solutions[0].LeftoverPieces == ""
}
