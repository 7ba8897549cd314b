// Package gen is the framework of tsume's problem generators. A method of
// generation is two functions: a Candidate, which draws candidate
// positions from a random stream, and a Judge, which accepts or rejects a
// candidate and fills in the problem (the main line, the metrics, the
// difficulty). Generator.Run does the rest, the same for every method:
//
//   - problem i of a run is drawn from its own random stream, derived from
//     the seed and i alone, so the output does not depend on the number
//     of workers;
//   - the problems are emitted in index order from a single goroutine;
//   - a problem equal to one of a lower index, or to its left-right
//     mirror image, is dropped, so that problem i depends on the seed and
//     i alone: Run goes through the indices 0, 1, 2, … until it has
//     emitted n problems, RunShard does the indices 0, …, m-1 and emits
//     what is left of them deduplicated in index order;
//   - a run over m indices can be split into shards (Shard, RunShard),
//     shard K of N taking the indices i < m with i mod N = K: the shards'
//     outputs, put in index order and deduplicated in the same way, are
//     the whole run's output;
//   - a problem that takes too many attempts ends the run with ErrTooRare;
//   - the run stops when its context ends, the problems emitted until then
//     forming a prefix of the full run's output.
//
// Package gen/mate1 holds the mate-in-1 methods, package gen/maten the
// mate-in-N ones.
package gen

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"

	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
)

// DefaultMaxAttempts bounds the attempts one problem may take when
// Generator.MaxAttempts is 0.
const DefaultMaxAttempts = 2_000_000

// DefaultMaxDuplicates bounds the indices in a row that Run may find to
// repeat lower ones when Generator.MaxDuplicates is 0.
const DefaultMaxDuplicates = 10_000

// ErrExhausted is returned by Run when MaxDuplicates indices in a row
// repeat lower ones: the options allow too few distinct problems for the
// number asked.
var ErrExhausted = errors.New("gen: too many duplicates in a row; the options may allow fewer distinct problems than asked")

// ErrTooRare is returned when a problem needs more attempts than the
// limit: the method's filters make problems too rare.
var ErrTooRare = errors.New("gen: no problem found within the attempt limit; the filters may be too strict")

// Candidate draws the candidates of one attempt from rng and appends them
// to dst, in the order the Judge is to try them; an attempt may give none.
// It is called from several goroutines at once, so it may depend on rng
// alone.
type Candidate func(rng *rand.Rand, dst []shogi.Position) []shogi.Position

// Judge decides whether cand, drawn for the problem of the given index,
// is a problem. When it is, Judge sets *p to
// the problem (its position, stipulation, main line, metrics and
// difficulty) and returns true; Run fills in the provenance (all but
// Provenance.Game, which a judge may set: the game a game-like problem
// comes from). When it is not, Judge returns false and leaves *p alone, so that rejecting a
// candidate, the common case, copies nothing. Judge may change *cand. A
// Judge is used by one goroutine at a time, so it may keep scratch space.
// A judge may let the index vary its choices (say, the order in which it
// builds on cand) so that indices that draw the same candidate need not
// make the same problem; what it decides must then be a function of cand
// and index alone, so that a run does not depend on its workers.
type Judge func(cand *shogi.Position, index int, p *problem.Problem) bool

