package usi_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/usi"
	"github.com/tsume-shogi/tsume/usi/usitest"
)

const timeout = usitest.Timeout

// recorder is a Handler for the tests of Serve: it logs every call,
// hands each Request to the test, and searches as the test's functions
// say. It notes any call made while a search runs.
type recorder struct {
	opts     []usi.Option
	readyErr error
	goFn     func(context.Context, *usi.Request) usi.BestMove
	mateFn   func(context.Context, *usi.Request) usi.MateResult

	reqs    chan *usi.Request
	busy    atomic.Bool
	overlap atomic.Bool

	mu  sync.Mutex
	log []string
}

func newRecorder() *recorder {
	return &recorder{
		opts: []usi.Option{
			{Name: "USI_Hash", Type: usi.Spin, Default: "16", Min: 1, Max: 1024},
			{Name: "Verbose", Type: usi.Check, Default: "false"},
			{Name: "Style", Type: usi.Combo, Default: "calm", Vars: []string{"calm", "wild"}},
			{Name: "ClearHash", Type: usi.Button},
		},
		reqs: make(chan *usi.Request, 100),
	}
}

func (r *recorder) note(format string, args ...any) {
	if r.busy.Load() {
		r.overlap.Store(true)
	}
	r.mu.Lock()
	r.log = append(r.log, fmt.Sprintf(format, args...))
	r.mu.Unlock()
}

// calls returns the log so far and empties it.
func (r *recorder) calls() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	l := r.log
	r.log = nil
	return l
}

func (r *recorder) ID() usi.ID { return usi.ID{Name: "rec 1.0", Author: "the tests"} }

func (r *recorder) Options() []usi.Option { r.note("Options"); return r.opts }

func (r *recorder) SetOption(name string, v usi.Value) error {
	r.note("SetOption %s %+v", name, v)
	if name == "Style" && v.Text == "wild" {
		return errors.New("too wild today")
	}
	return nil
}

func (r *recorder) Ready() error { r.note("Ready"); return r.readyErr }

func (r *recorder) NewGame() { r.note("NewGame") }

func (r *recorder) Go(ctx context.Context, req *usi.Request) usi.BestMove {
	r.note("Go")
	r.busy.Store(true)
	defer r.busy.Store(false)
	r.reqs <- req
	if r.goFn == nil {
		return usi.BestMove{Move: firstMove(&req.Position.Current)}
	}
	return r.goFn(ctx, req)
}

func (r *recorder) Mate(ctx context.Context, req *usi.Request) usi.MateResult {
	r.note("Mate")
	r.busy.Store(true)
	defer r.busy.Store(false)
	r.reqs <- req
	if r.mateFn == nil {
		return usi.MateResult{Status: usi.NoMate}
	}
	return r.mateFn(ctx, req)
}

// request returns the next Request the handler received.
func (r *recorder) request(t *testing.T) *usi.Request {
	t.Helper()
	select {
	case req := <-r.reqs:
		return req
	case <-time.After(timeout):
		t.Fatal("no search started")
	}
	return nil
}

// firstMove returns p's first legal move, NoMove if none.
func firstMove(p *shogi.Position) shogi.Move {
	if ms := p.LegalMoves(nil); len(ms) > 0 {
		return ms[0]
	}
	return shogi.NoMove
}

// untilStop searches until ctx ends.
func untilStop(ctx context.Context, req *usi.Request) usi.BestMove {
	<-ctx.Done()
	return usi.BestMove{Move: firstMove(&req.Position.Current)}
}

