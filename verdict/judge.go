package verdict

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// Options configures the searches of a verdict.
type Options struct {
	// Futile is the futile-interposition rule, the one the solution was
	// found under.
	Futile mate.FutileRule
	// MaxNodes limits each search (0: no limit).
	MaxNodes uint64
	// HashMB is the table size of each solver the verdict makes (default
	// 64); there are at most two.
	HashMB int
}

// defaultHashMB is the table size of Options.HashMB 0.
const defaultHashMB = 64

// judge holds the state of one verdict on a line from a position of type
// P (positions.go).
type judge[P any, PP position[P]] struct {
	ctx  context.Context
	opts Options
	sv   *solvers
	line []shogi.Move
	pos  []P // pos[i] is the position after i plies
	// proven[k], for a defender node k, is true when the solver proved
	// it mated within the remaining length under its futile rule: for
	// the solver's own exact line, every node; for a stated line, the
	// nodes after an attacker move the solver found to mate in time.
	proven []bool
	// settle, when set, decides proven[k] for the defender's node k
	// before a longer interposition there is classified (JudgeAlong:
	// the line's nodes are not solved beforehand); decided is false when
	// a limit stopped it.
	settle func(k, rem int) (decided bool, err error)
	v      *Verdict
}

// solvers are the two solvers of a verdict, each made on first use.
type solvers struct {
	quick *mate.Solver // without the soundness search
	full  *mate.Solver // with it
}

// newJudge returns the judge of line from root, whose searches use the
// solvers of sv (nil: solvers of its own).
func newJudge[P any, PP position[P]](ctx context.Context, root P, line []shogi.Move, opts Options, sv *solvers) *judge[P, PP] {
	if opts.HashMB <= 0 {
		opts.HashMB = defaultHashMB
	}
	if sv == nil {
		sv = new(solvers)
	}
	j := &judge[P, PP]{ctx: ctx, opts: opts, sv: sv, line: line, v: &Verdict{Length: len(line), Line: line}}
	j.pos = make([]P, len(line)+1)
	j.proven = make([]bool, len(line)+1)
	j.pos[0] = root
	for i, m := range line {
		j.pos[i+1] = j.pos[i]
		PP(&j.pos[i+1]).DoMove(m)
	}
	return j
}

// solve runs one search of p, with the soundness search when full.
func (j *judge[P, PP]) solve(p *P, full bool) (*mate.Solution, error) {
	s := &j.sv.quick
	if full {
		s = &j.sv.full
	}
	if *s == nil {
		var err error
		*s, err = mate.NewSolver(mate.SolverOptions{
			HashMB: j.opts.HashMB, MaxNodes: j.opts.MaxNodes, Futile: j.opts.Futile,
			DefenderHand: mate.AsGiven, SkipSoundness: !full, ProofSpare: true,
		})
		if err != nil {
			return nil, fmt.Errorf("verdict: %w", err)
		}
	}
	j.v.Searches++
	sol, err := PP(p).solve(j.ctx, *s)
	if err != nil {
		return nil, fmt.Errorf("verdict: %w", err)
	}
	return sol, nil
}

// add appends f to the findings.
func (j *judge[P, PP]) add(f Finding) { j.v.Findings = append(j.v.Findings, f) }

// Judge judges sol, a solution found by a mate.Solver under opts.Futile,
// taking its main line as the line to judge: its alternatives (the
// soundness search of mate) are classified, every defender alternative
// along it is searched, and the end is checked for pieces left in hand.
// The verdict is undecided when the length is not exact or the
// alternatives were not searched to the end, unless a flaw is proven.
// Errors are those of mate.NewSolver and Solve.
func Judge(ctx context.Context, sol *mate.Solution, opts Options) (*Verdict, error) {
	return judgeSolution(ctx, stdPos{sol.Position}, sol, opts, nil)
}

// A Judger judges solutions as Judge does, under the options it was made
// with, but keeps its solvers and their tables from one verdict to the
// next instead of making new ones: each search starts from an empty table
// all the same (mate.Solver), so the verdicts are Judge's. Generators
// that judge thousands of candidates use one; it is not safe for
// concurrent use.
type Judger struct {
	opts Options
	sv   solvers
}

// NewJudger returns a Judger under opts.
func NewJudger(opts Options) *Judger { return &Judger{opts: opts} }

// Judge is Judge of sol under the Judger's options.
func (g *Judger) Judge(ctx context.Context, sol *mate.Solution) (*Verdict, error) {
	return judgeSolution(ctx, stdPos{sol.Position}, sol, g.opts, &g.sv)
}

// JudgeVariant is Judge for sol, a solution of a position of package
// variant (mate.Solver.SolveVariant), under its rules: royals for the
// king, and every search of the verdict through the variant
// instantiation of package mate.
func JudgeVariant(ctx context.Context, sol *mate.VariantSolution, opts Options) (*Verdict, error) {
	return judgeSolution(ctx, fairyPos{sol.Position}, &sol.Solution, opts, nil)
}

