package mate

import (
	"context"
	"flag"
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/problem"
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

var classicsLong = flag.Bool("classics.long", false, "TestSolveClassics: also the long problems (minutes each)")

// classic is a problem of the classic list.
type classic struct {
	ID, SFEN, Status string
	Plies            int
}

func readClassics(t *testing.T) []classic {
	t.Helper()
	ps, err := problem.ReadTSVFile("../problem/testdata/classic-tsume.tsv")
	if err != nil {
		t.Fatal(err)
	}
	out := make([]classic, len(ps))
	for i, p := range ps {
		out[i] = classic{ID: p.ID, SFEN: p.Position.SFEN(), Status: p.Status.String(), Plies: p.Stipulation.Plies}
	}
	return out
}

// TestSolveClassics solves the classic problems of
// ../problem/testdata/classic-tsume.tsv: a confirmed
// length must be found and proven shortest; a line-only problem must be
// proven a mate; every main line passes the independent check. The
// problems of more than 17 plies take up to a minute each and run only
// with -classics.long (and a -timeout to match); under -short only those
// solved in well under a second run.
func TestSolveClassics(t *testing.T) {
	for _, c := range readClassics(t) {
		long := c.Plies > 17 || c.ID == "zukou-007"
		quick := c.ID == "zukou-036" || c.ID == "zukou-085" || c.ID == "musou-038"
		if long && !*classicsLong || testing.Short() && !quick {
			continue
		}
		t.Run(c.ID, func(t *testing.T) {
			opts := SolverOptions{HashMB: 128, MaxTime: 60 * time.Second, SkipSoundness: true}
			if long {
				opts.HashMB = 2048
			}
			sol := solve(t, c.SFEN, opts)
			switch c.Status {
			case "confirmed":
				if sol.Status != Mate || !sol.LengthExact || sol.Length != c.Plies {
					t.Errorf("%v length %d (exact %v), confirmed %d: %v", sol.Status, sol.Length, sol.LengthExact, c.Plies, sol.PV)
				}
			case "confirmed-after-futile-rule":
				// Confirmed with futile interpositions discounted, which
				// here takes the rule of futility by transposition: see
				// TestFutileRuleChangesTheLength.
				if sol.Status != Mate || !sol.LengthExact || sol.Length != c.Plies {
					t.Errorf("%v length %d (exact %v), recorded %d: %v", sol.Status, sol.Length, sol.LengthExact, c.Plies, sol.PV)
				}
			default:
				if sol.Status != Mate {
					t.Errorf("%v, want a mate", sol.Status)
				}
			}
			t.Logf("%v length %d (exact %v), %d nodes, %v", sol.Status, sol.Length, sol.LengthExact, sol.Nodes, sol.Time)
		})
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
