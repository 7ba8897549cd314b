package cli

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/match"
	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/shogi"
)

// fakeMateEnv names the environment variable that makes the test binary
// a scripted USI mate engine (see fakeMateEngine); its value is the
// script.
const fakeMateEnv = "TSUME_CLI_TEST_FAKE_MATE"

// fakeMateEngine speaks USI on the standard streams and answers go mate
// as the script mode says, returning the exit status:
//
//	false   checkmate with a one-move line that is legal but no mate
//	silent  nothing until stop, then checkmate timeout
//	die     exits at once
//	late    waits the go mate time, then gives a mate in 1 if there is
//	        one (checkmate timeout if not)
//	dieonce exits at its first go if the file named by the environment
//	        variable TSUME_CLI_TEST_FAKE_ONCE does not exist (creating
//	        it), else gives a mate in 1 at once as late does
//
// With the environment variable TSUME_CLI_TEST_FAKE_PID set, it first
// writes its process id to that file.
func fakeMateEngine(mode string) int {
	if f := os.Getenv("TSUME_CLI_TEST_FAKE_PID"); f != "" {
		// Written whole, then renamed: a test that sees the file reads
		// the whole id.
		if os.WriteFile(f+".tmp", []byte(strconv.Itoa(os.Getpid())), 0o644) == nil {
			os.Rename(f+".tmp", f)
		}
	}
	out := bufio.NewWriter(os.Stdout)
	say := func(s string) { out.WriteString(s + "\n"); out.Flush() }
	in := bufio.NewScanner(os.Stdin)
	var pos shogi.Position
	for in.Scan() {
		f := strings.Fields(in.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "usi":
			say("id name fake-mate-" + mode)
			say("usiok")
		case "isready":
			say("readyok")
		case "position":
			if len(f) >= 6 && f[1] == "sfen" {
				pos, _ = shogi.ParseSFEN(strings.Join(f[2:6], " "))
			}
		case "go":
			switch mode {
			case "die":
				return 3
			case "late", "dieonce":
				if mode == "dieonce" {
					marker := os.Getenv("TSUME_CLI_TEST_FAKE_ONCE")
					if _, err := os.Stat(marker); err != nil {
						os.WriteFile(marker, nil, 0o644)
						return 3
					}
				} else {
					ms := 0
					if len(f) == 3 {
						ms, _ = strconv.Atoi(f[2])
					}
					time.Sleep(time.Duration(ms) * time.Millisecond)
				}
				answer := "checkmate timeout"
				for _, m := range pos.LegalMoves(nil) {
					q := pos
					q.DoMove(m)
					if q.InCheck() && !q.HasLegalMove() {
						answer = "checkmate " + m.String()
						break
					}
				}
				say(answer)
			case "false":
				for _, m := range pos.LegalMoves(nil) {
					q := pos
					q.DoMove(m)
					if !q.InCheck() || q.HasLegalMove() {
						say("checkmate " + m.String())
						break
					}
				}
			}
		case "stop":
			if mode == "silent" {
				say("checkmate timeout")
			}
		case "quit":
			return 0
		}
	}
	return 0
}

// smallProblems reads the small list of the bench tests.
func smallProblems(t *testing.T) []benchProblem {
	t.Helper()
	data, err := os.ReadFile(benchTestDir + "small.tsv")
	if err != nil {
		t.Fatal(err)
	}
	list, err := parseBenchTSV(data, "small.tsv")
	if err != nil {
		t.Fatal(err)
	}
	return list
}

// usiRows returns the rows of a side-by-side table (the lines between
// the header and the blank line), each split into its fields.
func usiRows(t *testing.T, out string) [][]string {
	t.Helper()
	var rows [][]string
	in := false
	for _, l := range strings.Split(out, "\n") {
		switch {
		case strings.HasPrefix(l, "id "):
			in = true
		case l == "":
			in = false
		case in:
			rows = append(rows, strings.Fields(strings.Replace(l, "|", "", 1)))
		}
	}
	return rows
}

