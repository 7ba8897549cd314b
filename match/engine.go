package match

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// EngineConfig says how to start an engine and set it up.
type EngineConfig struct {
	// Argv is the command and its arguments (see SplitCommand).
	Argv []string
	// Env holds extra environment variables, "KEY=value", added to the
	// environment of this process.
	Env []string
	// Options are sent as setoption commands, in order, after usiok.
	Options []Option
	// StartTimeout bounds each wait for usiok and for readyok
	// (DefaultStartTimeout when 0).
	StartTimeout time.Duration
}

// Option is one setoption command: "setoption name Name value Value".
type Option struct {
	Name, Value string
}

// DefaultStartTimeout is the time an engine has to answer usi with usiok
// and isready with readyok, unless EngineConfig says otherwise.
const DefaultStartTimeout = 10 * time.Second

// Limits of what an engine may print before it is reported as printing
// garbage.
const (
	maxLine    = 64 << 10 // bytes in one line
	maxUnknown = 1000     // lines that are not USI, during one wait
	quitWait   = time.Second
	stderrTail = 2 << 10 // bytes of the engine's standard error kept for reports
)

// Engine is a USI engine running as a subprocess. Its methods are not
// safe for concurrent use.
type Engine struct {
	// Name is the engine's "id name", or the command when it gave none.
	Name string
	// Author is the engine's "id author", if it gave one.
	Author string

	cfg    EngineConfig
	cmd    *exec.Cmd
	in     io.WriteCloser
	lines  chan line
	done   chan struct{} // closed when the output has ended and the process been waited for
	outErr error         // why the output ended (valid once done is closed)
	stderr tail
	broken error // the first fault; the engine is not used again after it
}

// line is a line of the engine's output and when it was read.
type line struct {
	text string
	at   time.Time
}

// Start runs the engine and brings it to the state where it can play: it
// sends usi and waits for usiok (reading id name and id author), sends
// the options and isready, and waits for readyok. Each wait is bounded
// by cfg.StartTimeout. The engine is killed when ctx is cancelled. On
// failure the process is stopped and an *EngineError says why.
func Start(ctx context.Context, cfg EngineConfig) (*Engine, error) {
	if len(cfg.Argv) == 0 {
		return nil, &EngineError{Engine: "(none)", Op: "start", Fault: FaultStart, Err: errors.New("empty engine command")}
	}
	if cfg.StartTimeout <= 0 {
		cfg.StartTimeout = DefaultStartTimeout
	}
	e := &Engine{Name: strings.Join(cfg.Argv, " "), cfg: cfg, lines: make(chan line, 256), done: make(chan struct{})}
	cmd := exec.CommandContext(ctx, cfg.Argv[0], cfg.Argv[1:]...)
	if len(cfg.Env) > 0 {
		cmd.Env = append(os.Environ(), cfg.Env...)
	}
	cmd.Stderr = &e.stderr
	cmd.WaitDelay = quitWait
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, e.fail("start", FaultStart, err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, e.fail("start", FaultStart, err)
	}
	if err := cmd.Start(); err != nil {
		return nil, e.fail("start", FaultStart, err)
	}
	e.cmd, e.in = cmd, in
	go e.read(out)
	if err := e.handshake(ctx); err != nil {
		e.Close()
		return nil, err
	}
	return e, nil
}

// read passes the lines of the engine's output to e.lines until it ends,
// then waits for the process.
func (e *Engine) read(out io.Reader) {
	r := bufio.NewReaderSize(out, 4096)
	var err error
	for {
		var b []byte
		b, err = readLine(r)
		if err != nil {
			break
		}
		e.lines <- line{text: strings.TrimRight(string(b), "\r"), at: time.Now()}
	}
	if errors.Is(err, io.EOF) {
		err = io.EOF
	} else {
		// Nobody reads the output any more: the engine would block
		// writing it and never exit.
		e.cmd.Process.Kill()
	}
	werr := e.cmd.Wait()
	if err == io.EOF && werr != nil {
		err = fmt.Errorf("%w (%v)", io.EOF, werr)
	}
	e.outErr = err
	close(e.done)
}

// errLongLine is the error of a line longer than maxLine.
var errLongLine = fmt.Errorf("a line longer than %d bytes", maxLine)

