package theme

import (
	"bufio"
	"context"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/shogi"
)

// themeCase is one line of testdata/themes.txt: a problem whose main line
// has the theme at the ply (Ply > 0) or does not have it (Ply 0).
type themeCase struct {
	line  int
	name  string
	ply   int
	sfen  string
	moves string
	// lineOnly is set for a classic problem's recorded line that the
	// solver cannot confirm in a test's time: it is only checked to be a
	// tsume solution (mate.VerifyLine).
	lineOnly bool
}

func readCases(t *testing.T) []themeCase {
	t.Helper()
	f, err := os.Open("testdata/themes.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []themeCase
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		text := sc.Text()
		if strings.TrimSpace(text) == "" || strings.HasPrefix(text, "#") {
			continue
		}
		cols := strings.Split(text, "\t")
		if len(cols) < 4 || len(cols) > 5 || len(cols) == 5 && cols[4] != "line-only" {
			t.Fatalf("themes.txt:%d: want 4 tab-separated columns (theme, has PLY or not, sfen, line) and perhaps \"line-only\", got %q", n, text)
		}
		c := themeCase{line: n, name: cols[0], sfen: cols[2], moves: cols[3], lineOnly: len(cols) == 5}
		switch w := strings.Fields(cols[1]); {
		case len(w) == 2 && w[0] == "has":
			if c.ply, err = strconv.Atoi(w[1]); err != nil || c.ply < 1 {
				t.Fatalf("themes.txt:%d: bad ply %q", n, w[1])
			}
		case len(w) == 1 && w[0] == "not":
		default:
			t.Fatalf("themes.txt:%d: want \"has PLY\" or \"not\", got %q", n, cols[1])
		}
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

// parseCase reads the position and the main line of c.
func parseCase(t *testing.T, c themeCase) (shogi.Position, []shogi.Move) {
	t.Helper()
	pos, err := shogi.ParseSFEN(c.sfen)
	if err != nil {
		t.Fatalf("themes.txt:%d: %v", c.line, err)
	}
	// The defender holds every remaining piece (its replies may drop them).
	q, err := mate.WithRemainingHand(&pos)
	if err != nil {
		t.Fatalf("themes.txt:%d: %v", c.line, err)
	}
	var line []shogi.Move
	for _, s := range strings.Fields(c.moves) {
		m, err := q.ParseUSIMove(s)
		if err != nil {
			t.Fatalf("themes.txt:%d: %v", c.line, err)
		}
		line = append(line, m)
		q.DoMove(m)
	}
	return pos, line
}

// TestThemes checks every theme on a problem that has it, at its ply, and
// on one that does not. Each problem's line is first checked to be the
// solver's main line: a sound, unique mate of that length.
func TestThemes(t *testing.T) {
	solver, err := mate.NewSolver(mate.SolverOptions{HashMB: 16})
	if err != nil {
		t.Fatal(err)
	}
	tested := map[string][2]bool{}
	for _, c := range readCases(t) {
		verb := "has"
		if c.ply == 0 {
			verb = "not"
		}
		t.Run(c.name+"/"+verb+"/"+strconv.Itoa(c.line), func(t *testing.T) {
			pos, line := parseCase(t, c)
			if c.lineOnly {
				full, err := mate.WithRemainingHand(&pos)
				if err != nil {
					t.Fatal(err)
				}
				if err := mate.VerifyLine(&full, line, mate.Discount); err != nil {
					t.Fatalf("the recorded line is not a tsume solution: %v", err)
				}
			} else {
				sol, err := solver.Solve(context.Background(), &pos)
				if err != nil {
					t.Fatal(err)
				}
				if sol.Status != mate.Mate || !sol.LengthExact || !slices.Equal(sol.PV, line) || !sol.Unique {
					t.Fatalf("the line is not the solver's: status %v exact %v unique %v, solver's line %v", sol.Status, sol.LengthExact, sol.Unique, sol.PV)
				}
			}
			found, err := Find(context.Background(), &pos, line, Options{})
			if err != nil {
				t.Fatal(err)
			}
			var plies []int
			for _, f := range found {
				if f.Name == c.name {
					plies = append(plies, f.Ply)
				}
			}
			switch {
			case c.ply > 0 && !slices.Contains(plies, c.ply):
				t.Errorf("%s not found at ply %d (found at %v); all: %v", c.name, c.ply, plies, found)
			case c.ply == 0 && len(plies) > 0:
				t.Errorf("%s found at %v, where it is not; all: %v", c.name, plies, found)
			}
		})
		v := tested[c.name]
		v[min(c.ply, 1)] = true
		tested[c.name] = v
	}
	for _, th := range Catalogue() {
		if v := tested[th.Name]; !v[0] || !v[1] {
			t.Errorf("theme %s lacks a case that has it or one that does not (has %v, not %v)", th.Name, v[1], v[0])
		}
	}
}
