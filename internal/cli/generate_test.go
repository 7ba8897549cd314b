package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/shogi"
)

// summaryLine matches the summary generate prints to stderr.
var summaryLine = regexp.MustCompile(`^generated [0-9]+ problems? from [0-9]+ candidates? \(yield [0-9.]+%, [0-9]+ duplicates?\) in [0-9.]+s: [0-9]+ problems/s\n$`)

func runGenerateCLI(t *testing.T, ctx context.Context, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = Run(ctx, append([]string{"generate"}, args...), strings.NewReader(""), &out, &errb)
	return out.String(), errb.String(), code
}

// TestGenerateGolden: fixed flags and seed give a fixed output, the same
// with 1 worker and with 4.
func TestGenerateGolden(t *testing.T) {
	for _, c := range []struct {
		golden string
		args   []string
	}{
		{"reverse_max4_seed1.jsonl", []string{"--n", "12", "--method", "reverse", "--max_pieces", "4", "--seed", "1", "--format", "jsonl"}},
		{"random_max5_seed7.sfen", []string{"--n", "8", "--method", "random", "--max-pieces", "5", "--seed", "7"}},
		{"reverse_seed3.kif", []string{"--n", "2", "--seed", "3", "--format", "kif"}},
	} {
		t.Run(c.golden, func(t *testing.T) {
			var outs []string
			for _, w := range []string{"1", "4"} {
				out, errs, code := runGenerateCLI(t, context.Background(), append(c.args, "--workers", w)...)
				if code != ExitOK || !summaryLine.MatchString(errs) {
					t.Fatalf("workers %s: exit %d, stderr %q", w, code, errs)
				}
				outs = append(outs, out)
			}
			if outs[0] != outs[1] {
				t.Fatalf("output with 1 worker differs from output with 4:\n%s\n---\n%s", outs[0], outs[1])
			}
			checkGoldenFile(t, filepath.Join("testdata", "generate", c.golden), outs[0], nil, false)
		})
	}
}

// TestGenerateOutputIsSound re-checks each jsonl problem with the verifier.
func TestGenerateOutputIsSound(t *testing.T) {
	for _, method := range []string{"reverse", "random"} {
		out, errs, code := runGenerateCLI(t, context.Background(), "--n", "40", "--method", method, "--max_pieces", "6", "--seed", "5", "--format", "jsonl")
		if code != ExitOK {
			t.Fatalf("%s: exit %d: %s", method, code, errs)
		}
		sc := bufio.NewScanner(strings.NewReader(out))
		n := 0
		for sc.Scan() {
			var rec struct {
				SFEN, Solution string
				Metrics        struct{ Legal, Checks, Replies int }
			}
			if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
				t.Fatal(err)
			}
			p, err := shogi.ParseSFEN(rec.SFEN)
			if err != nil {
				t.Fatal(err)
			}
			v := mate.Verify1(&p, mate.AsGiven)
			if !v.Valid || v.Leftover || v.Analysis.Mates[0].String() != rec.Solution {
				t.Errorf("%s: %s: valid %v %v, leftover %v, mates %v, printed solution %s", method, rec.SFEN, v.Valid, v.Errors, v.Leftover, v.Analysis.Mates, rec.Solution)
			}
			if a := v.Analysis; a.Legal != rec.Metrics.Legal || a.Checks != rec.Metrics.Checks || a.Replies != rec.Metrics.Replies {
				t.Errorf("%s: %s: metrics %+v, verifier says L=%d C=%d R=%d", method, rec.SFEN, rec.Metrics, a.Legal, a.Checks, a.Replies)
			}
			n++
		}
		if n != 40 {
			t.Errorf("%s: %d problems, want 40", method, n)
		}
	}
}

func TestGenerateBadFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--method", "magic"}, `unknown method "magic"`},
		{[]string{"--n", "0"}, "--n 0"},
		{[]string{"--max_pieces", "1"}, "max pieces 1 is too small"},
		{[]string{"--two-kings", "--max_pieces", "2"}, "max pieces 2 is too small"},
		{[]string{"--format", "pdf"}, `unknown format "pdf"`},
		{[]string{"--king", "moon"}, `unknown king region "moon"`},
		{[]string{"--pieces", "G,Q"}, `unknown piece kind "Q"`},
		{[]string{"--max-checks", "5", "--max-legal", "3"}, "max checks 5 is above max legal 3"},
		{[]string{"--symmetric", "--king", "corner"}, "--symmetric needs the king on the centre file"},
		{[]string{"extra"}, `unexpected argument "extra"`},
		{[]string{"--seed", "-1"}, `flag -seed: want a whole number from 0 to 18446744073709551615`},
		{[]string{"--seed", "18446744073709551616"}, `flag -seed: want a whole number from 0 to 18446744073709551615`},
		{[]string{"--length", "3,4"}, "--length 4: want an odd number of plies"},
		{[]string{"--length", "3,x"}, `flag -length: "x": want a number of plies`},
		{[]string{"--length", "1,3"}, "--length 1,3: several lengths are for mate-in-N"},
		{[]string{"--length", "5,3,5"}, "--length 5,3,5: 5 is given twice"},
		{[]string{"--length", "3,5", "--indices", "4"}, "several lengths take --n problems of each, not --indices or --shard"},
		{[]string{"--length", "3,5", "--style", "realistic"}, "several lengths are for the composed and free styles"},
		{[]string{"--length", "3,5", "--rules", "annan"}, "several lengths are for standard mate problems"},
	} {
		out, errs, code := runGenerateCLI(t, context.Background(), c.args...)
		if code != ExitError || out != "" || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("generate %v: exit %d, stdout %q, stderr %q; want exit 2 and one line containing %q", c.args, code, out, errs, c.want)
		}
	}
}

