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
		// The style's checks turn away most constructions: at 7 plies
		// some problems take over 200,000 candidates.
		g.MaxAttempts = 2_000_000
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

// ParseRegion reads any, edge, corner or center.
func ParseRegion(s string) (Region, error) { return gen.ParseRegion(s) }
