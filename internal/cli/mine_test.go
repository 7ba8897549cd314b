package cli

import (
	"context"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/bank"
	"github.com/tsume-shogi/tsume/mine"
	"github.com/tsume-shogi/tsume/record"
)

// The records mine reads in the tests: testdata/mine/games.kif holds four
// KIF games, the second with an illegal move at line 43 (a missed mate, a
// bad game, an allowed mate, a longer mate played); testdata/mine/dir
// holds USI lines (b.usi), a game of tsume's engine against itself
// (sub/c.kif: a missed mate in 13) and a file that is not a record
// (notes.txt, which a directory's walk passes over).
var mineInputs = []string{"testdata/mine/games.kif", "testdata/mine/dir"}

// mineQuick are the inputs without the engine's game, whose missed mate
// in 13 takes the longest to prove.
var mineQuick = []string{"testdata/mine/games.kif", "testdata/mine/dir/b.usi"}

// mineTiming is the timing line of mine's summary.
var mineTiming = regexp.MustCompile(`(?m)^time [0-9.]+s, [0-9]+ positions/s$`)

// The text report, the annotated KIF and the errors of bad flags, as
// golden files; the bad game is reported with its file and line, the
// others mined, and the exit status is 1.
func TestMineGolden(t *testing.T) {
	cases := []goldenCase{
		{golden: "text", args: append([]string{"mine", "--workers", "2"}, mineInputs...)},
		{golden: "kif", args: []string{"mine", "--format", "kif", "testdata/mine/games.kif"}},
		{golden: "err_max_length", args: []string{"mine", "--max-length", "0", "testdata/mine/games.kif"}},
		{golden: "err_format", args: []string{"mine", "--format", "csv", "testdata/mine/games.kif"}},
		{golden: "err_workers", args: []string{"mine", "--workers", "0", "testdata/mine/games.kif"}},
		{golden: "err_shard", args: []string{"mine", "--shard", "2/2", "testdata/mine/games.kif"}},
		{golden: "err_no_record", args: []string{"mine"}},
		{golden: "err_missing_file", args: []string{"mine", "testdata/mine/none.kif"}},
	}
	testGoldenCases(t, "testdata/mine", cases, func(s string) string {
		return mineTiming.ReplaceAllString(s, "time <T>s, <R> positions/s")
	})
	testGoldenFilesUsed(t, "testdata/mine", cases)
}

// The annotated KIF is read back by the record readers: the good games,
// each with its comments at the moves of the findings.
func TestMineKIFReadBack(t *testing.T) {
	code, out, _ := runCLI("mine", "--format", "kif", "testdata/mine/games.kif")
	if code != ExitNo {
		t.Errorf("exit %d, want %d for the bad game", code, ExitNo)
	}
	games, err := record.ReadRecords([]byte(out))
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 3 {
		t.Fatalf("%d games read back, want 3", len(games))
	}
	want := [][]int{{1, 3}, {1, 2}, {1, 3}} // the plies after the moves with findings
	for i, g := range games {
		var plies []int
		for _, c := range g.Comments {
			if strings.HasPrefix(c.Text, "tsume mine: ") {
				plies = append(plies, c.Ply)
			}
		}
		if len(plies) != len(want[i]) || plies[0] != want[i][0] || plies[len(plies)-1] != want[i][len(want[i])-1] {
			t.Errorf("game %d: comments after plies %v, want %v", i+1, plies, want[i])
		}
	}
}

// The JSONL output reads back with mine.ReadJSONL: a report a game, with
// the findings and the sound problems, the same with one worker or two.
func TestMineJSONL(t *testing.T) {
	var outs []string
	for _, workers := range []string{"1", "2"} {
		code, out, errs := runCLI(append([]string{"mine", "--format", "jsonl", "--workers", workers}, mineQuick...)...)
		if code != ExitNo || !strings.Contains(errs, "games.kif:43:") {
			t.Errorf("exit %d, stderr %q; want 1 and the bad game's line", code, errs)
		}
		outs = append(outs, out)
	}
	if outs[0] != outs[1] {
		t.Error("the output with two workers differs from the output with one")
	}
	reps, err := mine.ReadJSONL(strings.NewReader(outs[0]), "out")
	if err != nil {
		t.Fatal(err)
	}
	if len(reps) != 5 {
		t.Fatalf("%d reports, want 5", len(reps))
	}
	kinds := map[mine.Kind]int{}
	problems := 0
	for i, r := range reps {
		if r.Ordinal != i {
			t.Errorf("report %d has ordinal %d", i, r.Ordinal)
		}
		for _, f := range r.Findings {
			kinds[f.Kind]++
		}
		problems += len(r.Problems)
	}
	if kinds[mine.Missed] != 1 || kinds[mine.Played] != 5 || kinds[mine.Allowed] != 1 || problems == 0 {
		t.Errorf("findings %v, %d problems; want 1 missed, 5 played, 1 allowed and some problems", kinds, problems)
	}
	if reps[0].Black != "佐藤" || reps[0].White != "田中" || reps[0].Date != "2026/11/01" || reps[1].Line != 47 {
		t.Errorf("first report %+v, second at line %d", reps[0], reps[1].Line)
	}
}

