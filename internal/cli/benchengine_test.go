package cli

import (
	"bytes"
	"context"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// engineBenchRow matches a row of bench --engine: number, depth, nodes,
// time, speed, move and score.
var engineBenchRow = regexp.MustCompile(`^([0-9]+) +([0-9]+) +([0-9]+) +[0-9]+\.[0-9]{3}s +[0-9]+  \S+ (cp -?[0-9]+|mate -?[0-9]+)$`)

func TestBenchEngine(t *testing.T) {
	run := func() (rows []string, total string) {
		var stdout, stderr bytes.Buffer
		code := Run(context.Background(), []string{"bench", "--engine", "--depth", "3", "--hash", "4"}, nil, &stdout, &stderr)
		if code != ExitOK || stderr.Len() != 0 {
			t.Fatalf("exit %d, stderr %q\n%s", code, stderr.String(), stdout.String())
		}
		lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
		if len(lines) < 6 || !strings.HasPrefix(lines[0], "pos ") {
			t.Fatalf("output:\n%s", stdout.String())
		}
		n := len(lines)
		if lines[n-4] != "" || !strings.HasPrefix(lines[n-2], "time ") || !strings.HasPrefix(lines[n-1], "nodes/s ") {
			t.Fatalf("output:\n%s", stdout.String())
		}
		return lines[1 : n-4], lines[n-3]
	}
	rows, total := run()
	var sum uint64
	for _, l := range rows {
		m := engineBenchRow.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("row %q does not match %s", l, engineBenchRow)
		}
		if m[2] != "3" {
			t.Errorf("row %q: depth %s", l, m[2])
		}
		n, _ := strconv.ParseUint(m[3], 10, 64)
		sum += n
	}
	if total != "nodes "+strconv.FormatUint(sum, 10) {
		t.Errorf("%q, but the rows sum to %d", total, sum)
	}
	if _, again := run(); again != total {
		t.Errorf("signature %q, then %q", total, again)
	}
	var stdout, stderr bytes.Buffer
	if code := Run(context.Background(), []string{"bench", "--engine", "--json"}, nil, &stdout, &stderr); code != ExitError {
		t.Errorf("bench --engine --json: exit %d", code)
	}
	if code := Run(context.Background(), []string{"bench", "--engine", "--depth", "0"}, nil, &stdout, &stderr); code != ExitError {
		t.Errorf("bench --engine --depth 0: exit %d", code)
	}
}
