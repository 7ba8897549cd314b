package cli

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/helpmate"
)

// The cooperative solve golden files live in testdata/helpmate/.
const helpGoldenDir = "testdata/helpmate"

// Positions of the cooperative cases (see helpmate/solve_test.go, where
// the brute force checks them).
const (
	hLeftover  = "4k4/9/4P4/9/9/9/9/9/4K4 b GP 1"      // G*5b, a pawn left over
	hPromotion = "8k/9/6GSP/9/9/9/9/9/K8 b - 1"        // four mates in one, two with either promotion
	hCorner    = "8k/9/9/9/9/9/9/9/K8 b G2P 1"         // h#5, two solutions
	hSelf      = "4r4/4k4/9/9/9/9/9/3P1P3/3LKL3 b G 1" // hs#2, four solutions
	hNone      = "4k4/9/9/9/9/9/9/9/4K4 b P 1"         // no helpmate of any length
	hForest    = "ggssn2p1/lgssn3l/+R8/5N2k/4bn3/3l5/9/2g4L1/KBr3PP1 b 11P4p 1"
	hNoKing    = "9/9/9/9/9/9/9/9/4K4 b G 1"
)

var helpGoldenCases = []goldenCase{
	{"leftover", []string{"solve", "--stip", "help", "--sfen", hLeftover}, ""},
	{"promotion", []string{"solve", "--stip", "help", "--sfen", hPromotion}, ""},
	{"promotion_json", []string{"solve", "--stip", "help", "--sfen", hPromotion, "--json"}, ""},
	{"corner", []string{"solve", "--stip", "help", "--sfen", hCorner}, ""},
	{"corner", []string{"solve", "--stip", "help", "--sfen", hCorner, "--length", "5"}, ""},
	{"corner_lines", []string{"solve", "--stip", "help", "--sfen", hCorner, "--lines", "1"}, ""},
	{"corner_shorter", []string{"solve", "--stip", "help", "--sfen", hCorner, "--length", "7"}, ""},
	{"corner_shorter_json", []string{"solve", "--stip", "help", "--sfen", hCorner, "--length", "7", "--json"}, ""},
	{"corner_none_of_length", []string{"solve", "--stip", "help", "--sfen", hCorner, "--length", "3"}, ""},
	{"helpself", []string{"solve", "--stip", "helpself", "--sfen", hSelf}, ""},
	{"helpself_json", []string{"solve", "--stip", "helpself", "--sfen", hSelf, "--json"}, ""},
	{"nosolution", []string{"solve", "--stip", "help", "--sfen", hNone}, ""},
	{"forest", []string{"solve", "--stip", "help", "--sfen", hForest}, ""},
	{"forest_nodes", []string{"solve", "--stip", "help", "--sfen", hForest, "--nodes", "1000"}, ""},
	{"forest_memory", []string{"solve", "--stip", "help", "--sfen", hForest, "--hash", "1"}, ""},
	{"forest_memory_json", []string{"solve", "--stip", "help", "--sfen", hForest, "--hash", "1", "--json"}, ""},

	{"err_stip", []string{"solve", "--stip", "frob", "--sfen", hCorner}, ""},
	{"err_length_mate", []string{"solve", "--sfen", hCorner, "--length", "5"}, ""},
	{"err_length_parity", []string{"solve", "--stip", "help", "--sfen", hCorner, "--length", "4"}, ""},
	{"err_futile", []string{"solve", "--stip", "help", "--sfen", hCorner, "--futile", "count"}, ""},
	{"err_stdin", []string{"solve", "--stip", "help", "--sfen", "-"}, ""},
	{"err_no_king", []string{"solve", "--stip", "help", "--sfen", hNoKing}, ""},
}

// helpTiming is the machine-dependent part of the cooperative output.
var helpTiming = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`(?m), time [0-9]+\.[0-9]{2}s$`), ", time <T>s"},
	{regexp.MustCompile(`"time_ms":[0-9]+`), `"time_ms":"<T>"`},
}

func normaliseHelp(s string) string {
	for _, n := range helpTiming {
		s = n.re.ReplaceAllString(s, n.with)
	}
	return s
}

func TestHelpmateGolden(t *testing.T) {
	testGoldenCases(t, helpGoldenDir, helpGoldenCases, normaliseHelp)
}

func TestHelpmateGoldenFilesUsed(t *testing.T) {
	testGoldenFilesUsed(t, helpGoldenDir, helpGoldenCases)
}

func TestHelpmateErrorsAreOneLine(t *testing.T) {
	testErrorCases(t, helpGoldenCases, "tsume solve: ")
}

// A cooperative solve stopped by the end of the command's context
// (SIGINT, SIGTERM) reports "interrupted" on standard output, whether or
// not --time was given, and exits as an interrupted command does.
func TestHelpmateInterrupted(t *testing.T) {
	for _, extra := range [][]string{nil, {"--time", "10s"}} {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		var stdout, stderr bytes.Buffer
		args := append([]string{"solve", "--stip", "help", "--sfen", hForest, "--json"}, extra...)
		code := Run(ctx, args, strings.NewReader(""), &stdout, &stderr)
		if code != ExitInterrupted {
			t.Errorf("%v: exit %d, want %d", extra, code, ExitInterrupted)
		}
		if got := stdout.String(); !strings.Contains(got, `"status":"stopped"`) || !strings.Contains(got, `"stopped_by":"interrupted"`) {
			t.Errorf("%v: stdout %s, want status stopped by interrupted", extra, got)
		}
		if got, want := stderr.String(), "tsume solve: interrupted\n"; got != want {
			t.Errorf("%v: stderr %q, want %q", extra, got, want)
		}
	}
}

// The end of the search's context is the time limit only when --time was
// given and the command's own context has not ended; otherwise it is an
// interruption.
func TestHelpStoppedReason(t *testing.T) {
	live := context.Background()
	ended, cancel := context.WithCancel(context.Background())
	cancel()
	r := &helpmate.Result{Status: helpmate.Stopped, StoppedBy: helpmate.StopContext}
	for _, c := range []struct {
		ctx  context.Context
		time time.Duration
		want string
	}{
		{live, 10 * time.Second, "time"},
		{live, 0, "interrupted"},
		{ended, 10 * time.Second, "interrupted"},
		{ended, 0, "interrupted"},
	} {
		if by, _ := helpStopped(c.ctx, r, helpLimits{time: c.time}); by != c.want {
			t.Errorf("context ended %v, --time %v: stopped by %q, want %q", c.ctx.Err() != nil, c.time, by, c.want)
		}
	}
}

// A memory stop names the bound: --hash when it was given, else the
// machine's default and the flag that sets it.
func TestHelpStoppedByMemory(t *testing.T) {
	r := &helpmate.Result{Status: helpmate.Stopped, StoppedBy: helpmate.StopMemory, Depth: 7}
	for _, c := range []struct {
		lim  helpLimits
		want string
	}{
		{helpLimits{memoryMB: 64}, "memory limit reached at depth 7: --hash 64 MB"},
		{helpLimits{memoryMB: 4096, memoryDefault: true}, "memory limit reached at depth 7: 4096 MB, half the machine's memory (--hash MB sets it)"},
	} {
		if by, why := helpStopped(context.Background(), r, c.lim); by != "memory" || why != c.want {
			t.Errorf("%+v: %q, %q; want memory, %q", c.lim, by, why, c.want)
		}
	}
}
