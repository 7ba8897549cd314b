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

// benchRow matches a row of the table: id, status, length, nodes, time,
// speed, check.
var benchRow = regexp.MustCompile(`^(\S+) +(\S+) +(<=)?([0-9]+) +([0-9]+) +[0-9]+\.[0-9]{2}s +[0-9]+  (.+)$`)

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
		n, _ := strconv.ParseUint(m[5], 10, 64)
		sum += n
		ids = append(ids, m[1])
		if m[6] != "ok" {
			t.Errorf("row %q: not ok", l)
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
