package mate1

import (
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
)

var varietyReport = flag.String("variety-report", "", "write the variety report of the problems of 10,000 indices per method to this file")

// variety summarises a set of problems.
type variety struct {
	n                                  int
	kind, moveType, region, pieces     map[string]int
	checks, legal, difficulty, pattern map[string]int
}

func newVariety(ps []problem.Problem) *variety {
	v := &variety{n: len(ps), kind: map[string]int{}, moveType: map[string]int{}, region: map[string]int{},
		pieces: map[string]int{}, checks: map[string]int{}, legal: map[string]int{}, difficulty: map[string]int{}, pattern: map[string]int{}}
	for _, p := range ps {
		sol := p.Line[0]
		kind := sol.Piece().Kind().String()
		v.kind[kind]++
		switch {
		case sol.IsDrop():
			v.moveType["drop"]++
		case sol.IsPromotion():
			v.moveType["board move, promoting"]++
		case p.Position.IsLegal(sol.TogglePromotion()):
			v.moveType["board move, declining promotion"]++
		default:
			v.moveType["board move, no promotion possible"]++
		}
		ksq := p.Position.King(shogi.White)
		switch {
		case problem.CornerSquare(ksq):
			v.region["corner"]++
		case problem.EdgeSquare(ksq):
			v.region["edge (not corner)"]++
		case inCenter(ksq):
			v.region["center"]++
		default:
			v.region["other"]++
		}
		v.pieces[fmt.Sprintf("%02d", problem.Pieces(&p.Position))]++
		v.checks[bucket(p.Metrics.Checks, 1, 2, 3, 5, 10, 20)]++
		v.legal[bucket(p.Metrics.Legal, 10, 30, 60, 100, 150)]++
		v.difficulty[bucket(int(p.Difficulty), 2, 4, 7, 9, 14)]++
		v.pattern[kind+" to king on "+ksq.String()]++
	}
	return v
}

// bucket names the interval of x among the upper bounds.
func bucket(x int, bounds ...int) string {
	lo := 0
	for _, b := range bounds {
		if x <= b {
			return fmt.Sprintf("%d–%d", lo, b)
		}
		lo = b + 1
	}
	return fmt.Sprintf("%d+", lo)
}

// leadingInt returns the number a label starts with, or -1.
func leadingInt(s string) int {
	n, digits := 0, 0
	for ; digits < len(s) && s[digits] >= '0' && s[digits] <= '9'; digits++ {
		n = n*10 + int(s[digits]-'0')
	}
	if digits == 0 {
		return -1
	}
	return n
}

// maxPattern returns the most frequent (mating kind, king square) pair and
// its share.
func (v *variety) maxPattern() (string, float64) {
	best, n := "", 0
	for k, c := range v.pattern {
		if c > n || c == n && k < best {
			best, n = k, c
		}
	}
	return best, float64(n) / float64(v.n)
}

func (v *variety) markdown(title string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "### %s (%d problems)\n\n", title, v.n)
	for _, t := range []struct {
		name string
		m    map[string]int
	}{{"mating piece", v.kind}, {"mating move", v.moveType}, {"king region", v.region}, {"pieces", v.pieces},
		{"checks C", v.checks}, {"legal moves L", v.legal}, {"difficulty score", v.difficulty}} {
		fmt.Fprintf(&b, "| %s | problems | share |\n|---|---:|---:|\n", t.name)
		keys := make([]string, 0, len(t.m))
		for k := range t.m {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool {
			a, b := leadingInt(keys[i]), leadingInt(keys[j])
			if a != b {
				return a < b
			}
			return keys[i] < keys[j]
		})
		for _, k := range keys {
			fmt.Fprintf(&b, "| %s | %d | %.1f%% |\n", strings.TrimSpace(k), t.m[k], 100*float64(t.m[k])/float64(v.n))
		}
		b.WriteString("\n")
	}
	p, share := v.maxPattern()
	fmt.Fprintf(&b, "Most frequent (mating piece, king square): %s, %.1f%% of the problems.\n\n", p, 100*share)
	return b.String()
}

// TestVariety checks that neither method produces one pattern for most of
// its output: no (mating piece kind, king square) pair in more than a
// third of the problems, and every base kind among the mating pieces.
func TestVariety(t *testing.T) {
	n := 1000
	if *varietyReport != "" {
		n = 10000
	}
	var report strings.Builder
	for _, m := range []Method{Reverse, Random} {
		o := DefaultOptions()
		o.Method = m
		if testing.Short() && m == Random && *varietyReport == "" {
			n = 300
		}
		ps, st := generateIndices(t, o, n, 2)
		v := newVariety(ps)
		if p, share := v.maxPattern(); share > 1.0/3 {
			t.Errorf("%s: %s in %.0f%% of the problems", m, p, 100*share)
		}
		if len(v.kind) < 7 {
			t.Errorf("%s: mating pieces only %v", m, v.kind)
		}
		fmt.Fprintf(&report, "%s", v.markdown(fmt.Sprintf("%s, --max_pieces %d, seed %d: yield %.4f (%d candidates)", m, o.MaxPieces, o.Seed,
			float64(st.Problems)/float64(st.Candidates), st.Candidates)))
	}
	if *varietyReport != "" {
		if err := os.WriteFile(*varietyReport, []byte(report.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