// The shards' banks, merged, are the single run's bank: the same
// problems with the same IDs, duplicates across shards dropped.
func TestMineShardMerge(t *testing.T) {
	dir := t.TempDir()
	single := filepath.Join(dir, "single.db")
	run := func(args ...string) {
		t.Helper()
		code, _, errs := runCLI(append(append([]string{"mine", "--format", "jsonl", "--out", filepath.Join(dir, "out")}, args...), mineQuick...)...)
		if code != ExitNo || !strings.Contains(errs, " added, ") {
			t.Fatalf("mine %v: exit %d: %s", args, code, errs)
		}
	}
	run("--bank", single)
	var shards []string
	for _, sh := range []string{"2/3", "0/3", "1/3"} {
		path := filepath.Join(dir, "shard-"+sh[:1]+".db")
		run("--bank", path, "--shard", sh)
		shards = append(shards, path)
	}
	merged := filepath.Join(dir, "merged.db")
	if code, _, errs := runCLI(append([]string{"bank", "merge", "--bank", merged}, shards...)...); code != ExitOK {
		t.Fatalf("bank merge: exit %d: %s", code, errs)
	}
	entries := func(path string) []bank.Entry {
		b, err := bank.OpenExisting(context.Background(), path)
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		es, err := b.Query(context.Background(), bank.Query{})
		if err != nil {
			t.Fatal(err)
		}
		return es
	}
	want, got := entries(single), entries(merged)
	if len(want) == 0 {
		t.Fatal("the single run added no problem")
	}
	if len(got) != len(want) {
		t.Fatalf("merged bank: %d problems, single run's: %d", len(got), len(want))
	}
	for i := range want {
		w, g := want[i], got[i]
		if g.ID != w.ID || g.Key != w.Key || g.Problem.Provenance.Seed != w.Problem.Provenance.Seed ||
			g.Problem.Provenance.Index != w.Problem.Provenance.Index || g.Problem.Provenance.Method != mine.Method ||
			g.Problem.Provenance.Game == nil || !reflect.DeepEqual(g.Problem.Provenance.Game, w.Problem.Provenance.Game) {
			t.Errorf("problem %d: merged %d %s %+v, single %d %s %+v", i, g.ID, g.Key, g.Problem.Provenance, w.ID, w.Key, w.Problem.Provenance)
		}
	}
}

// mineSelfplay are the flags of a short self-play run to mine: two games
// of 1,500 nodes a move, mates up to 7 plies.
var mineSelfplay = []string{"mine", "--selfplay", "2", "--seed", "3", "--nodes-per-move", "1500", "--max-length", "7", "--format", "jsonl"}

// mine --selfplay plays the games and mines them: the same seed gives the
// same output with one worker or two, each report names the self-play
// seed and its game, and its sound problems are re-proven by the miner's
// own reading of the report.
func TestMineSelfplay(t *testing.T) {
	var outs [2]string
	for i, workers := range []string{"1", "2"} {
		code, out, errs := runCLI(append(mineSelfplay, "--workers", workers)...)
		if code != ExitOK {
			t.Fatalf("--workers %s: exit %d: %s", workers, code, errs)
		}
		if !strings.Contains(errs, "mined 2 games") {
			t.Errorf("--workers %s: summary %q; want 2 games mined", workers, errs)
		}
		outs[i] = out
	}
	if outs[0] != outs[1] {
		t.Errorf("one worker and two give different output:\n%s\n%s", outs[0], outs[1])
	}
	lines := strings.Split(strings.TrimSpace(outs[0]), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d reports; want 2", len(lines))
	}
	problems := 0
	for i, line := range lines {
		var rep mine.Report
		if err := rep.UnmarshalJSON([]byte(line)); err != nil {
			t.Fatalf("report %d: %v", i, err)
		}
		if rep.File != "selfplay seed 3" || rep.Game != i || rep.Ordinal != i {
			t.Errorf("report %d: source %+v; want selfplay seed 3, game %d", i, rep.Source, i)
		}
		problems += len(rep.Problems)
	}
	if problems == 0 {
		t.Error("two self-play games gave no sound problem")
	}
}

// --shard K/N plays and mines only the games i with i mod N = K, the
// same reports as the whole run's.
func TestMineSelfplayShard(t *testing.T) {
	_, whole, _ := runCLI(mineSelfplay...)
	code, part, errs := runCLI(append(mineSelfplay, "--shard", "1/2")...)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	want := strings.Split(strings.TrimSpace(whole), "\n")
	if len(want) != 2 || strings.TrimSpace(part) != want[1] {
		t.Errorf("shard 1/2:\n%s\nwant game 1 of the whole run:\n%s", part, whole)
	}
}

// A bad --selfplay, --seed or --nodes-per-move is one line naming the
// flag, exit 2, before any game is played.
func TestMineSelfplayBadFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		flag string
	}{
		{[]string{"mine", "--selfplay", "0"}, "--selfplay 0"},
		{[]string{"mine", "--selfplay", "-3"}, "--selfplay -3"},
		{[]string{"mine", "--selfplay", "2", "games.kif"}, "--selfplay and the record"},
		{[]string{"mine", "--seed", "3", "games.kif"}, "--seed"},
		{[]string{"mine", "--selfplay", "2", "--nodes-per-move", "0"}, "--nodes-per-move 0"},
		{[]string{"mine", "--selfplay", "x"}, "-selfplay"},
	} {
		code, out, errs := runCLI(c.args...)
		if code != ExitError || out != "" || strings.Count(strings.TrimSpace(errs), "\n") != 0 || !strings.Contains(errs, c.flag) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and one line naming %s", c.args, code, out, errs, c.flag)
		}
	}
}
