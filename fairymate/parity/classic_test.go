package parity

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/shogi"
)

// classicNodes is the node budget of each solver on each classic problem.
const classicNodes = 600_000

// classicCases are the classic problems of
// problem/testdata/classic-tsume.tsv that both solvers decide within
// classicNodes nodes, with the futile rules under which they do. The
// others (図巧第30番, 第85番, 第7番, 第34番 counting every interposition:
// fairymate needs more than a million nodes; 第99番, 第1番 and 第100番, of
// 69 to 611 plies) are beyond a test's budget.
var classicCases = []struct {
	id    string
	rules []mate.FutileRule
}{
	{"zukou-033", []mate.FutileRule{mate.Discount, mate.Count}}, // 15 plies, 19 counting every interposition
	{"zukou-036", []mate.FutileRule{mate.Discount, mate.Count}}, // 13 plies
	{"musou-038", []mate.FutileRule{mate.Discount, mate.Count}}, // 15 plies (the record says 13)
	{"zukou-034", []mate.FutileRule{mate.Discount}},             // 17 plies
}

// classicSFENs returns the SFENs of the classic problems by id.
func classicSFENs(t *testing.T) map[string]string {
	t.Helper()
	f, err := os.Open("../../problem/testdata/classic-tsume.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sfens := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) >= 5 && !strings.HasPrefix(cols[0], "#") {
			sfens[cols[0]] = cols[4]
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return sfens
}

// TestClassicAgainstMate compares both solvers on classicCases: status,
// length, its exactness and the main line's length. 図巧第33番 needs the
// rule "futile by transposition" for its 15 plies (17 with the plain rule
// only). Skipped with -short.
func TestClassicAgainstMate(t *testing.T) {
	if testing.Short() {
		t.Skip("the classic problems take some seconds")
	}
	sfens := classicSFENs(t)
	for _, c := range classicCases {
		sfen, ok := sfens[c.id]
		if !ok {
			t.Fatalf("%s: not in the classic list", c.id)
		}
		sp, err := shogi.ParseSFEN(sfen)
		if err != nil {
			t.Fatal(err)
		}
		for _, rule := range c.rules {
			if !compare(t, c.id, &sp, classicNodes, rule) {
				t.Errorf("%s (%v): undecided within %d nodes", c.id, rule, classicNodes)
			}
		}
	}
}
