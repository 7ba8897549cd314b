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

// TestGenerateOptimizeBeauty: --optimize beauty gives the same output for
// 1 and 2 workers; every problem is sound at the length from its SFEN
// text, its record's metrics are those of its own line, its beauty is
// not below the score it started from, and some rise.
func TestGenerateOptimizeBeauty(t *testing.T) {
	for _, c := range []struct {
		length string
		n      int
	}{{"3", 20}, {"5", 3}} {
		args := []string{"--length", c.length, "--n", strconv.Itoa(c.n), "--max_pieces", "8", "--seed", "3", "--format", "jsonl", "--optimize", "beauty"}
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
			if p.Provenance.Method != "backward-"+c.length+"+beauty" || p.Optimized == nil || p.Composer == nil {
				t.Fatalf("%s: method %q, optimized %v, composer %v", rec.SFEN, p.Provenance.Method, p.Optimized, p.Composer)
			}
			if m := maten.Measure(&p.Position, p.Line); m != *p.Composer {
				t.Errorf("%s: composer %+v, measured %+v", rec.SFEN, *p.Composer, m)
			}
			if p.Composer.Beauty < p.Optimized.From {
				t.Errorf("%s: beauty %v below the %v it started from", rec.SFEN, p.Composer.Beauty, p.Optimized.From)
			}
			if p.Composer.Beauty > p.Optimized.From {
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
		{[]string{"--length", "3", "--optimize", "speed"}, `--optimize: unknown objective "speed" to optimize: want beauty`},
		{[]string{"--length", "3", "--optimize", ""}, `unknown objective ""`},
		{[]string{"--optimize", "beauty"}, "--optimize applies to mate-in-N (--length 3 or more) only"},
		{[]string{"--length", "1", "--optimize-budget", "5"}, "--optimize-budget applies to mate-in-N"},
		{[]string{"--length", "3", "--optimize-budget", "5"}, "--optimize-budget needs --optimize beauty"},
		{[]string{"--length", "3", "--optimize", "beauty", "--optimize-budget", "-1"}, "--optimize-budget -1: want at least 1"},
	} {
		out, errs, code := runGenerateCLI(t, context.Background(), c.args...)
		if code != ExitError || out != "" || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("generate %v: exit %d, stdout %q, stderr %q; want exit 2 and one line containing %q", c.args, code, out, errs, c.want)
		}
	}
}