// readLine reads one line without its end, failing on lines longer than
// maxLine.
func readLine(r *bufio.Reader) ([]byte, error) {
	var b []byte
	for {
		chunk, err := r.ReadSlice('\n')
		b = append(b, chunk...)
		if len(b) > maxLine+1 {
			return nil, errLongLine
		}
		switch {
		case err == nil:
			return b[:len(b)-1], nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF) && len(b) > 0:
			return b, nil
		default:
			return nil, err
		}
	}
}

// handshake runs usi … usiok, the options and isready … readyok.
func (e *Engine) handshake(ctx context.Context) error {
	if err := e.send("usi", "usi"); err != nil {
		return err
	}
	err := e.wait(ctx, "usi", e.cfg.StartTimeout, func(l string) bool {
		word, rest, _ := strings.Cut(l, " ")
		if word == "id" {
			key, val, _ := strings.Cut(strings.TrimSpace(rest), " ")
			switch key {
			case "name":
				e.Name = strings.TrimSpace(val)
			case "author":
				e.Author = strings.TrimSpace(val)
			}
		}
		return word == "usiok"
	})
	if err != nil {
		return err
	}
	for _, o := range e.cfg.Options {
		cmd := "setoption name " + o.Name
		if o.Value != "" {
			cmd += " value " + o.Value
		}
		if err := e.send("setoption", cmd); err != nil {
			return err
		}
	}
	return e.Ready(ctx)
}

// Ready sends isready and waits for readyok, for at most the start
// timeout.
func (e *Engine) Ready(ctx context.Context) error {
	if err := e.send("isready", "isready"); err != nil {
		return err
	}
	return e.wait(ctx, "isready", e.cfg.StartTimeout, func(l string) bool {
		return firstWord(l) == "readyok"
	})
}

// NewGame prepares the engine for a game: isready … readyok, then
// usinewgame.
func (e *Engine) NewGame(ctx context.Context) error {
	if err := e.Ready(ctx); err != nil {
		return err
	}
	return e.send("usinewgame", "usinewgame")
}

// GameOver tells the engine how the game ended for it: "win", "lose" or
// "draw".
func (e *Engine) GameOver(result string) error {
	return e.send("gameover", "gameover "+result)
}

// Answer is an engine's answer to go.
type Answer struct {
	// Move is the word after bestmove: a move in USI notation, "resign"
	// or "win".
	Move string
	// Elapsed is the time from the go command to the bestmove line.
	Elapsed time.Duration
	// Info is the last info line with a score before the answer, if any.
	Info string
}

// Go sends the position command pos and the go command goCmd (whole
// lines, without their ends) and waits for bestmove, for at most limit
// after the go was written. When the limit passes it sends stop and
// reports FaultTimeout.
func (e *Engine) Go(ctx context.Context, pos, goCmd string, limit time.Duration) (Answer, error) {
	e.drain()
	if err := e.send("position", pos); err != nil {
		return Answer{}, err
	}
	if err := e.send("go", goCmd); err != nil {
		return Answer{}, err
	}
	start := time.Now()
	var a Answer
	var bad error
	err := e.waitLine(ctx, "go", start, limit, func(l line) bool {
		word, rest, _ := strings.Cut(l.text, " ")
		switch word {
		case "info":
			if strings.Contains(rest, "score ") {
				a.Info = l.text
			}
		case "bestmove":
			a.Elapsed = l.at.Sub(start)
			f := strings.Fields(rest)
			if len(f) == 0 {
				bad = errors.New("bestmove without a move")
			} else {
				a.Move = f[0]
			}
			return true
		}
		return false
	})
	var ee *EngineError
	if errors.As(err, &ee) && ee.Fault == FaultTimeout && e.broken == ee {
		// Give it a chance to stop and answer, so that it can play on.
		e.broken = nil
		if e.send("stop", "stop") == nil {
			grace := e.wait(ctx, "stop", quitWait, func(l string) bool { return firstWord(l) == "bestmove" })
			if grace != nil {
				e.broken = ee
			}
		}
		return Answer{Elapsed: time.Since(start)}, err
	}
	if err == nil && bad != nil {
		err = e.fail("go", FaultGarbage, bad)
	}
	return a, err
}

// Broken returns the fault after which the engine should not be used
// again (a crash, garbage, a timeout it did not recover from), or nil.
func (e *Engine) Broken() error {
	if e.broken == nil {
		return nil // not a typed nil
	}
	return e.broken
}

