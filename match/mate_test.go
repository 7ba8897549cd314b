package match

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// Rule: each answer to go mate is read as USI defines it; a checkmate
// line without a result is garbage.
func TestGoMateAnswers(t *testing.T) {
	cases := []struct {
		mode   string
		result MateResult
		moves  string
		fault  Fault // 0: an answer
	}{
		{"say=checkmate nomate", MateNoMate, "", 0},
		{"say=checkmate timeout", MateTimeout, "", 0},
		{"say=checkmate notimplemented", MateNotImplemented, "", 0},
		{"say=checkmate G*5b", MateFound, "G*5b", 0},
		{"say=checkmate 2c2b+ 1a2b N*3d", MateFound, "2c2b+ 1a2b N*3d", 0},
		{"say=checkmate", 0, "", FaultGarbage},
		{"crash", 0, "", FaultCrash},
	}
	for _, c := range cases {
		t.Run(c.mode, func(t *testing.T) {
			e, err := Start(context.Background(), fake(c.mode))
			if err != nil {
				t.Fatal(err)
			}
			defer e.Close()
			a, err := e.GoMate(context.Background(), "position sfen 4k4/9/4S4/9/9/9/9/9/9 b G 1", time.Second, time.Second)
			var ee *EngineError
			switch {
			case c.fault != 0:
				if !errors.As(err, &ee) || ee.Fault != c.fault || ee.Op != "go mate" {
					t.Fatalf("GoMate = %+v, %v; want a %s fault answering go mate", a, err, c.fault)
				}
			case err != nil:
				t.Fatalf("GoMate: %v", err)
			case a.Result != c.result || strings.Join(a.Moves, " ") != c.moves || a.Stopped:
				t.Errorf("GoMate = %+v; want %s %q", a, c.result, c.moves)
			}
		})
	}
}

// Rule: an engine that has not answered after the limit and the grace
// is sent stop; one that does not answer even then is a timeout fault.
func TestGoMateStop(t *testing.T) {
	e, err := Start(context.Background(), fake("timeout"))
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	a, err := e.GoMate(context.Background(), "position startpos", 10*time.Millisecond, 10*time.Millisecond)
	var ee *EngineError
	if !errors.As(err, &ee) || ee.Fault != FaultTimeout || ee.Op != "stop" || !a.Stopped {
		t.Errorf("GoMate = %+v, %v; want stopped, then a timeout answering stop", a, err)
	}
	if e.PID() <= 0 {
		t.Errorf("PID() = %d", e.PID())
	}
}
