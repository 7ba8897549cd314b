package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runWithStdin runs the command line args with stdin as standard input
// and returns its exit status and outputs.
func runWithStdin(stdin []byte, args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	code := Run(context.Background(), args, bytes.NewReader(stdin), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// mistypedSFEN is an SFEN with a bad piece letter on its board, and
// mistypedMsg the error the SFEN reader gives for it.
const (
	mistypedSFEN = "8k/9/9/7Rx/9/9/9/9/9 b B 1"
	mistypedMsg  = "bad SFEN (board field) at offset 9 ('x'): unknown piece letter 'x'; want one of PLNSBRGK (Black) or plnsbrgk (White)"
)

// TestBadSFENSameErrorEverywhere checks that a mistyped SFEN gets the SFEN
// reader's error, with its field, offset and character, whether it comes
// in --sfen, in a file given to --file, or on standard input to --file -
// (not "cannot tell the format").
func TestBadSFENSameErrorEverywhere(t *testing.T) {
	file := filepath.Join(t.TempDir(), "bad.sfen")
	if err := os.WriteFile(file, []byte(mistypedSFEN+"\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		stdin string
		args  []string
		want  string
	}{
		{"", []string{"solve", "--sfen", mistypedSFEN}, "tsume solve: " + mistypedMsg + "\n"},
		{"", []string{"solve", "--file", file}, "tsume solve: " + file + ":1: " + mistypedMsg + " (reading SFEN)\n"},
		{mistypedSFEN + "\n", []string{"solve", "--file", "-"}, "tsume solve: standard input:1: " + mistypedMsg + " (reading SFEN)\n"},
		// In a USI command, the offset is counted in the line.
		{"", []string{"perft", "--depth", "1", "--sfen", "position sfen " + mistypedSFEN}, "tsume perft: bad SFEN (board field) at offset 23 ('x'):"},
		{"  position sfen " + mistypedSFEN + "\n", []string{"perft", "--depth", "1", "--file", "-"}, "tsume perft: standard input:1: bad SFEN (board field) at offset 25 ('x'):"},
	} {
		code, stdout, stderr := runWithStdin([]byte(c.stdin), c.args...)
		if code != ExitError || stdout != "" {
			t.Errorf("tsume %s: exit %d, stdout %q; want exit 2 and nothing", strings.Join(c.args, " "), code, stdout)
		}
		if !strings.HasPrefix(stderr, c.want) || strings.Contains(stderr, "cannot tell the format") {
			t.Errorf("tsume %s: stderr %q, want %q", strings.Join(c.args, " "), stderr, c.want)
		}
	}
}

// TestBatchNotText checks that bytes that are not text in a batch end it
// as bad input with the message --file gives them, and are not echoed.
func TestBatchNotText(t *testing.T) {
	const bin = "testdata/input/random.bin"
	_, _, want := runCLI("verify", "--file", bin)
	if !strings.Contains(want, "the input is not text") {
		t.Fatalf("verify --file %s: %q, want \"the input is not text\"", bin, want)
	}
	data, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"verify", "--batch", bin}, {"solve", "--batch", bin}} {
		code, stdout, stderr := runCLI(args...)
		if code != ExitError || stdout != "" || stderr != strings.Replace(want, "verify", args[0], 1) {
			t.Errorf("tsume %s: exit %d, stdout %q, stderr %q; want exit 2 and %q", strings.Join(args, " "), code, stdout, stderr, want)
		}
	}
	// On standard input, after a good line: the line is named, the
	// result before it kept.
	in := append([]byte("8k/9/9/9/9/9/9/9/9 b G 1\n"), data...)
	code, stdout, stderr := runWithStdin(in, "verify", "--sfen", "-")
	if code != ExitError || !strings.Contains(stdout, "line 1\n") || strings.Contains(stdout, "line 2") ||
		!strings.HasPrefix(stderr, "tsume verify: standard input:2: ") || !strings.Contains(stderr, "the input is not text") {
		t.Errorf("verify --sfen - with bytes on line 2: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

// TestGenerateBadLength checks that a bad --length is the one error
// reported, with the lengths there are, whatever the other flags.
func TestGenerateBadLength(t *testing.T) {
	for _, length := range []string{"0", "-3", "2", "4"} {
		code, stdout, stderr := runCLI("generate", "--length", length, "--min-sacrifices", "1")
		want := "tsume generate: --length " + length + ": want an odd number of plies, 1 (mate-in-1) or 3, 5, 7, … (mate-in-N) (run 'tsume help generate' for usage)\n"
		if code != ExitError || stdout != "" || stderr != want {
			t.Errorf("generate --length %s: exit %d, stdout %q, stderr %q; want %q", length, code, stdout, stderr, want)
		}
	}
}

// TestNoDoubledPrefix checks that a message does not repeat what its
// prefix says: the command's name ("tsume bank: bank: …") or the file
// read ("reading f: read f: …").
func TestNoDoubledPrefix(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", "--file", dir}, "tsume solve: read " + dir + ": is a directory\n"},
		{[]string{"verify", "--batch", dir}, "tsume verify: read " + dir + ": is a directory\n"},
		{[]string{"bench", "--problems", dir}, "tsume bench: read " + dir + ": is a directory\n"},
		{[]string{"analyze", "--graph", dir}, "tsume analyze: read " + dir + ": is a directory\n"},
		{[]string{"serve", "--problems", dir}, "tsume serve: read " + dir + ": is a directory\n"},
		{[]string{"bank", "stats", "--bank", filepath.Join(dir, "no", "such.db")}, "tsume bank: stats: " + filepath.Join(dir, "no", "such.db") + ": no such file"},
	} {
		code, _, stderr := runCLI(c.args...)
		if code != ExitError || !strings.HasPrefix(stderr, c.want) {
			t.Errorf("tsume %s: exit %d, stderr %q, want it to start %q", strings.Join(c.args, " "), code, stderr, c.want)
		}
	}
	for msg, want := range map[string]string{
		"bank: bank: x.db: locked":        "x.db: locked",
		"bank: merge: bank: x.db: locked": "merge: x.db: locked",
		"x.db: locked":                    "x.db: locked",
		"banks: a: bank":                  "banks: a: bank",
	} {
		if got := undoubled("bank", msg); got != want {
			t.Errorf("undoubled(bank, %q) = %q, want %q", msg, got, want)
		}
	}
}