// TestGenerateInterruptedLeavesValidFile cancels a long run and checks that
// the output file holds only whole, valid records.
func TestGenerateInterruptedLeavesValidFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "out.jsonl")
	ctx, cancel := context.WithCancel(context.Background())
	var out, errb bytes.Buffer
	done := make(chan int)
	go func() {
		done <- Run(ctx, []string{"generate", "--n", "100000000", "--method", "random", "--format", "jsonl", "--out", path}, nil, &out, &errb)
	}()
	// Let it write some problems, then interrupt.
	for {
		if fi, err := os.Stat(path); err == nil && fi.Size() > 2000 {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	cancel()
	if code := <-done; code != ExitInterrupted {
		t.Fatalf("exit %d, want %d; stderr %q", code, ExitInterrupted, errb.String())
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) == 0 || data[len(data)-1] != '\n' {
		t.Fatalf("file does not end with a whole record")
	}
	for i, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		var rec map[string]any
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("line %d is not valid JSON: %v", i+1, err)
		}
	}
	if !strings.Contains(errb.String(), "generated ") || !strings.Contains(errb.String(), "interrupted") {
		t.Errorf("stderr %q: want the summary and 'interrupted'", errb.String())
	}
}

func TestGenerateTimeout(t *testing.T) {
	// Hard symmetric problems with few pieces are rare: the timeout ends
	// the run with whatever was found and exit status 1.
	_, errs, code := runGenerateCLI(t, context.Background(), "--n", "100000", "--method", "random", "--symmetric", "--difficulty", "hard", "--timeout", "300ms")
	if code != ExitNo || !strings.Contains(errs, "timeout after 300ms: found") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
}

// The summary counts in the singular and the plural.
func TestGenerateSummaryCounts(t *testing.T) {
	for _, c := range []struct {
		n, seed string
		want    string
	}{
		{"1", "11", "generated 1 problem from 1 candidate (yield 100.00%, 0 duplicates)"},
		{"1", "1", "generated 1 problem from 5 candidates "},
		{"2", "1", "generated 2 problems from "},
	} {
		out, errs, code := runGenerateCLI(t, context.Background(), "--n", c.n, "--seed", c.seed)
		if code != ExitOK || !summaryLine.MatchString(errs) || !strings.HasPrefix(errs, c.want) {
			t.Errorf("generate --n %s --seed %s: exit %d, stderr %q; want a summary starting %q", c.n, c.seed, code, errs, c.want)
		}
		if got := strconv.Itoa(strings.Count(out, "\n")); got != c.n {
			t.Errorf("generate --n %s --seed %s: %s lines of output", c.n, c.seed, got)
		}
	}
}

// failingWriter accepts the first n writes, then fails.
type failingWriter struct{ n int }

var errDiskFull = errors.New("disk full")

func (w *failingWriter) Write(b []byte) (int, error) {
	if w.n == 0 {
		return 0, errDiskFull
	}
	w.n--
	return len(b), nil
}

// A run whose output cannot be written ends with the error and exit
// status 2, not with the summary of a success.
func TestGenerateWriteFailure(t *testing.T) {
	var errb bytes.Buffer
	code := Run(context.Background(), []string{"generate", "--n", "5"}, nil, &failingWriter{n: 1}, &errb)
	if code != ExitError || strings.Contains(errb.String(), "generated") || !strings.Contains(errb.String(), "disk full (the output is incomplete: 1 of 5 problems written)") {
		t.Errorf("failing standard output: exit %d, stderr %q", code, errb.String())
	}

	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"--n", "2", "--out", filepath.Join(file, "out.sfen")},
		{"--n", "2", "--format", "svg", "--out", filepath.Join(file, "pictures")},
	} {
		out, errs, code := runGenerateCLI(t, context.Background(), args...)
		if code != ExitError || out != "" || strings.Contains(errs, "generated") || !strings.Contains(errs, "not a directory") {
			t.Errorf("generate %v: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
}

// TestSeedIsDecimal: a seed is read in base 10 whatever its first digit,
// so a seed copied with a leading zero (0804, as from a date) is 804 and
// not an octal number refused for its digit 8.
func TestSeedIsDecimal(t *testing.T) {
	var v seedValue
	if err := v.Set("0804"); err != nil || v != 804 {
		t.Errorf("seed 0804: %d, %v; want 804", v, err)
	}
	if err := v.Set("0x10"); err == nil {
		t.Errorf("seed 0x10: accepted as %d; want an error", v)
	}
	var u uint64Value
	if err := u.Set("010"); err != nil || u != 10 {
		t.Errorf("uint64 flag 010: %d, %v; want 10", u, err)
	}
}
