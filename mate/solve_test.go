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

// TestSolveClassics solves classic problems from 将棋図巧 (records: Open
// Tsume dataset, CC0) whose lengths an independent solver confirmed
// (../shared/testdata/classic-tsume.tsv), and checks the length is proven
// shortest and the main line passes the independent check.
func TestSolveClassics(t *testing.T) {
	for _, c := range []struct {
		id, sfen string
		plies    int
		long     bool // left out under -short
	}{
		{"zukou-036", "9/6nS1/4s4/4r1P1g/5Sk1B/5+pbR1/4Nsp2/9/4N4 b 3Gn4l15p 1", 13, false},
		{"zukou-085", "4nS3/3g1n3/3pk1p+b1/5R3/3bN1S2/4N4/9/9/9 b R3P3g2s4l13p 1", 15, false},
		{"zukou-034", "9/7lS/7pb/5S1B1/5rgk1/8p/4+R2G1/9/9 b SN2gs3n3l16p 1", 17, true},
		{"zukou-030", "4+LgB2/3+P1+R1R1/4+bl1g1/8k/5p1p1/7+p1/9/9/9 b 2G4s4n2l14p 1", 17, true},
	} {
		if c.long && testing.Short() {
			continue
		}
		sol := solve(t, c.sfen, SolverOptions{HashMB: 128, MaxTime: 60 * time.Second, SkipSoundness: true})
		if sol.Status != Mate || !sol.LengthExact || sol.Length != c.plies {
			t.Errorf("%s: %v length %d (exact %v), confirmed %d: %v", c.id, sol.Status, sol.Length, sol.LengthExact, c.plies, sol.PV)
		}
	}
}

// TestFutileRuleChangesTheLength: in 図巧第33番, counting every
// interposition, the mate takes 19 plies (the raw length the reference
// data confirms); discounting the futile ones, 17. (The recorded solution,
// 15 plies, also discounts a pawn interposed next to the king, which our
// definition counts: see docs/solver.md.)
func TestFutileRuleChangesTheLength(t *testing.T) {
	const sfen = "l8/1n7/np3B3/SR1+P5/k1N6/9/1Ps6/1N7/5+B3 b r4g2s3l15p 1"
	for _, c := range []struct {
		rule FutileRule
		want int
	}{{Count, 19}, {Discount, 17}} {
		sol := solve(t, sfen, SolverOptions{HashMB: 64, MaxTime: 60 * time.Second, SkipSoundness: true, Futile: c.rule})
		if sol.Status != Mate || !sol.LengthExact || sol.Length != c.want {
			t.Errorf("--futile %s: %v length %d (exact %v), want %d: %v", c.rule, sol.Status, sol.Length, sol.LengthExact, c.want, sol.PV)
		}
	}
}

// TestSolveSoundness: the report of a unique problem, and of one with an
// alternative solution found along the main line.
func TestSolveSoundness(t *testing.T) {
	sol := solve(t, "9/6nS1/4s4/4r1P1g/5Sk1B/5+pbR1/4Nsp2/9/4N4 b 3Gn4l15p 1", SolverOptions{HashMB: 64, MaxTime: 60 * time.Second})
	if !sol.SoundnessChecked || !sol.Unique || sol.Leftover || len(sol.Alternatives) != 0 {
		t.Errorf("zukou-036: checked %v unique %v leftover %v alternatives %v", sol.SoundnessChecked, sol.Unique, sol.Leftover, sol.Alternatives)
	}
	// Mate in 3 with a rook drop; 2b1b+ (the other promotion choice at
	// the end) is tolerated, other mates at the last move are not.
	sol = solve(t, "7k1/9/7S1/9/9/9/9/9/9 b R 1", SolverOptions{})
	if !sol.LengthExact || sol.Length != 3 || !sol.SoundnessChecked {
		t.Fatalf("m3: %+v", sol)
	}
	for _, a := range sol.Alternatives {
		if a.Ply != 2 {
			t.Errorf("m3: alternative %v at ply %d, the first move is the only one", a.Move, a.Ply)
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
