package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/gen/maten"
	"github.com/tsume-shogi/tsume/problem"
)

// TestGenerateOptimizeQuality: --optimize quality gives the same output
// for 1 and 2 workers; every problem is sound at the length from its SFEN
// text, its record's metrics and quality are those of its own line, its
// quality is not below the score it started from, and some rise.
func TestGenerateOptimizeQuality(t *testing.T) {
	for _, c := range []struct {
		length string
		n      int
	}{{"3", 20}, {"5", 3}} {
		args := []string{"--length", c.length, "--n", strconv.Itoa(c.n), "--max_pieces", "8", "--seed", "1", "--format", "jsonl", "--optimize", "quality"}
		var outs []string
		for _, w := range []string{"1", "2"} {
			out, errs, code := runGenerateCLI(t, context.Background(), append(args, "--workers", w)...)
			if code != ExitOK {
				t.Fatalf("length %s, workers %s: exit %d, %s", c.length, w, code, errs)
			}
			outs = append(outs, out)
		}
		if outs[0] != outs[1] {
			t.Fatalf("length %s: output with 1 worker differs from output with 2:\n%s\n---\n%s", c.length, outs[0], outs[1])
		}
		ps, err := problem.ReadJSONL(strings.NewReader(outs[0]), "out")
		if err != nil || len(ps) != c.n {
			t.Fatalf("length %s: %d problems (%v)", c.length, len(ps), err)
		}
		sc := bufio.NewScanner(strings.NewReader(outs[0]))
		improved := 0
		for i := 0; sc.Scan(); i++ {
			var rec mateNRecord
			if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
				t.Fatal(err)
			}
			checkMateN(t, &rec, int(c.length[0]-'0'))
			p := &ps[i]
			if p.Provenance.Method != "backward-"+c.length+"+quality" || p.Optimized == nil || p.Composer == nil || p.Quality == nil {
				t.Fatalf("%s: method %q, optimized %v, composer %v, quality %v", rec.SFEN, p.Provenance.Method, p.Optimized, p.Composer, p.Quality)
			}
			if m := maten.Measure(&p.Position, p.Line); m != *p.Composer {
				t.Errorf("%s: composer %+v, measured %+v", rec.SFEN, *p.Composer, m)
			}
			if q := maten.Score(&p.Position, p.Line, p.Themes); q != *p.Quality {
				t.Errorf("%s: quality %+v, scored %+v", rec.SFEN, *p.Quality, q)
			}
			if p.Quality.Score < p.Optimized.From {
				t.Errorf("%s: quality %v below the %v it started from", rec.SFEN, p.Quality.Score, p.Optimized.From)
			}
			if p.Quality.Score > p.Optimized.From {
				improved++
			}
		}
		if c.length == "3" && improved == 0 {
			t.Errorf("length 3: no problem of %d improved", c.n)
		}
	}
}

func TestGenerateOptimizeBadFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--length", "3", "--optimize", "speed"}, `--optimize: unknown objective "speed" to optimize: want quality`},
		{[]string{"--length", "3", "--optimize", ""}, `unknown objective ""`},
		{[]string{"--optimize", "beauty"}, "--optimize applies to mate-in-N (--length 3 or more) only"},
		{[]string{"--length", "1", "--optimize-budget", "5"}, "--optimize-budget applies to mate-in-N"},
		{[]string{"--length", "3", "--optimize-budget", "5"}, "--optimize-budget needs --optimize quality"},
		{[]string{"--length", "3", "--theme", "sacrifice,gift"}, `unknown theme "gift": want one of sacrifice, major-sacrifice,`},
		{[]string{"--theme", "sacrifice"}, "--theme applies to mate-in-N (--length 3 or more) only"},
		{[]string{"--min-quality", "3"}, "--min-quality applies to mate-in-N (--length 3 or more) only"},
		{[]string{"--length", "3", "--optimize", "beauty", "--optimize-budget", "-1"}, "--optimize-budget -1: want at least 1"},
	} {
		out, errs, code := runGenerateCLI(t, context.Background(), c.args...)
		if code != ExitError || out != "" || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("generate %v: exit %d, stdout %q, stderr %q; want exit 2 and one line containing %q", c.args, code, out, errs, c.want)
		}
	}
}

// TestGenerateOptimizeBeautyAlias: --optimize beauty, the former name, is
// --optimize quality.
func TestGenerateOptimizeBeautyAlias(t *testing.T) {
	args := []string{"--length", "3", "--n", "3", "--seed", "3", "--format", "jsonl"}
	q, _, code := runGenerateCLI(t, context.Background(), append(args, "--optimize", "quality")...)
	b, _, code2 := runGenerateCLI(t, context.Background(), append(args, "--optimize", "beauty")...)
	if code != ExitOK || code2 != ExitOK || q != b {
		t.Errorf("--optimize quality (exit %d) and --optimize beauty (exit %d) differ:\n%s\n---\n%s", code, code2, q, b)
	}
}

