package cli

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/ with the current output")

// timingLine matches the timing perft prints to stderr; the golden files
// hold it with the numbers replaced.
var timingLine = regexp.MustCompile(`(?m)^time [0-9]+\.[0-9]{2}s, [0-9]+\.[0-9] M nodes/s$`)

const timingPlaceholder = "time <T>s, <R> M nodes/s"

// goldenCase is a command line run through Run whose result is kept in a
// golden file, DIR/<golden>.golden. The file holds the command line, the
// exit status, standard output and standard error. Cases that must behave
// identically share a golden file (the first writes it under -update).
type goldenCase struct {
	golden    string
	args      []string // after "tsume"
	stdinFile string   // standard input is read from this file; empty if ""
}

// runGoldenCLI runs args with standard input from stdinFile (none if
// empty) and renders the result as golden text, noting the redirection on
// the command line. The perft timing line on standard error is replaced
// by timingPlaceholder.
func runGoldenCLI(t *testing.T, ctx context.Context, args []string, stdinFile string) string {
	t.Helper()
	var in []byte
	if stdinFile != "" {
		var err error
		if in, err = os.ReadFile(stdinFile); err != nil {
			t.Fatal(err)
		}
	}
	var stdout, stderr bytes.Buffer
	code := Run(ctx, args, bytes.NewReader(in), &stdout, &stderr)
	var b strings.Builder
	b.WriteString("$ tsume")
	for _, a := range args {
		b.WriteString(" " + shellQuote(a))
	}
	if stdinFile != "" {
		b.WriteString(" < " + shellQuote(stdinFile))
	}
	b.WriteString("\nexit " + strconv.Itoa(code) + "\n")
	b.WriteString("-- stdout --\n" + stdout.String())
	b.WriteString("-- stderr --\n" + timingLine.ReplaceAllString(stderr.String(), timingPlaceholder))
	return b.String()
}

func shellQuote(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\n'\"\\$`*?[]{}()<>|&;#~!") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// withoutCommandLine drops the first line of golden text, the command line,
// which differs between cases that share a golden file.
func withoutCommandLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[i+1:]
	}
	return s
}

// checkGoldenFile compares got with the golden file path or, under
// -update, writes got there. written holds the paths written so far, so
// that of the cases sharing a file only the first writes it; it may be nil
// when no file is shared. With commandLine, the first line of got and of
// the file is a command line, which may differ and is not compared.
func checkGoldenFile(t *testing.T, path, got string, written map[string]bool, commandLine bool) {
	t.Helper()
	if *update && !written[path] {
		if written != nil {
			written[path] = true
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run 'go test ./internal/cli -update' to create it)", err)
	}
	g, w := got, string(want)
	if commandLine {
		g, w = withoutCommandLine(g), withoutCommandLine(w)
	}
	if g != w {
		t.Errorf("output differs from %s (run 'go test ./internal/cli -update' if the change is intended)\n--- got ---\n%s--- want ---\n%s",
			path, got, want)
	}
}

// testGoldenCases runs cases and checks each result against its golden
// file in dir, after normalise (if not nil) has replaced what differs
// from run to run.
func testGoldenCases(t *testing.T, dir string, cases []goldenCase, normalise func(string) string) {
	t.Helper()
	written := map[string]bool{}
	for _, c := range cases {
		t.Run(c.golden+"/"+strings.Join(c.args, "_"), func(t *testing.T) {
			got := runGoldenCLI(t, context.Background(), c.args, c.stdinFile)
			if normalise != nil {
				got = normalise(got)
			}
			checkGoldenFile(t, filepath.Join(dir, c.golden+".golden"), got, written, true)
		})
	}
}

// testGoldenFilesUsed catches golden files in dir that no case of cases
// writes any more.
func testGoldenFilesUsed(t *testing.T, dir string, cases []goldenCase) {
	t.Helper()
	used := map[string]bool{}
	for _, c := range cases {
		used[c.golden+".golden"] = true
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.golden"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if !used[filepath.Base(f)] {
			t.Errorf("%s is not used by any case", f)
		}
	}
}

// testErrorCases checks that every err_ case of cases fails with exit
// status 2, one line on standard error starting with prefix and nothing
// on standard output.
func testErrorCases(t *testing.T, cases []goldenCase, prefix string) {
	t.Helper()
	for _, c := range cases {
		if !strings.HasPrefix(c.golden, "err_") {
			continue
		}
		var stdout, stderr bytes.Buffer
		code := Run(context.Background(), c.args, nil, &stdout, &stderr)
		if code != ExitError || stdout.Len() != 0 || strings.Count(stderr.String(), "\n") != 1 || !strings.HasPrefix(stderr.String(), prefix) {
			t.Errorf("tsume %s: exit %d, stdout %q, stderr %q; want exit %d, nothing on stdout and one line on stderr starting %q",
				strings.Join(c.args, " "), code, stdout.String(), stderr.String(), ExitError, prefix)
		}
	}
}