// judgeSolution is Judge of sol, whose position is root.
func judgeSolution[P any, PP position[P]](ctx context.Context, root P, sol *mate.Solution, opts Options, sv *solvers) (*Verdict, error) {
	switch {
	case sol.Status == mate.NoMate:
		return &Verdict{Overall: Unsound, Reason: "the attacker cannot force mate"}, nil
	case sol.Status != mate.Mate || sol.PV == nil:
		return &Verdict{Overall: Undecided, Reason: "no mate is proven"}, nil
	case !sol.LengthExact:
		return &Verdict{Overall: Undecided, Length: sol.Length, Line: sol.PV, Reason: "the length is not proven the shortest"}, nil
	}
	j := newJudge[P, PP](ctx, root, sol.PV, opts, sv)
	for k := range j.proven {
		j.proven[k] = true
	}
	if !sol.SoundnessChecked {
		j.v.Reason = "the search for other mating moves did not run to the end"
	}
	for _, a := range sol.Alternatives {
		j.add(j.classify(a.Ply, a.Move, len(sol.PV)-a.Ply, false))
	}
	if err := j.defences(); err != nil {
		return nil, err
	}
	j.finish()
	return j.v, nil
}

// JudgeLine judges line, a stated solution of root (the defender's hand
// already applied), which need not be the solver's: at every attacker
// node the shortest mate and the other checks that mate within the
// remaining length are searched (早詰, 余詰 and their kin), at every
// defender node every other reply (変同, 変長). An error reports a line
// that is not a tsume line ending in mate (from mate.VerifyLine), or an
// error of mate.NewSolver or Solve.
func JudgeLine(ctx context.Context, root *shogi.Position, line []shogi.Move, opts Options) (*Verdict, error) {
	return judgeStated(ctx, &stdPos{*root}, line, opts)
}

// JudgeLineVariant is JudgeLine for root, a position of package variant
// (the defender's hand already applied), under its rules; the line is
// checked by mate.VerifyLineVariant.
func JudgeLineVariant(ctx context.Context, root *variant.Position, line []variant.Move, opts Options) (*Verdict, error) {
	return judgeStated(ctx, &fairyPos{*root}, line, opts)
}

// judgeStated is JudgeLine from root, a position of type P.
func judgeStated[P any, PP position[P]](ctx context.Context, root *P, line []shogi.Move, opts Options) (*Verdict, error) {
	if err := PP(root).verifyLine(line, opts.Futile); err != nil {
		return nil, fmt.Errorf("verdict: %w", err)
	}
	j := newJudge[P, PP](ctx, *root, line, opts, nil)
	for k := 0; k < len(line) && ctx.Err() == nil; k += 2 {
		if err := j.attackerNode(k); err != nil {
			return nil, err
		}
	}
	if err := j.defences(); err != nil {
		return nil, err
	}
	j.finish()
	return j.v, nil
}

// attackerNode searches the attacker node before line[k] for shorter
// mates and for other checks that mate within the remaining length.
func (j *judge[P, PP]) attackerNode(k int) error {
	rem := len(j.line) - k
	sol, err := j.solve(&j.pos[k], true)
	if err != nil {
		return err
	}
	if sol.Status != mate.Mate || !sol.LengthExact || !sol.SoundnessChecked && sol.Length == rem {
		// The line is a mate (VerifyLine), so only a limit leaves the
		// shortest mate or the other checks unknown.
		j.add(Finding{Class: Cook, Severity: Flaw, Ply: k + 1, Main: j.line[k], MainLength: rem, Undecided: true})
		return nil
	}
	if sol.Length > rem {
		return nil // a defender alternative below is longer: found there
	}
	others := []shogi.Move{sol.PV[0]}
	for _, a := range sol.Alternatives {
		if a.Ply == 0 {
			others = append(others, a.Move)
		}
	}
	// In the order of their names, not the search's: which of two equal
	// checks the solver plays first moves with its numbers, and a
	// composer's report should not reshuffle with them.
	slices.SortFunc(others, func(a, b shogi.Move) int { return strings.Compare(a.String(), b.String()) })
	for _, m := range others {
		if m != j.line[k] {
			j.add(j.classify(k, m, sol.Length, sol.Length < rem))
		} else if sol.Length == rem {
			j.proven[k+1] = true
		}
	}
	return nil
}

