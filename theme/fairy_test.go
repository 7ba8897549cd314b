package theme

import (
	"bufio"
	"context"
	"errors"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// fairyCase is one line of testdata/fairy-themes.txt: a fairy problem
// whose main line has the theme at the ply, or (name "-") has no theme.
type fairyCase struct {
	line               int
	name               string
	ply                int
	rules, sfen, moves string
}

func readFairyCases(t *testing.T) []fairyCase {
	t.Helper()
	f, err := os.Open("testdata/fairy-themes.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []fairyCase
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		text := sc.Text()
		if strings.TrimSpace(text) == "" || strings.HasPrefix(text, "#") {
			continue
		}
		cols := strings.Split(text, "\t")
		if len(cols) != 5 {
			t.Fatalf("fairy-themes.txt:%d: want 5 tab-separated columns (theme or -, has PLY or none, rules, sfen, line), got %q", n, text)
		}
		c := fairyCase{line: n, name: cols[0], rules: cols[2], sfen: cols[3], moves: cols[4]}
		switch w := strings.Fields(cols[1]); {
		case len(w) == 2 && w[0] == "has" && c.name != "-":
			if c.ply, err = strconv.Atoi(w[1]); err != nil || c.ply < 1 {
				t.Fatalf("fairy-themes.txt:%d: bad ply %q", n, w[1])
			}
		case len(w) == 1 && w[0] == "none" && c.name == "-":
		default:
			t.Fatalf("fairy-themes.txt:%d: want \"THEME has PLY\" or \"- none\", got %q %q", n, c.name, cols[1])
		}
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

// TestFairyThemes checks the themes of fairy problems (安南, 天竺): each
// line is first checked to be the solver's main line of a sound problem
// under its rules, then the theme found at its ply (or no theme at all).
func TestFairyThemes(t *testing.T) {
	solver, err := mate.NewSolver(mate.SolverOptions{HashMB: 16})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range readFairyCases(t) {
		t.Run(c.rules+"/"+c.name+"/"+strconv.Itoa(c.line), func(t *testing.T) {
			r, rerr := variant.ParseRules(c.rules)
			pos, perr := variant.ParseSFEN(c.sfen)
			if err := errors.Join(rerr, perr); err != nil {
				t.Fatal(err)
			}
			pos.SetRules(r)
			sol, err := solver.SolveVariant(context.Background(), &pos)
			if err != nil {
				t.Fatal(err)
			}
			q := sol.Position
			var line []variant.Move
			for _, s := range strings.Fields(c.moves) {
				m, err := q.ParseMove(s)
				if err != nil {
					t.Fatalf("fairy-themes.txt:%d: %v", c.line, err)
				}
				line = append(line, m)
				q.DoMove(m)
			}
			if sol.Status != mate.Mate || !sol.LengthExact || !slices.Equal(sol.PV, line) || !sol.Unique {
				t.Fatalf("the line is not the solver's: status %v exact %v unique %v, solver's line %v", sol.Status, sol.LengthExact, sol.Unique, sol.PV)
			}
			found, err := FindVariant(context.Background(), &pos, line, Options{})
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case c.name == "-" && len(found) > 0:
				t.Errorf("themes %v found, where there are none", found)
			case c.name != "-" && !slices.Contains(found, Found{c.name, c.ply}):
				t.Errorf("%s not found at ply %d; all: %v", c.name, c.ply, found)
			}
		})
	}
}

// TestInstancesAgree: on standard positions, read by package variant
// under no rules, FindVariant finds what Find finds — the two
// instantiations of the finders agree (on the theme cases of
// themes.txt: every theme, found and not, but for the long lines of the
// classics).
func TestInstancesAgree(t *testing.T) {
	type pair struct {
		name string
		pos  shogi.Position
		line []shogi.Move
	}
	var ps []pair
	for _, c := range readCases(t) {
		if c.lineOnly {
			continue // a classic's long line: some 17 s through the fairy solver
		}
		pos, line := parseCase(t, c)
		ps = append(ps, pair{"themes.txt:" + strconv.Itoa(c.line), pos, line})
	}
	for _, p := range ps {
		want, err := Find(context.Background(), &p.pos, p.line, Options{})
		if err != nil {
			t.Fatalf("%s: %v", p.name, err)
		}
		vp, err := variant.ParseSFEN(p.pos.SFEN())
		if err != nil {
			t.Fatalf("%s: %v", p.name, err)
		}
		got, err := FindVariant(context.Background(), &vp, p.line, Options{})
		if err != nil {
			t.Fatalf("%s: %v", p.name, err)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: Find %v, FindVariant %v", p.name, want, got)
		}
	}
}
