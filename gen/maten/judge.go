package maten

import (
	"context"
	"math"
	"math/rand/v2"
	"sync/atomic"

	"github.com/tsume-shogi/tsume/gen"
	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/theme"
	"github.com/tsume-shogi/tsume/verdict"
)

// maxLevels bounds the lengths Counters tells apart: 1, 3, …, 2·maxLevels-1.
const maxLevels = 16

// Counters counts what happened to the candidates of a run, per length
// (index (n-1)/2 for n plies): how many positions were built, how many
// the mate-in-1 prefilter rejected, how many the solver searched, found
// sound (exact length n, unique, nothing left in hand) and the verdict
// found sound; VerdictSound[0] counts the mate-in-1 problems of the base
// generator the backward method started from. It may be shared by the
// workers of a run.
type Counters struct {
	Built, Prefiltered, Searched, SolverSound, VerdictSound [maxLevels]atomic.Int64
	// QuickRejected counts the searched candidates that the quick search
	// (no soundness search) turned away: no mate of exactly the length,
	// a piece left in hand, or at the full length the style's shape.
	QuickRejected [maxLevels]atomic.Int64
	// Repeated counts, at index 0, the candidates of the backward method
	// turned away at once because the judge had seen them fail before.
	Repeated [maxLevels]atomic.Int64
	// Remade counts, at index 0, the candidates of the backward method
	// that gave the problem they had made before at once (a duplicate).
	Remade [maxLevels]atomic.Int64
}

// stage names a field of Counters.
type stage int

const (
	built stage = iota
	prefiltered
	searched
	solverSound
	verdictSound
	quickRejected
	repeated
	remade
)

// add counts one candidate of n plies at stage s.
func (c *Counters) add(s stage, n int) {
	if c == nil || (n-1)/2 >= maxLevels {
		return
	}
	f := [...]*[maxLevels]atomic.Int64{&c.Built, &c.Prefiltered, &c.Searched, &c.SolverSound, &c.VerdictSound, &c.QuickRejected, &c.Repeated, &c.Remade}[s]
	f[(n-1)/2].Add(1)
}

// judge is the state of one worker: its solver, the mate-in-1 analysis
// and, for the backward method, the judge of the base generator.
type judge struct {
	ctx     context.Context
	o       *Options
	base    gen.Judge
	bp      problem.Problem
	solvers []*mate.Solver // by length: index (n-3)/2
	// quick are solvers by length that skip the soundness search: a
	// candidate is first searched by one of them, and only one with a
	// mate of the exact length, nothing left in hand and (at the full
	// length) the style's shape goes on to the full search (see
	// checkAbove).
	quick []*mate.Solver
	// verdicts judge the sound candidates by length, keeping their
	// solvers' tables (a new verdict.Judge maps two new tables, which
	// the system zeroes as they are touched).
	verdicts []*verdict.Judger
	an       mate.Result
	// Scratch space: the positions of the depth-first search by length,
	// and those of the prefilter with its move lists.
	qs                  []shogi.Position
	after, reply, mated shogi.Position
	replies, checks     []shogi.Move
	measured            []shogi.Move   // the scratch space of measure
	defence             []shogi.Move   // the scratch space of defenceOK
	mutant              shogi.Position // the local search's mutation
	// failed holds the candidates of the backward method that failed
	// (judgeBackward), shared by the workers of a run.
	failed *failedSet
	// pcg is the source of rng, the random stream of the construction,
	// reseeded for each base (extendBase).
	pcg *rand.PCG
	rng *rand.Rand
	// The scratch space of hasMate3 and mayMate1.
	after3                               shogi.Position
	checks3, replies3, checks1, replies1 []shogi.Move
}

// tableMB is the table size of the judge's solver: the searches are a
// few thousand nodes each.
const tableMB = 4

// newJudge returns the judge of one worker, which shares failed with the
// other workers of the run.
func (o *Options) newJudge(ctx context.Context, failed *failedSet) gen.Judge {
	j, err := o.newJudgeState(ctx)
	if err != nil {
		// No table: every candidate is rejected, and the run ends with
		// gen.ErrTooRare.
		return func(*shogi.Position, int, *problem.Problem) bool { return false }
	}
	j.failed = failed
	if o.Method == Random {
		return j.judgeRandom
	}
	return j.judgeBackward
}

