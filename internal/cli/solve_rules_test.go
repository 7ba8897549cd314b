package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// runCLI runs the command line args and returns its exit status and
// outputs.
func runCLI(args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	code := Run(context.Background(), args, nil, &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

func TestSolveFairy(t *testing.T) {
	for _, c := range []struct {
		args   []string
		code   int
		status string
		length int
		pv     string
		rules  string
	}{
		// A fairy SFEN goes to the variant instantiation without --rules.
		{[]string{"--sfen", "$b8/1p7/9/9/9/9/9/9/9 b G 1"}, 0, "mate", 1, "G*8a", "standard"},
		{[]string{"--sfen", "k8/Bp7/1G7/9/9/9/9/9/9 b (GH) 1"}, 0, "mate", 1, "(GH)*9c", "standard"},
		// 打ち歩詰め against the royal bishop is refused.
		{[]string{"--sfen", "$b8/1p7/9/9/9/9/9/9/9 b P 1", "--as-given"}, ExitNo, "nomate", 0, "", "standard"},
		// A standard SFEN with rules: 天竺's carried lance power.
		{[]string{"--rules", "tenjiku", "--sfen", "9/3k5/9/9/9/9/9/9/3K5 b SL 1"}, 0, "mate", 1, "L*6c", "tenjiku"},
		{[]string{"--rules", "annan,tenjiku", "--sfen", "3pkp3/9/4P4/4G4/9/9/9/9/9 b G 1", "--as-given", "--stip", "mate"}, 0, "mate", 1, "G*5b", "annan,tenjiku"},
		{[]string{"--rules", "annan", "--sfen", "3pkp3/9/4P4/9/9/9/9/9/9 b G 1", "--as-given"}, ExitNo, "nomate", 0, "", "annan"},
	} {
		args := append([]string{"solve", "--json"}, c.args...)
		code, out, errs := runCLI(args...)
		if code != c.code {
			t.Errorf("%v: exit %d, want %d (%s)", c.args, code, c.code, errs)
			continue
		}
		var v struct {
			Status string
			Rules  string
			Length int
			PV     []string
		}
		if err := json.Unmarshal([]byte(out), &v); err != nil {
			t.Errorf("%v: %v in %q", c.args, err, out)
			continue
		}
		if v.Status != c.status || v.Length != c.length || v.Rules != c.rules || c.pv != "" && (len(v.PV) == 0 || v.PV[0] != c.pv) {
			t.Errorf("%v: %+v, want %s in %d by %s under %s", c.args, v, c.status, c.length, c.pv, c.rules)
		}
	}
}

func TestSolveFairyText(t *testing.T) {
	code, out, _ := runCLI("solve", "--rules", "tenjiku", "--sfen", "9/3k5/9/9/9/9/9/9/3K5 b SL 1")
	for _, want := range []string{"rules: tenjiku\n", "status: mate\n", "length: 1 ply (1手詰)\n", "  1  L*6c  ▲６三香打\n", "leftover pieces (駒余り): S\n"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("exit %d, output lacks %q:\n%s", code, want, out)
		}
	}
	// A standard SFEN without rules still goes to the standard solver
	// (its report has the soundness and the verdict).
	code, out, _ = runCLI("solve", "--sfen", "4k4/9/4S4/9/9/9/9/9/9 b G 1")
	if code != 0 || strings.Contains(out, "rules:") || !strings.Contains(out, "verdict") {
		t.Errorf("standard: exit %d:\n%s", code, out)
	}
}

func TestSolveFairyErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--rules", "bogus", "--sfen", "4k4/9/4S4/9/9/9/9/9/9 b G 1"}, `bad --rules "bogus"`},
		{[]string{"--sfen", "9/9/9/9/9/9/9/9/(GH)8 b G 1"}, "not a tsume position: the defender (white) has no royal piece"},
	} {
		code, _, errs := runCLI(append([]string{"solve"}, c.args...)...)
		if code != ExitError || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, %q, want %q", c.args, code, errs, c.want)
		}
	}
}
