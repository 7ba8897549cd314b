package eval_test

import (
	"fmt"

	"github.com/tsume-shogi/tsume/engine/eval"
	"github.com/tsume-shogi/tsume/shogi"
)

func ExampleNewDefault() {
	e := eval.NewDefault()
	p := shogi.Startpos()
	fmt.Println(e.Evaluate(&p))
	// Black has taken White's bishop: a bishop up, and in hand, which
	// also threatens White's king a little.
	p, _ = shogi.ParseSFEN("lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b B 1")
	fmt.Println(e.Evaluate(&p), eval.Material{}.Evaluate(&p))
	// Output:
	// 0
	// 2338 2330
}

func ExamplePieceValue() {
	for _, k := range []shogi.Kind{shogi.Pawn, shogi.Rook, shogi.Dragon} {
		fmt.Println(k, eval.PieceValue(k), eval.HandValue(k), eval.CaptureGain(k))
	}
	// Output:
	// pawn 100 115 215
	// rook 1300 1450 2750
	// dragon 1600 1450 3050
}

func ExampleParseWeights() {
	w, err := eval.ParseWeights("pst=0, king-hand=50")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(w)
	_, err = eval.ParseWeights("mobility=100")
	fmt.Println(err)
	// Output:
	// hand=100,promotion=100,pst=0,king-defence=100,king-attack=100,king-hand=50
	// eval: unknown weight "mobility": want one of hand, promotion, pst, king-defence, king-attack, king-hand
}
