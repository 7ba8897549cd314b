package mate

import (
	"context"
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/shogi"
)

func solve(t *testing.T, sfen string, opts SolverOptions) *Solution {
	t.Helper()
	p := mustParse(t, sfen)
	if opts.HashMB == 0 {
		opts.HashMB = 16
	}
	sol, err := NewSolver(opts).Solve(context.Background(), &p)
	if err != nil {
		t.Fatalf("%s: %v", sfen, err)
	}
	if sol.Status == Mate {
		if err := VerifyLine(&sol.Position, sol.PV, opts.Futile); err != nil {
			t.Fatalf("%s: main line %v fails the independent check: %v", sfen, sol.PV, err)
		}
	}
	return sol
}

func TestSolveMateInOne(t *testing.T) {
	sol := solve(t, "4k4/9/4S4/9/9/9/9/9/9 b G 1", SolverOptions{})
	if sol.Status != Mate || usiList(sol.PV) != "G*5b" || !sol.LengthExact || !sol.Unique || !sol.SoundnessChecked || sol.Leftover {
		t.Errorf("got %+v", sol)
	}
	sol = solve(t, "8k/9/7S1/9/9/9/9/9/9 b G 1", SolverOptions{})
	if sol.Status != Mate || sol.Length != 1 || sol.Unique || len(sol.Alternatives) != 1 {
		t.Errorf("two mates in one: %+v", sol)
	}
}

// TestSolveAgreesWithMate1 checks, on the random tsume-like corpus, that
// the solver finds a mate in one exactly when Mate1 lists one, with the
// same uniqueness.
func TestSolveAgreesWithMate1(t *testing.T) {
	ps := readCorpus(t)
	if testing.Short() {
		ps = ps[:300]
	}
	s := NewSolver(SolverOptions{HashMB: 16, DefenderHand: AsGiven, MaxNodes: 20000})
	for _, p := range ps {
		mates := Mate1(&p)
		if len(mates) == 0 {
			continue
		}
		sol, err := s.Solve(context.Background(), &p)
		if err != nil {
			t.Fatal(err)
		}
		if sol.Status != Mate || sol.Length != 1 {
			t.Fatalf("%s: Mate1 %v, solver %v length %d %v", p.SFEN(), mates, sol.Status, sol.Length, sol.PV)
		}
		unique := len(mates) == 1 || len(mates) == 2 && mates[0] == mates[1].TogglePromotion()
		if sol.Unique != unique {
			t.Fatalf("%s: Mate1 %v, solver unique %v alternatives %v", p.SFEN(), mates, sol.Unique, sol.Alternatives)
		}
	}
}

func TestSolveNoMate(t *testing.T) {
	for _, sfen := range []string{
		"4k4/9/9/9/9/9/9/9/9 b G 1", // one check, the king takes or walks away
		"8k/9/9/9/9/9/9/9/9 b R 1",  // endless rook checks: perpetual check is no mate
		"4k4/9/9/9/9/9/9/9/9 b P 1", // no check at all
	} {
		sol := solve(t, sfen, SolverOptions{MaxTime: 20 * time.Second})
		if sol.Status != NoMate {
			t.Errorf("%s: %v %v", sfen, sol.Status, sol.PV)
		}
	}
}

// TestSolveClassics proves classic problems from 将棋図巧 and 将棋無双 and
// checks their main lines independently. The solver's line may be longer
// than the recorded one when the length refinement runs out of its budget
// (then LengthExact is false), never shorter.
func TestSolveClassics(t *testing.T) {
	for _, c := range []struct {
		id, sfen string
		plies    int
	}{
		{"zukou-036", "9/6nS1/4s4/4r1P1g/5Sk1B/5+pbR1/4Nsp2/9/4N4 b 3Gn4l15p 1", 13},
		{"zukou-085", "4nS3/3g1n3/3pk1p+b1/5R3/3bN1S2/4N4/9/9/9 b R3P3g2s4l13p 1", 15},
	} {
		sol := solve(t, c.sfen, SolverOptions{HashMB: 64, MaxTime: 30 * time.Second, SkipSoundness: true})
		if sol.Status != Mate || sol.Length < c.plies || sol.LengthExact && sol.Length != c.plies {
			t.Errorf("%s: %v length %d (exact %v), recorded %d: %v", c.id, sol.Status, sol.Length, sol.LengthExact, c.plies, sol.PV)
		}
	}
}

func TestVerifyLineRejects(t *testing.T) {
	p := mustParse(t, "4k4/9/4S4/9/9/9/9/9/9 b G 1")
	for _, line := range [][]string{{}, {"G*4b"}, {"G*6a", "5a4a"}, {"5c4d"}} {
		var moves []shogi.Move
		q := p
		for _, u := range line {
			m, err := q.ParseUSIMove(u)
			if err != nil {
				t.Fatal(err)
			}
			moves = append(moves, m)
			q.DoMove(m)
		}
		if err := VerifyLine(&p, moves, Count); err == nil {
			t.Errorf("VerifyLine accepted %v", line)
		}
	}
}