// Generator generates problems by one method with one seed.
type Generator struct {
	// Method names the method in the problems' provenance ("reverse").
	Method string
	// Seed selects the run: the same method, options and seed give the
	// same problems.
	Seed uint64
	// Stream, when not 0, is mixed into the random stream of every slot:
	// runs with one seed and different Streams draw different candidates
	// at each index, runs with Stream 0 those of the releases before it.
	Stream uint64
	// Version, if set, is recorded in the problems' provenance (tsume's
	// version).
	Version string
	// Candidate draws the candidates.
	Candidate Candidate
	// NewJudge returns a Judge; Run calls it once per worker.
	NewJudge func() Judge
	// NewJudgeContext, if set, is used instead of NewJudge and is given
	// the run's context: a judge whose work takes long (a solver's
	// search) ends it when the run ends. Such a judge must accept no
	// candidate once the context has ended, so that an interrupted run
	// stays a prefix of the full one.
	NewJudgeContext func(ctx context.Context) Judge
	// MaxAttempts bounds the calls of Candidate one problem may take
	// (0: DefaultMaxAttempts).
	MaxAttempts int
	// MaxDuplicates bounds the indices in a row that Run may find to
	// repeat lower ones before it gives up with ErrExhausted (0:
	// DefaultMaxDuplicates). RunShard, over a fixed range, has no such
	// bound.
	MaxDuplicates int
	// Classes and ClassPercent set the variety cap of Run: when both are
	// set, Run goes through the indices in order and turns a problem away
	// when the problems of one of its classes (the strings Classes
	// returns) would be more than ClassPercent% of the problems emitted
	// with it, or more than one when that share is below one: it passes
	// the problem over, as it passes over a duplicate, or under HoldBack
	// holds it back. The cap looks at the problems before, never at the
	// number asked: a run's output is still a prefix of a longer run's,
	// the same for any number of workers, and a run of n problems has at
	// most max(1, ClassPercent·n/100) of a class. A class Classes lists k
	// times for a problem counts k times: its share is ClassPercent/k,
	// but one problem of it is always let in. An index whose problem
	// is turned away counts towards MaxDuplicates (the indices in a row
	// that emit nothing). RunShard and Problem ignore the cap.
	Classes      func(p *problem.Problem) []string
	ClassPercent int
	// RunClasses, if set with ClassPercent, are classes of a problem the
	// cap counts against this run's problems alone, as if Tally were
	// nil: the same share of the run, where Classes count against every
	// run sharing the Tally. It is for classes only problems of this run
	// can have (the shape of a line of this run's length), which runs of
	// other lengths sharing the Tally would otherwise loosen: three runs
	// of ten sharing one Tally let such a class hold three of one run's
	// ten problems, this one of ten.
	RunClasses func(p *problem.Problem) []string
	// LooseClasses, if set with ClassPercent, are classes of a problem
	// the cap counts against this run's problems alone, as RunClasses,
	// with the share rounded up instead of down: a problem fits when
	// each of them has at most ClassPercent% of the problems emitted
	// before it (rounded down), so that a run of n problems has at most
	// ⌈ClassPercent·n/100⌉ of one, where Classes and RunClasses allow
	// max(1, ⌊ClassPercent·n/100⌋). The two agree whenever ClassPercent·n
	// is a multiple of 100 (ten of a hundred problems at 10%), and on one
	// of a class up to 100/ClassPercent problems; in between, rounding up
	// lets the run's next problems share a loose class as soon as a
	// share is begun (the eleventh of a run at 10% may be the second of
	// its class), where rounding down keeps every class at one until
	// the share is whole (the first 19 problems all apart). For a class
	// of what a problem looks like, a run's pages stay apart at a
	// fraction of the cost: with many such classes, keeping the first 19
	// problems apart in all of them took most of a run of 100
	// (docs/generation.md, "Variety in a run").
	LooseClasses func(p *problem.Problem) []string
	// HoldBack: a problem the variety cap turns away is held back and
	// emitted, the lowest index first, as soon as the problems emitted
	// after it make room for it, so that the work of its index is not
	// lost; a later index's problem that repeats it is a duplicate. The
	// problems come out of index order.
	HoldBack bool
	// Tally, if set, is where the variety cap counts: the problems of
	// earlier runs that shared it count as emitted before this run's
	// first, so that runs of several lengths (a worksheet of mate-in-3s,
	// 5s and 7s, one run a length) hold no class above ClassPercent% of
	// all their problems together. nil counts this run's problems alone.
	// A Tally is used by one run at a time.
	Tally *Tally
}

// Tally counts the problems that runs sharing it have emitted, by class,
// for the variety cap (Generator.Tally). The zero Tally counts nothing
// yet.
type Tally struct {
	n       int
	classes map[string]int
}

// Problems returns the number of problems counted.
func (t *Tally) Problems() int { return t.n }

// Count returns the number of problems counted of the class c.
func (t *Tally) Count(c string) int { return t.classes[c] }

