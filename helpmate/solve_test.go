package helpmate_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tsume-shogi/tsume/helpmate"
	"github.com/tsume-shogi/tsume/shogi"
)

func mustSFEN(t *testing.T, s string) shogi.Position {
	t.Helper()
	p, err := shogi.ParseSFEN(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// checkAgainstBrute solves p and compares length, count and lines with the
// brute force up to maxPly; it returns the result.
func checkAgainstBrute(t *testing.T, p *shogi.Position, stip helpmate.Stipulation, maxPly int) *helpmate.Result {
	t.Helper()
	r, err := helpmate.Solve(context.Background(), p, helpmate.Options{Stip: stip, MaxPly: maxPly, MaxLines: 1000})
	if err != nil {
		t.Fatalf("%s: %v", p.SFEN(), err)
	}
	n, lines := bruteShortest(p, stip, maxPly)
	if n == 0 {
		if r.Status == helpmate.Solved {
			t.Fatalf("%s %v: solver finds %d plies %v, brute force none within %d", p.SFEN(), stip, r.Length, solverLines(r), maxPly)
		}
		return r
	}
	if r.Status != helpmate.Solved || r.Length != n {
		t.Fatalf("%s %v: solver %v length %d, brute force %d", p.SFEN(), stip, r.Status, r.Length, n)
	}
	if r.Count != uint64(len(lines)) || !slices.Equal(solverLines(r), lines) {
		t.Fatalf("%s %v: solver %d lines %v, brute force %d %v", p.SFEN(), stip, r.Count, solverLines(r), len(lines), lines)
	}
	for _, s := range r.Solutions {
		replay(t, p, stip, s, r.Length)
	}
	return r
}

func TestHandMade(t *testing.T) {
	for _, tc := range []struct {
		name     string
		sfen     string
		stip     helpmate.Stipulation
		length   int
		count    uint64
		leftover bool
		first    string // the first move of the first line, or ""
		alts     int    // the lines with a promotion alternative
	}{
		// G*5b, protected by the pawn, is the only mate in one.
		{"h#1", "4k4/9/4P4/9/9/9/9/9/4K4 b G 1", helpmate.Help, 1, 1, false, "G*5b", 0},
		// The same with a pawn to spare (駒余り): a pawn drop on file 5 is 二歩.
		{"h#1 leftover", "4k4/9/4P4/9/9/9/9/9/4K4 b GP 1", helpmate.Help, 1, 1, true, "G*5b", 0},
		// The silver to 2b or 1b, promoting or not (two solutions, each
		// with a promotion alternative), the gold to 2b and the pawn to 1b
		// promoting (an unpromoted pawn lets the king out to 2a).
		{"h#1 promotion", "8k/9/6GSP/9/9/9/9/9/K8 b - 1", helpmate.Help, 1, 4, false, "", 2},
		// The lone king in the corner: P*1b, and the king steps to 1b or 2b
		// so that the second pawn can support the gold (two lines).
		{"h#5 corner", "8k/9/9/9/9/9/9/9/K8 b G2P 1", helpmate.Help, 5, 2, false, "P*1b", 0},
		// The lance from any of six squares, then three ways to end (18).
		{"h#5 lance", "7nk/9/9/9/9/9/9/9/K8 b GL 1", helpmate.Help, 5, 18, false, "", 0},
		// The king takes the gold and uncovers the rook on the attacker's
		// boxed-in king: G*4b, G*6b, G*4c or G*6c, and the king takes.
		{"hs#2", "4r4/4k4/9/9/9/9/9/3P1P3/3LKL3 b G 1", helpmate.HelpSelf, 2, 4, false, "", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := mustSFEN(t, tc.sfen)
			r := checkAgainstBrute(t, &p, tc.stip, 7)
			if r.Status != helpmate.Solved || r.Length != tc.length || r.Count != tc.count {
				t.Fatalf("%v length %d count %d, want length %d count %d", r.Status, r.Length, r.Count, tc.length, tc.count)
			}
			alts := 0
			for _, s := range r.Solutions {
				if s.PromotionAlternative {
					alts++
				}
			}
			if alts != tc.alts {
				t.Fatalf("%d lines with a promotion alternative, want %d", alts, tc.alts)
			}
			if r.Leftover() != tc.leftover {
				t.Fatalf("leftover %v, want %v", r.Leftover(), tc.leftover)
			}
			if tc.first != "" && r.Solutions[0].USI[0] != tc.first {
				t.Fatalf("first move %s, want %s", r.Solutions[0].USI[0], tc.first)
			}
		})
	}
}

// randomPosition returns a legal position with both kings and a few pieces
// near the king to be mated, Black to move: for Help the defender's; for
// HelpSelf the attacker's, on its first rank hemmed in by its own pieces,
// with the defender's king nearer the middle.
func randomPosition(rng *rand.Rand, stip helpmate.Stipulation) shogi.Position {
	kinds := []shogi.Kind{shogi.Pawn, shogi.Lance, shogi.Knight, shogi.Silver, shogi.Gold, shogi.Bishop, shogi.Rook}
	sq := func(f, r int) (shogi.Square, bool) { return shogi.Square(9*f + r), f >= 0 && f < 9 && r >= 0 && r < 9 }
	for {
		var p shogi.Position
		wk := shogi.Square(rng.IntN(shogi.NumSquares))
		bk := shogi.Square(rng.IntN(shogi.NumSquares))
		near, pieces, white := wk, 1+rng.IntN(4), 3
		if stip == helpmate.HelpSelf {
			wk, _ = sq(rng.IntN(9), rng.IntN(5))
			bk, _ = sq(rng.IntN(9), 8)
			near, pieces, white = bk, 2+rng.IntN(4), 2
			for _, d := range [][2]int{{-1, 7}, {1, 7}, {0, 7}} {
				if s, ok := sq(int(bk)/9+d[0], d[1]); ok && rng.IntN(3) > 0 && s != wk {
					p.Put(s, shogi.NewPiece(shogi.Black, shogi.Pawn))
				}
			}
		}
		if bk == wk {
			continue
		}
		p.Put(wk, shogi.NewPiece(shogi.White, shogi.King))
		p.Put(bk, shogi.NewPiece(shogi.Black, shogi.King))
		for range pieces {
			s := shogi.Square(rng.IntN(shogi.NumSquares))
			if rng.IntN(3) > 0 { // near the king to be mated
				var ok bool
				if s, ok = sq(int(near)/9+rng.IntN(5)-2, int(near)%9+rng.IntN(5)-2); !ok {
					continue
				}
			}
			if p.PieceAt(s) != shogi.NoPiece {
				continue
			}
			k := kinds[rng.IntN(len(kinds))]
			if rng.IntN(4) == 0 && k.CanPromote() {
				k = k.Promote()
			}
			c := shogi.Black
			if rng.IntN(white) == 0 {
				c = shogi.White
			}
			p.Put(s, shogi.NewPiece(c, k))
		}
		for c := range 2 {
			var h shogi.Hand
			for range rng.IntN(3 - c) {
				h = h.Add(kinds[rng.IntN(len(kinds))])
			}
			p.SetHand(shogi.Color(c), h)
		}
		if p.Validate() == nil {
			return p
		}
	}
}

// TestRandomAgainstBrute compares the solver with the brute force on random
// positions: the shortest length within the bound, the number of solutions
// and every line.
func TestRandomAgainstBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 2))
	n := 150
	if testing.Short() {
		n = 80
	}
	solved, several, alt := 0, 0, 0
	for range n {
		p := randomPosition(rng, helpmate.Help)
		r := checkAgainstBrute(t, &p, helpmate.Help, 5)
		if r.Status == helpmate.Solved {
			solved++
			if r.Count > 1 {
				several++
			}
			for _, s := range r.Solutions {
				if s.PromotionAlternative {
					alt++
				}
			}
		}
	}
	t.Logf("help: %d of %d solved within 5 plies, %d with several solutions, %d lines with a promotion alternative", solved, n, several, alt)
	if solved < n/10 || several == 0 || alt == 0 {
		t.Errorf("help: too few solved positions (%d, %d several, %d alternatives) for the test to mean much", solved, several, alt)
	}
}

