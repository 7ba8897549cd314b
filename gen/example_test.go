package gen_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/tsume-shogi/tsume/gen"
	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
)

// A method of generation is a Candidate and a Judge. This one puts
// White's king in the corner, a Black silver near it and a gold in Black's
// hand, and keeps the positions with exactly one mate in 1.
func ExampleGenerator_Run() {
	candidate := func(rng *rand.Rand, dst []shogi.Position) []shogi.Position {
		var p shogi.Position
		p.Put(shogi.NewSquare(1, 1), shogi.NewPiece(shogi.White, shogi.King))
		p.Put(shogi.NewSquare(1+rng.IntN(3), 1+rng.IntN(3)), shogi.NewPiece(shogi.Black, shogi.Silver))
		p.SetHand(shogi.Black, p.Hand(shogi.Black).Add(shogi.Gold))
		return append(dst, p)
	}
	newJudge := func() gen.Judge {
		var a mate.Result // scratch space of one worker
		return func(p *shogi.Position, _ int, pr *problem.Problem) bool {
			h, err := mate.RemainingHand(p, shogi.Black)
			if err != nil || p.PieceAt(shogi.NewSquare(1, 1)).Kind() != shogi.King {
				return false // the silver landed on the king
			}
			p.SetHand(shogi.White, h)
			if !p.IsValid() || p.InCheck() {
				return false
			}
			if mate.Analyze(p, &a); len(a.Mates) != 1 {
				return false
			}
			*pr = problem.Problem{
				Position:    *p,
				Stipulation: problem.MateIn(1),
				Line:        []shogi.Move{a.Mates[0]},
				Metrics:     problem.Metrics{Legal: a.Legal, Checks: a.Checks, Replies: a.Replies},
			}
			return true
		}
	}
	g := &gen.Generator{Method: "corner", Seed: 1, Candidate: candidate, NewJudge: newJudge}
	st, err := g.Run(context.Background(), 3, 2, func(p problem.Problem) error {
		fmt.Println(p.Provenance.Index, p.Position.SFEN(), p.Line[0])
		return nil
	})
	fmt.Println(st.Problems, "problems,", st.Duplicates, "duplicates,", err)
	// Output:
	// 0 7Sk/9/9/9/9/9/9/9/9 b G2r2b3g3s4n4l18p 1 G*1b
	// 1 6S1k/9/9/9/9/9/9/9/9 b G2r2b3g3s4n4l18p 1 G*2b
	// 2 8k/9/6S2/9/9/9/9/9/9 b G2r2b3g3s4n4l18p 1 G*2b
	// 3 problems, 0 duplicates, <nil>
}
