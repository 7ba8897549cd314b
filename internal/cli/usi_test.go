package cli

import (
	"bytes"
	"context"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/usi/usitest"
)

// Positions of the protocol tests.
const (
	uMate3    = "8k/9/9/7Rs/9/9/9/9/9 b B 1"                                                       // B*3c 1a1b 3c2b+
	uNoMate   = "4k4/9/9/9/9/9/9/9/9 b G 1"                                                        // a gold alone cannot mate
	uLong     = "g3p3+r/3lPG3/1s4ppp/1l1B4P/L2b1kPl1/3+p3+R+p/3+p2+s1S/+NP+p1gS3/1g+p2P3 b 4P3n 1" // 寿, 611 plies: never solved in a test
	uGameMate = "4k4/9/4S4/9/9/9/9/9/4K4 b G 1"                                                    // both kings; G*5b mates
	uMated    = "4k4/4G4/4S4/9/9/9/9/9/4K4 w - 1"
)

// usiTimeout bounds every wait for the engine: a hung engine fails the
// test instead of hanging it.
const usiTimeout = 5 * time.Second

// usiSession drives 'tsume usi' through Run, as a GUI would, over pipes.
type usiSession struct {
	*usitest.Session
	t    *testing.T
	code chan int

	mu     sync.Mutex
	stderr bytes.Buffer
}

func startUSI(t *testing.T) *usiSession {
	t.Helper()
	s := &usiSession{t: t, code: make(chan int, 1)}
	s.Session = usitest.StartFunc(t, func(ctx context.Context, in io.Reader, out io.Writer) error {
		var stderr bytes.Buffer
		code := Run(ctx, []string{"usi"}, in, out, &stderr)
		s.mu.Lock()
		s.stderr = stderr
		s.mu.Unlock()
		s.code <- code
		return nil
	})
	return s
}

// send writes one command line.
func (s *usiSession) send(cmd string) { s.t.Helper(); s.Send(cmd) }

// expect reads lines until one starts with prefix and returns it with
// the lines before it; it fails after timeout.
func (s *usiSession) expect(prefix string, timeout time.Duration) (string, []string) {
	s.t.Helper()
	return s.Expect(prefix, timeout)
}

// quiet checks that the engine says nothing for d.
func (s *usiSession) quiet(d time.Duration) { s.t.Helper(); s.Quiet(d) }

// noAnswer checks that no line starting with prefix comes for d; other
// lines (info) may.
func (s *usiSession) noAnswer(prefix string, d time.Duration) { s.t.Helper(); s.NoAnswer(prefix, d) }

// exit waits for Run to return and gives its exit status.
func (s *usiSession) exit() int {
	s.t.Helper()
	select {
	case code := <-s.code:
		return code
	case <-time.After(usiTimeout):
		s.t.Fatal("the engine did not exit")
	}
	return -1
}

// checkLegal checks that move is a legal move of the position sfen after
// moves, and its ponder move, if any, a legal reply.
func checkLegal(t *testing.T, sfen string, moves []string, move string) {
	t.Helper()
	p, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range moves {
		m, err := p.ParseUSIMove(s)
		if err != nil {
			t.Fatal(err)
		}
		p.DoMove(m)
	}
	// The game engine answers "M ponder R": R must be legal after M.
	move, ponder, hasPonder := strings.Cut(move, " ponder ")
	m, err := p.ParseUSIMove(move)
	if err != nil {
		t.Errorf("bestmove %s: %v", move, err)
		return
	}
	if hasPonder {
		p.DoMove(m)
		if _, err := p.ParseUSIMove(ponder); err != nil {
			t.Errorf("bestmove %s ponder %s: %v", move, ponder, err)
		}
	}
}

