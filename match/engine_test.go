package match

import (
	"context"
	"errors"
	"io/fs"
	"strings"
	"testing"
	"time"
)

func TestStartFaults(t *testing.T) {
	cases := []struct {
		cfg   EngineConfig
		op    string
		fault Fault
	}{
		{fake("nousiok"), "usi", FaultTimeout},
		{fake("noreadyok"), "isready", FaultTimeout},
		{EngineConfig{Argv: []string{"/nonexistent/engine"}}, "start", FaultStart},
		{EngineConfig{Argv: []string{"true"}}, "usi", FaultCrash},
	}
	for _, c := range cases {
		// A timeout fault can only come from StartTimeout: without it the
		// scripts that never answer would hang the test.
		c.cfg.StartTimeout = 300 * time.Millisecond
		e, err := Start(context.Background(), c.cfg)
		var ee *EngineError
		if !errors.As(err, &ee) || ee.Op != c.op || ee.Fault != c.fault {
			t.Errorf("Start(%v) = %v, %v; want a %s fault answering %s", c.cfg.Argv, e, err, c.fault, c.op)
			continue
		}
	}
}

func TestStartNames(t *testing.T) {
	e, err := Start(context.Background(), fake("random"))
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if e.Name != "fake-random" || e.Author != "tsume tests" {
		t.Errorf("name %q, author %q; want fake-random, tsume tests", e.Name, e.Author)
	}
}

// TestGoFaults plays one go with each faulty script and checks the fault
// and whether the engine can play on.
func TestGoFaults(t *testing.T) {
	cases := []struct {
		mode   string
		fault  Fault // 0: an answer
		move   string
		broken bool
	}{
		{"random", 0, "", false},
		{"resign", 0, "resign", false},
		{"win", 0, "win", false},
		{"badmove", 0, "xyzzy", false},
		{"slow", FaultTimeout, "", false},
		{"timeout", FaultTimeout, "", true},
		{"crash", FaultCrash, "", true},
		{"garbage", FaultGarbage, "", true},
		{"flood", FaultGarbage, "", true},
		{"longline", FaultGarbage, "", true},
	}
	for _, c := range cases {
		t.Run(c.mode, func(t *testing.T) {
			e, err := Start(context.Background(), fake(c.mode))
			if err != nil {
				t.Fatal(err)
			}
			defer e.Close()
			a, err := e.Go(context.Background(), "position startpos", "go btime 0 wtime 0 byoyomi 100", time.Second)
			var ee *EngineError
			switch {
			case c.fault == 0 && err != nil:
				t.Fatalf("Go: %v", err)
			case c.fault == 0 && c.move != "" && a.Move != c.move:
				t.Errorf("move %q; want %q", a.Move, c.move)
			case c.fault == 0 && c.move == "" && len(a.Move) < 4:
				t.Errorf("move %q; want a move", a.Move)
			case c.fault != 0 && (!errors.As(err, &ee) || ee.Fault != c.fault):
				t.Fatalf("Go = %+v, %v; want a %s fault", a, err, c.fault)
			}
			if got := e.Broken() != nil; got != c.broken {
				t.Errorf("Broken() = %v; want broken %v", e.Broken(), c.broken)
			}
			if !c.broken {
				if err := e.Ready(context.Background()); err != nil {
					t.Errorf("the engine cannot play on: %v", err)
				}
			}
		})
	}
}

func TestGoCancelled(t *testing.T) {
	e, err := Start(context.Background(), fake("timeout"))
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	_, err = e.Go(ctx, "position startpos", "go infinite", time.Hour)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Go = %v; want context.Canceled", err)
	}
}

func TestEngineErrorMessage(t *testing.T) {
	err := &EngineError{Engine: "x", Op: "go", Fault: FaultTimeout, Err: errors.New("no answer within 1s"), Stderr: "first\nlast line\n"}
	want := "match: engine x, answering go: timeout: no answer within 1s (its stderr ends: last line)"
	if err.Error() != want {
		t.Errorf("Error() = %q; want %q", err.Error(), want)
	}
	if !strings.HasPrefix((&EngineError{Engine: "y", Op: "start", Fault: FaultStart, Err: errors.New("e")}).Message(), "engine y: cannot start: e") {
		t.Error("start message")
	}
	if got, want := err.What(), "timeout: no answer within 1s (its stderr ends: last line)"; got != want {
		t.Errorf("What() = %q; want %q", got, want)
	}
	if got, want := (&EngineError{Engine: "z", Op: "go", Fault: FaultCrash, Err: errors.New("EOF")}).What(), "crash: EOF"; got != want {
		t.Errorf("What() without stderr = %q; want %q", got, want)
	}
}

func TestSplitCommand(t *testing.T) {
	cases := []struct {
		in   string
		want []string
	}{
		{"tsume usi", []string{"tsume", "usi"}},
		{"  a   b\tc ", []string{"a", "b", "c"}},
		{`'/opt/my engine/run' --x`, []string{"/opt/my engine/run", "--x"}},
		{`"a \"b\" c\\d" e`, []string{`a "b" c\d`, "e"}},
		{`a\ b c`, []string{"a b", "c"}},
		{`x''y ""`, []string{"xy", ""}},
	}
	for _, c := range cases {
		got, err := SplitCommand(c.in)
		if err != nil || strings.Join(got, "|") != strings.Join(c.want, "|") || len(got) != len(c.want) {
			t.Errorf("SplitCommand(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	for _, bad := range []string{"", "   ", "'a", `"a`, `a "b\"`} {
		if got, err := SplitCommand(bad); err == nil {
			t.Errorf("SplitCommand(%q) = %q; want an error", bad, got)
		}
	}
}

// TestEngineStartErrorNamesEngineOnce checks that an engine that cannot
// be started is named once: "engine X: cannot start: no such file or
// directory", not with the "fork/exec X" of the error behind it.
func TestEngineStartErrorNamesEngineOnce(t *testing.T) {
	err := &EngineError{Engine: "/no/engine", Op: "start", Fault: FaultStart, Err: &fs.PathError{Op: "fork/exec", Path: "/no/engine", Err: fs.ErrNotExist}}
	if got, want := err.Message(), "engine /no/engine: cannot start: file does not exist"; got != want {
		t.Errorf("Message() = %q, want %q", got, want)
	}
	if !errors.Is(err, fs.ErrNotExist) {
		t.Error("the error behind it is lost")
	}
}
