package eval

import (
	"math/rand/v2"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

// flip returns p seen from the other side: the board rotated 180°, every
// piece's colour swapped, the hands swapped and the other side to move.
// An evaluation must score flip(p) as it scores p, since the side to move
// stands exactly as well.
func flip(p *shogi.Position) shogi.Position {
	var q shogi.Position
	for s := shogi.Square(0); s < shogi.NumSquares; s++ {
		if pc := p.PieceAt(s); pc != shogi.NoPiece {
			q.Put(s.Rotate(), shogi.NewPiece(pc.Color().Opp(), pc.Kind()))
		}
	}
	q.SetHand(shogi.Black, p.Hand(shogi.White))
	q.SetHand(shogi.White, p.Hand(shogi.Black))
	q.SetSideToMove(p.SideToMove().Opp())
	q.SetMoveNumber(p.MoveNumber())
	return q
}

// mustSFEN parses s or fails the test.
func mustSFEN(t testing.TB, s string) shogi.Position {
	t.Helper()
	p, err := shogi.ParseSFEN(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// randomGame plays up to plies random legal moves from the start position
// and returns every position reached (the start position first), stopping
// early at a position without a legal move.
func randomGame(r *rand.Rand, plies int) []shogi.Position {
	p := shogi.Startpos()
	out := []shogi.Position{p}
	var buf []shogi.Move
	for range plies {
		buf = p.LegalMoves(buf[:0])
		if len(buf) == 0 {
			break
		}
		p.DoMove(buf[r.IntN(len(buf))])
		out = append(out, p)
	}
	return out
}

// randomPositions returns the positions of games of random play from the
// start position, n of them, the same for the same seed.
func randomPositions(seed uint64, n int) []shogi.Position {
	r := rand.New(rand.NewPCG(seed, 14))
	var out []shogi.Position
	for len(out) < n {
		out = append(out, randomGame(r, 160)...)
	}
	return out[:n]
}

// evaluators returns the evaluations every rule test runs over.
func evaluators() map[string]Evaluator {
	return map[string]Evaluator{"material": Material{}, "classic": NewDefault()}
}