// Rule: tsume searches first on the first, third, … problem, the engine
// first on the others, and the table says which came first.
func TestBenchUSIAlternates(t *testing.T) {
	list := smallProblems(t)
	var trace []string
	var stdout bytes.Buffer
	e := &env{stdout: &stdout, stderr: &bytes.Buffer{}}
	uo := usiBenchOptions{
		bench:  benchOptions{solver: mate.SolverOptions{HashMB: 16, MaxTime: 10 * time.Second, SkipSoundness: true}},
		engine: match.EngineConfig{Argv: []string{os.Args[0], "usi"}, Env: []string{asMainEnv + "=1", "GORACE=atexit_sleep_ms=0"}},
		grace:  time.Second,
		trace:  func(who string, i int) { trace = append(trace, who+strconv.Itoa(i)) },
	}
	if err := runBenchUSI(context.Background(), e, list, uo); err != nil {
		t.Fatalf("%v\n%s", err, stdout.String())
	}
	want := "tsume0 engine0 engine1 tsume1 tsume2 engine2 engine3 tsume3"
	if got := strings.Join(trace, " "); got != want {
		t.Errorf("order %s, want %s", got, want)
	}
	rows := usiRows(t, stdout.String())
	if len(rows) != len(list) {
		t.Fatalf("%d rows, want %d:\n%s", len(rows), len(list), stdout.String())
	}
	for i, r := range rows {
		wantFirst := "engine"
		if i%2 == 0 {
			wantFirst = "tsume"
		}
		// tsume usi solves them all: its lines pass the check.
		if r[1] != wantFirst || r[len(r)-1] != "ok" && r[len(r)-1] != "-" {
			t.Errorf("row %q: want first %s and the engine's line ok", r, wantFirst)
		}
	}
}

// Rule: a mating line that is not a mate by tsume's rules is marked
// false, and the run fails.
func TestBenchUSIFalseLine(t *testing.T) {
	t.Setenv(fakeMateEnv, "false")
	var stdout, stderr bytes.Buffer
	code := Run(context.Background(), []string{"bench", "--problems", benchTestDir + "small.tsv", "--hash", "16", "--time", "5s", "--vs-usi", os.Args[0]}, nil, &stdout, &stderr)
	if code != ExitNo {
		t.Errorf("exit %d, want %d; stderr %q", code, ExitNo, stderr.String())
	}
	rows := usiRows(t, stdout.String())
	if len(rows) != 4 {
		t.Fatalf("output:\n%s", stdout.String())
	}
	for _, r := range rows {
		line := strings.Join(r, " ")
		if !strings.Contains(line, " mate 1 ") || !strings.Contains(line, "false line: ") {
			t.Errorf("row %q: want a 1-move mate marked false", line)
		}
	}
}

// fakeFirstRow runs the first problem of the small list side by side
// with the fake engine of script mode, tsume and the engine limited to
// limit, and returns its row (fields joined by one space) and the whole
// output.
func fakeFirstRow(t *testing.T, mode string, limit, grace time.Duration) (row, out string) {
	t.Helper()
	t.Setenv(fakeMateEnv, mode)
	var stdout bytes.Buffer
	e := &env{stdout: &stdout, stderr: &bytes.Buffer{}}
	uo := usiBenchOptions{
		bench:  benchOptions{solver: mate.SolverOptions{HashMB: 16, MaxTime: limit, SkipSoundness: true}},
		engine: match.EngineConfig{Argv: []string{os.Args[0]}},
		grace:  grace,
	}
	if err := runBenchUSI(context.Background(), e, smallProblems(t)[:1], uo); err != nil {
		t.Fatalf("%v\n%s", err, stdout.String())
	}
	rows := usiRows(t, stdout.String())
	if len(rows) != 1 {
		t.Fatalf("output:\n%s", stdout.String())
	}
	return strings.Join(rows[0], " "), stdout.String()
}

// Rule: an engine that does not answer within the limit and the grace
// is sent stop, and its answer is a timeout, marked as stopped.
func TestBenchUSITimeout(t *testing.T) {
	line, _ := fakeFirstRow(t, "silent", 50*time.Millisecond, 10*time.Millisecond)
	if !strings.Contains(line, " timeout - ") || !strings.HasSuffix(line, "stopped after the limit") {
		t.Errorf("row %q: want a timeout, stopped", line)
	}
}