// TestGenerateThemeAndMinQuality: --theme keeps the problems that have
// every theme named, --min-quality those that score at least the bound.
func TestGenerateThemeAndMinQuality(t *testing.T) {
	out, errs, code := runGenerateCLI(t, context.Background(), "--length", "3", "--n", "4", "--seed", "7", "--format", "jsonl", "--theme", "sacrifice,lure", "--min-quality", "4")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	ps, err := problem.ReadJSONL(strings.NewReader(out), "out")
	if err != nil || len(ps) != 4 {
		t.Fatalf("%d problems (%v)", len(ps), err)
	}
	for _, p := range ps {
		has := map[string]bool{}
		for _, th := range p.Themes {
			has[th.Name] = true
		}
		if !has["sacrifice"] || !has["lure"] || p.Quality == nil || p.Quality.Score < 4 {
			t.Errorf("%s: themes %v, quality %+v: want sacrifice and lure, a score of at least 4", p.Position.SFEN(), p.Themes, p.Quality)
		}
	}
}

// TestGenerateVarietyCap: by default no (main theme, mating piece, king
// region) class and no (mating piece, king region) pair has more than 10%
// of the first k problems (one, below ten), the same for 1 and 2
// workers; --variety-cap 0 turns the cap off, and so does --theme.
func TestGenerateVarietyCap(t *testing.T) {
	args := []string{"--length", "3", "--n", "30", "--seed", "11", "--format", "jsonl"}
	var outs []string
	for _, w := range []string{"1", "2"} {
		out, errs, code := runGenerateCLI(t, context.Background(), append(args, "--workers", w)...)
		if code != ExitOK {
			t.Fatalf("workers %s: exit %d, %s", w, code, errs)
		}
		outs = append(outs, out)
	}
	if outs[0] != outs[1] {
		t.Fatal("the capped output with 1 worker differs from that with 2")
	}
	ps, err := problem.ReadJSONL(strings.NewReader(outs[0]), "out")
	if err != nil || len(ps) != 30 {
		t.Fatalf("%d problems (%v)", len(ps), err)
	}
	// The pairs and triples of the cap hold at most 10% of the
	// first k+1 problems, rounded down (one at least); the style's other
	// classes at most 10% rounded up.
	count := map[string]int{}
	loose := false
	for k := range ps {
		for _, c := range problemClasses(&ps[k]) {
			count[c]++
			if limit := max(1, (k+1)/10); count[c] > limit {
				t.Errorf("class %q: %d of the first %d problems, want at most %d", c, count[c], k+1, limit)
			}
		}
		for _, c := range looseClasses(&ps[k]) {
			count[c]++
			if limit := (k + 10) / 10; count[c] > limit {
				t.Errorf("class %q: %d of the first %d problems, want at most %d", c, count[c], k+1, limit)
			}
			loose = loose || count[c] > max(1, (k+1)/10)
		}
	}
	if !loose {
		t.Error("no class of the style above the share rounded down: the test proves nothing of rounding up")
	}
	off, _, code := runGenerateCLI(t, context.Background(), append(args, "--variety-cap", "0")...)
	if code != ExitOK || off == outs[0] {
		t.Errorf("--variety-cap 0: exit %d, the same output as the cap (the test proves nothing)", code)
	}
	// --theme turns the default cap off: every 腹金 mates with a gold,
	// and three regions would let only three of the first ten through.
	out, errs, code := runGenerateCLI(t, context.Background(), "--length", "3", "--n", "6", "--seed", "11", "--format", "jsonl", "--theme", "belly-gold")
	if ps, err := problem.ReadJSONL(strings.NewReader(out), "out"); code != ExitOK || err != nil || len(ps) != 6 || strings.Contains(errs, "variety cap") {
		t.Errorf("--theme belly-gold: exit %d, %d problems (%v), %s", code, len(ps), err, errs)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--length", "3", "--variety-cap", "101"}, "--variety-cap 101: want a percentage from 1 to 100"},
		{[]string{"--variety-cap", "20"}, "--variety-cap applies to mate-in-N (--length 3 or more) only"},
	} {
		out, errs, code := runGenerateCLI(t, context.Background(), c.args...)
		if code != ExitError || out != "" || !strings.Contains(errs, c.want) {
			t.Errorf("generate %v: exit %d, stderr %q; want exit 2 and %q", c.args, code, errs, c.want)
		}
	}
}
