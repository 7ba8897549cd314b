package match

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// MateResult is the kind of an engine's answer to go mate.
type MateResult int

// The answers to go mate: "checkmate M…", "checkmate nomate", "checkmate
// timeout" (also what an engine that was stopped says) and "checkmate
// notimplemented".
const (
	MateFound MateResult = iota + 1
	MateNoMate
	MateTimeout
	MateNotImplemented
)

var mateResultNames = [...]string{MateFound: "mate", MateNoMate: "nomate", MateTimeout: "timeout", MateNotImplemented: "notimplemented"}

// String returns "mate", "nomate", "timeout" or "notimplemented".
func (r MateResult) String() string {
	if r > 0 && int(r) < len(mateResultNames) {
		return mateResultNames[r]
	}
	return fmt.Sprintf("MateResult(%d)", int(r))
}

// MateAnswer is an engine's answer to go mate.
type MateAnswer struct {
	Result MateResult
	// Moves are the words after checkmate when Result is MateFound: the
	// mating line in USI notation, as the engine gave it (unchecked).
	Moves []string
	// Elapsed is the time from the go command to the checkmate line.
	Elapsed time.Duration
	// Stopped is true when the engine had not answered after the go
	// mate time and the grace, and was sent stop.
	Stopped bool
}

// GoMate sends the position command pos (a whole line, such as
// "position sfen …") and "go mate <ms>" with the
// time limit in milliseconds, and waits for the checkmate line. An
// engine that has not answered after limit+grace is sent stop and has
// the start timeout to answer (its answer, usually checkmate timeout,
// is then returned with Stopped set); one that does not answer even
// then, or dies, or prints what is not USI, gives an *EngineError.
func (e *Engine) GoMate(ctx context.Context, pos string, limit, grace time.Duration) (MateAnswer, error) {
	e.drain()
	ms := max(1, limit.Milliseconds())
	if err := e.send("position", pos); err != nil {
		return MateAnswer{}, err
	}
	if err := e.send("go", fmt.Sprintf("go mate %d", ms)); err != nil {
		return MateAnswer{}, err
	}
	start := time.Now()
	var a MateAnswer
	var bad error
	match := func(l line) bool {
		word, rest, _ := strings.Cut(l.text, " ")
		if word != "checkmate" {
			return false
		}
		a.Elapsed = l.at.Sub(start)
		f := strings.Fields(rest)
		switch {
		case len(f) == 0:
			bad = errors.New("checkmate without a result")
		case len(f) == 1 && f[0] == "nomate":
			a.Result = MateNoMate
		case len(f) == 1 && f[0] == "timeout":
			a.Result = MateTimeout
		case len(f) == 1 && f[0] == "notimplemented":
			a.Result = MateNotImplemented
		default:
			a.Result, a.Moves = MateFound, f
		}
		return true
	}
	err := e.waitLine(ctx, "go mate", start, limit+grace, match)
	var ee *EngineError
	if errors.As(err, &ee) && ee.Fault == FaultTimeout && e.broken == ee {
		e.broken = nil
		a.Stopped = true
		if err = e.send("stop", "stop"); err == nil {
			err = e.waitLine(ctx, "stop", time.Now(), e.startTimeout(), match)
		}
	}
	if err == nil && bad != nil {
		err = e.fail("go mate", FaultGarbage, bad)
	}
	return a, err
}

// startTimeout is the configured start timeout or its default.
func (e *Engine) startTimeout() time.Duration {
	if e.cfg.StartTimeout > 0 {
		return e.cfg.StartTimeout
	}
	return DefaultStartTimeout
}

// PID returns the process id of the engine, or 0 when it is not running.
func (e *Engine) PID() int {
	if e.cmd == nil || e.cmd.Process == nil {
		return 0
	}
	return e.cmd.Process.Pid
}