// TestRandomHelpSelfAgainstBrute does the same for help-selfmates, which
// random positions seldom hold: the solver looks for them, up to 10 plies
// in small searches, and each position of a line found with the attacker
// to move and at most 6 plies to go is checked against the brute force,
// as are the first positions without a solution.
func TestRandomHelpSelfAgainstBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 3))
	want := 5
	if testing.Short() {
		want = 2
	}
	found, checked, lengths := 0, 0, map[int]int{}
	for try := 0; found < want && try < 3000; try++ {
		p := randomPosition(rng, helpmate.HelpSelf)
		if try < 20 {
			checkAgainstBrute(t, &p, helpmate.HelpSelf, 4)
		}
		r, err := helpmate.Solve(context.Background(), &p, helpmate.Options{Stip: helpmate.HelpSelf, MaxPly: 10, MaxStates: 5000})
		if err != nil {
			t.Fatal(err)
		}
		if r.Status != helpmate.Solved {
			continue
		}
		found++
		q := p
		for i, m := range r.Solutions[0].Moves {
			if left := r.Length - i; i%2 == 0 && left <= 6 {
				got := checkAgainstBrute(t, &q, helpmate.HelpSelf, 6)
				if got.Status != helpmate.Solved || got.Length != left {
					t.Fatalf("%s: %v length %d, want %d", q.SFEN(), got.Status, got.Length, left)
				}
				lengths[left]++
				checked++
			}
			q.DoMove(m)
		}
	}
	t.Logf("helpself: %d positions with a solution, %d checked, lengths %v", found, checked, lengths)
	if found < want || lengths[2] == 0 || lengths[4] == 0 {
		t.Errorf("too few help-selfmates found for the test to mean much")
	}
}
