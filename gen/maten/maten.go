// Package maten generates sound mate-in-N problems (N = 3, 5, 7, …: 3手詰,
// 5手詰, …) on the framework of package gen, by two methods: backward
// construction (逆算), which extends sound mate-in-1 problems two plies
// at a time, and random placement followed by the solver. Every problem
// is checked by the df-pn solver of package mate (futile interpositions
// discounted, the defender holding every remaining piece) and by the
// verdict of package verdict: the length is the exact shortest mate, the
// solution is unique at every attacker move, nothing is left in the
// attacker's hand at the end, no defence is longer, no mate shorter.
//
// The name is mate1's with N for the length: the package covers every
// length from 3 up.
package maten

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/tsume-shogi/tsume/gen"
	"github.com/tsume-shogi/tsume/shogi"
)

// New returns a generator of mate-in-N problems under opts, or an error
// naming what is wrong with them.
func New(opts Options) (*gen.Generator, error) {
	if err := opts.Validate(); err != nil {
		return nil, err
	}
	o := &opts
	// The workers share the candidates found failing (judgeBackward).
	failed := newFailedSet()
	g := &gen.Generator{
		Method:          fmt.Sprintf("%s-%d%s", o.Method, o.Length, o.Optimize.suffix()),
		Seed:            o.Seed,
		NewJudgeContext: func(ctx context.Context) gen.Judge { return o.newJudge(ctx, failed) },
		// An attempt costs searches: a problem that takes this many is
		// too rare for the options.
		MaxAttempts: 200_000,
	}
	if o.Style == Composed {
		// A mate-in-5 and a mate-in-3 of one seed and index would start
		// from the same bases, and the longer one then often ended in
		// the shorter one's line (a worksheet of 3, 5 and 7 plies showed
		// one final picture twice: docs/quality-report.md): each length
		// draws its own bases, the mate-in-3s those of before.
		g.Stream = uint64(o.Length-3) / 2
		// The style's checks turn away most constructions: at 7 plies
		// some problems take over 200,000 candidates, and each two plies
		// more multiply them by about four (at 9 plies, with 2,000,000,
		// a run of seed 26 stopped after 4 problems: gen.ErrTooRare).
		g.MaxAttempts = composedAttempts(o.Length)
	}
	if o.Method == Random {
		g.Candidate = func(rng *rand.Rand, dst []shogi.Position) []shogi.Position {
			return append(dst, o.randomCandidate(rng))
		}
	} else {
		g.Candidate = o.Base.Candidate
	}
	return g, nil
}

// composedAttempts returns the candidates a composed problem of length
// plies may take: 2,000,000 up to 7 plies, four times as many for each
// two plies beyond.
func composedAttempts(length int) int {
	n := 2_000_000
	for l := 9; l <= length && n < 1<<40; l += 2 {
		n *= 4
	}
	return n
}

// ParseRegion reads any, edge, corner or center.
func ParseRegion(s string) (Region, error) { return gen.ParseRegion(s) }