// TestUSIProtocol drives a full exchange as a GUI would.
func TestUSIProtocol(t *testing.T) {
	s := startUSI(t)

	s.send("usi")
	l, before := s.expect("usiok", usiTimeout)
	if len(before) < 3 || !strings.HasPrefix(before[0], "id name tsume") || !strings.HasPrefix(before[1], "id author ") {
		t.Errorf("usi: %q before %q", before, l)
	}
	want := map[string]bool{
		"option name USI_Hash type spin default 64 min 1 max ":                             false,
		"option name FutileRule type combo default discount var discount var count":        false,
		"option name DefenderHand type combo default remaining var remaining var as-given": false,
	}
	for _, b := range before {
		for w := range want {
			if b == w || strings.HasSuffix(w, " ") && strings.HasPrefix(b, w) {
				want[w] = true
			}
		}
		if !strings.HasPrefix(b, "id ") && !strings.HasPrefix(b, "option name ") {
			t.Errorf("usi: unexpected line %q", b)
		}
	}
	for o, seen := range want {
		if !seen {
			t.Errorf("usi: no %q", o)
		}
	}

	s.send("setoption name USI_Hash value 16")
	s.send("setoption name MateNodes value 0")
	s.send("setoption name FutileRule value discount")
	s.send("isready")
	if _, before := s.expect("readyok", usiTimeout); len(before) > 0 {
		t.Errorf("isready: %q before readyok", before)
	}
	s.send("usinewgame")
	s.send("")
	s.send("   ")
	s.send("frobnicate the engine") // unknown: ignored
	s.send("stop")                  // no search: nothing to answer
	s.quiet(100 * time.Millisecond)

	// go mate on a mate in 3.
	s.send("position sfen " + uMate3)
	s.send("go mate 5000")
	l, before = s.expect("checkmate", usiTimeout)
	usitest.CheckMateLine(t, uMate3, strings.Fields(strings.TrimPrefix(l, "checkmate")), 3)
	if len(before) == 0 || !strings.HasPrefix(before[len(before)-1], "info nodes ") {
		t.Errorf("go mate: %q before %q, want an info line", before, l)
	}

	// The same through "position startpos moves …"-style input: sfen with moves.
	s.send("position sfen 7k1/9/9/7Rs/9/9/9/9/9 w B 1 moves 2a1a")
	s.send("go mate 5000")
	l, _ = s.expect("checkmate", usiTimeout)
	usitest.CheckMateLine(t, "8k/9/9/7Rs/9/9/9/9/9 b B 2", strings.Fields(strings.TrimPrefix(l, "checkmate")), 3)

	// go mate on a position without mate.
	s.send("position sfen " + uNoMate)
	s.send("go mate 5000")
	if l, _ := s.expect("checkmate", usiTimeout); l != "checkmate nomate" {
		t.Errorf("go mate without a mate: %q", l)
	}

	// go mate infinite: isready answers during the search, stop ends it.
	s.send("position sfen " + uLong)
	s.send("go mate infinite")
	time.Sleep(200 * time.Millisecond)
	s.send("isready")
	if _, before := s.expect("readyok", usiTimeout); hasPrefix(before, "checkmate") {
		t.Errorf("go mate infinite answered before stop: %q", before)
	}
	s.send("stop")
	if l, _ := s.expect("checkmate", usiTimeout); l != "checkmate timeout" {
		t.Errorf("stop: %q, want checkmate timeout", l)
	}
	s.send("stop") // a second stop: nothing more
	s.quiet(100 * time.Millisecond)

	// go mate with a time limit that runs out.
	s.send("go mate 300")
	if l, _ := s.expect("checkmate", usiTimeout); l != "checkmate timeout" {
		t.Errorf("go mate 300: %q", l)
	}

	// A new go during a search: the first search answers, then the second.
	s.send("go mate infinite")
	time.Sleep(50 * time.Millisecond)
	s.send("position sfen " + uMate3)
	s.send("go mate 5000")
	if l, _ := s.expect("checkmate", usiTimeout); l != "checkmate timeout" {
		t.Errorf("go during go: first answer %q", l)
	}
	l, _ = s.expect("checkmate", usiTimeout)
	usitest.CheckMateLine(t, uMate3, strings.Fields(strings.TrimPrefix(l, "checkmate")), 3)

	// A plain go answers a legal bestmove.
	s.send("position startpos moves 7g7f 3c3d")
	s.send("go btime 0 wtime 0 byoyomi 1000")
	l, _ = s.expect("bestmove", usiTimeout)
	checkLegal(t, shogi.StartSFEN, []string{"7g7f", "3c3d"}, strings.TrimPrefix(l, "bestmove "))

	// ... also to a go with a word it does not know ...
	s.send("go btime 600 wtime 600 byoyomi 100 rtime 3000")
	l, before = s.expect("bestmove", usiTimeout)
	if len(before) == 0 || before[0] != `info string go: unknown field "rtime 3000" ignored` {
		t.Errorf("go with rtime: %q before %q", before, l)
	}
	checkLegal(t, shogi.StartSFEN, []string{"7g7f", "3c3d"}, strings.TrimPrefix(l, "bestmove "))

	// ... the mate when there is one ...
	s.send("position sfen " + uGameMate)
	s.send("go byoyomi 1000")
	if l, _ := s.expect("bestmove", usiTimeout); l != "bestmove G*5b" {
		t.Errorf("go on a mate in 1: %q", l)
	}

	// ... resign only without a legal move ...
	s.send("position sfen " + uMated)
	s.send("go byoyomi 1000")
	if l, _ := s.expect("bestmove", usiTimeout); l != "bestmove resign" {
		t.Errorf("go when mated: %q", l)
	}

	// ... and with go infinite, only after stop.
	s.send("position startpos")
	s.send("go infinite")
	s.noAnswer("bestmove", 400*time.Millisecond)
	s.send("stop")
	l, _ = s.expect("bestmove", usiTimeout)
	checkLegal(t, shogi.StartSFEN, nil, strings.TrimPrefix(l, "bestmove "))

	// A bad position: reported, and the previous position stays.
	s.send("position sfen " + uMate3)
	s.send("position sfen 4k4/9/4x4/9/9/9/9/9/9 b G 1")
	if l, _ := s.expect("info string", usiTimeout); !strings.Contains(l, "bad position") {
		t.Errorf("bad position: %q", l)
	}
	s.send("go mate 5000")
	l, _ = s.expect("checkmate", usiTimeout)
	usitest.CheckMateLine(t, uMate3, strings.Fields(strings.TrimPrefix(l, "checkmate")), 3)
	s.send("setoption name USI_Hash value lots")
	if l, _ := s.expect("info string", usiTimeout); !strings.Contains(l, "USI_Hash") {
		t.Errorf("bad option value: %q", l)
	}

	s.send("quit")
	if code := s.exit(); code != ExitOK {
		t.Errorf("quit: exit %d", code)
	}
}