// newJudgeState returns the state of a judge, or the error of a solver's
// table.
func (o *Options) newJudgeState(ctx context.Context) (*judge, error) {
	j := &judge{ctx: ctx, o: o, failed: newFailedSet(), pcg: rand.NewPCG(0, 0)}
	j.rng = rand.New(j.pcg)
	if o.Base != nil {
		if o.Base.NewJudgeContext != nil {
			j.base = o.Base.NewJudgeContext(ctx)
		} else {
			j.base = o.Base.NewJudge()
		}
	}
	for n := 3; n <= o.Length; n += 2 {
		// The judge only asks whether a solution is unique: a cooked
		// candidate's search ends at its first alternative.
		s, err := mate.NewSolver(mate.SolverOptions{HashMB: tableMB, MaxNodes: o.maxNodes(n), Futile: mate.Discount, FirstAlternative: true})
		if err != nil {
			return nil, err
		}
		j.solvers = append(j.solvers, s)
		s, err = mate.NewSolver(mate.SolverOptions{HashMB: tableMB, MaxNodes: o.maxNodes(n), Futile: mate.Discount, SkipSoundness: true, FirstAlternative: true})
		if err != nil {
			return nil, err
		}
		j.quick = append(j.quick, s)
		j.verdicts = append(j.verdicts, verdict.NewJudger(verdict.Options{Futile: mate.Discount, MaxNodes: o.maxNodes(n), HashMB: tableMB}))
		j.qs = append(j.qs, shogi.Position{})
	}
	return j, nil
}

// levelWork returns the work of the backward method at a length of n
// plies: up to tries positions are drawn two plies back from each
// problem of n-2 plies, and up to searches of them go to the solver. A
// sound problem of n plies short of the length is extended in turn; when
// none of its extensions is sound, the next position of n plies is tried
// (depth-first, with backtracking), so that the costly longer problems
// are not thrown away at the first failure.
func levelWork(n int) (tries, searches int) {
	switch n {
	case 3:
		return 24, 8
	case 5:
		return 300, 24
	case 7:
		return 600, 40
	}
	return 800, 48
}

// judgeBackward makes a mate-in-1 problem of the base generator from
// cand, then extends it two plies at a time up to the length.
//
// What it decides is a function of cand and the variant of index (and
// the options): a candidate that made a base problem and failed to extend
// it fails again when it is drawn again with the same variant, and one
// that made a problem makes the same problem again (a duplicate, which
// the run drops), so both are kept (j.failed) and not built up and
// searched again. The candidates the base generator rejects are many,
// seldom drawn twice, and cheap to reject again: they are not kept, and
// the set is asked only of the candidates it accepts.
func (j *judge) judgeBackward(cand *shogi.Position, index int, p *problem.Problem) bool {
	if !j.base(cand, index, &j.bp) {
		return false
	}
	// The set is asked only now: the base generator rejects nearly every
	// candidate, at less cost than the set's lock and lookup (at 9 plies
	// of the realistic style, asking first took a tenth of the run).
	v := j.o.variant(index)
	k, keyed := exactKeyOf(cand)
	k.variant = v
	if keyed {
		if made, seen := j.failed.lookup(k); seen {
			if made == nil {
				j.o.Counters.add(repeated, 1)
				return false
			}
			j.o.Counters.add(remade, 1)
			*p = cloneProblem(made)
			return true
		}
	}
	j.o.Counters.add(verdictSound, 1)
	if j.extendBase(p, v) {
		if keyed {
			j.failed.addMade(k, p)
		}
		return true
	}
	if keyed && j.ctx.Err() == nil {
		// A search the end of the run cut short decided nothing.
		j.failed.add(k)
	}
	return false
}