func TestServeUSIAndOptions(t *testing.T) {
	h := newRecorder()
	s := usitest.Start(t, h)
	s.Send("usi")
	_, before := s.Expect("usiok", timeout)
	want := []string{
		"id name rec 1.0",
		"id author the tests",
		"option name USI_Hash type spin default 16 min 1 max 1024",
		"option name Verbose type check default false",
		"option name Style type combo default calm var calm var wild",
		"option name ClearHash type button",
	}
	if !reflect.DeepEqual(before, want) {
		t.Errorf("usi:\n%q\nwant\n%q", before, want)
	}

	s.Send(
		"setoption name USI_Hash value 64",
		"setoption name verbose value true",
		"setoption name ClearHash",
		"setoption name USI_Ponder value true", // standard, not declared: ignored
		"isready",
	)
	if _, before := s.Expect("readyok", timeout); len(before) > 0 {
		t.Errorf("before readyok: %q", before)
	}
	wantCalls := []string{"Options", "SetOption USI_Hash {Bool:false Int:64 Text:}", "SetOption Verbose {Bool:true Int:0 Text:}",
		"SetOption ClearHash {Bool:false Int:0 Text:}", "Ready"}
	if got := h.calls(); !reflect.DeepEqual(got, wantCalls) {
		t.Errorf("calls %q, want %q", got, wantCalls)
	}

	// Bad setoptions: reported, the handler not called.
	for _, c := range []struct{ cmd, info string }{
		{"setoption name USI_Hash value 0", `info string option USI_Hash: bad value "0": want an integer from 1 to 1024`},
		{"setoption name USI_Hash value lots", `info string option USI_Hash: bad value "lots": want an integer from 1 to 1024`},
		{"setoption name USI_Hash", "info string option USI_Hash: no value: want an integer from 1 to 1024"},
		{"setoption name Verbose value 1", `info string option Verbose: bad value "1": want true or false`},
		{"setoption name Style value loud", `info string option Style: bad value "loud": want calm or wild`},
		{"setoption name Colour value red", "info string option Colour: unknown option; the options are USI_Hash, Verbose, Style, ClearHash"},
		{"setoption name ClearHash value now", `info string option ClearHash: a button takes no value, got "now"`},
		{"setoption value 3", "info string setoption: want setoption name N [value V]"},
		// The handler refuses a value it was given: reported too.
		{"setoption name Style value WILD", "info string too wild today"},
	} {
		s.Send(c.cmd)
		if l, _ := s.Expect("info string", timeout); l != c.info {
			t.Errorf("%s: %q, want %q", c.cmd, l, c.info)
		}
	}
	if got := h.calls(); !reflect.DeepEqual(got, []string{"SetOption Style {Bool:false Int:0 Text:wild}"}) {
		t.Errorf("calls after bad setoptions: %q", got)
	}

	h.readyErr = errors.New("no memory for the table")
	s.Send("usinewgame", "isready")
	if l, before := s.Expect("readyok", timeout); !reflect.DeepEqual(before, []string{"info string no memory for the table"}) {
		t.Errorf("isready with an error: %q before %q", before, l)
	}
	s.Send("quit")
	if rest, err := s.Wait(); err != nil || len(rest) > 0 {
		t.Errorf("quit: %v, %q", err, rest)
	}
	if got := h.calls(); !reflect.DeepEqual(got, []string{"NewGame", "Ready"}) {
		t.Errorf("calls %q", got)
	}
}

func TestServePosition(t *testing.T) {
	h := newRecorder()
	s := usitest.Start(t, h)

	// The default position is startpos.
	s.Send("go btime 0 wtime 0 byoyomi 1000")
	s.Expect("bestmove", timeout)
	if req := h.request(t); req.Position.Current != shogi.Startpos() || req.Position.Moves != nil {
		t.Errorf("default position %+v", req.Position)
	}

	s.Send("position startpos moves 7g7f 3c3d", "go byoyomi 1000")
	s.Expect("bestmove", timeout)
	req := h.request(t)
	if req.Position.Start != shogi.Startpos() || usi.MovesText(req.Position.Moves) != "7g7f 3c3d" ||
		req.Position.Current.SFEN() != "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3" {
		t.Errorf("position %+v", req.Position)
	}

	// A bad position: reported, the previous one stays.
	for _, c := range []struct{ cmd, info string }{
		{"position", "info string bad position: want startpos or sfen; the previous position stays"},
		{"position sfen 4k4/9/4x4/9/9/9/9/9/9 b G 1", "info string bad position: bad SFEN (board field)"},
		{"position startpos moves 7g7f 7g7f", "info string bad position: move 2 (7g7f): illegal move 7g7f: there is no piece on 7g; the previous position stays"},
	} {
		s.Send(c.cmd)
		if l, _ := s.Expect("info string", timeout); !strings.HasPrefix(l, c.info) {
			t.Errorf("%s: %q, want %q…", c.cmd, l, c.info)
		}
		s.Send("go byoyomi 1000")
		if l, before := s.Expect("bestmove", timeout); len(before) > 0 || l == "bestmove resign" {
			t.Errorf("go after %s: %q after %q", c.cmd, l, before)
		}
		if req := h.request(t); usi.MovesText(req.Position.Moves) != "7g7f 3c3d" {
			t.Errorf("after %s: position %+v", c.cmd, req.Position)
		}
	}
}

