package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/gen/maten"
	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/report"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/verdict"
)

// TestGenerateMateNGolden: fixed flags and seed give a fixed output, the
// same with 1 worker and with 2.
func TestGenerateMateNGolden(t *testing.T) {
	for _, c := range []struct {
		golden string
		args   []string
	}{
		// The free style: today's placement, unchanged.
		{"generate/backward3_max8_seed1.jsonl", []string{"--length", "3", "--n", "6", "--max_pieces", "8", "--seed", "1", "--format", "jsonl", "--style", "free"}},
		{"generate/backward5_seed2.ki2", []string{"--length", "5", "--n", "2", "--max_pieces", "8", "--seed", "2", "--format", "ki2", "--style", "free"}},
		{"generate/backward3_seed3.csa", []string{"--length", "3", "--n", "1", "--seed", "3", "--format", "csa", "--style", "free"}},
		// The default, composed style (in a directory of its own: the
		// bank's tests import every file of testdata/generate).
		{"style/composed3_seed1.jsonl", []string{"--length", "3", "--n", "6", "--seed", "1", "--format", "jsonl"}},
		{"style/composed5_seed2.ki2", []string{"--length", "5", "--n", "2", "--seed", "2", "--format", "ki2"}},
	} {
		t.Run(c.golden, func(t *testing.T) {
			var outs []string
			for _, w := range []string{"1", "2"} {
				out, errs, code := runGenerateCLI(t, context.Background(), append(c.args, "--workers", w)...)
				if code != ExitOK || !strings.HasPrefix(errs, "generated ") || !strings.Contains(errs, "\ncandidates by length") {
					t.Fatalf("workers %s: exit %d, stderr %q", w, code, errs)
				}
				outs = append(outs, out)
			}
			if outs[0] != outs[1] {
				t.Fatalf("output with 1 worker differs from output with 2:\n%s\n---\n%s", outs[0], outs[1])
			}
			checkGoldenFile(t, filepath.Join("testdata", c.golden), outs[0], nil, false)
		})
	}
}

// mateNRecord is the part of a jsonl record the tests read.
type mateNRecord struct {
	SFEN, Solution, Verdict string
	Nodes                   uint64
}

// TestGenerateMateNOutputIsSound re-checks each jsonl problem from its
// SFEN text with a fresh solver and the verdict on the printed line.
func TestGenerateMateNOutputIsSound(t *testing.T) {
	for _, c := range []struct {
		length, n string
		method    string
	}{{"3", "25", "backward"}, {"5", "6", "backward"}, {"3", "2", "random"}} {
		out, errs, code := runGenerateCLI(t, context.Background(), "--length", c.length, "--n", c.n, "--method", c.method, "--max_pieces", "8", "--seed", "5", "--format", "jsonl", "--workers", "2")
		if code != ExitOK {
			t.Fatalf("length %s: exit %d: %s", c.length, code, errs)
		}
		sc := bufio.NewScanner(strings.NewReader(out))
		n := 0
		for sc.Scan() {
			var rec mateNRecord
			if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
				t.Fatal(err)
			}
			checkMateN(t, &rec, int(c.length[0]-'0'))
			n++
		}
		if strconv.Itoa(n) != c.n {
			t.Errorf("length %s: %d problems, want %s", c.length, n, c.n)
		}
	}
}

// checkMateN solves rec's position again and judges its line.
func checkMateN(t *testing.T, rec *mateNRecord, length int) {
	t.Helper()
	p, err := shogi.ParseSFEN(rec.SFEN)
	if err != nil {
		t.Fatal(err)
	}
	if p.King(shogi.Black) != shogi.NoSquare {
		t.Errorf("%s: Black has a king", rec.SFEN)
	}
	s, err := mate.NewSolver(mate.SolverOptions{HashMB: 16, DefenderHand: mate.AsGiven})
	if err != nil {
		t.Fatal(err)
	}
	sol, err := s.Solve(context.Background(), &p)
	if err != nil {
		t.Fatal(err)
	}
	pv := make([]string, len(sol.PV))
	for i, m := range sol.PV {
		pv[i] = m.String()
	}
	if sol.Status != mate.Mate || !sol.LengthExact || sol.Length != length || !sol.Unique || sol.Leftover || strings.Join(pv, " ") != rec.Solution {
		t.Errorf("%s: %v length %d exact %v unique %v leftover %v line %v; printed %q", rec.SFEN, sol.Status, sol.Length, sol.LengthExact, sol.Unique, sol.Leftover, pv, rec.Solution)
	}
	v, err := verdict.JudgeLine(context.Background(), &p, sol.PV, verdict.Options{})
	if err != nil || v.Overall != verdict.Sound || rec.Verdict != "sound" || rec.Nodes == 0 {
		t.Errorf("%s: verdict %v (%v), printed %q, nodes %d", rec.SFEN, v, err, rec.Verdict, rec.Nodes)
	}
}

