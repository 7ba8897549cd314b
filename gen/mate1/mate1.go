// Package mate1 generates sound mate-in-1 problems (一手詰) by two methods
// on the framework of package gen: random placement followed by
// filtering, and reverse construction from a chosen mating move. Every
// problem is checked with the exact mate-in-1 analysis of package mate: a
// legal position, Black to move, exactly one mating move, and the quality
// filters of Options.
package mate1

import (
	"math/rand/v2"

	"github.com/tsume-shogi/tsume/gen"
	"github.com/tsume-shogi/tsume/shogi"
)

// New returns a generator of mate-in-1 problems under opts, or an error
// naming what is wrong with them.
func New(opts Options) (*gen.Generator, error) {
	if opts.MinPieces < 1 {
		opts.MinPieces = 1
	}
	if err := opts.Validate(); err != nil {
		return nil, err
	}
	o := &opts
	g := &gen.Generator{
		Method:   o.Method.String(),
		Seed:     o.Seed,
		NewJudge: o.newJudge,
	}
	if o.Method == Random {
		g.Candidate = func(rng *rand.Rand, dst []shogi.Position) []shogi.Position {
			return append(dst, o.randomCandidate(rng))
		}
	} else {
		g.Candidate = func(rng *rand.Rand, dst []shogi.Position) []shogi.Position {
			full, plain, ok := o.reverseCandidate(rng)
			if !ok {
				return dst
			}
			// A candidate whose decoys spoil it is tried without them.
			dst = append(dst, full)
			if full != plain {
				dst = append(dst, plain)
			}
			return dst
		}
	}
	return g, nil
}
