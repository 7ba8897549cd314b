package helpmate_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/helpmate"
	"github.com/tsume-shogi/tsume/shogi"
)

// longEnv names the environment variable that turns on the long benchmark
// problems (about a minute and a half in all, and 1.5 GB at the most).
const longEnv = "HELPMATE_LONG"

// The problems of testdata/helpmates/FAST_PROBLEMS.md (the fmrs project's
// list), with their lengths; diamond.sfen has none in its name.
var fastProblems = []struct {
	file   string
	length int
	count  uint64 // 0: more than 2^64-1 (saturated)
	class  int    // 0 always, 1 not under -short, 2 only with HELPMATE_LONG
}{
	{"diamond.sfen", 55, 1, 0},
	{"forest-05-13_57.sfen", 57, 1, 0},
	{"forest-06-12_361.sfen", 361, 1, 0},
	{"forest-06-10_97.sfen", 97, 1, 1},
	{"morishige_1965.sfen", 1965, 1, 1},
	{"jugemu_19447.sfen", 19447, 0, 1},
	{"wfp-56-12_2571.sfen", 2571, 1, 2},
	{"jugemu3_49909.sfen", 49909, 0, 2},
	{"ryu_no_agito_12555.sfen", 12555, 1, 2},
	{"morishige_1461.sfen", 1461, 1, 2},
	{"jugemu_gentei_kai_36607.sfen", 36607, 1, 2},
}

func readProblem(t *testing.T, file string) shogi.Position {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "helpmates", file))
	if err != nil {
		t.Fatal(err)
	}
	return mustSFEN(t, strings.TrimSpace(string(b)))
}

func TestFastProblems(t *testing.T) {
	for _, tc := range fastProblems {
		t.Run(tc.file, func(t *testing.T) {
			switch {
			case tc.class == 1 && testing.Short():
				t.Skip("long under -short")
			case tc.class == 2 && os.Getenv(longEnv) == "":
				t.Skip("set " + longEnv + "=1 to run")
			}
			p := readProblem(t, tc.file)
			r, err := helpmate.Solve(context.Background(), &p, helpmate.Options{MaxLines: 2})
			if err != nil {
				t.Fatal(err)
			}
			if r.Status != helpmate.Solved || r.Length != tc.length {
				t.Fatalf("%v length %d, want %d", r.Status, r.Length, tc.length)
			}
			if tc.count == 0 && !r.CountSaturated || tc.count != 0 && r.Count != tc.count {
				t.Fatalf("count %d (saturated %v), want %d", r.Count, r.CountSaturated, tc.count)
			}
			if r.Leftover() {
				t.Errorf("駒余り")
			}
			for _, s := range r.Solutions {
				replay(t, &p, helpmate.Help, s, tc.length)
			}
			t.Logf("%d states, %d moves looked up, peak frontier %d, %d MB, %v", r.States, r.Generated, r.PeakFrontier, r.MemoryBytes>>20, r.Elapsed)
			if tc.class == 0 {
				// The solver's proof that none is shorter: a search bounded
				// two plies below finds nothing.
				s, err := helpmate.Solve(context.Background(), &p, helpmate.Options{MaxPly: tc.length - 2})
				if err != nil || s.Status != helpmate.NoneWithin {
					t.Fatalf("bounded to %d: %v, %v", tc.length-2, s.Status, err)
				}
			}
		})
	}
}

func TestLength(t *testing.T) {
	p := readProblem(t, "forest-05-13_57.sfen")
	ctx := context.Background()
	if r, err := helpmate.Solve(ctx, &p, helpmate.Options{Length: 57}); err != nil || r.Length != 57 {
		t.Fatalf("length 57: %v %v", r, err)
	}
	var le *helpmate.LengthError
	if _, err := helpmate.Solve(ctx, &p, helpmate.Options{Length: 55}); !errors.As(err, &le) || le.Want != 55 || le.Shortest != 0 {
		t.Fatalf("length 55: %v", err)
	}
	if r, err := helpmate.Solve(ctx, &p, helpmate.Options{Length: 59}); !errors.As(err, &le) || le.Want != 59 || le.Shortest != 57 {
		t.Fatalf("length 59: %v", err)
	} else if r.Status != helpmate.Shorter || r.Length != 57 || r.Count != 1 {
		t.Fatalf("length 59: status %v length %d count %d, want shorter, 57, 1", r.Status, r.Length, r.Count)
	}
	if _, err := helpmate.Solve(ctx, &p, helpmate.Options{Length: 58}); err == nil {
		t.Fatal("an even length for a helpmate is accepted")
	}
	if _, err := helpmate.Solve(ctx, &p, helpmate.Options{Stip: helpmate.HelpSelf, Length: 3}); err == nil {
		t.Fatal("an odd length for a help-selfmate is accepted")
	}
}