// TestGenerateMateNInterrupted cancels a long mate-in-3 run: the file
// holds whole records only, the same as a run of that many problems.
func TestGenerateMateNInterrupted(t *testing.T) {
	path := filepath.Join(t.TempDir(), "out.jsonl")
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int)
	var errb strings.Builder
	go func() {
		done <- Run(ctx, []string{"generate", "--length", "3", "--n", "100000000", "--format", "jsonl", "--out", path}, nil, &strings.Builder{}, &errb)
	}()
	for {
		if fi, err := os.Stat(path); err == nil && fi.Size() > 3000 {
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
	lines := strings.Count(string(data), "\n")
	out, errs, code := runGenerateCLI(t, context.Background(), "--length", "3", "--n", strconv.Itoa(lines), "--format", "jsonl")
	if code != ExitOK || out != string(data) {
		t.Errorf("the interrupted run's %d problems differ from a run of %d (exit %d, %s)", lines, lines, code, errs)
	}
}

func TestGenerateMateNBadFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--length", "4"}, "length 4: want an odd number"},
		{[]string{"--length", "0"}, "length 0"},
		{[]string{"--length", "3", "--mate", "drop"}, "--mate applies to mate-in-1"},
		{[]string{"--length", "3", "--symmetric"}, "--symmetric applies to mate-in-1"},
		{[]string{"--length", "3", "--method", "magic"}, `unknown method "magic"`},
		{[]string{"--length", "3", "--max_pieces", "1"}, "max pieces 1 is too small"},
		{[]string{"--max-nodes", "100"}, "--max-nodes applies to mate-in-N"},
		{[]string{"--quiet-first"}, "--quiet-first applies to mate-in-N"},
		{[]string{"--length", "1", "--min-sacrifices", "1"}, "--min-sacrifices applies to mate-in-N"},
		{[]string{"--length", "3", "--min-sacrifices", "2"}, "min sacrifices 2: want 0 to 1 for 3 plies"},
		{[]string{"--length", "3", "--max-final-pieces", "-1"}, "max final pieces -1"},
		{[]string{"--length", "3", "--style", "nice"}, `--style: unknown style "nice"`},
		{[]string{"--length", "3", "--style", "realistic", "--king", "camp"}, "--king does not apply to --style realistic"},
		{[]string{"--length", "5", "--style", "realistic", "--theme", "lure", "--pieces", "G"}, "--pieces does not apply to --style realistic; --theme does not apply"},
		{[]string{"--length", "1", "--style", "free"}, "--style applies to mate-in-N"},
	} {
		out, errs, code := runGenerateCLI(t, context.Background(), c.args...)
		if code != ExitError || out != "" || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("generate %v: exit %d, stdout %q, stderr %q; want exit 2 and one line containing %q", c.args, code, out, errs, c.want)
		}
	}
}

func TestLengthTitle(t *testing.T) {
	for n, want := range map[int]string{1: "一手詰", 3: "三手詰", 9: "九手詰", 11: "十一手詰", 25: "二十五手詰", 30: "三十手詰", 101: "101手詰"} {
		if got := lengthTitle(n); got != want {
			t.Errorf("lengthTitle(%d) = %q, want %q", n, got, want)
		}
	}
}

// The worksheet of mate-in-N problems names the length and answers with
// the whole main line and every other defence (seed 2's first problem has
// one).
func TestGenerateMateNWorksheet(t *testing.T) {
	dir := t.TempDir()
	_, errs, code := runGenerateCLI(t, context.Background(), "--length", "3", "--n", "2", "--seed", "2", "--format", "svg", "--out", dir)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	out, _, _ := runGenerateCLI(t, context.Background(), "--length", "3", "--n", "2", "--seed", "2", "--format", "jsonl")
	page, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), "<h1>三手詰 — Black to play and mate in 3</h1>") {
		t.Errorf("index.html has no mate-in-3 title")
	}
	variations := 0
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var rec struct {
			Solution   string `json:"solution"`
			SolutionJA string `json:"solution_ja"`
		}
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatal(err)
		}
		if want := rec.SolutionJA + "<code>" + rec.Solution + "</code>"; !strings.Contains(string(page), want) {
			t.Errorf("index.html lacks the answer %q", want)
		}
	}
	for _, p := range readJSONLProblems(t, out) {
		vs, err := report.AnswerVariations(context.Background(), &p.Position, p.Line)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range vs {
			if !strings.Contains(string(page), "変化："+v) {
				t.Errorf("index.html lacks the variation %q", v)
			}
			variations++
		}
	}
	if variations == 0 {
		t.Error("no variation to look for: the test proves nothing")
	}
}

// The composer's filters hold for every problem they let through, as
// its JSON record says and as measured again from the record.
func TestGenerateMateNComposerFilters(t *testing.T) {
	out, errs, code := runGenerateCLI(t, context.Background(), "--length", "3", "--n", "5", "--workers", "2", "--format", "jsonl",
		"--min-sacrifices", "1", "--quiet-first", "--max-final-pieces", "3", "--min-beauty", "4")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	ps, err := problem.ReadJSONL(strings.NewReader(out), "out")
	if err != nil || len(ps) != 5 {
		t.Fatalf("%d problems (%v)", len(ps), err)
	}
	for _, p := range ps {
		c := p.Composer
		if c == nil || *c != maten.Measure(&p.Position, p.Line) {
			t.Fatalf("%s: composer %+v, measured %+v", p.Position.SFEN(), c, maten.Measure(&p.Position, p.Line))
		}
		if c.Sacrifices < 1 || !c.QuietFirst || c.FinalPieces > 3 || c.Beauty < 4 {
			t.Errorf("%s: %+v passes the filters", p.Position.SFEN(), *c)
		}
	}
}

// TestGenerateStyleKing: --king keeps working under the default composed
// style: it replaces the style's camp, and the problems keep a guard.
func TestGenerateStyleKing(t *testing.T) {
	out, errs, code := runGenerateCLI(t, context.Background(), "--length", "3", "--n", "5", "--king", "edge", "--seed", "4", "--format", "jsonl")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		var rec mateNRecord
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatal(err)
		}
		q, err := shogi.ParseSFEN(rec.SFEN)
		if err != nil {
			t.Fatal(err)
		}
		if !problem.EdgeSquare(q.King(shogi.White)) || !maten.HasGuard(&q) {
			t.Errorf("%s: king on the edge %v, a guard %v; want both", rec.SFEN, problem.EdgeSquare(q.King(shogi.White)), maten.HasGuard(&q))
		}
	}
}
