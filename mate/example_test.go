package mate_test

import (
	"context"
	"fmt"
	"log"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/shogi"
)

// A mate in three: a rook dropped on 2b, the king's only escape to 1a,
// and the silver promotes on 1b. The defender holds every other piece.
// The soundness check finds that the rook could also mate at the third
// move, promoting on 1b: the problem has an alternative solution (余詰).
func ExampleSolver_Solve() {
	p, err := shogi.ParseSFEN("7k1/9/7S1/9/9/9/9/9/9 b R 1")
	if err != nil {
		log.Fatal(err)
	}
	s, err := mate.NewSolver(mate.SolverOptions{HashMB: 16})
	if err != nil {
		log.Fatal(err)
	}
	sol, err := s.Solve(context.Background(), &p)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(sol.Status, sol.Length, "plies:", sol.PV)
	fmt.Println("unique:", sol.Unique)
	for _, a := range sol.Alternatives {
		fmt.Printf("also at move %d: %s\n", a.Ply+1, a.Move)
	}
	// Output:
	// mate 3 plies: [R*2b 2a1a 2c1b+]
	// unique: false
	// also at move 3: 2b1b+
}
