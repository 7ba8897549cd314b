package shogi_test

import (
	"context"
	"fmt"
	"slices"

	"github.com/tsume-shogi/tsume/shogi"
)

func ExampleParseSFEN() {
	// The "matsuri" position lists its hands out of order; SFEN writes
	// them in the canonical order.
	p, err := shogi.ParseSFEN("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.SideToMove(), p.Hand(shogi.Black), p.Hand(shogi.White))
	fmt.Println(p.SFEN())

	_, err = shogi.ParseSFEN("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1")
	fmt.Println(err)
	// Output:
	// white RG GSN5P
	// l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1
	// shogi: bad SFEN (board field) at offset 56 ('X'): unknown piece letter 'X'; want one of PLNSBRGK (Black) or plnsbrgk (White)
}

func ExamplePosition_LegalMoves() {
	p := shogi.Startpos()
	moves := p.LegalMoves(make([]shogi.Move, 0, shogi.MaxMoves))
	fmt.Println(len(moves))
	var usi []string
	for _, m := range moves {
		usi = append(usi, m.String())
	}
	slices.Sort(usi)
	fmt.Println(usi[:6])
	// Output:
	// 30
	// [1g1f 1i1h 2g2f 2h1h 2h3h 2h4h]
}

func ExamplePosition_Checks() {
	// The attacker has no king. Dropping the pawn on 1b would mate, which
	// the rules forbid (打ち歩詰め), so it is not among the checks.
	p, _ := shogi.ParseSFEN("8k/6S2/7G1/9/9/9/9/9/9 b P 1")
	var usi []string
	for _, m := range p.Checks(nil) {
		usi = append(usi, m.String())
	}
	slices.Sort(usi)
	fmt.Println(usi)
	// Output:
	// [2c1b 2c2b 3b2a+]
}

func ExamplePerft() {
	p := shogi.Startpos()
	for depth := 1; depth <= 3; depth++ {
		fmt.Println(depth, shogi.Perft(&p, depth))
	}
	// Output:
	// 1 30
	// 2 900
	// 3 25470
}

func ExamplePosition_ParseUSIMove() {
	p := shogi.Startpos()
	m, err := p.ParseUSIMove("7g7f")
	fmt.Println(m, err)
	p.DoMove(m)
	fmt.Println(p.SFEN())

	for _, text := range []string{"3c3d+", "P*5e", "7g7f", "3c3"} {
		_, err := p.ParseUSIMove(text)
		fmt.Println(err)
	}

	q, _ := shogi.ParseSFEN("8k/6S2/7G1/9/9/9/9/9/9 b P 1")
	_, err = q.ParseUSIMove("P*1b")
	fmt.Println(err)
	// Output:
	// 7g7f <nil>
	// lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2
	// shogi: illegal move 3c3d+: the piece cannot promote on this move
	// shogi: illegal move P*5e: the piece is not in hand
	// shogi: illegal move 7g7f: there is no piece on 7g
	// shogi: bad USI move: too short; want a move such as 7g7f, 8h2b+ or P*5e
	// shogi: illegal move P*1b: a pawn drop may not give checkmate (打ち歩詰め)
}

func ExamplePerftOf() {
	// The driver of Perft, for any position type with copy-make: here the
	// standard Position itself, with a context that can stop it.
	p := shogi.Startpos()
	n, err := shogi.PerftOf(context.Background(), &p, 3, shogi.MaxMoves)
	fmt.Println(n, err)
	// Output:
	// 25470 <nil>
}

func ExampleScanSFENBoard() {
	// A reader of another piece notation ("x" for a piece of a kind of its
	// own) walks the board with the ranks, files and digits read for it.
	off, n, msg := shogi.ScanSFENBoard("x8/9/9/9/4x4/9/9/9/9", func(rest string, sq shogi.Square) (int, int, string) {
		if rest[0] != 'x' {
			return 1, 0, "want x"
		}
		if sq != shogi.NoSquare {
			fmt.Println("x on", sq)
		}
		return 1, 0, ""
	})
	fmt.Printf("%d %d %q\n", off, n, msg)
	_, _, msg = shogi.ScanSFENBoard("x9/9/9/9/9/9/9/9/9", func(string, shogi.Square) (int, int, string) { return 1, 0, "" })
	fmt.Println(msg)
	// Output:
	// x on 9a
	// x on 5e
	// 0 0 ""
	// rank 1 is longer than 9 squares
}