// add counts one problem of the given classes (a class listed twice
// counts twice).
func (t *Tally) add(class []string) {
	if t.classes == nil {
		t.classes = make(map[string]int)
	}
	for _, c := range class {
		t.classes[c]++
	}
	t.n++
}

// fits reports whether a problem of the given classes fits under the cap
// of percent% of the problems counted with it (one at least).
func (t *Tally) fits(class []string, percent int) bool {
	return t.under(class, max(1, (t.n+1)*percent/100))
}

// fitsLoose reports whether a problem of the given classes fits under
// the cap of percent% of the problems counted before it, rounded down,
// plus one (Generator.LooseClasses).
func (t *Tally) fitsLoose(class []string, percent int) bool {
	return t.under(class, 1+t.n*percent/100)
}

// under reports whether every class has fewer than limit problems.
func (t *Tally) under(class []string, limit int) bool {
	for _, c := range class {
		if t.classes[c] >= limit {
			return false
		}
	}
	return true
}

// Stats describes a run.
type Stats struct {
	Problems   int // problems emitted (emit returning nil)
	Candidates int // attempts (calls of Candidate) made for the indices done, duplicates included
	Duplicates int // problems dropped as duplicates of a lower index (mirror images count)
	Capped     int // problems turned away because a class of theirs was full (Generator.Classes): passed over, or under HoldBack still held back when the run ended
}

// stream is the random source of one problem slot: slot i draws from the
// PCG stream (seed, i), or (seed, i ^ salt<<48) with a salt, so its
// candidates do not depend on other slots.
type stream struct {
	index    int
	rng      *rand.Rand
	attempts int
}

func newStream(seed, salt uint64, i int) *stream {
	return &stream{index: i, rng: rand.New(rand.NewPCG(seed, uint64(i)^salt<<48))}
}

// worker is the state of one goroutine: its judge, candidate buffer and
// the problem the judge fills in (kept here, since a pointer passed to a
// function value escapes: a local would be allocated per candidate).
type worker struct {
	judge Judge
	cands []shogi.Position
	found problem.Problem
}

func (g *Generator) newWorker(ctx context.Context) *worker {
	judge := g.NewJudge
	if g.NewJudgeContext != nil {
		judge = func() Judge { return g.NewJudgeContext(ctx) }
	}
	return &worker{judge: judge(), cands: make([]shogi.Position, 0, 2)}
}

func (g *Generator) check() error {
	if g.Candidate == nil || g.NewJudge == nil && g.NewJudgeContext == nil {
		return errors.New("gen: the generator needs a Candidate and a NewJudge or NewJudgeContext")
	}
	return nil
}

// next draws candidates from s until one passes, and returns it.
func (g *Generator) next(ctx context.Context, s *stream, w *worker) (problem.Problem, error) {
	limit := g.MaxAttempts
	if limit <= 0 {
		limit = DefaultMaxAttempts
	}
	for {
		if err := ctx.Err(); err != nil {
			return problem.Problem{}, err
		}
		if s.attempts >= limit {
			return problem.Problem{}, ErrTooRare
		}
		s.attempts++
		w.cands = g.Candidate(s.rng, w.cands[:0])
		for i := range w.cands {
			if w.judge(&w.cands[i], s.index, &w.found) {
				p := w.found
				w.found = problem.Problem{}
				// The game a judge names (a game-like problem's) is kept.
				p.Provenance = problem.Provenance{Method: g.Method, Seed: g.Seed, Index: s.index, Version: g.Version, Game: p.Provenance.Game}
				return p, nil
			}
		}
	}
}

// Problem returns problem i of the run: the problem Run emits at index i
// unless a lower index has its canonical key.
func (g *Generator) Problem(ctx context.Context, i int) (problem.Problem, error) {
	if err := g.check(); err != nil {
		return problem.Problem{}, err
	}
	return g.next(ctx, newStream(g.Seed, g.Stream, i), g.newWorker(ctx))
}