// classify returns the finding of alt, a check played instead of line[k]
// that mates in length plies, alt included; shorter is true when that is
// fewer than the main line's.
func (j *judge[P, PP]) classify(k int, alt shogi.Move, length int, shorter bool) Finding {
	n := len(j.line)
	m := j.line[k]
	f := Finding{Ply: k + 1, Move: alt, Main: m, MainLength: len(j.line) - k, Length: length}
	switch {
	case shorter:
		f.Class, f.Severity = ShorterMate, Flaw
	case k == n-1 && n > 1:
		f.Class, f.Severity = LastMoveCook, Tolerated
	case k == n-1:
		// In a mate-in-1 the final move is the whole solution: only the
		// other promotion choice is a mere 非限定.
		if alt == m.TogglePromotion() {
			f.Class, f.Severity = NonUnique, Blemish
		} else {
			f.Class, f.Severity = Cook, Flaw
		}
	default:
		t, rejoins := j.rejoin(k, alt)
		switch {
		case alt == m.TogglePromotion() || j.sameLine(k, alt) ||
			sameChoice(alt, m) && (rejoins || j.sameContinuation(k, alt)):
			// The same choice made differently, with the main line's
			// continuation: 非限定 even when the lines meet again.
			f.Class, f.Severity, f.Rejoin = NonUnique, Blemish, t
		case rejoins:
			f.Class, f.Severity, f.Rejoin = Transposition, Blemish, t
		default:
			f.Class, f.Severity = Cook, Flaw
		}
	}
	return f
}

// sameLine reports whether alt and line[k] put the same ranged piece
// (lance, bishop, rook, horse or dragon) on two squares of one line
// through the defender's king, both checking along it: the distance
// choice of a ranged piece.
func (j *judge[P, PP]) sameLine(k int, alt shogi.Move) bool {
	m := j.line[k]
	if alt.PieceAfter() != m.PieceAfter() || alt.IsDrop() != m.IsDrop() || !alt.IsDrop() && alt.From() != m.From() {
		return false
	}
	switch m.PieceAfter().Kind() {
	case shogi.Lance, shogi.Bishop, shogi.Rook, shogi.Horse, shogi.Dragon:
	default:
		return false
	}
	king := PP(&j.pos[k]).royal(PP(&j.pos[k]).SideToMove().Opp())
	if king == shogi.NoSquare {
		return false
	}
	near, far := alt.To(), m.To()
	if shogi.Between(king, near).Has(far) {
		near, far = far, near
	}
	return shogi.Between(king, far).Has(near)
}

// sameContinuation reports whether the main line's moves after line[k],
// with the piece line[k] placed moved or captured from alt's square
// instead, make a mating line after alt.
func (j *judge[P, PP]) sameContinuation(k int, alt shogi.Move) bool {
	cur, other := j.line[k].To(), alt.To()
	q := j.pos[k]
	PP(&q).DoMove(alt)
	line := []shogi.Move{alt}
	for _, m := range j.line[k+1:] {
		from, to := m.From(), m.To()
		moved := !m.IsDrop() && from == cur
		if moved {
			from = other
		}
		if to == cur {
			to = other
		}
		if !m.IsDrop() {
			m = PP(&q).boardMove(from, to, m.IsPromotion())
		} else {
			m = shogi.NewDrop(m.Color(), m.DroppedKind(), to)
		}
		if !PP(&q).IsLegal(m) {
			return false
		}
		PP(&q).DoMove(m)
		line = append(line, m)
		if moved || to == other {
			cur, other = shogi.NoSquare, shogi.NoSquare // the two lines' pieces meet
		}
	}
	return PP(&j.pos[k]).verifyLine(line, j.opts.Futile) == nil
}

// sameChoice reports whether attacker moves a and m are one choice made
// differently: the same piece from the same square to another square or
// with the other promotion choice, the same kind dropped elsewhere, or
// another kind dropped on the same square.
func sameChoice(a, m shogi.Move) bool {
	switch {
	case a.IsDrop() && m.IsDrop():
		return a.DroppedKind() == m.DroppedKind() || a.To() == m.To()
	case !a.IsDrop() && !m.IsDrop():
		return a.From() == m.From()
	}
	return false
}

// sameInterposition reports whether defender replies a and m are one
// choice of interposition: neither moves the king, at least one is a
// drop, and they go to the same square, or both drop the same kind.
func sameInterposition(a, m shogi.Move) bool {
	if a.Piece().Kind() == shogi.King || m.Piece().Kind() == shogi.King {
		return false
	}
	switch {
	case a.IsDrop() && m.IsDrop():
		return a.To() == m.To() || a.DroppedKind() == m.DroppedKind()
	case a.IsDrop() || m.IsDrop():
		return a.To() == m.To()
	}
	return false
}

// finish adds the check of the end of the line and sums the verdict.
func (j *judge[P, PP]) finish() {
	n := len(j.line)
	if h := PP(&j.pos[n]).spare(PP(&j.pos[0]).SideToMove()); h != 0 {
		j.add(Finding{Class: Leftover, Severity: Flaw, Ply: n, Main: j.line[n-1], MainLength: 1, Spare: h})
	}
	if j.ctx.Err() != nil && j.v.Reason == "" {
		j.v.Reason = "interrupted"
	}
	sortFindings(j.v.Findings)
	j.v.sum()
}

// sortFindings orders fs by ply, stably.
func sortFindings(fs []Finding) {
	for i := 1; i < len(fs); i++ {
		for k := i; k > 0 && fs[k].Ply < fs[k-1].Ply; k-- {
			fs[k], fs[k-1] = fs[k-1], fs[k]
		}
	}
}
