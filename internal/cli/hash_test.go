package cli

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/usi/usitest"
)

// runtimeDump matches what a crash of the Go runtime prints.
var runtimeDump = regexp.MustCompile(`fatal error|goroutine \d+|panic:|runtime:`)

// The largest --hash solves, with the table capped at what the machine
// has and one line saying so (or a clean error), never a runtime dump.
func TestSolveHugeHash(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := Run(context.Background(), []string{"solve", "--hash", "65536", "--sfen", sMate1}, nil, &stdout, &stderr)
	if runtimeDump.MatchString(stderr.String()) {
		t.Fatalf("exit %d, stderr:\n%s", code, stderr.String())
	}
	switch code {
	case ExitOK:
		if !strings.Contains(stdout.String(), "\nstatus: mate\nlength: 1 ply") {
			t.Errorf("stdout %q", stdout.String())
		}
		// Capped unless the machine has 128 GB or more.
		if s := stderr.String(); s != "" && !regexp.MustCompile(`^tsume solve: hash capped at \d+ MB \(machine has \d+ MB\)\n$`).MatchString(s) {
			t.Errorf("stderr %q", s)
		}
	case ExitError:
		if s := stderr.String(); strings.Count(s, "\n") != 1 || !strings.HasPrefix(s, "tsume solve: ") {
			t.Errorf("stderr %q", s)
		}
	default:
		t.Errorf("exit %d, stderr %q", code, stderr.String())
	}
}

// A size that is not a power of two of clusters is rounded down, and
// said so.
func TestSolveHashRounded(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := Run(context.Background(), []string{"solve", "--hash", "100", "--sfen", sMate1}, nil, &stdout, &stderr)
	if code != ExitOK || stderr.String() != "tsume solve: hash rounded down to 64 MB\n" {
		t.Errorf("exit %d, stderr %q", code, stderr.String())
	}
}

// bench says the same of its table.
func TestBenchHashRounded(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := Run(context.Background(), []string{"bench", "--hash", "100", "--problems", benchTestDir + "small.tsv"}, nil, &stdout, &stderr)
	if code != ExitOK || stderr.String() != "tsume bench: hash rounded down to 64 MB\n" {
		t.Errorf("exit %d, stderr %q", code, stderr.String())
	}
}

// USI_Hash at its maximum leaves the engine working: the table is capped.
func TestUSIHugeHash(t *testing.T) {
	s := startUSI(t)
	s.send("setoption name USI_Hash value 65536")
	s.send("isready")
	s.expect("readyok", usiTimeout)
	s.send("position sfen " + uMate3)
	s.send("go mate 5000")
	l, _ := s.expect("checkmate", usiTimeout)
	usitest.CheckMateLine(t, uMate3, strings.Fields(strings.TrimPrefix(l, "checkmate")), 3)
	s.send("quit")
	if code := s.exit(); code != ExitOK {
		t.Errorf("exit %d", code)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stderr.Len() != 0 {
		t.Errorf("stderr %q", s.stderr.String())
	}
}
