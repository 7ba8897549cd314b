package match

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
)

// Fault is the kind of an engine's failure.
type Fault int

// The faults of an engine.
const (
	FaultStart   Fault = iota + 1 // the command could not be run
	FaultTimeout                  // no answer in time
	FaultCrash                    // the engine's output ended (it exited or closed it) or its input cannot be written
	FaultGarbage                  // it printed what is not USI
)

var faultNames = [...]string{FaultStart: "cannot start", FaultTimeout: "timeout", FaultCrash: "crash", FaultGarbage: "garbage"}

// String returns "cannot start", "timeout", "crash" or "garbage".
func (f Fault) String() string {
	if f > 0 && int(f) < len(faultNames) {
		return faultNames[f]
	}
	return fmt.Sprintf("Fault(%d)", int(f))
}

// EngineError reports an engine that failed: which engine, the command
// it was answering (usi, isready, go, …), the kind of failure and the
// error behind it, with the end of what the engine wrote to its standard
// error.
type EngineError struct {
	Engine string
	Op     string
	Fault  Fault
	Err    error
	Stderr string
}

// Error returns "match: " and the Message.
func (e *EngineError) Error() string { return "match: " + e.Message() }

// Message describes the failure without the package name: "engine X,
// answering go: timeout: no answer within 1.1s".
func (e *EngineError) Message() string {
	s := fmt.Sprintf("engine %s, answering %s: %s: %v", e.Engine, e.Op, e.Fault, e.Err)
	if e.Op == "start" {
		err := e.Err
		var pe *fs.PathError
		if errors.As(err, &pe) {
			// "fork/exec X: …" names the engine a second time.
			err = pe.Err
		}
		s = fmt.Sprintf("engine %s: %s: %v", e.Engine, e.Fault, err)
	}
	return s + e.stderrEnd()
}

// What describes what went wrong without naming the engine or the
// command it was answering: "crash: its output ended: EOF (its stderr
// ends: …)", for a place that names them already.
func (e *EngineError) What() string {
	return fmt.Sprintf("%s: %v", e.Fault, e.Err) + e.stderrEnd()
}

// stderrEnd is " (its stderr ends: LINE)", the last line of Stderr
// clipped, or "" when the engine wrote nothing there.
func (e *EngineError) stderrEnd() string {
	t := strings.TrimSpace(e.Stderr)
	if t == "" {
		return ""
	}
	if i := strings.LastIndexByte(t, '\n'); i >= 0 {
		t = t[i+1:]
	}
	return " (its stderr ends: " + clip(t) + ")"
}

// Unwrap returns Err.
func (e *EngineError) Unwrap() error { return e.Err }
