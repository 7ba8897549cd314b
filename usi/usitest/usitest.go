// Package usitest drives usi.Serve from a test as a GUI would: commands
// in through a pipe, answer lines out, every wait bounded so that a hung
// engine fails the test instead of hanging it.
package usitest

import (
	"bufio"
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/usi"
)

// Timeout bounds the waits of Send and Wait. It only turns a hung engine
// into a failure instead of a hang: it is no measure of speed, and a busy
// machine (CI runs on one as loaded as ours, where a 5-second bound
// failed a mate search that takes 2 s when quiet) must never reach it.
const Timeout = 2 * time.Minute

// Session is one usi.Serve running for a test.
type Session struct {
	t      testing.TB
	in     *io.PipeWriter
	lines  chan string
	done   chan error
	cancel context.CancelFunc
}

// Start runs usi.Serve for h on pipes; the test's cleanup ends it.
func Start(t testing.TB, h usi.Handler) *Session {
	t.Helper()
	return StartFunc(t, func(ctx context.Context, in io.Reader, out io.Writer) error {
		return usi.Serve(ctx, in, out, h)
	})
}

// StartFunc is Start for any function that speaks USI over in and out
// until ctx ends or in is closed, such as a whole command: the tests of
// the tsume usi command drive it through cli.Run.
func StartFunc(t testing.TB, run func(ctx context.Context, in io.Reader, out io.Writer) error) *Session {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := &Session{t: t, in: inW, lines: make(chan string, 1000), done: make(chan error, 1), cancel: cancel}
	go func() {
		err := run(ctx, inR, outW)
		outW.Close()
		inR.Close()
		s.done <- err
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			s.lines <- sc.Text()
		}
		close(s.lines)
	}()
	t.Cleanup(func() {
		cancel()
		inW.Close()
	})
	return s
}

// Send writes command lines, one after the other.
func (s *Session) Send(cmds ...string) {
	s.t.Helper()
	for _, cmd := range cmds {
		done := make(chan error, 1)
		go func() {
			_, err := io.WriteString(s.in, cmd+"\n")
			done <- err
		}()
		select {
		case err := <-done:
			if err != nil {
				s.t.Fatalf("send %q: %v", cmd, err)
			}
		case <-time.After(Timeout):
			s.t.Fatalf("send %q: the engine does not read its input", cmd)
		}
	}
}

// Expect reads lines until one starts with prefix and returns it with
// the lines before it; it fails the test after timeout.
func (s *Session) Expect(prefix string, timeout time.Duration) (string, []string) {
	s.t.Helper()
	var before []string
	deadline := time.After(timeout)
	for {
		select {
		case l, ok := <-s.lines:
			if !ok {
				s.t.Fatalf("the engine's output ended while waiting for %q; before: %q", prefix, before)
			}
			if strings.HasPrefix(l, prefix) {
				return l, before
			}
			before = append(before, l)
		case <-deadline:
			s.t.Fatalf("no %q within %v; got %q", prefix, timeout, before)
		}
	}
}

// Quiet fails the test if the engine writes anything within d.
func (s *Session) Quiet(d time.Duration) {
	s.t.Helper()
	select {
	case l, ok := <-s.lines:
		if ok {
			s.t.Fatalf("unexpected output %q", l)
		}
	case <-time.After(d):
	}
}

// NoAnswer fails the test if a line starting with prefix comes within
// d; it returns the other lines that came.
func (s *Session) NoAnswer(prefix string, d time.Duration) []string {
	s.t.Helper()
	var got []string
	deadline := time.After(d)
	for {
		select {
		case l, ok := <-s.lines:
			if !ok {
				s.t.Fatalf("the engine's output ended; before: %q", got)
			}
			if strings.HasPrefix(l, prefix) {
				s.t.Fatalf("unexpected %q after %q", l, got)
			}
			got = append(got, l)
		case <-deadline:
			return got
		}
	}
}

// Cancel ends Serve's context, as an interrupt does.
func (s *Session) Cancel() { s.cancel() }

// CloseInput ends the engine's input, as a GUI that exits does.
func (s *Session) CloseInput() { s.in.Close() }

// Wait waits for Serve to return and gives the lines it wrote that
// nobody read, and its error.
func (s *Session) Wait() ([]string, error) {
	s.t.Helper()
	select {
	case err := <-s.done:
		var rest []string
		for l := range s.lines {
			rest = append(rest, l)
		}
		return rest, err
	case <-time.After(Timeout):
		s.t.Fatal("Serve did not return")
	}
	return nil, nil
}

// CheckMateLine fails the test unless moves (USI texts) are a mating line
// of the position sfen with the given number of plies: each move legal,
// every attacker move a check, and the last one mate.
func CheckMateLine(t testing.TB, sfen string, moves []string, plies int) {
	t.Helper()
	p, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	if len(moves) != plies {
		t.Errorf("mate line %q: %d moves, want %d", moves, len(moves), plies)
	}
	for i, s := range moves {
		m, err := p.ParseUSIMove(s)
		if err != nil {
			t.Fatalf("mate line %q: move %d: %v", moves, i+1, err)
		}
		p.DoMove(m)
		if i%2 == 0 && !p.InCheck() {
			t.Errorf("mate line %q: move %d does not check", moves, i+1)
		}
	}
	if !p.InCheck() || p.HasLegalMove() {
		t.Errorf("mate line %q does not end in mate", moves)
	}
}