// Run generates n problems with the given number of workers (at least
// 1) and calls emit for each, in index order, from a single goroutine: it
// goes through the indices 0, 1, 2, … and emits problem i unless it
// repeats a problem of a lower index or its mirror image (Stats.Duplicates
// counts those), until n problems are emitted. The output does not depend
// on workers: it is the first n problems of RunShard of the whole run over
// enough indices. When MaxDuplicates indices in a row repeat lower ones,
// the options allow too few distinct problems and Run ends with
// ErrExhausted. Run stops at the first error from emit or when ctx ends;
// the problems emitted until then form a prefix of the full run's output.
func (g *Generator) Run(ctx context.Context, n, workers int, emit func(problem.Problem) error) (Stats, error) {
	if err := g.check(); err != nil {
		return Stats{}, err
	}
	if n <= 0 {
		return Stats{}, fmt.Errorf("gen: number of problems %d must be positive", n)
	}
	return g.run(ctx, Shard{0, 1}, -1, n, workers, emit)
}

// RunShard generates the indices i < m of shard sh (i mod sh.N = sh.K), in
// increasing order, with the given number of workers, and calls emit for
// problem i unless it repeats a problem of a lower index of the same shard
// or its mirror image. Problem i is the same in every shard and in the
// whole run, so the outputs of shards 0 to N-1, merged in index order and
// deduplicated by CanonicalKey keeping the lowest index, are the output of
// RunShard of the whole run (the zero Shard) over the same m indices. A
// shard that takes no index (K ≥ m) emits nothing and succeeds. Errors and
// interruption are as for Run.
func (g *Generator) RunShard(ctx context.Context, m int, sh Shard, workers int, emit func(problem.Problem) error) (Stats, error) {
	if err := g.check(); err != nil {
		return Stats{}, err
	}
	if m <= 0 {
		return Stats{}, fmt.Errorf("gen: number of indices %d must be positive", m)
	}
	if err := sh.Validate(); err != nil {
		return Stats{}, fmt.Errorf("gen: %w", err)
	}
	sh = sh.norm()
	size := sh.Size(m)
	if size == 0 {
		return Stats{}, nil
	}
	return g.run(ctx, sh, size, -1, workers, emit)
}

