package gen

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"

	"github.com/tsume-shogi/tsume/shogi"
)

// MaxAttempts bounds the candidates one problem may take; when the filters
// make problems so rare, Run reports an error rather than loop for ever.
const MaxAttempts = 2_000_000

// ErrTooRare is returned when a problem needs more than MaxAttempts candidates.
var ErrTooRare = errors.New("gen: no problem found within the attempt limit; the filters may be too strict")

// Generator makes problems under fixed options.
type Generator struct {
	opts Options
}

// New returns a Generator for opts, or an error naming what is wrong
// with them.
func New(opts Options) (*Generator, error) {
	if opts.MinPieces < 1 {
		opts.MinPieces = 1
	}
	if err := opts.Validate(); err != nil {
		return nil, err
	}
	return &Generator{opts: opts}, nil
}

// Options returns the generator's options.
func (g *Generator) Options() Options { return g.opts }

// stream is the random source of one problem slot: slot i draws from the
// PCG stream (seed, i), so its candidates do not depend on other slots.
type stream struct {
	index    int
	src      *rand.PCG
	rng      *rand.Rand
	attempts int
}

func newStream(seed uint64, i int) *stream {
	src := rand.NewPCG(seed, uint64(i))
	return &stream{index: i, src: src, rng: rand.New(src)}
}

// next draws candidates from s until one passes, and returns it.
func (g *Generator) next(ctx context.Context, s *stream, ws *workspace) (Problem, error) {
	o := &g.opts
	for {
		if s.attempts%256 == 0 {
			if err := ctx.Err(); err != nil {
				return Problem{}, err
			}
		}
		if s.attempts >= MaxAttempts {
			return Problem{}, ErrTooRare
		}
		s.attempts++
		if o.Method == Random {
			c := o.randomCandidate(s.rng)
			if pr, ok := o.judge(&c, ws); ok {
				return g.finish(pr, s), nil
			}
			continue
		}
		full, plain, ok := o.reverseCandidate(s.rng)
		if !ok {
			continue
		}
		if pr, ok := o.judge(&full, ws); ok {
			return g.finish(pr, s), nil
		}
		if full != plain {
			if pr, ok := o.judge(&plain, ws); ok {
				return g.finish(pr, s), nil
			}
		}
	}
}

func (g *Generator) finish(p Problem, s *stream) Problem {
	p.Index = s.index
	return p
}

// Problem returns problem i of the run, ignoring duplicates of earlier
// problems (Run removes those).
func (g *Generator) Problem(ctx context.Context, i int) (Problem, error) {
	var ws workspace
	return g.next(ctx, newStream(g.opts.Seed, i), &ws)
}

// Stats describes a run.
type Stats struct {
	Problems   int // problems emitted
	Candidates int // candidates tried for them (duplicates included)
	Duplicates int // problems dropped as duplicates (mirror images count)
}

// Run generates n problems with the given number of workers and calls
// emit for each, in index order, from a single goroutine. A problem equal
// to an earlier one or to its mirror image is replaced by the next problem
// of the same slot, so the output does not depend on workers. Run stops at
// the first error from emit or when ctx ends; the problems emitted until
// then form a prefix of the full run's output.
func (g *Generator) Run(ctx context.Context, n, workers int, emit func(Problem) error) (Stats, error) {
	if n <= 0 {
		return Stats{}, fmt.Errorf("gen: number of problems %d must be positive", n)
	}
	if workers < 1 {
		workers = 1
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	type result struct {
		s   *stream
		p   Problem
		err error
	}
	jobs := make(chan int)
	results := make(chan result, workers)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var ws workspace
			for i := range jobs {
				s := newStream(g.opts.Seed, i)
				p, err := g.next(ctx, s, &ws)
				select {
				case results <- result{s, p, err}:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for i := 0; i < n; i++ {
			select {
			case jobs <- i:
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
	pending := make(map[int]result)
	var ws workspace
	nextIndex := 0
	var firstErr error
	for r := range results {
		pending[r.s.index] = r
		for {
			cur, ok := pending[nextIndex]
			if !ok {
				break
			}
			delete(pending, nextIndex)
			if cur.err != nil {
				firstErr = cur.err
				cancel()
				break
			}
			p := cur.p
			for {
				key := canonicalKey(&p.Position)
				if !seen[key] {
					seen[key] = true
					break
				}
				st.Duplicates++
				var err error
				if p, err = g.next(ctx, cur.s, &ws); err != nil {
					firstErr = err
					cancel()
					break
				}
			}
			if firstErr != nil {
				break
			}
			st.Problems++
			st.Candidates += cur.s.attempts
			if err := emit(p); err != nil {
				firstErr = err
				cancel()
				break
			}
			nextIndex++
		}
		if firstErr != nil {
			break
		}
	}
	cancel()
	for range results {
		// Drain so the workers can finish.
	}
	if firstErr == nil && nextIndex < n {
		firstErr = ctx.Err()
	}
	return st, firstErr
}

// canonicalKey identifies a problem up to left-right mirroring: the smaller
// of the SFENs of the position and of its mirror image.
func canonicalKey(p *shogi.Position) string {
	m := p.Mirror()
	a, b := p.SFEN(), m.SFEN()
	if b < a {
		return b
	}
	return a
}