func TestServeGo(t *testing.T) {
	h := newRecorder()
	s := usitest.Start(t, h)
	for _, c := range []string{
		"btime 60000 wtime 50000 byoyomi 10000",
		"btime 1000 wtime 2000 binc 100 winc 200",
		"movetime 300", "depth 5", "nodes 1000",
	} {
		s.Send("go " + c)
		s.Expect("bestmove", timeout)
		want, _ := usi.ParseGo(strings.Fields(c))
		if req := h.request(t); !reflect.DeepEqual(req.Limits, want) || req.SearchMoves != nil || req.PonderHit != nil {
			t.Errorf("go %s: request %+v", c, req)
		}
	}

	s.Send("go searchmoves 2g2f 7g7f byoyomi 100")
	s.Expect("bestmove", timeout)
	if req := h.request(t); usi.MovesText(req.SearchMoves) != "2g2f 7g7f" {
		t.Errorf("searchmoves: %q", usi.MovesText(req.SearchMoves))
	}

	s.Send("quit")
	s.Wait()
}

// A go with words the engine does not know, or numbers out of range,
// is searched with what was understood; each such word is reported with
// info string before the search starts. A GUI never loses a game to a
// word the engine does not know.
func TestServeGoNotes(t *testing.T) {
	h := newRecorder()
	h.goFn = func(ctx context.Context, req *usi.Request) usi.BestMove {
		if len(req.SearchMoves) > 0 {
			return usi.BestMove{Move: req.SearchMoves[0]}
		}
		return usi.BestMove{Move: firstMove(&req.Position.Current)}
	}
	s := usitest.Start(t, h)
	for _, c := range []struct {
		cmd    string
		infos  []string
		limits usi.Limits
		moves  string // the searchmoves read
	}{
		{"go btime 60000 wtime 60000 byoyomi 1000 rtime 3000",
			[]string{`info string go: unknown field "rtime 3000" ignored`},
			usi.Limits{BTime: time.Minute, WTime: time.Minute, Byoyomi: time.Second}, ""},
		{"go depth 99999999999",
			[]string{"info string go depth: 99999999999 is too large; read as 2147483647"},
			usi.Limits{Depth: usi.MaxGoDepth}, ""},
		{"go btime -200 wtime 1000 byoyomi 1000",
			[]string{"info string go btime: -200 is negative; read as 0"},
			usi.Limits{WTime: time.Second, Byoyomi: time.Second}, ""},
		{"go btime 1000 wtime x byoyomi 1000",
			[]string{`info string go wtime: "x" is not a time in milliseconds; ignored`},
			usi.Limits{BTime: time.Second, Byoyomi: time.Second}, ""},
		{"go searchmoves 7g7f 5a5b 9z byoyomi 100",
			[]string{"info string go searchmoves: illegal move 5a5b: ", `info string go searchmoves: bad USI move "9z": `},
			usi.Limits{SearchMoves: []string{"7g7f", "5a5b", "9z"}, Byoyomi: 100 * time.Millisecond}, "7g7f"},
		{"go searchmoves 5a5b byoyomi 100",
			[]string{"info string go searchmoves: illegal move 5a5b: ", "info string go searchmoves: no legal move given; every move is searched"},
			usi.Limits{SearchMoves: []string{"5a5b"}, Byoyomi: 100 * time.Millisecond}, ""},
		{"go mate abc",
			[]string{`info string go mate: "abc" is not a time in milliseconds; searching until stop`},
			usi.Limits{Mate: true}, ""},
		{"go mate 99999999999999999999",
			[]string{"info string go mate: 99999999999999999999 is too large; read as 9223372036854"},
			usi.Limits{Mate: true, MateTime: time.Duration(usi.MaxGoMillis) * time.Millisecond}, ""},
		{"go mate 1000 whatever",
			[]string{`info string go: unknown field "whatever" ignored`},
			usi.Limits{Mate: true, MateTime: time.Second}, ""},
	} {
		s.Send(c.cmd)
		answer := "bestmove"
		if c.limits.Mate {
			answer = "checkmate"
		}
		l, before := s.Expect(answer, timeout)
		req := h.request(t)
		if len(before) != len(c.infos) {
			t.Errorf("%s: %q before %q, want %q…", c.cmd, before, l, c.infos)
		} else {
			for i := range before {
				if !strings.HasPrefix(before[i], c.infos[i]) {
					t.Errorf("%s: %q, want %q…", c.cmd, before[i], c.infos[i])
				}
			}
		}
		if !reflect.DeepEqual(req.Limits, c.limits) || usi.MovesText(req.SearchMoves) != c.moves {
			t.Errorf("%s: limits %+v, searchmoves %q; want %+v, %q", c.cmd, req.Limits, usi.MovesText(req.SearchMoves), c.limits, c.moves)
		}
		want := "bestmove " + firstMove(&req.Position.Current).String()
		if len(req.SearchMoves) > 0 {
			want = "bestmove " + req.SearchMoves[0].String()
		}
		if c.limits.Mate {
			want = "checkmate nomate"
		}
		if l != want {
			t.Errorf("%s: %q, want the search's answer %q", c.cmd, l, want)
		}
	}
	s.Send("quit")
	s.Wait()
}