// constructionVariants is the number of ways the composed style builds
// on one base problem: the steps back are drawn from a random stream of
// the base and the variant, the index of the problem modulo this number.
// The bases that extend in the composed style's camp are few, and with
// one stream a base drawn again always made the same problem again (at 7
// plies most indices were duplicates: docs/performance.md).
const constructionVariants = 8

// variantsFrom is the shortest length built in variants. Shorter
// composed problems repeat seldom (2 and 7 duplicates in runs of 150
// mate-in-3s and 60 mate-in-5s), and there the failures remembered for
// a candidate whatever its index are worth more: with variants those
// runs took 1.6 and 1.4 times as long; at 7 plies the duplicates went
// from 312 to 24 for 40 problems, and the run from 162 s to 55 s.
const variantsFrom = 7

// variant returns the construction's variant for the problem of the
// given index: index mod Options.Variants when set, else index mod constructionVariants in the composed style from
// variantsFrom plies, 0 (the base's own stream, as before variants)
// otherwise, so the free style's output stays that of the releases
// before.
func (o *Options) variant(index int) uint64 {
	if o.Variants > 0 && index >= 0 {
		return uint64(index % o.Variants)
	}
	if o.Style != Composed || o.Length < variantsFrom || index < 0 {
		return 0
	}
	return uint64(index % constructionVariants)
}

// extendBase extends the base problem j.bp to a problem of the full
// length, filling in p; v is the construction's variant.
func (j *judge) extendBase(p *problem.Problem, v uint64) bool {
	cur := j.bp.Position
	if j.o.camp() && cur.King(shogi.White).Rank() > maxLineRank || !j.o.wayGuardsFit(&cur, 1) {
		// The king is mated out of the ranks the composed style keeps
		// it in, or with too few of its guards (wayGuards).
		return false
	}
	// The random choices of the construction depend on the base problem
	// and the variant alone, so that the run does not depend on the
	// workers.
	// (A Rand holds no state but its source: reseeding the judge's own
	// draws what a new one would, without allocating one a base.)
	j.pcg.Seed(j.o.Seed, cur.Key()^v*0x9e3779b97f4a7c15)
	q, f, ok := j.extend(j.rng, &cur, j.bp.Line, 3)
	if !ok {
		return false
	}
	return j.accept(&q, &f, p)
}

// extend looks for a sound problem of the full length whose main line
// ends with that of cur, a sound problem of n-2 plies with main line
// curPV: a position two plies back, sound with n plies, then (below the
// full length) its own extension.
func (j *judge) extend(rng *rand.Rand, cur *shogi.Position, curPV []shogi.Move, n int) (shogi.Position, found, bool) {
	nt, ns := j.o.work(n)
	q := &j.qs[(n-3)/2] // the search is depth-first: one position a length
	from := newStepFrom(cur)
	mix := j.o.mix(n)
	need := j.o.floorNeedOf(cur, curPV, n)
	switch need {
	case needHopeless:
		return shogi.Position{}, found{}, false
	case needSacrifice:
		mix = repliesTake
	}
	for i := range nt {
		// The context is asked every 64 draws: asked at each, it took 2%
		// of a run of mate-in-7s, and most draws fail at once.
		if ns == 0 || i%64 == 0 && j.ctx.Err() != nil {
			break
		}
		if a, d, built := j.o.unmoveTo(q, rng, &from, mix); !built || !need.allows(a, d) || !j.o.fits(q, n == j.o.Length) || !j.o.wayGuardsFit(q, n) || !j.o.stepFits(q, a, d, n) || !j.o.exchangeFits(a, d, curPV) || !j.o.returnFits(d, curPV) || !from.replays(q, a, d) || !j.kept(q, n) || !j.repliesMated(q, a, d) || !j.keyFits(q, a, d, cur, curPV, n) {
			continue
		}
		ns--
		f, sound := j.check(q, n)
		if !sound {
			continue
		}
		if n == j.o.Length {
			if j.o.Style == Composed {
				r, rf, ok := j.economize(q, f)
				if !ok || !j.scoredAbove(&r, &rf, composedMinQuality) || !appealing(rf.quality, n) {
					continue
				}
				return r, rf, true
			}
			return *q, f, true
		}
		if r, rf, ok := j.extend(rng, q, f.sol.PV, n+2); ok {
			return r, rf, true
		}
	}
	return shogi.Position{}, found{}, false
}

