package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

const benchTestDir = "testdata/bench/"

// benchRow matches a row of the table: id, status, length, exact or
// bound, verdict, nodes, time, speed, check.
var benchRow = regexp.MustCompile(`^(\S+) +(\S+) +(<=)?([0-9]+)  (exact|bound|-    )  (.{20})  +([0-9]+) +[0-9]+\.[0-9]{2}s +[0-9]+  (.+)$`)

func TestBenchSmall(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := Run(context.Background(), []string{"bench", "--problems", benchTestDir + "small.tsv", "--hash", "16"}, nil, &stdout, &stderr)
	if code != ExitOK || stderr.Len() != 0 {
		t.Fatalf("exit %d, stderr %q\n%s", code, stderr.String(), stdout.String())
	}
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	if len(lines) != 9 || !strings.HasPrefix(lines[0], "id ") || lines[5] != "" {
		t.Fatalf("output:\n%s", stdout.String())
	}
	var sum uint64
	ids := []string{}
	for _, l := range lines[1:5] {
		m := benchRow.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("row %q does not match %s", l, benchRow)
		}
		n, _ := strconv.ParseUint(m[7], 10, 64)
		sum += n
		ids = append(ids, m[1])
		if m[8] != "ok" {
			t.Errorf("row %q: not ok", l)
		}
		// Without --soundness there is no verdict; a mate's length is
		// exact here, a no-mate has none.
		wantExact := "exact"
		if m[2] != "mate" {
			wantExact = "-    "
		}
		if m[5] != wantExact || strings.TrimSpace(m[6]) != "-" {
			t.Errorf("row %q: exact %q, verdict %q", l, m[5], m[6])
		}
	}
	if got := strings.Join(ids, " "); got != "m1 m3 m3-line none" {
		t.Errorf("ids %s", got)
	}
	if lines[6] != "nodes "+strconv.FormatUint(sum, 10) {
		t.Errorf("total %q, want the sum of the rows, %d", lines[6], sum)
	}
	if !regexp.MustCompile(`^time [0-9]+\.[0-9]{2}s$`).MatchString(lines[7]) || !regexp.MustCompile(`^nodes/s [0-9]+$`).MatchString(lines[8]) {
		t.Errorf("totals %q", lines[6:])
	}
}

func TestBenchJSON(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := Run(context.Background(), []string{"bench", "--json", "--problems", benchTestDir + "wrong.tsv", "--hash", "16"}, nil, &stdout, &stderr)
	if code != ExitNo || stderr.String() != "tsume bench: 2 of 2 problems did not give the expected result\n" {
		t.Errorf("exit %d, stderr %q", code, stderr.String())
	}
	if strings.Count(stdout.String(), "\n") != 1 {
		t.Fatalf("want one line: %q", stdout.String())
	}
	keys := objectKeys(t, json.RawMessage(stdout.Bytes()))
	if want := []string{"problems", "nodes", "time_ms", "nps", "ok"}; strings.Join(keys, " ") != strings.Join(want, " ") {
		t.Errorf("keys %v, want %v", keys, want)
	}
	var j benchJSON
	if err := json.Unmarshal(stdout.Bytes(), &j); err != nil {
		t.Fatal(err)
	}
	if j.OK || len(j.Problems) != 2 {
		t.Fatalf("%+v", j)
	}
	p0, p1 := j.Problems[0], j.Problems[1]
	if p0.ID != "m1-as-m3" || p0.Status != "mate" || p0.Length != 1 || p0.WantLength != 3 || p0.OK {
		t.Errorf("first problem %+v", p0)
	}
	if p1.ID != "not-none" || p1.Status != "mate" || p1.WantStatus != "nomate" || p1.WantLength != 0 || p1.OK {
		t.Errorf("second problem %+v", p1)
	}
	if j.Nodes != p0.Nodes+p1.Nodes {
		t.Errorf("total nodes %d, want %d", j.Nodes, p0.Nodes+p1.Nodes)
	}
	// The table says what was expected.
	stdout.Reset()
	Run(context.Background(), []string{"bench", "--problems", benchTestDir + "wrong.tsv", "--hash", "16"}, nil, &stdout, &stderr)
	if !strings.Contains(stdout.String(), "  want mate 3\n") || !strings.Contains(stdout.String(), "  want nomate\n") {
		t.Errorf("table:\n%s", stdout.String())
	}
}

func TestBenchErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--problems", benchTestDir + "bad_sfen.tsv"}, "bad_sfen.tsv:1: sfen: bad SFEN (board field)"},
		{[]string{"--problems", benchTestDir + "bad_plies.tsv"}, `bad_plies.tsv:1: plies: "one" is not a number of plies`},
		{[]string{"--problems", benchTestDir + "bad_status.tsv"}, `bad_status.tsv:1: status: unknown status "guessed"`},
		{[]string{"--problems", benchTestDir + "bad_columns.tsv"}, "bad_columns.tsv:1: want at least 5"},
		{[]string{"--problems", benchTestDir + "empty.tsv"}, "empty.tsv: no problems"},
		{[]string{"--problems", benchTestDir + "no-such-file.tsv"}, "no such file"},
		{[]string{"--hash", "0", "--time", "-1s", "--futile", "x"}, "bad --time -1s"},
		{[]string{"extra"}, `unexpected argument "extra"`},
		{[]string{"--verdict-nodes", "10"}, "--verdict-nodes needs --soundness"},
		{[]string{"--engine", "--nodes", "10"}, "--engine takes only --depth and --hash"},
	} {
		var stdout, stderr bytes.Buffer
		code := Run(context.Background(), append([]string{"bench"}, c.args...), nil, &stdout, &stderr)
		if code != ExitError || stdout.Len() != 0 || !strings.HasPrefix(stderr.String(), "tsume bench: ") ||
			strings.Count(stderr.String(), "\n") != 1 || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("bench %v: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, stdout.String(), stderr.String(), c.want)
		}
	}
}

func TestBenchInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var stdout, stderr bytes.Buffer
	if code := Run(ctx, []string{"bench", "--hash", "16"}, nil, &stdout, &stderr); code != ExitInterrupted || stderr.String() != "tsume bench: interrupted\n" {
		t.Errorf("exit %d, stderr %q", code, stderr.String())
	}
}

// A length the search did not prove shortest is a bound: "<=N" and
// "bound" in the table, length_exact false in the JSON; an exact length
// is never written so.
func TestBenchBoundIsNeverExact(t *testing.T) {
	args := []string{"bench", "--problems", benchTestDir + "classics3.tsv", "--hash", "16", "--nodes", "20000"}
	var stdout, stderr bytes.Buffer
	Run(context.Background(), append(args, "--json"), nil, &stdout, &stderr)
	var j benchJSON
	if err := json.Unmarshal(stdout.Bytes(), &j); err != nil {
		t.Fatalf("%v: %s %s", err, stdout.String(), stderr.String())
	}
	stdout.Reset()
	Run(context.Background(), args, nil, &stdout, &stderr)
	lines := strings.Split(stdout.String(), "\n")
	bounds := 0
	for i, p := range j.Problems {
		m := benchRow.FindStringSubmatch(lines[i+1])
		if m == nil {
			t.Fatalf("row %q does not match %s", lines[i+1], benchRow)
		}
		switch {
		case p.Status != "mate":
			if m[5] != "-    " {
				t.Errorf("%s: status %s, exact column %q", p.ID, p.Status, m[5])
			}
		case p.LengthExact:
			if m[5] != "exact" || m[3] != "" {
				t.Errorf("%s: exact length written %q %q", p.ID, m[3]+m[4], m[5])
			}
		default:
			bounds++
			if m[5] != "bound" || m[3] != "<=" {
				t.Errorf("%s: a bound written %q %q", p.ID, m[3]+m[4], m[5])
			}
		}
	}
	if bounds == 0 {
		t.Errorf("no bound within 20,000 nodes: the test checks nothing\n%s", stdout.String())
	}
}

// With --soundness every mate gets a verdict word; a no-mate has none.
func TestBenchVerdictWithSoundness(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := Run(context.Background(), []string{"bench", "--json", "--soundness", "--problems", benchTestDir + "small.tsv", "--hash", "16"}, nil, &stdout, &stderr)
	var j benchJSON
	if err := json.Unmarshal(stdout.Bytes(), &j); err != nil || code != ExitOK {
		t.Fatalf("exit %d, %v: %s %s", code, err, stdout.String(), stderr.String())
	}
	words := map[string]bool{"sound": true, "sound with blemishes": true, "unsound": true, "undecided": true}
	for _, p := range j.Problems {
		if (p.Status == "mate") != words[p.Verdict] || p.Status != "mate" && p.Verdict != "" {
			t.Errorf("%s: status %s, verdict %q", p.ID, p.Status, p.Verdict)
		}
	}
}

// Ids in Japanese, two columns a character, keep the table's columns
// aligned.
func TestBenchWideIDsAlign(t *testing.T) {
	var stdout, stderr bytes.Buffer
	Run(context.Background(), []string{"bench", "--problems", benchTestDir + "classics3.tsv", "--hash", "16", "--nodes", "2000"}, nil, &stdout, &stderr)
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")[:4]
	col := displayWidth(lines[0][:strings.Index(lines[0], "status")])
	for _, l := range lines[1:] {
		i := strings.IndexAny(l, "mun") // the status: mate, unknown, nomate
		if i < 0 || displayWidth(l[:i]) != col {
			t.Errorf("row %q: the status is not at column %d\n%s", l, col, stdout.String())
		}
	}
}