// Rule: a mate the engine gives at its limit is a bound (the best line
// of a search for a shorter mate that was stopped): its length is
// written "<=N" and it has no ratio.
func TestBenchUSIMateAtLimit(t *testing.T) {
	line, out := fakeFirstRow(t, "late", 100*time.Millisecond, 5*time.Second)
	if !strings.Contains(line, " mate <=1 ") || !strings.Contains(line, " - - ok (given at the limit: a bound)") {
		t.Errorf("row %q: want a bound, no ratios", line)
	}
	if !strings.Contains(out, "tsume decided 1, the engine 0, both 0") {
		t.Errorf("summary:\n%s", out)
	}
}

// Rule: an engine that dies on a problem is marked failed on its row,
// tsume still solves it, the engine is started again for the next
// problem, and the run ends with exit status 2 naming the problem.
func TestBenchUSIEngineRestarted(t *testing.T) {
	t.Setenv(fakeMateEnv, "dieonce")
	t.Setenv("TSUME_CLI_TEST_FAKE_ONCE", t.TempDir()+"/died")
	pidFile := t.TempDir() + "/pid"
	t.Setenv("TSUME_CLI_TEST_FAKE_PID", pidFile)
	var stdout, stderr bytes.Buffer
	code := Run(context.Background(), []string{"bench", "--problems", benchTestDir + "small.tsv", "--hash", "16", "--time", "5s", "--vs-usi", os.Args[0]}, nil, &stdout, &stderr)
	if code != ExitError {
		t.Errorf("exit %d, want %d", code, ExitError)
	}
	rows := usiRows(t, stdout.String())
	if len(rows) != 4 {
		t.Fatalf("%d rows, want 4:\n%s", len(rows), stdout.String())
	}
	first := strings.Join(rows[0], " ")
	if !strings.Contains(first, " mate 1 exact ") || !strings.Contains(first, " failed - ") || !strings.Contains(first, "crash: its output ended") {
		t.Errorf("row %q: want tsume's mate and the engine failed by a crash", first)
	}
	for _, r := range rows[1:] {
		if line := strings.Join(r, " "); strings.Contains(line, "failed") {
			t.Errorf("row %q: the engine started again should not fail", line)
		}
	}
	if !strings.Contains(stdout.String(), "the engine failed on m1\n") {
		t.Errorf("summary:\n%s", stdout.String())
	}
	if msg := stderr.String(); msg != "tsume bench: the engine failed on 1 of 4 problems (m1); each row says how\n" {
		t.Errorf("stderr %q", msg)
	}
	assertGone(t, pidFile)
}

// Rule: an engine that dies on three problems in a row ends the run with
// exit status 2 and a message naming the problems, the rows printed, and
// no engine left running.
func TestBenchUSIEngineDies(t *testing.T) {
	t.Setenv(fakeMateEnv, "die")
	pidFile := t.TempDir() + "/pid"
	t.Setenv("TSUME_CLI_TEST_FAKE_PID", pidFile)
	var stdout, stderr bytes.Buffer
	code := Run(context.Background(), []string{"bench", "--problems", benchTestDir + "small.tsv", "--hash", "16", "--vs-usi", os.Args[0]}, nil, &stdout, &stderr)
	if code != ExitError {
		t.Errorf("exit %d, want %d", code, ExitError)
	}
	msg := stderr.String()
	if !strings.HasPrefix(msg, "tsume bench: problem m3-line: engine fake-mate-die, answering go mate: crash: ") ||
		!strings.HasSuffix(msg, "; it failed on 3 problems in a row (m1, m3, m3-line): the run stops\n") || strings.Contains(msg, "panic") {
		t.Errorf("stderr %q", msg)
	}
	if rows := usiRows(t, stdout.String()); len(rows) != 3 {
		t.Errorf("%d rows, want 3:\n%s", len(rows), stdout.String())
	}
	assertGone(t, pidFile)
}

