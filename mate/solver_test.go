package mate

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math/bits"
	"slices"
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
)

// newSolver returns NewSolver(opts), failing t if it fails.
func newSolver(t testing.TB, opts SolverOptions) *Solver {
	t.Helper()
	s, err := NewSolver(opts)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func solve(t *testing.T, sfen string, opts SolverOptions) *Solution {
	t.Helper()
	p := mustParse(t, sfen)
	if opts.HashMB == 0 {
		opts.HashMB = 16
	}
	sol, err := newSolver(t, opts).Solve(context.Background(), &p)
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

// TestFirstAlternative: with FirstAlternative the soundness search stops
// at the first alternative, so that a problem with nine other mates in
// one lists one, not unique, and a unique problem is judged as without.
func TestFirstAlternative(t *testing.T) {
	const cooked = "8k/9/7SS/9/9/9/9/9/9 b G 1" // two silvers and a gold drop mate on 1二 and 2二
	all := solve(t, cooked, SolverOptions{})
	first := solve(t, cooked, SolverOptions{FirstAlternative: true})
	if all.Unique || len(all.Alternatives) != 9 {
		t.Fatalf("all alternatives: unique %v, %d alternatives %v, want 9", all.Unique, len(all.Alternatives), all.Alternatives)
	}
	if first.Unique || !first.SoundnessChecked || len(first.Alternatives) != 1 || first.Alternatives[0] != all.Alternatives[0] {
		t.Errorf("first alternative: unique %v, checked %v, alternatives %v, want %v", first.Unique, first.SoundnessChecked, first.Alternatives, all.Alternatives[:1])
	}
	sol := solve(t, "4k4/9/4S4/9/9/9/9/9/9 b G 1", SolverOptions{FirstAlternative: true})
	if !sol.Unique || !sol.SoundnessChecked || len(sol.Alternatives) != 0 {
		t.Errorf("a unique mate: %+v", sol)
	}
}

// TestSoundnessResumed: Soundness after a Solve that skipped the
// soundness search gives what a Solve with it gives, alternatives and
// nodes alike, on sound and cooked problems (a corner mate-in-7 of the
// generator's, the same with another gold in hand, two mates in one);
// it does nothing after another search, for another solution, or after
// a search that did not skip it.
func TestSoundnessResumed(t *testing.T) {
	ctx := context.Background()
	for _, sfen := range []string{
		"6skl/5G2s/7s1/6N2/9/9/9/9/9 b SL2r2b3g3n2l18p 1",
		"6skl/5G2s/7s1/6N2/9/9/9/9/9 b GSL2r2b2g3n2l18p 1",
		"8k/9/7SS/9/9/9/9/9/9 b G 1",
		"4k4/9/4S4/9/9/9/9/9/9 b G 1",
	} {
		for _, first := range []bool{false, true} {
			p := mustParse(t, sfen)
			opts := SolverOptions{HashMB: 4, Futile: Discount, FirstAlternative: first}
			full, err := newSolver(t, opts).Solve(ctx, &p)
			if err != nil {
				t.Fatal(err)
			}
			opts.SkipSoundness = true
			s := newSolver(t, opts)
			sol, err := s.Solve(ctx, &p)
			if err != nil {
				t.Fatal(err)
			}
			if sol.SoundnessChecked {
				t.Fatalf("%s: soundness checked under SkipSoundness", sfen)
			}
			if !s.Soundness(sol) {
				t.Fatalf("%s: nothing resumed after an exact mate", sfen)
			}
			if sol.Unique != full.Unique || sol.SoundnessChecked != full.SoundnessChecked || !slices.Equal(sol.Alternatives, full.Alternatives) || sol.Nodes != full.Nodes {
				t.Errorf("%s (first %v): resumed unique %v checked %v %v, %d nodes; one search unique %v checked %v %v, %d nodes", sfen, first,
					sol.Unique, sol.SoundnessChecked, sol.Alternatives, sol.Nodes, full.Unique, full.SoundnessChecked, full.Alternatives, full.Nodes)
			}
			if s.Soundness(sol) {
				t.Errorf("%s: resumed twice", sfen)
			}
		}
	}
	p := mustParse(t, "8k/9/7SS/9/9/9/9/9/9 b G 1")
	s := newSolver(t, SolverOptions{HashMB: 4, SkipSoundness: true})
	a, _ := s.Solve(ctx, &p)
	b, _ := s.Solve(ctx, &p)
	if s.Soundness(a) {
		t.Errorf("resumed a solution after another search")
	}
	if other := *b; s.Soundness(&other) {
		t.Errorf("resumed a copy of the last solution")
	}
	s = newSolver(t, SolverOptions{HashMB: 4})
	c, _ := s.Solve(ctx, &p)
	if s.Soundness(c) {
		t.Errorf("resumed a search that was not skipped")
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
	s := newSolver(t, SolverOptions{HashMB: 16, DefenderHand: AsGiven, MaxNodes: 20000})
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
	return classics(ps)
}

// classics returns the problems of ps as classics.
func classics(ps []problem.Problem) []classic {
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

// TestCountStepsKeepTheLength: the count steps that open the length
// phase of a long problem under the discount rule (countSteps) leave every
// answer as it was; here they run after every first proof, on the short
// classics (the confirmed ones and 図巧33, whose count length is 4 plies
// longer than its length under the rule).
func TestCountStepsKeepTheLength(t *testing.T) {
	for _, c := range readClassics(t) {
		if c.Plies > 17 || c.ID == "zukou-007" || testing.Short() && c.ID != "zukou-036" && c.ID != "zukou-033" {
			continue
		}
		t.Run(c.ID, func(t *testing.T) {
			p, err := shogi.ParseSFEN(c.SFEN)
			if err != nil {
				t.Fatal(err)
			}
			var got [2]*Solution
			for i, from := range []int{minCountSteps, 0} {
				s := newSolver(t, SolverOptions{HashMB: 64, MaxTime: 60 * time.Second, SkipSoundness: true})
				s.countStepsFrom = from
				if got[i], err = s.Solve(context.Background(), &p); err != nil {
					t.Fatal(err)
				}
			}
			a, b := got[0], got[1]
			if b.Status != a.Status || b.Length != a.Length || b.LengthExact != a.LengthExact || !b.LengthExact {
				t.Errorf("with count steps %v %d (exact %v), without %v %d (exact %v)", b.Status, b.Length, b.LengthExact, a.Status, a.Length, a.LengthExact)
			}
			if err := VerifyLine(&p, b.PV, Discount); err != nil {
				t.Errorf("main line with count steps: %v", err)
			}
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

// The errors of Solve keep their types: a *NotAProblemError that matches
// ErrNotAProblem and unwraps to the error of the check that failed.
func TestSolveErrors(t *testing.T) {
	s := newSolver(t, SolverOptions{HashMB: 1})
	for _, c := range []struct {
		name, sfen, msg string
		check           func(t *testing.T, err error)
	}{
		{"illegal", "4k4/9/9/9/4P4/9/4P4/9/4K4 b - 1", "illegal position: 二歩: 2 unpromoted black pawns on file 5",
			func(t *testing.T, err error) {
				var ip *shogi.InvalidPositionError
				if !errors.As(err, &ip) || !ip.Has(shogi.DoublePawn) {
					t.Errorf("errors.As(*shogi.InvalidPositionError): %v", err)
				}
			}},
		{"too many", "4k4/9/GGGGS4/9/9/9/9/9/9 b G 1", "5 golds on the board and in the attacker's hand; the set holds 4",
			func(t *testing.T, err error) {
				var tm *TooManyPiecesError
				if !errors.As(err, &tm) || tm.Kind != shogi.Gold || tm.Count != 5 || tm.Max != 4 {
					t.Errorf("errors.As(*TooManyPiecesError): %#v", tm)
				}
			}},
		{"no king", "9/9/4S4/9/9/9/9/9/9 b G 1", "the defender (white) has no king on the board",
			func(t *testing.T, err error) {
				if errors.Unwrap(err) != nil {
					t.Errorf("unwraps to %v", errors.Unwrap(err))
				}
			}},
		// The side to move has the only king: most often the position
		// after an attacker's move, given with the defender to move. The
		// reason says how it was read.
		{"the only king the side to move's", "4k4/9/4S4/9/9/9/9/9/9 w G 1",
			"the defender (black) has no king on the board (the side to move, white, is read as the attacker and has the only king: a tsume position is given with the attacker to move)",
			func(t *testing.T, err error) {}},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := mustParse(t, c.sfen)
			sol, err := s.Solve(context.Background(), &p)
			if err == nil || sol != nil {
				t.Fatalf("got %v, %v", sol, err)
			}
			if !errors.Is(err, ErrNotAProblem) {
				t.Errorf("errors.Is(err, ErrNotAProblem) is false: %v", err)
			}
			var npe *NotAProblemError
			if !errors.As(err, &npe) {
				t.Fatalf("errors.As(*NotAProblemError) is false: %v", err)
			}
			if npe.Msg != c.msg {
				t.Errorf("Msg %q, want %q", npe.Msg, c.msg)
			}
			if want := "mate: not a tsume position: " + c.msg; err.Error() != want {
				t.Errorf("Error() %q, want %q", err.Error(), want)
			}
			c.check(t, err)
		})
	}
}

// NewSolver caps a table larger than the machine allows and rounds a size
// down to a power of two of clusters, and says so.
func TestNewSolverTableSize(t *testing.T) {
	limit := MaxHashMB()
	if limit < 1 {
		t.Fatalf("MaxHashMB() = %d", limit)
	}
	for _, c := range []struct {
		hashMB, wantRequested int
		wantMB                int // 0: the limit rounded down
		capped, rounded       bool
	}{
		{0, 256, 256, false, false},
		{1, 1, 1, false, false},
		{100, 100, 64, false, true},
		{1 << 30, 1 << 30, 0, true, false},
		{65536 * 1024, 65536 * 1024, 0, true, false},
	} {
		if c.hashMB > 0 && c.hashMB <= 256 && c.hashMB > limit {
			t.Skipf("this machine allows only %d MB", limit)
		}
		s, err := NewSolver(SolverOptions{HashMB: c.hashMB})
		if err != nil {
			t.Fatalf("HashMB %d: %v", c.hashMB, err)
		}
		ts := s.TableSize()
		want := c.wantMB
		if want == 0 {
			want = 1 << (bits.Len(uint(limit)) - 1)
		}
		if s.HashMB() != want || ts.MB != want || ts.RequestedMB != c.wantRequested || ts.LimitMB != limit ||
			ts.Capped() != c.capped || ts.Rounded() != c.rounded {
			t.Errorf("HashMB %d: HashMB() %d, %+v (capped %v, rounded %v); want %d MB", c.hashMB, s.HashMB(), ts, ts.Capped(), ts.Rounded(), want)
		}
		if ts.MB > limit {
			t.Errorf("HashMB %d: %d MB above the limit %d MB", c.hashMB, ts.MB, limit)
		}
		// The capped table is usable (and is backed only where used).
		p := mustParse(t, "4k4/9/4S4/9/9/9/9/9/9 b G 1")
		if sol, err := s.Solve(context.Background(), &p); err != nil || sol.Status != Mate || sol.Length != 1 {
			t.Errorf("HashMB %d: %v, %v", c.hashMB, sol, err)
		}
	}
}

// A short problem is solved in the first part of the table: a mate in 3
// with the default 256 MB table leaves it at its initial 128 KB, so the
// system backs only that much of it.
func TestShortSolveStaysInASmallTable(t *testing.T) {
	s, err := NewSolver(SolverOptions{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := shogi.ParseSFEN("8k/9/9/7Rs/9/9/9/9/9 b B 1")
	if err != nil {
		t.Fatal(err)
	}
	sol, err := s.Solve(context.Background(), &p)
	if err != nil {
		t.Fatal(err)
	}
	if sol.Status != Mate || sol.Length != 3 {
		t.Fatalf("status %v length %d, want a mate in 3", sol.Status, sol.Length)
	}
	if got := s.tt.mask + 1; got != initialClusters {
		t.Errorf("the search used %d clusters (%d KB), want the initial %d", got, got*128/1024, initialClusters)
	}
}

// A Solver reused for another problem answers as a fresh one does, with
// the same node count: nothing of the search before leaks into it,
// whether its generation is simply the next one or the counter wraps
// and the table is cleared (here after a search that grew the table).
func TestLaterSolveAsFresh(t *testing.T) {
	const (
		first  = "2B3l2/5lg2/5p1n1/6k1g/5P2+B/5Sg1N/6N+l1/9/9 b SN2rg2sl16p 1" // 無双38, 13 plies
		second = "l8/1n7/np3B3/SR1+P5/k1N6/9/1Ps6/1N7/5+B3 b r4g2s3l15p 1"     // 図巧33
	)
	opts := SolverOptions{HashMB: 16, Futile: Discount}
	p, q := mustParse(t, first), mustParse(t, second)
	want, err := newSolver(t, opts).Solve(context.Background(), &q)
	if err != nil {
		t.Fatal(err)
	}
	for _, wrap := range []bool{false, true} {
		s := newSolver(t, opts)
		if _, err := s.Solve(context.Background(), &p); err != nil {
			t.Fatal(err)
		}
		if s.tt.used <= initialClusters {
			t.Fatalf("the first search used %d clusters: it should grow the table", s.tt.used)
		}
		if wrap {
			for s.tt.gen != 255 {
				s.tt.newGeneration()
			}
		}
		got, err := s.Solve(context.Background(), &q)
		if err != nil {
			t.Fatal(err)
		}
		if got.Status != want.Status || got.Length != want.Length || got.LengthExact != want.LengthExact ||
			got.Nodes != want.Nodes || fmt.Sprint(got.PV) != fmt.Sprint(want.PV) {
			t.Errorf("wrap %v: %v %d (exact %v) in %d nodes, %v; a fresh solver: %v %d (exact %v) in %d nodes, %v",
				wrap, got.Status, got.Length, got.LengthExact, got.Nodes, got.PV, want.Status, want.Length, want.LengthExact, want.Nodes, want.PV)
		}
		if wrap && s.tt.gen > 10 {
			t.Errorf("generation %d after the second solve: the counter did not wrap", s.tt.gen)
		}
	}
}

// A disproof that depends on a repetition holds wherever the ancestors it
// repeats stand at the same plies, whatever the path above them: 図巧第83番
// under the count rule, whose king walks round the board while a dragon
// follows, reaches the same positions by transposed move orders, and its
// proof of no mate within 265 plies took 63 M nodes while each such
// disproof held on one path only (docs/performance.md, "Exact
// dependencies"). With a disproof holding wherever its ancestors stand
// it takes about 0.9 M; the limit leaves room for changes of the search.
func TestExactDependenciesOutliveTranspositions(t *testing.T) {
	if testing.Short() {
		t.Skip("a 267-ply problem")
	}
	const zukou83 = "1+P2p1p2/n2g1G1pp/3pB2Rn/2P1k1+r2/5l2B/3G2N2/N8/7S1/9 b Pg3s3l10p 1"
	sol := solve(t, zukou83, SolverOptions{HashMB: 256, Futile: Count, SkipSoundness: true, MaxNodes: 6_000_000})
	if sol.Status != Mate || !sol.LengthExact || sol.Length != 267 {
		t.Errorf("図巧83, count rule, within 6 M nodes: %v length %d (exact %v), %d nodes; want 267 exact", sol.Status, sol.Length, sol.LengthExact, sol.Nodes)
	}
}
