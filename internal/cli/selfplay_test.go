package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/record"
)

const selfplayGoldenDir = "testdata/selfplay"

var selfplayGoldenCases = []goldenCase{
	{"help_selfplay", []string{"help", "selfplay"}, ""},
	{"err_selfplay_games", []string{"selfplay", "--games", "0"}, ""},
	{"err_selfplay_nodes", []string{"selfplay", "--nodes", "0"}, ""},
	{"err_selfplay_workers", []string{"selfplay", "--workers", "0"}, ""},
	{"err_selfplay_varied", []string{"selfplay", "--varied-plies", "-1"}, ""},
	{"err_selfplay_argument", []string{"selfplay", "games.kif"}, ""},
	{"err_selfplay_openings_random", []string{"selfplay", "--openings", "x", "--random-plies", "4"}, ""},
	{"err_selfplay_openings_file", []string{"selfplay", "--openings", "testdata/match/bad_openings.txt"}, ""},
}

func TestSelfplayGolden(t *testing.T) {
	testGoldenCases(t, selfplayGoldenDir, selfplayGoldenCases, nil)
}

func TestSelfplayGoldenFilesUsed(t *testing.T) {
	testGoldenFilesUsed(t, selfplayGoldenDir, selfplayGoldenCases)
}

func TestSelfplayErrors(t *testing.T) {
	testErrorCases(t, selfplayGoldenCases, "tsume selfplay: ")
}

// selfplayArgs is a short run: few nodes and plies.
var selfplayArgs = []string{"selfplay", "--games", "2", "--seed", "3", "--nodes", "800", "--max-plies", "70", "--workers", "2"}

// Without --out the games are KIF records on standard output, which the
// record readers read back, and the summary is on standard error.
func TestSelfplayStdout(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := Run(context.Background(), selfplayArgs, nil, &stdout, &stderr); code != ExitOK {
		t.Fatalf("exit %d\nstderr:\n%s", code, stderr.String())
	}
	games, err := record.ReadRecords(stdout.Bytes())
	if err != nil || len(games) != 2 {
		t.Fatalf("%d records, %v:\n%s", len(games), err, stdout.String())
	}
	for i, g := range games {
		black, _ := g.Header("先手")
		event, _ := g.Header("棋戦")
		if black != "tsume (nodes 800)" || !strings.Contains(event, "seed 3") || g.End == "" || len(g.Moves) == 0 {
			t.Errorf("game %d: 先手 %q, 棋戦 %q, end %q, %d moves", i+1, black, event, g.End, len(g.Moves))
		}
	}
	if !regexp.MustCompile(`^2 games, [0-9.]+ plies a game; .*\n2 games in [0-9.]+s \([0-9]+ games an hour\)\n$`).MatchString(stderr.String()) {
		t.Errorf("stderr:\n%s", stderr.String())
	}
}

// --random-plies starts the games from random openings, as match makes
// them, instead of the castle book.
func TestSelfplayRandomOpenings(t *testing.T) {
	var stdout, stderr bytes.Buffer
	args := []string{"selfplay", "--games", "1", "--nodes", "500", "--max-plies", "30", "--random-plies", "4"}
	if code := Run(context.Background(), args, nil, &stdout, &stderr); code != ExitOK {
		t.Fatalf("exit %d\nstderr:\n%s", code, stderr.String())
	}
	g, err := record.ReadKIF(stdout.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if name, _ := g.Header("戦型"); name != "random 1" || len(g.Moves) != 30 {
		t.Errorf("戦型 %q, %d moves; want random 1 and the ply limit, 30", name, len(g.Moves))
	}
}

// With --out the same records go to the file, and standard output gets
// a line a game.
func TestSelfplayOut(t *testing.T) {
	var plain, stderr bytes.Buffer
	if code := Run(context.Background(), selfplayArgs, nil, &plain, &stderr); code != ExitOK {
		t.Fatalf("exit %d\nstderr:\n%s", code, stderr.String())
	}
	out := filepath.Join(t.TempDir(), "games.kif")
	var stdout bytes.Buffer
	if code := Run(context.Background(), append(selfplayArgs, "--out", out), nil, &stdout, &stderr); code != ExitOK {
		t.Fatalf("exit %d\nstderr:\n%s", code, stderr.String())
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if string(data) != plain.String() {
		t.Errorf("--out wrote other records than standard output gets without it")
	}
	line := regexp.MustCompile(`(?m)^game [12]: ▲\S+ △\S+: (black wins|white wins|draw) by [^,]+.*, [0-9]+ plies$`)
	if n := len(line.FindAllString(stdout.String(), -1)); n != 2 {
		t.Errorf("stdout:\n%s", stdout.String())
	}
}

// An interrupted run exits with 130 and writes no file when no game was
// complete.
func TestSelfplayInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	out := filepath.Join(t.TempDir(), "games.kif")
	var stdout, stderr bytes.Buffer
	code := Run(ctx, append(selfplayArgs, "--out", out), nil, &stdout, &stderr)
	if code != ExitInterrupted || stdout.Len() != 0 || !strings.HasSuffix(stderr.String(), "tsume selfplay: interrupted\n") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("%s: %v; want no file", out, err)
	}
}