// Close ends the engine: quit, then a kill if it has not exited within a
// second. It returns nil; the engine's exit status is not a fault.
func (e *Engine) Close() error {
	if e.cmd == nil {
		return nil
	}
	e.send("quit", "quit")
	e.in.Close()
	timer := time.NewTimer(quitWait)
	defer timer.Stop()
	for {
		select {
		case <-e.done:
			return nil
		case <-e.lines:
		case <-timer.C:
			e.cmd.Process.Kill()
			for {
				select {
				case <-e.done:
					return nil
				case <-e.lines:
				}
			}
		}
	}
}

// Stderr returns the last bytes the engine wrote to its standard error.
func (e *Engine) Stderr() string { return e.stderr.String() }

// send writes one command line.
func (e *Engine) send(op, cmd string) error {
	if e.broken != nil {
		return e.broken
	}
	if _, err := io.WriteString(e.in, cmd+"\n"); err != nil {
		return e.fail(op, FaultCrash, fmt.Errorf("cannot write %q: %w", firstWord(cmd), err))
	}
	return nil
}

// drain drops the lines already read.
func (e *Engine) drain() {
	for {
		select {
		case <-e.lines:
		default:
			return
		}
	}
}

// wait reads lines until match returns true for one, for at most limit
// from now, or until the output ends.
func (e *Engine) wait(ctx context.Context, op string, limit time.Duration, match func(string) bool) error {
	return e.waitLine(ctx, op, time.Now(), limit, func(l line) bool { return match(l.text) })
}

// waitLine reads lines until match returns true for one, until limit
// after start, or until the output ends. Lines that are not USI are
// passed over, up to maxUnknown of them; a line with a control
// character is garbage.
func (e *Engine) waitLine(ctx context.Context, op string, start time.Time, limit time.Duration, match func(line) bool) error {
	timer := time.NewTimer(time.Until(start.Add(limit)))
	defer timer.Stop()
	unknown := 0
	take := func(l line) (bool, error) {
		if bad := garbage(l.text); bad != "" {
			return false, e.fail(op, FaultGarbage, errors.New(bad))
		}
		if match(l) {
			return true, nil
		}
		if !usiWords[firstWord(l.text)] {
			if unknown++; unknown > maxUnknown {
				return false, e.fail(op, FaultGarbage, fmt.Errorf("more than %d lines that are not USI, the last %q", maxUnknown, clip(l.text)))
			}
		}
		return false, nil
	}
	for {
		select {
		case l := <-e.lines:
			if ok, err := take(l); ok || err != nil {
				return err
			}
		case <-e.done:
			// The lines read before the end count first.
			for {
				select {
				case l := <-e.lines:
					if ok, err := take(l); ok || err != nil {
						return err
					}
					continue
				default:
				}
				break
			}
			err := e.outErr
			if errors.Is(err, errLongLine) {
				return e.fail(op, FaultGarbage, err)
			}
			return e.fail(op, FaultCrash, fmt.Errorf("its output ended: %w", err))
		case <-timer.C:
			return e.fail(op, FaultTimeout, fmt.Errorf("no answer within %v", limit))
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// usiWords are the first words of the lines an engine may print.
var usiWords = map[string]bool{
	"id": true, "option": true, "usiok": true, "readyok": true, "info": true,
	"bestmove": true, "checkmate": true, "": true,
}

// garbage returns why a line cannot be engine output (a control
// character), or "".
func garbage(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 && c != '\t' || c == 0x7f {
			return fmt.Sprintf("a control character 0x%02x in the line %q", c, clip(s))
		}
	}
	return ""
}

func firstWord(s string) string {
	f, _, _ := strings.Cut(strings.TrimSpace(s), " ")
	return f
}

// clip shortens s for a message.
func clip(s string) string {
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}

// fail records the engine's first fault and returns it.
func (e *Engine) fail(op string, f Fault, err error) *EngineError {
	ee := &EngineError{Engine: e.Name, Op: op, Fault: f, Err: err, Stderr: e.stderr.String()}
	if e.broken == nil {
		e.broken = ee
	}
	return ee
}

// tail is a writer that keeps the last stderrTail bytes written to it.
type tail struct {
	mu  sync.Mutex
	buf []byte
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > stderrTail {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-stderrTail:]...)
	}
	return len(p), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}
