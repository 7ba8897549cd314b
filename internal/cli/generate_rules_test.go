package cli

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/bank"
	"github.com/tsume-shogi/tsume/problem"
)

// generate --rules and --stip write fairy problems in jsonl, each
// carrying its rules and stipulation, and into a bank that keeps them.
func TestGenerateFairy(t *testing.T) {
	for _, tc := range []struct {
		args       []string
		rules      string
		goal       problem.Goal
		plies      int
		wantFields []string
	}{
		{[]string{"--rules", "annan"}, "annan", problem.Mate, 1, []string{`"rules":"annan"`, `"method":"fairy-mate-1"`}},
		{[]string{"--rules", "tenjiku"}, "tenjiku", problem.Mate, 1, []string{`"rules":"tenjiku"`}},
		{[]string{"--stip", "help", "--length", "3"}, "", problem.Help, 3, []string{`"stip":"help"`, `"method":"fairy-help-3"`}},
	} {
		args := append([]string{"generate", "--n", "3", "--seed", "2", "--format", "jsonl", "--workers", "2"}, tc.args...)
		out := mustRun(t, args...)
		ps, err := problem.ReadJSONL(strings.NewReader(out), "out")
		if err != nil || len(ps) != 3 {
			t.Fatalf("%v: %d problems, %v\n%s", tc.args, len(ps), err, out)
		}
		for _, f := range tc.wantFields {
			if strings.Count(out, f) != 3 {
				t.Errorf("%v: %s not on every line:\n%s", tc.args, f, out)
			}
		}
		for _, p := range ps {
			if p.Rules != tc.rules || p.Stipulation.Goal != tc.goal || len(p.Line) != tc.plies || p.Verdict != "sound" {
				t.Errorf("%v: %q %v, line %d, verdict %q", tc.args, p.Rules, p.Stipulation, len(p.Line), p.Verdict)
			}
		}
		db := filepath.Join(t.TempDir(), "fairy.db")
		mustRun(t, append(args, "--bank", db, "--out", filepath.Join(t.TempDir(), "x.jsonl"))...)
		b, err := bank.OpenExisting(context.Background(), db)
		if err != nil {
			t.Fatal(err)
		}
		stip := tc.goal.String()
		rules := tc.rules
		if rules == "" {
			rules = "standard"
		}
		n, err := b.Count(context.Background(), bank.Query{Rules: rules, Stip: stip})
		b.Close()
		if err != nil || n != 3 {
			t.Errorf("%v: the bank holds %d problems of %s %s (%v), want 3", tc.args, n, rules, stip, err)
		}
	}
}

// Flags that cannot make fairy problems are refused, each named.
func TestGenerateFairyUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--rules", "annan"}, "--format sfen"},
		{[]string{"--rules", "anan", "--format", "jsonl"}, "anan"},
		{[]string{"--rules", "anan"}, `--rules: variant: bad rules "anan"`}, // named beside the format's error
		{[]string{"--stip", "helpself", "--format", "jsonl"}, "helpself"},
		{[]string{"--stip", "selfmate", "--format", "jsonl"}, "selfmate"},
		{[]string{"--rules", "annan", "--format", "jsonl", "--style", "free", "--length", "3"}, "--style"},
		{[]string{"--rules", "annan", "--format", "jsonl", "--method", "random"}, "--method"},
	} {
		_, errs, code := runBankCLI(t, context.Background(), "", append([]string{"generate", "--n", "1"}, tc.args...)...)
		if code != ExitError || !strings.Contains(errs, tc.want) {
			t.Errorf("generate %v: exit %d, %s; want exit 2 naming %s", tc.args, code, errs, tc.want)
		}
	}
}

// generate --format kif writes fairy problems with their rules and
// stipulation (problemKIF).
func TestGenerateFairyKIF(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--rules", "annan"}, "条件：annan\n"},
		{[]string{"--stip", "help", "--length", "3"}, "種類：ばか詰\n"},
	} {
		out := mustRun(t, append([]string{"generate", "--n", "2", "--seed", "2", "--format", "kif"}, tc.args...)...)
		if strings.Count(out, tc.want) != 2 || strings.Count(out, "手で詰み\n") != 2 {
			t.Errorf("%v:\n%s", tc.args, out)
		}
	}
}