// run does the indices sh.K + j·sh.N for j < size (all j when size < 0)
// until want problems are emitted (no limit when want < 0).
func (g *Generator) run(ctx context.Context, sh Shard, size, want, workers int, emit func(problem.Problem) error) (Stats, error) {
	workers = max(workers, 1)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	type result struct {
		s   *stream
		p   problem.Problem
		err error
	}
	jobs := make(chan int)
	results := make(chan result, workers)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			w := g.newWorker(ctx)
			for i := range jobs {
				s := newStream(g.Seed, g.Stream, i)
				p, err := g.next(ctx, s, w)
				select {
				case results <- result{s, p, err}:
				case <-ctx.Done():
					return
				}
			}
		})
	}
	go func() {
		defer close(jobs)
		for j := 0; size < 0 || j < size; j++ {
			select {
			case jobs <- sh.K + j*sh.N:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(results)
	}()

	var st Stats
	seen := make(map[string]bool)
	capped := want >= 0 && (g.Classes != nil || g.RunClasses != nil || g.LooseClasses != nil) && g.ClassPercent > 0
	tally := g.Tally // the problems emitted by class, under the cap
	if tally == nil {
		tally = new(Tally)
	}
	var own, loose Tally // this run's problems by their RunClasses and LooseClasses
	// classes are a problem's classes for the cap: those counted in
	// tally, in own and in loose.
	type classes struct{ shared, run, loose []string }
	classesOf := func(p *problem.Problem) classes {
		var c classes
		if g.Classes != nil {
			c.shared = g.Classes(p)
		}
		if g.RunClasses != nil {
			c.run = g.RunClasses(p)
		}
		if g.LooseClasses != nil {
			c.loose = g.LooseClasses(p)
		}
		return c
	}
	// held are the problems the cap holds back, in index order, with
	// their classes: each is emitted as soon as its classes have room.
	type heldProblem struct {
		p     problem.Problem
		class classes
	}
	var held []heldProblem
	fits := func(c classes) bool {
		return tally.fits(c.shared, g.ClassPercent) && own.fits(c.run, g.ClassPercent) && loose.fitsLoose(c.loose, g.ClassPercent)
	}
	emitted := func(p problem.Problem, class classes) error {
		if err := emit(p); err != nil {
			return err
		}
		if capped {
			tally.add(class.shared)
			own.add(class.run)
			loose.add(class.loose)
		}
		st.Problems++
		return nil
	}
	// release emits the held problems that fit, the lowest index first,
	// until none fits or the run has its problems.
	release := func() error {
		for i := 0; i < len(held) && st.Problems != want; {
			if !fits(held[i].class) {
				i++
				continue
			}
			h := held[i]
			held = slices.Delete(held, i, i+1)
			st.Capped--
			if err := emitted(h.p, h.class); err != nil {
				return err
			}
			i = 0 // an emission may make room for one before
		}
		return nil
	}
	pending := make(map[int]result)
	next, done := sh.K, 0
	inRow, maxDup := 0, g.MaxDuplicates // indices in a row that emitted nothing, and their limit
	if maxDup <= 0 {
		maxDup = DefaultMaxDuplicates
	}
	var firstErr error
	for r := range results {
		pending[r.s.index] = r
		for {
			cur, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			if firstErr = cur.err; firstErr != nil {
				break
			}
			// Nothing more once ctx has ended, even a problem already
			// found: an interrupted run is the prefix emitted so far.
			if firstErr = ctx.Err(); firstErr != nil {
				break
			}
			st.Candidates += cur.s.attempts
			key := CanonicalKey(&cur.p.Position)
			var class classes
			if capped {
				class = classesOf(&cur.p)
			}
			switch {
			case seen[key]:
				st.Duplicates++
				inRow++
			case !fits(class):
				if g.HoldBack {
					seen[key] = true
					held = append(held, heldProblem{cur.p, class})
				}
				st.Capped++
				inRow++
			default:
				seen[key] = true
				if firstErr = emitted(cur.p, class); firstErr == nil {
					firstErr = release()
				}
				inRow = 0
			}
			if firstErr != nil {
				break
			}
			if want >= 0 && inRow >= maxDup {
				what := "repeat lower ones"
				switch {
				case capped && g.HoldBack:
					what += " or are held back by the variety cap"
				case capped:
					what += " or exceed the variety cap"
				}
				firstErr = fmt.Errorf("%w: indices %d to %d %s", ErrExhausted, next-(inRow-1)*sh.N, next, what)
				break
			}
			next += sh.N
			done++
			if st.Problems == want {
				break
			}
		}
		if firstErr != nil || st.Problems == want {
			break
		}
	}
	cancel()
	for range results {
		// Drain so the workers can finish.
	}
	if firstErr == nil && st.Problems != want && done != size {
		firstErr = ctx.Err()
	}
	return st, firstErr
}

// CanonicalKey identifies a problem up to left-right mirroring: the
// smaller, in byte order, of the SFENs of the position and of its mirror
// image (file f becomes file 10−f, shogi.Position.Mirror), each without
// the move number: board, side to move and hands. Run drops a problem
// whose key is that of a problem of a lower index; a merge of shards does
// the same, and the problem bank (package bank) keys its problems by it.
func CanonicalKey(p *shogi.Position) string { return CanonicalKeySFEN(p, p.SFEN()) }

// CanonicalKeySFEN is CanonicalKey(p) for a caller that has p's SFEN,
// sfen, already.
func CanonicalKeySFEN(p *shogi.Position, sfen string) string {
	m := p.Mirror()
	return CanonicalKeyOf(sfen, m.SFEN())
}

// CanonicalKeyOf is the canonical key of a position whose SFEN is sfen and
// whose mirror image's is mirror: the smaller of the two, each without the
// move number. Positions of other packages (variant's) take their keys
// from it.
func CanonicalKeyOf(sfen, mirror string) string {
	return min(withoutMoveNumber(sfen), withoutMoveNumber(mirror))
}

// withoutMoveNumber drops the fourth field of an SFEN.
func withoutMoveNumber(sfen string) string {
	if i := strings.LastIndexByte(sfen, ' '); i >= 0 {
		return sfen[:i]
	}
	return sfen
}
