package cli

import (
	"bytes"
	"context"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/mate"
)

// The golden files of the rough edges of issue 13 live in testdata/edges/:
// USI position commands, files of several records, bytes that are not
// text, flag values, exit statuses, version.
const edgesGoldenDir = "testdata/edges"

const (
	eProblems = "testdata/input/problems.kif" // three records, as generate --format kif writes them
	eIllegal  = "4k4/9/9/9/4P4/9/4P4/9/4K4 b - 1"
)

var edgesGoldenCases = []goldenCase{
	// A USI position command means the position after its moves; --ply
	// picks an earlier one.
	{"usi_after_moves", []string{"render", "--format", "sfen", "--sfen", "position startpos moves 7g7f 3c3d"}, ""},
	{"usi_after_moves", []string{"render", "--format", "sfen", "--sfen", "startpos moves 7g7f 3c3d"}, ""},
	{"usi_after_moves", []string{"render", "--format", "sfen", "--sfen", "position startpos moves 7g7f 3c3d 8h2b+", "--ply", "2"}, ""},
	{"usi_ply_0", []string{"render", "--format", "sfen", "--sfen", "position startpos moves 7g7f 3c3d", "--ply", "0"}, ""},
	{"usi_perft_after_moves", []string{"perft", "--sfen", "position startpos moves 7g7f", "--depth", "1"}, ""},
	{"usi_verify_after_moves", []string{"verify", "--sfen", "position sfen 5k3/9/4S4/9/9/9/9/9/9 w G 1 moves 4a5a"}, ""},
	{"err_usi_ply_beyond", []string{"render", "--sfen", "position startpos moves 7g7f", "--ply", "2"}, ""},

	// A file of several records is a batch for solve and verify, and
	// refused by the commands that take one position.
	{"records_verify", []string{"verify", "--kif", eProblems, "--json"}, ""},
	{"records_verify", []string{"verify", "--file", eProblems, "--json"}, ""},
	{"records_verify", []string{"verify", "--batch", eProblems, "--json"}, ""},
	{"records_verify", []string{"verify", "--sfen", "-", "--json"}, eProblems},
	{"records_solve", []string{"solve", "--kif", eProblems}, ""},
	{"records_solve", []string{"solve", "--batch", eProblems}, ""},
	{"records_solve_json", []string{"solve", "--sfen", "-", "--json"}, eProblems},
	{"err_records_render", []string{"render", "--kif", eProblems}, ""},
	{"err_records_perft", []string{"perft", "--file", eProblems, "--depth", "1"}, ""},
	{"err_records_analyze", []string{"analyze", "--kif", eProblems, "--plies", "1"}, ""},

	// Bytes that are not text, or not the text they seem.
	{"err_bad_utf8_kif", []string{"perft", "--kif", "testdata/input/bad_utf8.kif", "--depth", "1"}, ""},
	{"err_bad_utf8_file", []string{"perft", "--file", "testdata/input/bad_utf8.kif", "--depth", "1"}, ""},
	{"err_random_bytes", []string{"render", "--file", "testdata/input/random.bin"}, ""},
	{"err_random_bytes_verify", []string{"verify", "--file", "testdata/input/random.bin"}, ""},
	{"err_sfen_fullwidth_digit", []string{"verify", "--sfen", "4k4/9/4４4/9/9/9/9/9/9 b G 1"}, ""},
	{"err_sfen_fullwidth_hand", []string{"solve", "--sfen", "4k4/9/4S4/9/9/9/9/9/9 b ４ 1"}, ""},

	// Flag values say what they want.
	{"err_time_unit", []string{"solve", "--sfen", "4k4/9/4S4/9/9/9/9/9/9 b G 1", "--time", "5"}, ""},
	{"err_bench_time_unit", []string{"bench", "--time", "60"}, ""},
	{"err_bench_time_bad", []string{"bench", "--time", "soon"}, ""},
	{"err_nodes_negative", []string{"solve", "--sfen", "4k4/9/4S4/9/9/9/9/9/9 b G 1", "--nodes", "-5"}, ""},

	// An illegal position is bad input for every command.
	{"err_illegal_perft", []string{"perft", "--sfen", eIllegal, "--depth", "1"}, ""},
	{"err_illegal_verify", []string{"verify", "--sfen", eIllegal}, ""},
	{"err_illegal_verify_json", []string{"verify", "--sfen", eIllegal, "--json"}, ""},
	{"err_illegal_render", []string{"render", "--sfen", eIllegal}, ""},
	{"err_illegal_render_kif", []string{"render", "--sfen", eIllegal, "--format", "kif"}, ""},
	{"err_illegal_solve", []string{"solve", "--sfen", eIllegal}, ""},
	{"err_illegal_analyze", []string{"analyze", "--sfen", eIllegal, "--plies", "1"}, ""},
	// In a list it is a result of its own, with its reason.
	{"bench_error_rows", []string{"bench", "--problems", "testdata/bench/error_rows.tsv"}, ""},

	{"help_version", []string{"help", "version"}, ""},
	{"err_version_argument", []string{"version", "extra"}, ""},
}

