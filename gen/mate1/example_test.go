package mate1_test

import (
	"context"
	"fmt"

	"github.com/tsume-shogi/tsume/gen/mate1"
	"github.com/tsume-shogi/tsume/problem"
)

// Two mate-in-1 problems of at most four pieces, with the mating move, the
// number of checks and the difficulty score.
func ExampleNew() {
	o := mate1.DefaultOptions()
	o.MaxPieces, o.Seed = 4, 7
	g, err := mate1.New(o)
	if err != nil {
		panic(err)
	}
	_, err = g.Run(context.Background(), 2, 2, func(p problem.Problem) error {
		fmt.Println(p.Position.SFEN(), p.Line[0], p.Metrics.Checks, p.Difficulty)
		return nil
	})
	fmt.Println(err)
	// Output:
	// 6+S2/7k1/5+P3/8R/9/9/9/9/9 b R2b4g3s4n4l17p 1 R*2a 25 21.41
	// 9/9/9/9/6G1k/9/8S/8L/9 b L2r2b3g3s4n2l18p 1 L*1f 5 8.38
	// <nil>
}