func TestServeMate(t *testing.T) {
	h := newRecorder()
	p := shogi.Startpos()
	m1, _ := p.ParseUSIMove("7g7f")
	h.mateFn = func(ctx context.Context, req *usi.Request) usi.MateResult {
		if req.Limits.MateTime == 0 {
			<-ctx.Done()
			return usi.MateResult{Status: usi.MateTimeout}
		}
		req.Info(usi.Info{Nodes: 42, Time: time.Second})
		return usi.MateResult{Status: usi.MateFound, Moves: []shogi.Move{m1}}
	}
	s := usitest.Start(t, h)
	s.Send("go mate 1000")
	if l, before := s.Expect("checkmate", timeout); l != "checkmate 7g7f" || !reflect.DeepEqual(before, []string{"info nodes 42 nps 42 time 1000"}) {
		t.Errorf("go mate 1000: %q after %q", l, before)
	}
	if req := h.request(t); !req.Limits.Mate || req.Limits.MateTime != time.Second {
		t.Errorf("limits %+v", req.Limits)
	}

	// go mate infinite runs until stop; isready answers meanwhile.
	s.Send("go mate infinite")
	h.request(t)
	s.Send("isready")
	s.Expect("readyok", timeout)
	s.Quiet(100 * time.Millisecond)
	s.Send("stop")
	if l, _ := s.Expect("checkmate", timeout); l != "checkmate timeout" {
		t.Errorf("stop: %q", l)
	}
	s.Send("stop") // nothing more to stop
	s.Quiet(100 * time.Millisecond)
	if h.overlap.Load() {
		t.Error("a handler method was called during a search")
	}
}

// TestServeTimeLimit: the context of go mate ends with its time.
func TestServeTimeLimit(t *testing.T) {
	h := newRecorder()
	h.mateFn = func(ctx context.Context, req *usi.Request) usi.MateResult {
		<-ctx.Done()
		if !errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return usi.MateResult{Status: usi.NoMate}
		}
		return usi.MateResult{Status: usi.MateTimeout}
	}
	s := usitest.Start(t, h)
	s.Send("go mate 200")
	if l, _ := s.Expect("checkmate", timeout); l != "checkmate timeout" {
		t.Errorf("go mate 200: %q (nomate: the context ended otherwise than by its deadline)", l)
	}
}