func TestEdgesGolden(t *testing.T) {
	testGoldenCases(t, edgesGoldenDir, edgesGoldenCases, normaliseSolve)
}

func TestEdgesGoldenFilesUsed(t *testing.T) {
	testGoldenFilesUsed(t, edgesGoldenDir, edgesGoldenCases)
}

func TestEdgesErrors(t *testing.T) {
	testErrorCases(t, edgesGoldenCases, "tsume ")
}

// TestVersion checks the version report: the build information it is
// given, line by line, and the command itself.
func TestVersion(t *testing.T) {
	for _, c := range []struct {
		bi   *debug.BuildInfo
		want []string
	}{
		{nil, []string{"tsume (devel)"}},
		{&debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Path: "github.com/tsume-shogi/tsume", Version: "v1.2.3"},
			Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "289bd85c"}, {Key: "vcs.time", Value: "2026-12-01T10:00:00Z"}, {Key: "vcs.modified", Value: "true"}}},
			[]string{"tsume v1.2.3", "module github.com/tsume-shogi/tsume", "revision 289bd85c (2026-12-01T10:00:00Z, modified)", "go1.26.0 "}},
		{&debug.BuildInfo{Main: debug.Module{Path: "github.com/tsume-shogi/tsume", Version: "(devel)"},
			Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "abc"}, {Key: "vcs.modified", Value: "false"}}},
			[]string{"tsume (devel)", "module github.com/tsume-shogi/tsume", "revision abc"}},
	} {
		var b bytes.Buffer
		writeVersion(&b, c.bi)
		lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
		if len(lines) != len(c.want)+1 && !(len(lines) == len(c.want) && strings.HasPrefix(c.want[len(c.want)-1], "go")) {
			t.Errorf("version report %q, want lines %q and the Go version", b.String(), c.want)
			continue
		}
		for i, w := range c.want {
			if !strings.HasPrefix(lines[i], w) {
				t.Errorf("line %d %q, want %q", i+1, lines[i], w)
			}
		}
		if last := lines[len(lines)-1]; !strings.HasPrefix(last, "go") || !strings.Contains(last, "/") {
			t.Errorf("last line %q, want the Go version, OS and architecture", last)
		}
	}
	var stdout, stderr bytes.Buffer
	if code := Run(context.Background(), []string{"version"}, nil, &stdout, &stderr); code != ExitOK || !strings.HasPrefix(stdout.String(), "tsume ") || stderr.Len() != 0 {
		t.Errorf("tsume version: exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
}

// TestSolveInterruptedReport checks that a search stopped by the context
// reports what it has (status unknown, or a mate not proven shortest, and
// the nodes) before "interrupted".
func TestSolveInterruptedReport(t *testing.T) {
	// 図巧第30番 (17 plies) takes longer than the timeout.
	const zukou30 = "4+LgB2/3+P1+R1R1/4+bl1g1/8k/5p1p1/7+p1/9/9/9 b 2G4s4n2l14p 1"
	for _, json := range []bool{false, true} {
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		args := []string{"solve", "--sfen", zukou30, "--time", "0", "--hash", "16"}
		if json {
			args = append(args, "--json")
		}
		var stdout, stderr bytes.Buffer
		code := Run(ctx, args, nil, &stdout, &stderr)
		cancel()
		out := stdout.String()
		if code != ExitInterrupted || stderr.String() != "tsume solve: interrupted\n" {
			t.Errorf("%s: exit %d, stderr %q; want %d and interrupted", strings.Join(args, " "), code, stderr.String(), ExitInterrupted)
		}
		// The search may have proven a mate (not the shortest) by then.
		status := []string{"status: unknown (interrupted)", "status: mate"}
		if json {
			status = []string{`"status":"unknown"`, `"status":"mate"`}
		}
		if !strings.Contains(out, status[0]) && !strings.Contains(out, status[1]) {
			t.Errorf("%s: stdout %q, want %q or %q", strings.Join(args, " "), out, status[0], status[1])
		}
		if strings.Contains(out, `"nodes":0,`) || strings.Contains(out, "nodes 0,") {
			t.Errorf("%s: no nodes reported: %q", strings.Join(args, " "), out)
		}
	}
}

// TestSolveInterruptedText checks the status line of an interrupted search
// that found no mate.
func TestSolveInterruptedText(t *testing.T) {
	r := &solveReport{interrupted: true, sol: &mate.Solution{Status: mate.Unknown, Nodes: 10}}
	if got := r.limitText(); got != "interrupted" {
		t.Errorf("limitText() = %q, want interrupted", got)
	}
}

// TestExitStatuses checks the README's table for every command: 0 for
// success, 1 for a negative answer, 2 for bad usage or bad input (an
// illegal position included), one line on standard error then and
// nothing on standard output.
func TestExitStatuses(t *testing.T) {
	const (
		mate1   = "4k4/9/4S4/9/9/9/9/9/9 b G 1"
		mate3   = "8k/9/9/7Rs/9/9/9/9/9 b B 1"
		noMate  = "4k4/9/9/9/9/9/9/9/9 b G 1"
		twoMate = "8k/9/7S1/9/9/9/9/9/9 b G 1" // G*1b and G*2b: not unique
	)
	bench := "testdata/bench/"
	db := filepath.Join(t.TempDir(), "exit.db")
	cases := []struct {
		args  []string
		stdin string
		want  int
	}{
		{[]string{"help"}, "", ExitOK},
		{[]string{"help", "frob"}, "", ExitError},
		{[]string{"perft", "--depth", "1"}, "", ExitOK},
		{[]string{"perft", "--sfen", eIllegal, "--depth", "1"}, "", ExitError},
		{[]string{"generate", "--n", "1", "--progress", "never"}, "", ExitOK},
		{[]string{"generate", "--n", "0"}, "", ExitError},
		{[]string{"verify", "--sfen", mate1}, "", ExitOK},
		{[]string{"verify", "--sfen", twoMate}, "", ExitNo},
		{[]string{"verify", "--sfen", eIllegal}, "", ExitError},
		{[]string{"verify", "--sfen", "-"}, eIllegal + "\n", ExitNo}, // a batch line: a result of its own
		{[]string{"render", "--sfen", mate1}, "", ExitOK},
		{[]string{"render", "--sfen", eIllegal}, "", ExitError},
		{[]string{"solve", "--sfen", mate3}, "", ExitOK},
		{[]string{"solve", "--sfen", noMate}, "", ExitNo},
		{[]string{"solve", "--sfen", eIllegal}, "", ExitError},
		{[]string{"solve", "--sfen", "-"}, eIllegal + "\n", ExitNo},
		{[]string{"analyze", "--sfen", mate3, "--plies", "3"}, "", ExitOK},
		{[]string{"analyze", "--sfen", mate3, "--plies", "1"}, "", ExitNo},
		{[]string{"analyze", "--sfen", eIllegal, "--plies", "1"}, "", ExitError},
		{[]string{"analyze", "--graph", "testdata/analyze/invalid.json"}, "", ExitError},
		{[]string{"bench", "--problems", bench + "small.tsv", "--hash", "16"}, "", ExitOK},
		{[]string{"bench", "--problems", bench + "wrong.tsv", "--hash", "16"}, "", ExitNo},
		{[]string{"bench", "--problems", bench + "error_rows.tsv", "--hash", "16"}, "", ExitNo},
		{[]string{"bench", "--problems", bench + "bad_columns.tsv"}, "", ExitError},
		{[]string{"usi"}, "usi\nquit\n", ExitOK},
		{[]string{"usi", "extra"}, "", ExitError},
		{[]string{"match", "--engine", "a", "--byoyomi", "100"}, "", ExitError}, // exit 0: TestMatchSelf
		{[]string{"selfplay", "--games", "0"}, "", ExitError},                   // exit 0: TestSelfplayStdout, 130: TestSelfplayInterrupted
		{[]string{"bank", "add", "--bank", db, "--sfen", mate1}, "", ExitOK},
		{[]string{"bank", "add", "--bank", db, "--sfen", noMate}, "", ExitNo},
		{[]string{"bank", "add", "--bank", db, "--sfen", eIllegal}, "", ExitError},
		{[]string{"serve", "extra"}, "", ExitError}, // exit 0: TestServeRunsAndShutsDown
		{[]string{"mine", "testdata/mine/dir/b.usi"}, "", ExitOK},
		{[]string{"mine", "--max-length", "0", "testdata/mine/dir/b.usi"}, "", ExitError},
		{[]string{"mine", "testdata/mine/none.kif"}, "", ExitError}, // exit 1, a bad game among others: TestMineGolden
		{[]string{"version"}, "", ExitOK},
		{[]string{"version", "extra"}, "", ExitError},
	}
	seen := map[string]bool{}
	for _, c := range cases {
		seen[c.args[0]] = true
		var stdout, stderr bytes.Buffer
		code := Run(context.Background(), c.args, strings.NewReader(c.stdin), &stdout, &stderr)
		if code != c.want {
			t.Errorf("tsume %s: exit %d, want %d; stderr %q", strings.Join(c.args, " "), code, c.want, stderr.String())
		}
		if code == ExitError && (stdout.Len() != 0 || strings.Count(stderr.String(), "\n") != 1) {
			t.Errorf("tsume %s: exit 2 with stdout %q, stderr %q; want one line on stderr only", strings.Join(c.args, " "), stdout.String(), stderr.String())
		}
	}
	for _, c := range commandList() {
		if !seen[c.name] {
			t.Errorf("command %s: no exit status tested", c.name)
		}
	}
}
