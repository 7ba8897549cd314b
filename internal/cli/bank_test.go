package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/bank"
)

// runBankCLI runs tsume with args and stdin, returning its output and status.
func runBankCLI(t *testing.T, ctx context.Context, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = Run(ctx, args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

// mustRun runs tsume and fails the test unless it exits 0.
func mustRun(t *testing.T, args ...string) string {
	t.Helper()
	out, errs, code := runBankCLI(t, context.Background(), "", args...)
	if code != ExitOK {
		t.Fatalf("tsume %s: exit %d, stderr %s", strings.Join(args, " "), code, errs)
	}
	return out
}

// TestBankRoundTrip generates problems in every format, imports each file
// into a bank of its own and exports every format from it: what the
// source and the target formats both carry comes back as generate wrote
// it, byte for byte.
func TestBankRoundTrip(t *testing.T) {
	dir := t.TempDir()
	formats := []string{"sfen", "jsonl", "kif", "ki2", "csa"}
	// What a format carries: the position; the main line and provenance;
	// every field.
	carries := map[string]int{"sfen": 0, "kif": 1, "ki2": 1, "csa": 1, "jsonl": 2}
	for _, run := range []struct {
		name string
		args []string
	}{
		{"mate1", []string{"--n", "30", "--seed", "4"}},
		{"mate3", []string{"--n", "3", "--length", "3", "--seed", "2"}},
	} {
		generated := map[string]string{}
		for _, f := range formats {
			file := filepath.Join(dir, run.name+"."+f)
			mustRun(t, append([]string{"generate", "--format", f, "--out", file}, run.args...)...)
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			generated[f] = string(data)
		}
		for _, src := range formats {
			db := filepath.Join(dir, run.name+"-"+src+".db")
			mustRun(t, "bank", "import", "--bank", db, filepath.Join(dir, run.name+"."+src))
			for _, dst := range formats {
				if carries[dst] > carries[src] {
					continue
				}
				got := mustRun(t, "bank", "export", "--bank", db, "--format", dst)
				if got != generated[dst] {
					t.Errorf("%s: generate %s, import, export %s:\n%s\nwant\n%s", run.name, src, dst, got, generated[dst])
				}
			}
		}
	}
	// The worksheet of every problem.
	sheet := filepath.Join(dir, "sheet")
	mustRun(t, "bank", "export", "--bank", filepath.Join(dir, "mate1-jsonl.db"), "--format", "svg", "--out", sheet, "--limit", "8")
	pics, _ := filepath.Glob(filepath.Join(sheet, "*.svg"))
	index, err := os.ReadFile(filepath.Join(sheet, "index.html"))
	if err != nil || len(pics) != 8 || !bytes.Contains(index, []byte("0008.svg")) {
		t.Errorf("worksheet: %d pictures, index %v", len(pics), err)
	}
}

// TestBankAddMirror adds a position and its mirror image: one entry.
func TestBankAddMirror(t *testing.T) {
	db := filepath.Join(t.TempDir(), "b.db")
	in := "7k1/9/7P1/9/9/9/9/9/9 b G 1\n1k7/9/1P7/9/9/9/9/9/9 b G 1\n"
	out, errs, code := runBankCLI(t, context.Background(), in, "bank", "add", "--bank", db)
	want := "added: 7k1/9/7P1/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1 mate in 1 (sound): G*2b\n" +
		"duplicate: 1k7/9/1P7/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1 mate in 1 (sound): G*8b\n"
	if code != ExitOK || out != want {
		t.Errorf("exit %d, stdout\n%s\nwant\n%s\nstderr %s", code, out, want, errs)
	}
	out, errs, code = runBankCLI(t, context.Background(), "", "bank", "add", "--bank", db, "--sfen", "4k4/9/9/9/9/9/9/9/9 b P 1")
	if code != ExitNo || out != "" || !strings.Contains(errs, "--sfen: 4k4/9/9/9/9/9/9/9/9 b P 1: no mate") {
		t.Errorf("a position without mate: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	_, errs, code = runBankCLI(t, context.Background(), "9/9/9 b - 1\n", "bank", "add", "--bank", db)
	if code != ExitError || !strings.HasPrefix(errs, "tsume bank: stdin:1: ") {
		t.Errorf("a bad SFEN: exit %d, stderr %q", code, errs)
	}
}

// TestBankImportErrors checks that a bad record is named by file and line.
func TestBankImportErrors(t *testing.T) {
	dir := t.TempDir()
	good := mustRun(t, "generate", "--n", "2", "--format", "jsonl")
	bad := filepath.Join(dir, "bad.jsonl")
	os.WriteFile(bad, []byte(good+`{"sfen":"9/9/9/9/9/9/9/9/9 b - 1","solution":"7g7f"}`+"\n"), 0o644)
	_, errs, code := runBankCLI(t, context.Background(), "", "bank", "import", "--bank", filepath.Join(dir, "b.db"), bad)
	if code != ExitError || !strings.Contains(errs, bad+":3: solution") {
		t.Errorf("exit %d, stderr %q; want the file and line 3", code, errs)
	}
	kif := filepath.Join(dir, "bad.kif")
	os.WriteFile(kif, []byte("後手の持駒：なし\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n| ・ ・ ・|一\n"), 0o644)
	_, errs, code = runBankCLI(t, context.Background(), "", "bank", "import", "--bank", filepath.Join(dir, "b.db"), kif)
	if code != ExitError || !strings.Contains(errs, kif+":") {
		t.Errorf("exit %d, stderr %q; want the file named", code, errs)
	}
	if _, errs, code = runBankCLI(t, context.Background(), "", "bank", "import", "--bank", filepath.Join(dir, "b.db"), filepath.Join(dir, "none")); code != ExitError {
		t.Errorf("a missing file: exit %d, stderr %q", code, errs)
	}
}

// generateBankSummary matches the bank's line at the end of generate --bank.
var generateBankSummary = regexp.MustCompile(`(?m)^bank .*: ([0-9]+) problems? added, ([0-9]+) duplicates?$`)

// TestGenerateBank writes generated problems into a bank, twice (the
// second run only duplicates), then interrupts a long run: the bank then
// holds what the summary says.
func TestGenerateBank(t *testing.T) {
	ctx := context.Background()
	db := filepath.Join(t.TempDir(), "g.db")
	for i, want := range []string{"40 problems added, 0 duplicates", "0 problems added, 40 duplicates"} {
		out, errs, code := runBankCLI(t, ctx, "", "generate", "--n", "40", "--seed", "9", "--bank", db)
		if code != ExitOK || out != "" || !strings.Contains(errs, "bank "+db+": "+want) {
			t.Errorf("run %d: exit %d, stdout %q, stderr %q; want %q", i, code, out, errs, want)
		}
	}
	// With --format, the problems go to standard output too.
	out, _, _ := runBankCLI(t, ctx, "", "generate", "--n", "5", "--seed", "9", "--bank", db, "--format", "sfen")
	if strings.Count(out, "\n") != 5 {
		t.Errorf("--bank --format sfen wrote %q", out)
	}
	// The run is interrupted once the bank holds a problem, however long
	// that takes on a busy machine (the two minutes only end a hang).
	runCtx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	idb := filepath.Join(t.TempDir(), "i.db")
	go func() {
		for runCtx.Err() == nil {
			time.Sleep(50 * time.Millisecond)
			if b, err := bank.OpenExisting(ctx, idb); err == nil {
				n, err := b.Count(ctx, bank.Query{Plies: 3})
				b.Close()
				if err == nil && n > 0 {
					cancel()
				}
			}
		}
	}()
	_, errs, code := runBankCLI(t, runCtx, "", "generate", "--n", "100000000", "--length", "3", "--bank", idb, "--workers", "2")
	m := generateBankSummary.FindStringSubmatch(errs)
	if code != ExitInterrupted || m == nil {
		t.Fatalf("interrupted run: exit %d, stderr %q", code, errs)
	}
	b, err := bank.Open(ctx, idb)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	n, _ := b.Count(ctx, bank.Query{Plies: 3})
	if m[1] != strconv.Itoa(n) || n == 0 {
		t.Errorf("the summary says %s added, the bank holds %d", m[1], n)
	}
}

// TestBankGolden checks the help of tsume bank and the output of query
// and stats on a bank made from generate's golden files, with a few
// attempts recorded.
func TestBankGolden(t *testing.T) {
	golden, err := filepath.Abs(filepath.Join("testdata", "bank"))
	if err != nil {
		t.Fatal(err)
	}
	inputs, err := filepath.Glob(filepath.Join("testdata", "generate", "*"))
	if err != nil || len(inputs) < 5 {
		t.Fatalf("generate's golden files: %v, %v", inputs, err)
	}
	for i := range inputs {
		inputs[i], _ = filepath.Abs(inputs[i])
	}
	t.Chdir(t.TempDir())
	mustRun(t, append([]string{"bank", "import"}, inputs...)...)
	ctx := context.Background()
	b, err := bank.Open(ctx, "tsume.db")
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	for i, a := range []bank.Attempt{
		{ProblemID: 1, Session: "s1", Solved: true, Duration: 20 * time.Second},
		{ProblemID: 1, Session: "s2", Solved: false, Duration: 90 * time.Second},
		{ProblemID: 2, Session: "s1", Solved: false, Duration: 60 * time.Second},
	} {
		a.At = at.Add(time.Duration(i) * time.Minute)
		if _, _, err := b.Record(ctx, a); err != nil {
			t.Fatal(err)
		}
	}
	b.Close()
	if err := os.WriteFile("empty.kif", nil, 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []goldenCase{
		{golden: "help_bank", args: []string{"help", "bank"}},
		{golden: "help_bank_query", args: []string{"bank", "query", "--help"}},
		{golden: "stats", args: []string{"bank", "stats"}},
		{golden: "stats_json", args: []string{"bank", "stats", "--json"}},
		{golden: "query", args: []string{"bank", "query"}},
		{golden: "query_mate3", args: []string{"bank", "query", "--length", "3", "--max-pieces", "6", "--limit", "3"}},
		{golden: "query_corner_gold", args: []string{"bank", "query", "--king-region", "corner", "--mating-piece", "G"}},
		{golden: "query_json", args: []string{"bank", "query", "--json", "--limit", "2"}},
		{golden: "query_theme", args: []string{"bank", "query", "--theme", "head-gold"}},
		{golden: "query_themes_all", args: []string{"bank", "query", "--theme", "sacrifice,sending", "--json"}},
		{golden: "query_theme_repeated", args: []string{"bank", "query", "--theme", "sacrifice", "--theme", "lure"}},
		{golden: "init", args: []string{"bank", "init"}},
		{golden: "err_no_subcommand", args: []string{"bank"}},
		{golden: "err_unknown_subcommand", args: []string{"bank", "frob"}},
		{golden: "err_king_region", args: []string{"bank", "query", "--king-region", "middle"}},
		{golden: "err_unknown_flag", args: []string{"bank", "stats", "--frob"}},
		{golden: "err_theme", args: []string{"bank", "query", "--theme", "sacrifice,flying"}},
		{golden: "err_query_missing", args: []string{"bank", "query", "--bank", "nonexist.db"}},
		{golden: "err_stats_not_bank", args: []string{"bank", "stats", "--bank", "empty.kif"}},
	}
	testGoldenCases(t, golden, cases, nil)
	testGoldenFilesUsed(t, golden, cases)
	testErrorCases(t, cases, "tsume bank: ")
}
