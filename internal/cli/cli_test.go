package cli

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

const matsuri = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1"

// goldenCases are run through Run; each golden file holds the command line,
// the exit status, standard output and standard error. Cases that must
// behave identically share a golden file.
var goldenCases = []goldenCase{
	{"help", []string{"help"}, ""},
	{"help", []string{"--help"}, ""},
	{"help", []string{"-h"}, ""},
	{"help", []string{"-help"}, ""},
	{"no_command", nil, ""},
	{"help_perft", []string{"help", "perft"}, ""},
	{"help_perft", []string{"perft", "--help"}, ""},
	{"help_perft", []string{"perft", "-h"}, ""},
	{"help_help", []string{"help", "help"}, ""},

	{"perft_d2", []string{"perft", "--depth", "2"}, ""},
	{"perft_d2", []string{"perft", "-depth", "2"}, ""},
	{"perft_d2", []string{"perft", "--depth=2", "--sfen", "startpos"}, ""},
	{"perft_d2", []string{"perft", "--sfen", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "--depth", "2"}, ""},
	{"perft_divide_d1", []string{"perft", "--depth", "1", "--divide"}, ""},
	{"perft_divide_d2", []string{"perft", "--divide", "--depth", "2"}, ""},
	{"perft_matsuri_divide_d1", []string{"perft", "--sfen", matsuri, "--depth", "1", "--divide"}, ""},
	{"perft_matsuri_d2", []string{"perft", "--sfen", matsuri, "--depth", "2"}, ""},

	// Positions from record files (see input.go): a board diagram, CSA,
	// KI2 read by content, USI moves in --sfen, and --ply.
	{"perft_matsuri_d2", []string{"perft", "--kif", "testdata/input/matsuri.kif", "--depth", "2"}, ""},
	{"perft_matsuri_d2", []string{"perft", "--file", "testdata/input/matsuri.kif", "--depth", "2"}, ""},
	{"perft_record_d2", []string{"perft", "--csa", "testdata/input/opening.csa", "--depth", "2"}, ""},
	{"perft_record_d2", []string{"perft", "--ki2", "testdata/input/opening.ki2", "--depth", "2"}, ""},
	{"perft_ply2_divide_d1", []string{"perft", "--csa", "testdata/input/opening.csa", "--ply", "2", "--depth", "1", "--divide"}, ""},
	{"perft_ply2_divide_d1", []string{"perft", "--file", "testdata/input/opening.ki2", "--ply=2", "--depth", "1", "--divide"}, ""},
	{"perft_ply2_divide_d1", []string{"perft", "--sfen", "position startpos moves 7g7f 3c3d", "--ply", "2", "--depth", "1", "--divide"}, ""},
	{"perft_ply15_d2", []string{"perft", "--csa", "testdata/input/opening.csa", "--ply", "15", "--depth", "2"}, ""},
	{"err_record_line", []string{"perft", "--kif", "testdata/input/bad.kif", "--depth", "1"}, ""},
	{"err_record_format", []string{"perft", "--csa", "testdata/input/bad.kif", "--depth", "1"}, ""},
	{"err_record_missing", []string{"perft", "--kif", "testdata/input/missing.kif", "--depth", "1"}, ""},
	{"err_two_positions", []string{"perft", "--sfen", "startpos", "--kif", "testdata/input/matsuri.kif", "--depth", "1"}, ""},
	{"err_ply_beyond", []string{"perft", "--csa", "testdata/input/opening.csa", "--ply", "16", "--depth", "1"}, ""},
	{"err_ply_negative", []string{"perft", "--kif", "testdata/input/matsuri.kif", "--ply", "-1", "--depth", "1"}, ""},
	{"err_usi_illegal_move", []string{"perft", "--sfen", "position startpos moves 7g7f 7g7f", "--depth", "1"}, ""},

	{"err_unknown_command", []string{"frobnicate"}, ""},
	{"err_unknown_flag_top", []string{"--frob"}, ""},
	{"err_unknown_flag", []string{"perft", "--depth", "2", "--frob"}, ""},
	{"err_bad_sfen", []string{"perft", "--sfen", "lnsgkgsnl/1r5bx/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "--depth", "2"}, ""},
	{"err_bad_sfen_fields", []string{"perft", "--sfen", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL", "--depth", "2"}, ""},
	{"err_illegal_position", []string{"perft", "--sfen", "4k4/9/9/9/4P4/9/4P4/9/4K4 b - 1", "--depth", "1"}, ""},
	{"err_bad_depth_0", []string{"perft", "--depth", "0"}, ""},
	{"err_bad_depth_21", []string{"perft", "--depth", "21"}, ""},
	{"err_bad_depth_negative", []string{"perft", "--depth", "-3"}, ""},
	{"err_bad_depth_text", []string{"perft", "--depth", "five"}, ""},
	{"err_missing_depth", []string{"perft"}, ""},
	{"err_extra_argument", []string{"perft", "--depth", "1", "b"}, ""},
	{"err_help_unknown", []string{"help", "frobnicate"}, ""},
	{"err_help_two", []string{"help", "perft", "help"}, ""},
}

func TestGolden(t *testing.T) {
	testGoldenCases(t, "testdata", goldenCases, nil)
}

// TestGoldenFilesUsed catches golden files that no case writes any more.
func TestGoldenFilesUsed(t *testing.T) {
	testGoldenFilesUsed(t, "testdata", goldenCases)
}

func TestInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var stdout, stderr bytes.Buffer
	code := Run(ctx, []string{"perft", "--depth", "3"}, strings.NewReader(""), &stdout, &stderr)
	if code != ExitInterrupted {
		t.Errorf("exit %d, want %d", code, ExitInterrupted)
	}
	if stdout.Len() != 0 {
		t.Errorf("stdout %q, want nothing", stdout.String())
	}
	if got, want := stderr.String(), "tsume perft: interrupted\n"; got != want {
		t.Errorf("stderr %q, want %q", got, want)
	}
}

// TestPerftTiming checks the timing line that the golden files abstract.
func TestPerftTiming(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := Run(context.Background(), []string{"perft", "--depth", "3"}, strings.NewReader(""), &stdout, &stderr); code != ExitOK {
		t.Fatalf("exit %d; stderr %q", code, stderr.String())
	}
	if got := stdout.String(); got != "nodes 25470\n" {
		t.Errorf("stdout %q, want %q", got, "nodes 25470\n")
	}
	if !timingLine.MatchString(stderr.String()) || strings.Count(stderr.String(), "\n") != 1 {
		t.Errorf("stderr %q, want one line matching %s", stderr.String(), timingLine)
	}
}

// TestEveryCommandHasHelp checks that each registered command describes
// itself and that its help runs.
func TestEveryCommandHasHelp(t *testing.T) {
	for _, c := range commandList() {
		if c.summary == "" || c.help == "" || c.setup == nil {
			t.Errorf("command %q lacks a summary, help or setup", c.name)
		}
		if strings.HasSuffix(c.summary, ".") || strings.Contains(c.summary, "\n") {
			t.Errorf("command %q: summary %q should be one line without a full stop", c.name, c.summary)
		}
		var stdout, stderr bytes.Buffer
		if code := Run(context.Background(), []string{c.name, "--help"}, nil, &stdout, &stderr); code != ExitOK || stderr.Len() != 0 {
			t.Errorf("tsume %s --help: exit %d, stderr %q", c.name, code, stderr.String())
		}
		if !strings.HasPrefix(stdout.String(), "usage: tsume "+c.name) {
			t.Errorf("tsume %s --help: output starts %q", c.name, stdout.String())
		}
	}
}

// TestErrorsAreOneLine checks that every failing golden case writes exactly
// one line to stderr (apart from 'tsume' alone, which shows the help).
func TestErrorsAreOneLine(t *testing.T) {
	for _, c := range goldenCases {
		if len(c.args) == 0 {
			continue
		}
		var stdout, stderr bytes.Buffer
		code := Run(context.Background(), c.args, nil, &stdout, &stderr)
		if code == ExitOK {
			continue
		}
		if n := strings.Count(stderr.String(), "\n"); n != 1 || !strings.HasPrefix(stderr.String(), "tsume") {
			t.Errorf("tsume %s: stderr %q, want one line starting \"tsume\"", strings.Join(c.args, " "), stderr.String())
		}
		if stdout.Len() != 0 {
			t.Errorf("tsume %s: failed but wrote %q to stdout", strings.Join(c.args, " "), stdout.String())
		}
	}
}