// TestServeHeld: go infinite and go ponder answer only after stop or
// ponderhit, even when the search ends before.
func TestServeHeld(t *testing.T) {
	h := newRecorder()
	s := usitest.Start(t, h)
	s.Send("go infinite")
	h.request(t)
	s.Quiet(200 * time.Millisecond)
	s.Send("stop")
	if l, _ := s.Expect("bestmove", timeout); l == "bestmove resign" {
		t.Errorf("stop: %q", l)
	}

	s.Send("go ponder byoyomi 1000")
	req := h.request(t)
	if req.PonderHit == nil || !req.Limits.Ponder {
		t.Fatalf("go ponder: %+v", req)
	}
	s.Quiet(200 * time.Millisecond)
	s.Send("ponderhit")
	s.Expect("bestmove", timeout)
	select {
	case <-req.PonderHit:
	default:
		t.Error("PonderHit not closed at ponderhit")
	}

	// A search that waits for ponderhit, then thinks and answers.
	h.goFn = func(ctx context.Context, req *usi.Request) usi.BestMove {
		select {
		case <-req.PonderHit:
			req.Info(usi.Info{Text: "ponderhit"})
		case <-ctx.Done():
			req.Info(usi.Info{Text: "stopped"})
		}
		return usi.BestMove{Move: firstMove(&req.Position.Current)}
	}
	s.Send("go ponder btime 0 wtime 0 byoyomi 1000")
	h.request(t)
	s.Send("ponderhit")
	if _, before := s.Expect("bestmove", timeout); !reflect.DeepEqual(before, []string{"info string ponderhit"}) {
		t.Errorf("ponderhit: %q", before)
	}
	s.Send("go ponder btime 0 wtime 0 byoyomi 1000")
	h.request(t)
	s.Send("stop")
	if _, before := s.Expect("bestmove", timeout); !reflect.DeepEqual(before, []string{"info string stopped"}) {
		t.Errorf("stop of ponder: %q", before)
	}
}

// TestServeLateSearch: a search that does not return after stop is
// answered for: with its SetBest move, or resign, or checkmate timeout;
// what it says afterwards is dropped.
func TestServeLateSearch(t *testing.T) {
	h := newRecorder()
	release := make(chan struct{})
	p := shogi.Startpos()
	m1, _ := p.ParseUSIMove("2g2f")
	h.goFn = func(ctx context.Context, req *usi.Request) usi.BestMove {
		if req.Limits.Depth == 1 {
			req.SetBest(usi.BestMove{Move: m1})
		}
		<-release
		req.Info(usi.Info{Text: "late"})
		return usi.BestMove{Move: firstMove(&req.Position.Current)}
	}
	h.mateFn = func(ctx context.Context, req *usi.Request) usi.MateResult {
		<-release
		return usi.MateResult{Status: usi.NoMate}
	}
	s := usitest.Start(t, h)
	for _, c := range []struct{ cmd, answer string }{
		{"go infinite depth 1", "bestmove 2g2f"},
		{"go infinite", "bestmove resign"},
		{"go mate infinite", "checkmate timeout"},
	} {
		s.Send(c.cmd)
		h.request(t)
		start := time.Now()
		s.Send("stop")
		if l, _ := s.Expect(strings.Fields(c.answer)[0], timeout); l != c.answer {
			t.Errorf("%s, stop: %q, want %q", c.cmd, l, c.answer)
		}
		// A lower bound only: the grace's timer cannot fire early, however
		// loaded the machine.
		if d := time.Since(start); d < 400*time.Millisecond {
			t.Errorf("%s: answered for the search after %v, before the grace", c.cmd, d)
		}
		release <- struct{}{}
		s.Quiet(100 * time.Millisecond)
	}
	close(release)
}