// Rule: an interruption ends the run and the engine with it.
func TestBenchUSIInterrupted(t *testing.T) {
	t.Setenv(fakeMateEnv, "silent")
	pidFile := t.TempDir() + "/pid"
	t.Setenv("TSUME_CLI_TEST_FAKE_PID", pidFile)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int)
	var stdout, stderr bytes.Buffer
	go func() {
		done <- Run(ctx, []string{"bench", "--problems", benchTestDir + "small.tsv", "--hash", "16", "--time", "1h", "--vs-usi", os.Args[0]}, nil, &stdout, &stderr)
	}()
	// Wait until the engine has started (it writes its pid), then
	// interrupt: tsume searches the first problem first, then the
	// engine, which never answers.
	for {
		if _, err := os.Stat(pidFile); err == nil {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	if code := <-done; code != ExitInterrupted {
		t.Errorf("exit %d, want %d; stderr %q", code, ExitInterrupted, stderr.String())
	}
	assertGone(t, pidFile)
}

// assertGone fails the test if the process whose id is in pidFile is
// still running (it has been waited for: not even a zombie is left).
func assertGone(t *testing.T, pidFile string) {
	t.Helper()
	data, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatalf("the engine did not start: %v", err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	if err := syscall.Kill(pid, 0); err == nil {
		t.Errorf("engine process %d still exists", pid)
	}
}

// Rule: an engine that cannot be started is a clear error.
func TestBenchUSINoEngine(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := Run(context.Background(), []string{"bench", "--problems", benchTestDir + "small.tsv", "--vs-usi", "/nonexistent/engine"}, nil, &stdout, &stderr)
	if code != ExitError || stderr.String() != "tsume bench: engine /nonexistent/engine: cannot start: no such file or directory\n" {
		t.Errorf("exit %d, stderr %q", code, stderr.String())
	}
}

// Rule: the flags of the side by side go together only where they mean
// something.
func TestBenchUSIUsage(t *testing.T) {
	for _, args := range [][]string{
		{"bench", "--usi-option", "Threads=1"},
		{"bench", "--vs-usi", "x", "--json"},
		{"bench", "--vs-usi", "x", "--soundness"},
		{"bench", "--vs-usi", "x", "--nodes", "100"},
		{"bench", "--vs-usi", "x", "--usi-option", "Threads"},
		{"bench", "--vs-usi", "'x"},
		{"bench", "--vs-usi", "x", "--engine"},
	} {
		var stdout, stderr bytes.Buffer
		code := Run(context.Background(), args, nil, &stdout, &stderr)
		if code != ExitError || !strings.Contains(stderr.String(), "run 'tsume help bench'") {
			t.Errorf("%q: exit %d, stderr %q", args, code, stderr.String())
		}
	}
}

// Rule: the CPU time of a process is utime+stime of its stat, read after
// the command name (which may hold spaces and parentheses).
func TestStatCPU(t *testing.T) {
	stat := "4242 (a (b) c) S 1 2 3 0 -1 4194304 103 0 0 0 250 130 0 0 20 0 1 0 386598"
	d, ok := statCPU(stat)
	if !ok || d != 3800*time.Millisecond {
		t.Errorf("statCPU = %v, %v; want 3.8s", d, ok)
	}
	if _, ok := statCPU("4242 (x) S 1 2"); ok {
		t.Error("a short stat read as valid")
	}
}

// mappingResidentMB returns the resident megabytes of the process's
// mappings of exactly sizeMB megabytes, from /proc/self/smaps (Linux).
func mappingResidentMB(t *testing.T, sizeMB int) []int {
	t.Helper()
	b, err := os.ReadFile("/proc/self/smaps")
	if err != nil {
		t.Skipf("no /proc/self/smaps: %v", err)
	}
	var res []int
	size := -1
	for line := range strings.SplitSeq(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) != 3 || f[2] != "kB" {
			continue
		}
		n, err := strconv.Atoi(f[1])
		if err != nil {
			continue
		}
		switch f[0] {
		case "Size:":
			size = n
		case "Rss:":
			if size == sizeMB<<10 {
				res = append(res, n>>10)
			}
		}
	}
	return res
}

// bench times searches, not the system mapping the table in: its solver's
// table is resident before the first problem, as an engine's is once it
// answers isready. The table, aligned to a huge page, is a mapping of its
// own size, 32 MB, which no other test's table has.
func TestBenchSolverTableResident(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("resident memory read from /proc")
	}
	s, err := newBenchSolver(&env{stdout: &bytes.Buffer{}, stderr: &bytes.Buffer{}}, mate.SolverOptions{HashMB: 32})
	if err != nil {
		t.Fatal(err)
	}
	res := mappingResidentMB(t, s.HashMB())
	if len(res) == 0 {
		t.Skipf("no mapping of %d MB: the table is allocated otherwise", s.HashMB())
	}
	if slices.Max(res) < s.HashMB()*3/4 {
		t.Errorf("the %d MB table's mapping has %d MB resident, want it all", s.HashMB(), slices.Max(res))
	}
	runtime.KeepAlive(s)
}
