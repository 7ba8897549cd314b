package cli

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/record"
)

// asMainEnv names the environment variable that makes the test binary
// run as the tsume program: match resolves "tsume" in an engine command
// to the running executable, which in a test is this binary.
const asMainEnv = "TSUME_CLI_TEST_AS_MAIN"

func TestMain(m *testing.M) {
	if mode := os.Getenv(fakeMateEnv); mode != "" {
		os.Exit(fakeMateEngine(mode))
	}
	if os.Getenv(asMainEnv) == "1" {
		os.Exit(Run(context.Background(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

const matchGoldenDir = "testdata/match"

var matchGoldenCases = []goldenCase{
	{"help_match", []string{"help", "match"}, ""},
	{"err_match_one_engine", []string{"match", "--engine", "tsume usi", "--byoyomi", "100"}, ""},
	{"err_match_no_time", []string{"match", "--engine", "tsume usi", "--engine", "tsume usi"}, ""},
	{"err_match_byoyomi_inc", []string{"match", "--engine", "a", "--engine", "b", "--byoyomi", "100", "--inc", "1s"}, ""},
	{"err_match_bad_byoyomi", []string{"match", "--engine", "a", "--engine", "b", "--byoyomi", "fast"}, ""},
	{"err_match_games", []string{"match", "--engine", "a", "--engine", "b", "--byoyomi", "100", "--games", "0"}, ""},
	{"err_match_option", []string{"match", "--engine", "a", "--engine", "b", "--byoyomi", "100", "--option1", "Skill Level"}, ""},
	{"err_match_quote", []string{"match", "--engine", "'a", "--engine", "b", "--byoyomi", "100"}, ""},
	{"err_match_openings_random", []string{"match", "--engine", "a", "--engine", "b", "--byoyomi", "100", "--openings", "x", "--random-plies", "4"}, ""},
	{"err_match_seed", []string{"match", "--engine", "a", "--engine", "b", "--byoyomi", "100", "--seed", "4"}, ""},
	{"err_match_openings_file", []string{"match", "--engine", "a", "--engine", "b", "--byoyomi", "100", "--openings", "testdata/match/bad_openings.txt"}, ""},
	{"err_match_nodes_time", []string{"match", "--engine", "a", "--engine", "b", "--nodes", "1000", "--time", "1m"}, ""},
	{"err_match_nodes_zero", []string{"match", "--engine", "a", "--engine", "b", "--nodes", "0"}, ""},
	{"err_match_no_engine", []string{"match", "--engine", "/nonexistent/engine", "--engine", "b", "--byoyomi", "100"}, ""},
}

func TestMatchGolden(t *testing.T) {
	testGoldenCases(t, matchGoldenDir, matchGoldenCases, nil)
}

func TestMatchGoldenFilesUsed(t *testing.T) {
	testGoldenFilesUsed(t, matchGoldenDir, matchGoldenCases)
}

func TestMatchErrors(t *testing.T) {
	testErrorCases(t, matchGoldenCases, "tsume match: ")
}

// TestMatchSelf plays tsume usi against itself through Run: two games at
// byoyomi 100 ms from random openings, with the records written. The
// margin is wide: this test is about the match, not about the engine's
// timing (usi/gameengine's TestByoyomiGame checks its time decisions on a
// clock of its own).
func TestMatchSelf(t *testing.T) {
	if testing.Short() {
		t.Skip("plays two games")
	}
	t.Setenv(asMainEnv, "1")
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	code := Run(context.Background(), []string{"match", "--engine", "tsume usi", "--engine", "tsume usi",
		"--games", "2", "--byoyomi", "100", "--margin", "2s", "--random-plies", "4", "--seed", "3", "--max-plies", "40", "--out", dir}, nil, &stdout, &stderr)
	if code != ExitOK {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout.String(), stderr.String())
	}
	out := stdout.String()
	game := regexp.MustCompile(`(?m)^game [12]: engine 1 (black|white), opening random 1: (black wins|white wins|draw) by [^,]+.*, [0-9]+ plies$`)
	if n := len(game.FindAllString(out, -1)); n != 2 || !strings.Contains(out, "engine 1 against engine 2: W ") || !strings.Contains(out, "(2 games)") {
		t.Errorf("stdout:\n%s", out)
	}
	for _, bad := range []string{"time forfeit", "illegal move", "crash", "garbage"} {
		if strings.Contains(out, bad) {
			t.Errorf("tsume usi lost by %s:\n%s", bad, out)
		}
	}
	if strings.Count(stderr.String(), "\n") != 2 || !strings.HasPrefix(stderr.String(), "game 1/2: ") {
		t.Errorf("stderr:\n%s", stderr.String())
	}
	for i := 1; i <= 2; i++ {
		for _, ext := range []string{".kif", ".csa"} {
			name := filepath.Join(dir, "game-00"+string(rune('0'+i))+ext)
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			g, err := record.ReadAny(data)
			if err != nil || g.End == "" || len(g.Moves) < 4 {
				t.Errorf("%s: %v, %+v", name, err, g)
			}
		}
	}
}

// TestMatchByNodes plays tsume usi against a variant of itself at a
// fixed number of nodes a move, as the self-play measurements do.
func TestMatchByNodes(t *testing.T) {
	if testing.Short() {
		t.Skip("plays two games")
	}
	t.Setenv(asMainEnv, "1")
	var stdout, stderr bytes.Buffer
	code := Run(context.Background(), []string{"match", "--engine", "tsume usi", "--engine", "tsume usi",
		"--option2", "SearchFeatures=no-null", "--option2", "EvalWeights=pst=0",
		"--games", "2", "--nodes", "3000", "--random-plies", "4", "--max-plies", "30"}, nil, &stdout, &stderr)
	if code != ExitOK {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout.String(), stderr.String())
	}
	if out := stdout.String(); !strings.Contains(out, "3000 nodes a move") || !strings.Contains(out, "(2 games)") {
		t.Errorf("stdout:\n%s", out)
	}
}

// TestMatchInterrupted checks that a match interrupted before its first
// game ends with the exit status of an interruption.
func TestMatchInterrupted(t *testing.T) {
	t.Setenv(asMainEnv, "1")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var stdout, stderr bytes.Buffer
	code := Run(ctx, []string{"match", "--engine", "tsume usi", "--engine", "tsume usi", "--byoyomi", "100"}, nil, &stdout, &stderr)
	if code != ExitInterrupted || stdout.Len() != 0 || stderr.String() != "tsume match: interrupted\n" {
		t.Errorf("exit %d, stdout %q, stderr %q; want %d and \"interrupted\"", code, stdout.String(), stderr.String(), ExitInterrupted)
	}
}

// TestMatchFairyStockfish is a smoke test against Fairy-Stockfish, run
// only where it is installed (Debian package fairy-stockfish).
func TestMatchFairyStockfish(t *testing.T) {
	const fsf = "/usr/games/fairy-stockfish"
	if _, err := exec.LookPath(fsf); err != nil || testing.Short() {
		t.Skip("no " + fsf)
	}
	t.Setenv(asMainEnv, "1")
	var stdout, stderr bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	code := Run(ctx, []string{"match", "--engine", "tsume usi", "--engine", fsf, "--option2", "Skill Level=0",
		"--option2", "Move Overhead=100", "--games", "2", "--byoyomi", "200", "--max-plies", "120"}, nil, &stdout, &stderr)
	if code != ExitOK || !strings.Contains(stdout.String(), "Fairy-Stockfish") || !strings.Contains(stdout.String(), "(2 games)") {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout.String(), stderr.String())
	}
	for _, bad := range []string{"white wins by illegal", "black wins by illegal"} {
		if strings.Contains(stdout.String(), bad) {
			t.Errorf("an illegal move:\n%s", stdout.String())
		}
	}
	t.Logf("\n%s", stdout.String())
}