// TestServeDuringSearch: setoption and usinewgame during a search are
// applied after it; a go during a search ends it first; gameover and
// quit drop its answer.
func TestServeDuringSearch(t *testing.T) {
	h := newRecorder()
	h.goFn = untilStop
	h.mateFn = func(ctx context.Context, req *usi.Request) usi.MateResult {
		<-ctx.Done()
		return usi.MateResult{Status: usi.NoMate}
	}
	s := usitest.Start(t, h)
	s.Send("go infinite")
	h.request(t)
	s.Send("setoption name USI_Hash value 32", "usinewgame", "isready")
	s.Expect("readyok", timeout)
	if got := h.calls(); !reflect.DeepEqual(got, []string{"Options", "Go"}) {
		t.Errorf("calls during the search: %q", got)
	}
	s.Send("go infinite") // the first search answers, then the second starts
	if l, _ := s.Expect("bestmove", timeout); l == "bestmove resign" {
		t.Errorf("the first search: %q", l)
	}
	h.request(t)
	if got := h.calls(); !reflect.DeepEqual(got, []string{"SetOption USI_Hash {Bool:false Int:32 Text:}", "NewGame", "Go"}) {
		t.Errorf("calls: %q", got)
	}
	s.Send("gameover win")
	s.Quiet(200 * time.Millisecond)
	s.Send("go mate infinite")
	h.request(t)
	s.Send("quit")
	if rest, err := s.Wait(); err != nil || len(rest) > 0 {
		t.Errorf("quit during a search: %v, %q", err, rest)
	}
	if h.overlap.Load() {
		t.Error("a handler method was called during a search")
	}
}

// TestServeEndOfInput: at the end of the input a search with a limit
// answers and one without is stopped and answers; Serve returns nil.
func TestServeEndOfInput(t *testing.T) {
	h := newRecorder()
	h.mateFn = func(ctx context.Context, req *usi.Request) usi.MateResult {
		time.Sleep(100 * time.Millisecond)
		return usi.MateResult{Status: usi.NoMate}
	}
	var out bytes.Buffer
	err := usi.Serve(context.Background(), strings.NewReader("go mate 5000\n"), &out, h)
	if err != nil || out.String() != "checkmate nomate\n" {
		t.Errorf("bounded: %v, %q", err, out.String())
	}
	h.goFn = untilStop
	out.Reset()
	err = usi.Serve(context.Background(), strings.NewReader("usinewgame\ngo infinite\n"), &out, h)
	if err != nil || !strings.HasPrefix(out.String(), "bestmove ") || out.String() == "bestmove resign\n" {
		t.Errorf("unbounded: %v, %q", err, out.String())
	}
}

// TestServeCancel: the end of the context ends Serve, also during a
// search, with the context's error.
func TestServeCancel(t *testing.T) {
	h := newRecorder()
	h.goFn = untilStop
	s := usitest.Start(t, h)
	s.Send("go infinite")
	h.request(t)
	s.Cancel()
	if rest, err := s.Wait(); !errors.Is(err, context.Canceled) || len(rest) > 0 {
		t.Errorf("cancel: %v, %q", err, rest)
	}
}

// failWriter fails every write.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("broken pipe") }

func TestServeErrors(t *testing.T) {
	h := newRecorder()
	if err := usi.Serve(context.Background(), strings.NewReader("usi\nisready\n"), failWriter{}, h); err == nil || err.Error() != "broken pipe" {
		t.Errorf("write error: %v", err)
	}
	h.opts = append(h.opts, usi.Option{Name: "Verbose", Type: usi.Check, Default: "true"})
	var out bytes.Buffer
	err := usi.Serve(context.Background(), strings.NewReader("usi\n"), &out, h)
	var oe *usi.OptionError
	if !errors.As(err, &oe) || oe.Name != "Verbose" || out.Len() > 0 {
		t.Errorf("bad declarations: %v, %q", err, out.String())
	}
}

// TestServeIgnored: blank lines and unknown commands say nothing.
func TestServeIgnored(t *testing.T) {
	s := usitest.Start(t, newRecorder())
	s.Send("", "   ", "\t", "frobnicate the engine", "\x00\xff", "stop", "ponderhit", "gameover lose")
	s.Quiet(100 * time.Millisecond)
	s.Send("isready")
	if _, before := s.Expect("readyok", timeout); len(before) > 0 {
		t.Errorf("before readyok: %q", before)
	}
}