// kept is Options.Keep of q, a candidate of n plies built on the base
// problem j.bp (true when Keep is not set).
func (j *judge) kept(q *shogi.Position, n int) bool {
	return j.o.Keep == nil || j.o.Keep(&j.bp.Position, q, n == j.o.Length)
}

// found is what the judge learnt of a sound problem (of a candidate that
// failed, the solution if the solver gave one).
type found struct {
	sol *mate.Solution
	v   *verdict.Verdict
	// quality and themes, when set, are those of the problem as found
	// (scored by the composed style's floor, scoredAbove), which accept
	// then need not find again.
	quality *problem.Quality
	themes  []problem.Theme
}

// check decides whether q is a sound problem of n plies: no mate in 1,
// then the solver, the style's checks of the main line and the
// composer's filter (at the full length only) and the verdict.
func (j *judge) check(q *shogi.Position, n int) (found, bool) {
	return j.checkAbove(q, n, math.Inf(-1))
}

// checkAbove is check for the local search of Options.Optimize: a
// problem of the full length whose quality score is below floor fails
// before the verdict, the dearest step.
func (j *judge) checkAbove(q *shogi.Position, n int, floor float64) (found, bool) {
	o, c := j.o, j.o.Counters
	c.add(built, n)
	// Above 3 plies a check after which every reply allows a mate in 1
	// is a mate in 3, which the quick search would find and reject
	// (TestMate3Prefilter): in a run of 100 mate-in-7s it turns away 61%
	// of the candidates of 5 plies that went to the quick search before,
	// and 70% of those of 7 plies, with the same problems made
	// (docs/performance.md).
	if j.hasMate1(q) || n == 3 && j.twoKeys3(q) || n > 3 && j.forcingChecks(q, 1, false) > 0 {
		c.add(prefiltered, n)
		return found{}, false
	}
	c.add(searched, n)
	// The quick search first: most candidates fail on what it decides
	// (above 3 plies mostly a shorter mate), and a full search would go
	// on to look for a second solution of such a candidate. Its mate,
	// length, line and leftover are the full search's, which makes the
	// same search before its soundness search, so the decision is the
	// same; for the few that pass, the quick solver goes on with that
	// soundness search on its own proof (mate.Solver.Soundness).
	if n >= quickFrom {
		sol, err := j.quick[(n-3)/2].Solve(j.ctx, q)
		if err != nil {
			return found{}, false
		}
		if !exactMate(sol, n) || n == o.Length && !o.shapeOK(q, sol.PV) {
			c.add(quickRejected, n)
			return found{sol: sol}, false
		}
		// The soundness search the full search would make, on the
		// quick search's proof.
		if j.quick[(n-3)/2].Soundness(sol) {
			return j.judgeSound(q, sol, n, floor)
		}
	}
	sol, err := j.solvers[(n-3)/2].Solve(j.ctx, q)
	if err != nil {
		return found{}, false
	}
	return j.judgeSound(q, sol, n, floor)
}

// judgeSound is the rest of checkAbove, once the solver has given sol, a
// solution of q with its soundness searched.
func (j *judge) judgeSound(q *shogi.Position, sol *mate.Solution, n int, floor float64) (found, bool) {
	o, c := j.o, j.o.Counters
	if !exactMate(sol, n) || !sol.Unique || !sol.SoundnessChecked {
		return found{sol: sol}, false
	}
	if !j.lineOK(q, sol.PV, n) {
		return found{sol: sol}, false
	}
	c.add(solverSound, n)
	if n == o.Length && (o.Filter.active() || !math.IsInf(floor, -1)) && !j.passes(q, sol.PV, floor) {
		return found{sol: sol}, false
	}
	v, err := j.verdicts[(n-3)/2].Judge(j.ctx, sol)
	if err != nil || v.Overall != verdict.Sound {
		return found{sol: sol}, false
	}
	c.add(verdictSound, n)
	return found{sol: sol, v: v}, true
}