func hasPrefix(lines []string, prefix string) bool {
	for _, l := range lines {
		if strings.HasPrefix(l, prefix) {
			return true
		}
	}
	return false
}

// TestUSIEndOfInput: the end of the input ends the engine after the
// answer to a search with a limit.
func TestUSIEndOfInput(t *testing.T) {
	var stdout, stderr bytes.Buffer
	in := "usi\nposition sfen " + uMate3 + "\ngo mate 5000\n"
	done := make(chan int, 1)
	go func() { done <- Run(context.Background(), []string{"usi"}, strings.NewReader(in), &stdout, &stderr) }()
	select {
	case code := <-done:
		if code != ExitOK {
			t.Errorf("exit %d, stderr %q", code, stderr.String())
		}
	case <-time.After(usiTimeout):
		t.Fatal("the engine did not exit at the end of its input")
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	last := lines[len(lines)-1]
	if !strings.HasPrefix(last, "checkmate ") {
		t.Fatalf("last line %q, want checkmate", last)
	}
	usitest.CheckMateLine(t, uMate3, strings.Fields(strings.TrimPrefix(last, "checkmate")), 3)

	// An infinite search is stopped at the end of the input and answers.
	stdout.Reset()
	in = "position sfen " + uLong + "\ngo mate infinite\n"
	go func() { done <- Run(context.Background(), []string{"usi"}, strings.NewReader(in), &stdout, &stderr) }()
	select {
	case <-done:
	case <-time.After(usiTimeout):
		t.Fatal("the engine did not exit at the end of its input")
	}
	if got := strings.TrimSpace(stdout.String()); !strings.HasSuffix(got, "checkmate timeout") {
		t.Errorf("output %q, want checkmate timeout at the end", got)
	}
}

// TestUSIInterrupted: cancelling the context (Ctrl-C) ends the engine
// with exit status 130, also during a search.
func TestUSIInterrupted(t *testing.T) {
	s := startUSI(t)
	s.send("position sfen " + uLong)
	s.send("go mate infinite")
	time.Sleep(100 * time.Millisecond)
	s.Cancel()
	if code := s.exit(); code != ExitInterrupted {
		t.Errorf("exit %d, want %d", code, ExitInterrupted)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if got := s.stderr.String(); got != "tsume usi: interrupted\n" {
		t.Errorf("stderr %q", got)
	}
}

// TestUSIArguments: usi takes no arguments.
func TestUSIArguments(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := Run(context.Background(), []string{"usi", "now"}, nil, &stdout, &stderr); code != ExitError || stdout.Len() != 0 {
		t.Errorf("exit %d, stdout %q", code, stdout.String())
	}
}

// TestUSIMalformed feeds malformed and out-of-place commands: the engine
// reports what it cannot use, never stops answering, and never panics.
func TestUSIMalformed(t *testing.T) {
	s := startUSI(t)
	for _, l := range []string{
		"position", "position sfen", "position startpos moves", "position startpos moves 1a1a",
		"position sfen 4k4/9/4S4/9/9/9/9/9/9 b G 1 moves G*5b 5a4a", // the king cannot escape: illegal
		"setoption", "setoption name", "setoption value 3", "setoption name USI_Hash",
		"setoption name USI_Hash value 0", "setoption name MateNodes value -1",
		"setoption name FutileRule value sometimes", "setoption name DefenderHand value mine",
		"ponderhit", "gameover", "stop", "\t", "\x00\xff", "usinewgame now",
		"position sfen 4k4/9/4S4/9/9/9/9/9/4K3r b G 1", // the attacker is in check
	} {
		s.send(l)
	}
	s.send("go mate 2000")
	l, _ := s.expect("checkmate", usiTimeout)
	if l == "checkmate timeout" {
		t.Errorf("go mate with the attacker in check: %q", l)
	}
	// A go mate whose time cannot be read is reported and searched as go
	// mate infinite: the same answer.
	for _, c := range []struct{ cmd, info string }{
		{"go mate abc", `info string go mate: "abc" is not a time in milliseconds; searching until stop`},
		{"go mate -5", "info string go mate: -5 is negative; read as 0: searching until stop"},
		{"go mate", "info string go mate: no time given; searching until stop"},
		{"go mate 2000 rtime 3000", `info string go: unknown field "rtime 3000" ignored`},
	} {
		s.send(c.cmd)
		got, before := s.expect("checkmate", usiTimeout)
		if got != l || len(before) == 0 || before[0] != c.info {
			t.Errorf("%s: %q after %q, want %q after %s", c.cmd, got, before, l, c.info)
		}
	}
	s.send("stop") // nothing to stop
	s.quiet(100 * time.Millisecond)
	s.send("isready")
	s.expect("readyok", usiTimeout)
	s.send("go ponder")
	s.send("ponderhit")
	l, _ = s.expect("bestmove", usiTimeout)
	checkLegal(t, "4k4/9/4S4/9/9/9/9/9/4K3r b G 1", nil, strings.TrimPrefix(l, "bestmove "))
	s.send("quit")
	if code := s.exit(); code != ExitOK {
		t.Errorf("exit %d", code)
	}
}

// TestUSIMeasurementOptions: tsume usi takes the options of the
// self-play measurements (docs/engine.md) without complaint, and names
// a bad value.
func TestUSIMeasurementOptions(t *testing.T) {
	var stdout, stderr bytes.Buffer
	in := "usi\nsetoption name EvalWeights value pst=0,king-hand=50\nsetoption name SearchFeatures value no-null\nisready\nsetoption name EvalWeights value pts=0\nquit\n"
	if code := Run(context.Background(), []string{"usi"}, strings.NewReader(in), &stdout, &stderr); code != ExitOK {
		t.Fatalf("exit %d, stderr %q", code, stderr.String())
	}
	out := stdout.String()
	if n := strings.Count(out, "info string"); n != 1 || !strings.Contains(out, `info string gameengine: EvalWeights: eval: unknown weight "pts"`) {
		t.Errorf("output:\n%s", out)
	}
}