func TestNotAProblem(t *testing.T) {
	for _, tc := range []struct {
		sfen    string
		stip    helpmate.Stipulation
		invalid bool // unwraps to *shogi.InvalidPositionError
	}{
		{"4k4/9/4P4/9/9/9/9/4P4/4K4 b G 1", helpmate.Help, true},           // 二歩
		{"9/9/9/9/9/9/9/9/4K4 b G 1", helpmate.Help, false},                // no defender king
		{"4k4/9/9/9/9/9/9/9/9 b G 1", helpmate.HelpSelf, false},            // no attacker king
		{"4k4/4G4/9/9/9/9/9/9/4K4 b - 1", helpmate.Help, true},             // the defender in check
		{"k8/9/9/9/9/9/9/9/8K b 2G4S4N4L18P2B2R3g 1", helpmate.Help, true}, // too many golds
	} {
		p := mustSFEN(t, tc.sfen)
		_, err := helpmate.Solve(context.Background(), &p, helpmate.Options{Stip: tc.stip})
		var ip *shogi.InvalidPositionError
		if !errors.Is(err, helpmate.ErrNotAProblem) || errors.As(err, &ip) != tc.invalid {
			t.Errorf("%s: %v", tc.sfen, err)
		}
	}
	// A position without an attacker king is a helpmate all the same.
	p := mustSFEN(t, "4k4/9/4P4/9/9/9/9/9/9 b G 1")
	if r, err := helpmate.Solve(context.Background(), &p, helpmate.Options{}); err != nil || r.Length != 1 {
		t.Errorf("no attacker king: %v %v", r, err)
	}
}

func TestNoSolution(t *testing.T) {
	// No check at all: nothing in hand, nothing near.
	p := mustSFEN(t, "4k4/9/9/9/9/9/9/9/4K4 b - 1")
	r, err := helpmate.Solve(context.Background(), &p, helpmate.Options{})
	if err != nil || r.Status != helpmate.NoSolution || r.Count != 0 || len(r.Solutions) != 0 {
		t.Fatalf("%v %v", r, err)
	}
	// A lone pawn in hand runs out of checks: the state space is finite.
	p = mustSFEN(t, "4k4/9/9/9/9/9/9/9/4K4 b P 1")
	if r, err = helpmate.Solve(context.Background(), &p, helpmate.Options{}); err != nil || r.Status != helpmate.NoSolution {
		t.Fatalf("%v %v", r, err)
	}
}

// TestCancel checks that a search stops when its context ends, by what it
// did rather than by a clock: a context already past its deadline stops
// it before the first layer is expanded, with only the root's checks
// stored (the context is read every 256 positions of a layer).
func TestCancel(t *testing.T) {
	p := readProblem(t, "morishige_1965.sfen")
	ctx, cancel := context.WithDeadline(context.Background(), time.Unix(0, 0))
	defer cancel()
	r, err := helpmate.Solve(ctx, &p, helpmate.Options{})
	if !errors.Is(err, context.DeadlineExceeded) || r.Status != helpmate.Stopped || r.StoppedBy != helpmate.StopContext {
		t.Fatalf("%v %v %v", r.Status, r.StoppedBy, err)
	}
	if r.States > 256 {
		t.Fatalf("a search past its deadline stored %d positions; want the root's checks only", r.States)
	}
	r, err = helpmate.Solve(context.Background(), &p, helpmate.Options{MaxStates: 1000})
	if err != nil || r.Status != helpmate.Stopped || r.States < 1000 {
		t.Fatalf("MaxStates: %v %v %d", r.Status, err, r.States)
	}
}

// A search that reaches its memory bound stops cleanly, with the reason
// and the depth it was at; the same search with room enough solves.
func TestMemoryBound(t *testing.T) {
	p := readProblem(t, "forest-05-13_57.sfen")
	r, err := helpmate.Solve(context.Background(), &p, helpmate.Options{MaxMemoryMB: 1})
	if err != nil || r.Status != helpmate.Stopped || r.StoppedBy != helpmate.StopMemory {
		t.Fatalf("1 MB: status %v stopped by %q, %v; want stopped by memory", r.Status, r.StoppedBy, err)
	}
	if r.Depth != r.Length+2 || r.Depth >= 57 {
		t.Errorf("1 MB: depth %d, length %d: want the depth the search was at, Length+2, short of 57", r.Depth, r.Length)
	}
	if 2*r.MemoryBytes < 1<<20 {
		t.Errorf("1 MB: stopped with %d bytes, under half the bound", r.MemoryBytes)
	}
	r, err = helpmate.Solve(context.Background(), &p, helpmate.Options{MaxMemoryMB: 256})
	if err != nil || r.Status != helpmate.Solved || r.Length != 57 || r.StoppedBy != helpmate.NotStopped {
		t.Fatalf("256 MB: status %v length %d stopped by %q, %v; want solved in 57", r.Status, r.Length, r.StoppedBy, err)
	}
}

// A search stopped by its context says so, and returns the context's
// error; one stopped by MaxStates says that.
func TestStopReasons(t *testing.T) {
	p := readProblem(t, "forest-05-13_57.sfen")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, err := helpmate.Solve(ctx, &p, helpmate.Options{})
	if !errors.Is(err, context.Canceled) || r.Status != helpmate.Stopped || r.StoppedBy != helpmate.StopContext {
		t.Errorf("cancelled: status %v stopped by %q, %v", r.Status, r.StoppedBy, err)
	}
	r, err = helpmate.Solve(context.Background(), &p, helpmate.Options{MaxStates: 1000})
	if err != nil || r.Status != helpmate.Stopped || r.StoppedBy != helpmate.StopStates {
		t.Errorf("MaxStates: status %v stopped by %q, %v", r.Status, r.StoppedBy, err)
	}
}

// BenchmarkForest0610 solves forest-06-10 (97 plies, about half a million
// states).
func BenchmarkForest0610(b *testing.B) {
	b.ReportAllocs()
	data, err := os.ReadFile(filepath.Join("testdata", "helpmates", "forest-06-10_97.sfen"))
	if err != nil {
		b.Fatal(err)
	}
	p, err := shogi.ParseSFEN(strings.TrimSpace(string(data)))
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if r, err := helpmate.Solve(context.Background(), &p, helpmate.Options{}); err != nil || r.Length != 97 {
			b.Fatal(r, err)
		}
	}
}