// quickFrom is the shortest length whose candidates get the quick
// search before the full one: at 3 plies most candidates that have a mate
// of the length fail on a second solution, which only the full search
// finds, so that a quick search first would mostly be repeated.
const quickFrom = 5

// exactMate reports whether sol is a mate of exactly n plies, its length
// proven, that leaves nothing in the attacker's hand.
func exactMate(sol *mate.Solution, n int) bool {
	return sol.Status == mate.Mate && sol.LengthExact && sol.Length == n && !sol.Leftover
}

// fits reports whether q passes the filters of the options on pieces,
// kinds, kings, (when final) the king's region, and the style's king
// ranks and guard (shapeFits).
func (o *Options) fits(q *shogi.Position, final bool) bool {
	if (q.King(shogi.Black) != shogi.NoSquare) != o.TwoKings {
		return false
	}
	n := problem.Pieces(q)
	if n > o.MaxPieces || final && n < o.MinPieces || !o.kindsAllowed(q) {
		return false
	}
	return (!final || o.King.Has(q.King(shogi.White))) && o.shapeFits(q, final)
}

// accept fills in the problem of q, which f found sound, unless the run
// has ended: an interrupted search may have rejected a candidate the
// full run accepts, so nothing is accepted after the end. Under
// Options.Optimize the problem filled in is the one the local search
// ends with, measured anew.
func (j *judge) accept(q *shogi.Position, f *found, p *problem.Problem) bool {
	if j.ctx.Err() != nil {
		return false
	}
	var opt *problem.Optimized
	if j.o.Optimize == OptimizeQuality {
		r, rf, rec := j.optimize(q, *f)
		if j.ctx.Err() != nil {
			return false
		}
		q, f, opt = &r, &rf, &rec
	}
	mate.Analyze(q, &j.an)
	var c problem.Composer
	c, j.measured = measure(q, f.sol.PV, j.measured)
	if f.quality == nil && !j.scoredAbove(q, f, math.Inf(-1)) {
		return false
	}
	quality, themes := *f.quality, f.themes
	*p = problem.Problem{
		Position:    *q,
		Stipulation: problem.MateIn(len(f.sol.PV)),
		Line:        f.sol.PV,
		Metrics:     problem.Metrics{Legal: j.an.Legal, Checks: j.an.Checks, Replies: j.an.Replies, Tempting: j.an.Tempting(f.sol.PV[0])},
		Difficulty:  Difficulty(f.sol.Nodes, j.an.Checks),
		Verdict:     string(f.v.Overall),
		Nodes:       f.sol.Nodes,
		Composer:    &c,
		Themes:      themes,
		Quality:     &quality,
		Optimized:   opt,
	}
	return true
}

// findThemes returns the themes of the main line pv of q (docs/themes.md),
// each search with a table of its own, so that the themes of a problem do
// not depend on what a worker searched before. It fails only when ctx
// ends, or for a line that is not a tsume solution.
func findThemes(ctx context.Context, q *shogi.Position, pv []shogi.Move) ([]problem.Theme, error) {
	found, err := theme.Find(ctx, q, pv, theme.Options{})
	if err != nil {
		return nil, err
	}
	themes := make([]problem.Theme, len(found))
	for i, f := range found {
		themes[i] = problem.Theme{Name: f.Name, Ply: f.Ply}
	}
	return themes, nil
}

// Difficulty rates a problem by the solver's effort: log2 of the nodes it
// took to prove the mate, its length and its soundness, plus log2 of the
// attacker's checks in the problem position, rounded to two decimals.
func Difficulty(nodes uint64, checks int) float64 {
	s := math.Log2(float64(max(nodes, 1))) + math.Log2(float64(max(checks, 1)))
	return math.Round(s*100) / 100
}

// kindsAllowed reports whether every piece on the board (other than the
// kings) and in Black's hand is of an allowed kind.
func (o *Options) kindsAllowed(p *shogi.Position) bool { return gen.KindsAllowed(p, o.Kinds) }
