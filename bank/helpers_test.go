package bank

import (
	"context"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/tsume-shogi/tsume/gen"
	"github.com/tsume-shogi/tsume/gen/mate1"
	"github.com/tsume-shogi/tsume/gen/maten"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
)

// openTemp opens a new bank in a temporary directory.
func openTemp(t testing.TB) (*Bank, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "test.db")
	b, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return b, path
}

// synthetic returns n problems with distinct keys, made without a
// generator: White's king, a Black gold and a number of pawns in Black's
// hand, the rest of the pieces in White's. They are not tsume problems;
// they exercise the storage.
func synthetic(n int) []problem.Problem {
	seen := map[string]bool{}
	var out []problem.Problem
	for pawns := 0; pawns <= 17; pawns++ {
		for k := shogi.Square(0); k < shogi.NumSquares; k++ {
			for g := shogi.Square(0); g < shogi.NumSquares; g++ {
				if g == k {
					continue
				}
				var p shogi.Position
				p.Put(k, shogi.NewPiece(shogi.White, shogi.King))
				p.Put(g, shogi.NewPiece(shogi.Black, shogi.Gold))
				var bh, wh shogi.Hand
				bh = bh.Set(shogi.Pawn, pawns)
				wh = wh.Set(shogi.Pawn, 18-pawns).Set(shogi.Gold, 3).Set(shogi.Silver, 4).Set(shogi.Knight, 4).
					Set(shogi.Lance, 4).Set(shogi.Bishop, 2).Set(shogi.Rook, 2)
				p.SetHand(shogi.Black, bh)
				p.SetHand(shogi.White, wh)
				p.SetSideToMove(shogi.Black)
				p.SetMoveNumber(1)
				key := Key(&p)
				if seen[key] {
					continue
				}
				seen[key] = true
				out = append(out, problem.Problem{
					Position: p, Stipulation: problem.MateIn(1), Difficulty: float64(len(out) % 20),
					Verdict: "sound", Provenance: problem.Provenance{Method: "synthetic", Seed: 1, Index: len(out)},
				})
				if len(out) == n {
					return out
				}
			}
		}
	}
	panic("too many synthetic problems asked for")
}

// generated returns n mate-in-1 problems of the reverse generator.
func generated(t testing.TB, n int, seed uint64) []problem.Problem {
	t.Helper()
	o := mate1.DefaultOptions()
	o.Seed = seed
	g, err := mate1.New(o)
	if err != nil {
		t.Fatal(err)
	}
	return collect(t, g, n)
}

// generated3 returns n mate-in-3 problems, with their verdicts and
// composer's metrics.
func generated3(t testing.TB, n int) []problem.Problem {
	t.Helper()
	o := maten.DefaultOptions()
	o.Length, o.Seed = 3, 5
	base := mate1.DefaultOptions()
	base.Seed, base.MaxPieces = 5, maten.BasePieces(&o)
	var err error
	if o.Base, err = mate1.New(base); err != nil {
		t.Fatal(err)
	}
	g, err := maten.New(o)
	if err != nil {
		t.Fatal(err)
	}
	return collect(t, g, n)
}

// collect returns the first n problems of g, run with two workers.
func collect(t testing.TB, g *gen.Generator, n int) []problem.Problem {
	t.Helper()
	var out []problem.Problem
	if _, err := g.Run(context.Background(), n, 2, func(p problem.Problem) error {
		out = append(out, p)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

// sameProblem reports whether a and b are equal, their positions compared
// by SFEN.
func sameProblem(t *testing.T, what string, got, want problem.Problem) {
	t.Helper()
	if g, w := got.SFEN(), want.SFEN(); g != w {
		t.Errorf("%s: position %s, want %s", what, g, w)
	}
	got.Position, want.Position = shogi.Position{}, shogi.Position{}
	if len(got.Line) == 0 && len(want.Line) == 0 {
		got.Line, want.Line = nil, nil
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s:\n got %+v\nwant %+v", what, got, want)
	}
}
