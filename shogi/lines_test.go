package shogi

import (
	"math/rand/v2"
	"testing"
)

// Lines gives, along each line, what walking the rays over the occupied
// squares gives, as squares are set and cleared in any order.
func TestLinesAgainstRays(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 6))
	var l Lines
	var occ Bitboard
	for step := 0; step < 2000; step++ {
		s := Square(rng.IntN(NumSquares))
		if occ.Has(s) {
			l.Clear(s)
			occ = occ.Without(s)
		} else {
			l.Set(s)
			occ = occ.With(s)
		}
		x := Square(rng.IntN(NumSquares))
		for _, c := range []struct {
			name string
			got  Bitboard
			dirs []dir
		}{
			{"file", l.FileAttacks(x), []dir{{0, -1}, {0, 1}}},
			{"rank", l.RankAttacks(x), []dir{{-1, 0}, {1, 0}}},
			{"diagonal A", l.DiagAAttacks(x), []dir{{1, -1}, {-1, 1}}},
			{"diagonal B", l.DiagBAttacks(x), []dir{{1, 1}, {-1, -1}}},
		} {
			if want := slidingSlow(x, occ, c.dirs); c.got != want {
				t.Fatalf("step %d, %s attacks from %v:\n%v\nwant\n%v", step, c.name, x, c.got, want)
			}
		}
	}
}

func TestLineThrough(t *testing.T) {
	for a := Square(0); a < NumSquares; a++ {
		for b := Square(0); b < NumSquares; b++ {
			line := LineThrough(a, b)
			aligned := a != b && (sqFile(a) == sqFile(b) || sqRank(a) == sqRank(b) ||
				sqFile(a)+sqRank(a) == sqFile(b)+sqRank(b) || sqFile(a)-sqRank(a) == sqFile(b)-sqRank(b))
			switch {
			case !aligned && line.Any():
				t.Fatalf("%v, %v: not on one line, got %v", a, b, line)
			case aligned && (!line.Has(a) || !line.Has(b) || Between(a, b).AndNot(line).Any() || line != LineThrough(b, a)):
				t.Fatalf("%v, %v: line %v", a, b, line)
			}
		}
	}
	if LineThrough(NoSquare, 0).Any() {
		t.Error("LineThrough(NoSquare, 1a) is not empty")
	}
}

// AttacksFrom, by rays, gives what walking the rays gives, for every
// piece and square on random occupancies.
func TestAttacksFromAgainstRays(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 28))
	dirs := map[Kind][]dir{Bishop: bishopDirs, Rook: rookDirs, Horse: bishopDirs, Dragon: rookDirs}
	for step := 0; step < 300; step++ {
		var occ Bitboard
		for range rng.IntN(40) {
			occ = occ.With(Square(rng.IntN(NumSquares)))
		}
		for s := Square(0); s < NumSquares; s++ {
			for c := Black; c <= White; c++ {
				for k, ds := range dirs {
					want := slidingSlow(s, occ, ds)
					if k == Horse || k == Dragon {
						want = want.Or(tbl.step[c][King][s])
					}
					if got := AttacksFrom(NewPiece(c, k), s, occ); got != want {
						t.Fatalf("%v %v on %v, occupied %v:\n%v\nwant\n%v", c, k, s, occ, got, want)
					}
				}
				want := slidingSlow(s, occ, rookDirs).And(tbl.forward[c][s])
				if got := AttacksFrom(NewPiece(c, Lance), s, occ); got != want {
					t.Fatalf("%v lance on %v, occupied %v:\n%v\nwant\n%v", c, s, occ, got, want)
				}
			}
		}
	}
}
