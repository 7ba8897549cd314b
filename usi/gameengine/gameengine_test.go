package gameengine

import (
	"context"
	"errors"
	"math"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/engine"
	"github.com/tsume-shogi/tsume/engine/eval"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/usi"
	"github.com/tsume-shogi/tsume/usi/usitest"
)

// fakeMate is a mate handler for the test: it answers every go mate
// with the moves it is given and counts the options it receives.
type fakeMate struct {
	answer usi.MateResult
	set    map[string]usi.Value
}

func (f *fakeMate) ID() usi.ID { return usi.ID{Name: "fake"} }
func (f *fakeMate) Options() []usi.Option {
	return []usi.Option{
		{Name: "USI_Hash", Type: usi.Spin, Default: "16", Min: 1, Max: 1024},
		{Name: "MateNodes", Type: usi.Spin, Default: "0", Min: 0, Max: 100},
		{Name: "QuickMateMs", Type: usi.Spin, Default: "0", Min: 0, Max: 100},
	}
}
func (f *fakeMate) SetOption(name string, v usi.Value) error { f.set[name] = v; return nil }
func (f *fakeMate) Ready() error                             { return nil }
func (f *fakeMate) NewGame()                                 {}
func (f *fakeMate) Go(context.Context, *usi.Request) usi.BestMove {
	return usi.BestMove{}
}
func (f *fakeMate) Mate(context.Context, *usi.Request) usi.MateResult { return f.answer }

func newHandler(t *testing.T) (*Handler, *fakeMate) {
	t.Helper()
	f := &fakeMate{set: map[string]usi.Value{}}
	h := New(Config{ID: usi.ID{Name: "test", Author: "test"}, Mate: f, MateOptions: []string{"MateNodes"}})
	return h, f
}

func TestBudget(t *testing.T) {
	ms := func(n int) time.Duration { return time.Duration(n) * time.Millisecond }
	huge := time.Duration(usi.MaxGoMillis) * time.Millisecond
	for _, c := range []struct {
		l          usi.Limits
		soft, hard time.Duration
	}{
		{usi.Limits{Byoyomi: ms(100)}, ms(60), ms(60)},
		{usi.Limits{Byoyomi: ms(10)}, ms(5), ms(5)},                    // less than the delay: half
		{usi.Limits{BTime: ms(10), WTime: ms(10)}, ms(10) / 40, ms(1)}, // the go btime 10 wtime 10
		{usi.Limits{BTime: ms(60000), WTime: ms(1)}, ms(1500), ms(6000)},
		{usi.Limits{BTime: ms(4000), Byoyomi: ms(1000)}, ms(1100), ms(4400)},
		{usi.Limits{BTime: ms(1000), BInc: ms(500)}, ms(525), ms(960)},
		{usi.Limits{MoveTime: ms(300)}, ms(260), ms(260)},
		{usi.Limits{Depth: 5}, 0, 0},
		{usi.Limits{Infinite: true}, 0, 0},
		{usi.Limits{}, time.Second, time.Second},
		// The largest times ParseGo gives do not overflow.
		{usi.Limits{BTime: huge, Byoyomi: ms(1000)}, huge/40 + ms(1000), 4 * (huge/40 + ms(1000))},
		{usi.Limits{BTime: ms(1000), BInc: huge}, ms(960), ms(960)},
		{usi.Limits{Byoyomi: huge, BInc: huge}, huge - ms(40), huge - ms(40)},
		{usi.Limits{BTime: huge, BInc: huge, Byoyomi: huge}, math.MaxInt64 - ms(40), math.MaxInt64 - ms(40)},
	} {
		soft, hard := budget(c.l, shogi.Black, ms(40))
		if soft != c.soft || hard != c.hard {
			t.Errorf("%+v: %v %v, want %v %v", c.l, soft, hard, c.soft, c.hard)
		}
	}
}

func TestOptions(t *testing.T) {
	h, f := newHandler(t)
	var names []string
	for _, o := range h.Options() {
		names = append(names, o.Name)
	}
	if got := strings.Join(names, " "); got != "USI_Hash Threads USI_Ponder MultiPV EvalFile NetworkDelay FV_SCALE EvalWeights SearchFeatures MateNodes" {
		t.Errorf("options %s", got)
	}
	if err := h.SetOption("MateNodes", usi.Value{Int: 7}); err != nil || f.set["MateNodes"].Int != 7 {
		t.Errorf("MateNodes not passed on: %v %v", err, f.set)
	}
	if err := h.SetOption("USI_Hash", usi.Value{Int: 8}); err != nil || f.set["USI_Hash"].Int != 8 || h.hashMB != 8 {
		t.Errorf("USI_Hash not set on both: %v %v", err, f.set)
	}
	if err := h.SetOption("QuickMateMs", usi.Value{Int: 7}); err == nil {
		t.Error("an option not offered was set")
	}
	var oe *usi.OptionError
	if err := h.SetOption("EvalFile", usi.Value{Text: "nn.bin"}); !errors.As(err, &oe) {
		t.Errorf("EvalFile without a loader: %v", err)
	}
}

// countingEval is an evaluation loaded from a "file" for the test.
type countingEval struct {
	eval.Material
	n *int
}

func (c countingEval) Evaluate(p *shogi.Position) eval.Score { *c.n++; return c.Material.Evaluate(p) }
func (c countingEval) Clone() eval.Evaluator                 { return c }

func TestEvalFile(t *testing.T) {
	n, scale := 0, 0
	load := func(path string, fvScale int) (eval.Evaluator, error) {
		if path != "good.nnue" {
			return nil, errors.New("no such file")
		}
		scale = fvScale
		return countingEval{n: &n}, nil
	}
	h := New(Config{ID: usi.ID{Name: "t"}, LoadEval: load})
	if err := h.SetOption("EvalFile", usi.Value{Text: "bad.nnue"}); err == nil {
		t.Error("a bad file was accepted")
	}
	if err := h.SetOption("EvalFile", usi.Value{Text: "good.nnue"}); err != nil {
		t.Fatal(err)
	}
	if scale != 16 {
		t.Errorf("loaded with FV_SCALE %d, want the default 16", scale)
	}
	if err := h.SetOption("FV_SCALE", usi.Value{Int: 24}); err != nil || scale != 24 {
		t.Errorf("FV_SCALE 24: %v; the file was read with scale %d", err, scale)
	}
	r := &usi.Request{Position: usi.Startpos(), Limits: usi.Limits{Depth: 3}}
	if b := h.Go(context.Background(), r); b.Move == shogi.NoMove || n == 0 {
		t.Errorf("go with the loaded evaluation: %v, %d evaluations", b.Move, n)
	}
}

const sessionTimeout = 5 * time.Second

// tickClock is a clock that moves by tick at each reading, so that a
// search's time is a count of its looks at the clock: the same on any
// machine, however loaded.
type tickClock struct {
	mu   sync.Mutex
	t    time.Time
	tick time.Duration
}

func newTickClock(tick time.Duration) *tickClock {
	return &tickClock{t: time.Unix(1e9, 0), tick: tick}
}

func (c *tickClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(c.tick)
	return c.t
}

// peek returns the time without moving the clock.
func (c *tickClock) peek() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// newClockedHandler is newHandler on clock c.
func newClockedHandler(c *tickClock) (*Handler, *fakeMate) {
	f := &fakeMate{set: map[string]usi.Value{}}
	h := New(Config{ID: usi.ID{Name: "test", Author: "test"}, Mate: f, MateOptions: []string{"MateNodes"}, Now: c.now})
	return h, f
}

// TestByoyomiGame plays a game against itself at byoyomi 100 ms on a
// clock of its own, and checks that every move is legal, comes after
// an info line with a pv, and that no search runs past its budget, the
// byoyomi less NetworkDelay: 60 ms, give or take the looks at the clock
// between two checks of it (the start, the report of an iteration, the
// result). Whether the answers come in time on a real clock is for
// tsume match (docs/engine.md), not a unit test on a shared machine.
func TestByoyomiGame(t *testing.T) {
	const tick = time.Millisecond
	c := newTickClock(tick)
	h, _ := newClockedHandler(c)
	s := usitest.Start(t, h)
	s.Send("usi")
	s.Expect("usiok", sessionTimeout)
	s.Send("setoption name USI_Hash value 16", "isready")
	s.Expect("readyok", sessionTimeout)
	s.Send("usinewgame")
	p := shogi.Startpos()
	var moves []string
	plies := 60
	if testing.Short() {
		plies = 16
	}
	budget := 100*time.Millisecond - defaultDelayMS*time.Millisecond
	var worst time.Duration
	for ply := 0; ply < plies && p.HasLegalMove(); ply++ {
		start := c.peek()
		s.Send("position startpos moves "+strings.Join(moves, " "), "go btime 0 wtime 0 byoyomi 100")
		l, before := s.Expect("bestmove", sessionTimeout)
		used := c.peek().Sub(start)
		worst = max(worst, used)
		if used == 0 {
			t.Errorf("ply %d: the search did not keep its time on the handler's clock", ply+1)
		}
		if used > budget+3*tick {
			t.Errorf("ply %d: the search used %v of its clock, past its budget %v", ply+1, used, budget)
		}
		f := strings.Fields(l)
		if f[1] == "resign" {
			break
		}
		m, err := p.ParseUSIMove(f[1])
		if err != nil {
			t.Fatalf("ply %d: %q: %v", ply+1, l, err)
		}
		if len(before) == 0 || !strings.Contains(before[len(before)-1], " pv ") {
			t.Errorf("ply %d: no info line with a pv before %q: %q", ply+1, l, before)
		}
		p.DoMove(m)
		moves = append(moves, f[1])
	}
	t.Logf("%d plies, the longest search %v on its clock", len(moves), worst)
}

// A go with a word the engine does not know, or a number out of range,
// is played: the word is reported and the search runs with the rest.
func TestGoNotes(t *testing.T) {
	h, f := newClockedHandler(newTickClock(10 * time.Millisecond))
	s := usitest.Start(t, h)
	s.Send("usi")
	s.Expect("usiok", sessionTimeout)
	s.Send("setoption name USI_Hash value 16", "isready")
	s.Expect("readyok", sessionTimeout)

	s.Send("position startpos", "go btime 60000 wtime 60000 byoyomi 1000 rtime 3000")
	l, before := s.Expect("bestmove", sessionTimeout)
	if len(before) == 0 || before[0] != `info string go: unknown field "rtime 3000" ignored` {
		t.Errorf("rtime: %q before %q", before, l)
	}
	checkLegal(t, "", l)

	// depth 99999999999 is read as the largest depth: the search runs
	// until stop.
	s.Send("position startpos moves 7g7f", "go depth 99999999999")
	if _, before := s.Expect("info depth 2 ", sessionTimeout); len(before) == 0 || before[0] != "info string go depth: 99999999999 is too large; read as 2147483647" {
		t.Errorf("depth 99999999999: %q", before)
	}
	s.Send("stop")
	l, _ = s.Expect("bestmove", sessionTimeout)
	checkLegal(t, "7g7f", l)

	// go mate with a word it does not know goes to the mate handler.
	sp := shogi.Startpos()
	mv, _ := sp.ParseUSIMove("7g7f")
	f.answer = usi.MateResult{Status: usi.MateFound, Moves: []shogi.Move{mv}}
	s.Send("position startpos", "go mate 99999999999 quickly")
	if l, before := s.Expect("checkmate", sessionTimeout); l != "checkmate 7g7f" || len(before) != 1 || before[0] != `info string go: unknown field "quickly" ignored` {
		t.Errorf("go mate: %q after %q", l, before)
	}
	s.Send("quit")
	s.Wait()
}

// TestSession checks stop, go infinite, go ponder and ponderhit, depth,
// resign, MultiPV and go mate through the protocol.
func TestSession(t *testing.T) {
	h, f := newHandler(t)
	s := usitest.Start(t, h)
	s.Send("usi")
	s.Expect("usiok", sessionTimeout)
	s.Send("isready")
	s.Expect("readyok", sessionTimeout)

	// go infinite answers only after stop, at once.
	s.Send("position startpos moves 7g7f 3c3d", "go infinite")
	s.NoAnswer("bestmove", 300*time.Millisecond)
	s.Send("stop")
	l, _ := s.Expect("bestmove", sessionTimeout)
	checkLegal(t, "7g7f 3c3d", l)

	// go ponder: held until ponderhit, then timed.
	s.Send("position startpos moves 7g7f", "go ponder btime 0 wtime 0 byoyomi 200")
	s.NoAnswer("bestmove", 300*time.Millisecond)
	s.Send("ponderhit")
	l, _ = s.Expect("bestmove", sessionTimeout)
	checkLegal(t, "7g7f", l)

	// depth: the last info line is that depth.
	s.Send("position startpos", "go depth 4")
	l, before := s.Expect("bestmove", sessionTimeout)
	if len(before) == 0 || !strings.HasPrefix(before[len(before)-1], "info depth 4 ") {
		t.Errorf("go depth 4: %q before %q", before, l)
	}
	checkLegal(t, "", l)

	// Mated: resign.
	s.Send("position sfen 4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1", "go byoyomi 100")
	if l, _ := s.Expect("bestmove", sessionTimeout); l != "bestmove resign" {
		t.Errorf("mated: %q", l)
	}
	// A mate in 1 is played, with its score.
	s.Send("position sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1", "go byoyomi 100")
	l, before = s.Expect("bestmove", sessionTimeout)
	if l != "bestmove G*5b" || !strings.Contains(strings.Join(before, "\n"), "score mate 1") {
		t.Errorf("mate in 1: %q after %q", l, before)
	}

	// MultiPV 3.
	s.Send("setoption name MultiPV value 3", "position startpos moves 7g7f", "go depth 3")
	_, before = s.Expect("bestmove", sessionTimeout)
	if n := len(before); n < 3 || !strings.Contains(before[n-1], "multipv 3") || !strings.Contains(before[n-3], "multipv 1") {
		t.Errorf("MultiPV 3: %q", before)
	}

	// go mate goes to the mate handler.
	sp := shogi.Startpos()
	mv, _ := sp.ParseUSIMove("7g7f")
	f.answer = usi.MateResult{Status: usi.MateFound, Moves: []shogi.Move{mv}}
	s.Send("position startpos", "go mate 1000")
	if l, _ := s.Expect("checkmate", sessionTimeout); l != "checkmate 7g7f" {
		t.Errorf("go mate: %q", l)
	}
	s.Send("quit")
	s.Wait()
}

// checkLegal fails the test unless bestmove line l is legal after the
// moves from the start position.
func checkLegal(t *testing.T, moves string, l string) {
	t.Helper()
	p := shogi.Startpos()
	for _, s := range strings.Fields(moves) {
		m, err := p.ParseUSIMove(s)
		if err != nil {
			t.Fatal(err)
		}
		p.DoMove(m)
	}
	f := strings.Fields(l)
	if len(f) < 2 {
		t.Fatalf("%q", l)
	}
	m, err := p.ParseUSIMove(f[1])
	if err != nil || !p.IsLegal(m) {
		t.Errorf("%q: %v", l, err)
	}
}

// A side whose king has entered the enemy camp with enough pieces and
// points declares the win (入玉宣言, the 27-point rule) instead of moving.
func TestDeclareWin(t *testing.T) {
	h, _ := newHandler(t)
	for _, c := range []struct {
		sfen string
		win  bool
	}{
		{"GGGG1BBRR/2SSK4/9/9/9/9/9/9/4k4 b 2P 1", true}, // 10 pieces in the camp, 26 + 2 in hand = 28 points
		{"GGGG1BBRR/2SSK4/9/9/9/9/9/9/4k4 b P 1", false}, // 27 points: Black needs 28
	} {
		p, err := shogi.ParseSFEN(c.sfen)
		if err != nil {
			t.Fatal(err)
		}
		r := &usi.Request{Position: usi.Position{Start: p, Current: p}, Limits: usi.Limits{Depth: 1}}
		if b := h.Go(context.Background(), r); b.Win != c.win || !c.win && !p.IsLegal(b.Move) {
			t.Errorf("%s: bestmove %+v, want win %v", c.sfen, b, c.win)
		}
	}
}

// TestMeasurementOptions checks EvalWeights and SearchFeatures, the
// options self-play matches use to play variants of the engine.
func TestMeasurementOptions(t *testing.T) {
	h := New(Config{ID: usi.ID{Name: "t"}})
	if err := h.SetOption("EvalWeights", usi.Value{Text: "pst=0, king-hand=50"}); err != nil {
		t.Fatal(err)
	}
	c, ok := h.ev.(*eval.Classic)
	if !ok {
		t.Fatalf("evaluation %T, want *eval.Classic", h.ev)
	}
	if w := c.Weights(); w.PST != 0 || w.KingHand != 50 || w.Hand != 100 {
		t.Errorf("weights %v", w)
	}
	if err := h.SetOption("EvalWeights", usi.Value{Text: "pts=0"}); err == nil || !strings.Contains(err.Error(), `"pts"`) {
		t.Errorf("a misspelt weight: %v", err)
	}
	if err := h.SetOption("SearchFeatures", usi.Value{Text: "no-null,no-lmr"}); err != nil {
		t.Fatal(err)
	}
	if err := h.Ready(); err != nil {
		t.Fatal(err)
	}
	if f := h.s.Features(); !f.NoNull || !f.NoLMR || f.NoTable {
		t.Errorf("features %+v", f)
	}
	if err := h.SetOption("SearchFeatures", usi.Value{Text: "no-nul"}); err == nil || !strings.Contains(err.Error(), `"no-nul"`) {
		t.Errorf("a misspelt feature: %v", err)
	}
	if err := h.SetOption("SearchFeatures", usi.Value{Text: ""}); err != nil || h.s.Features() != (engine.Features{}) {
		t.Errorf("features reset: %v %+v", err, h.s.Features())
	}
	custom := New(Config{ID: usi.ID{Name: "t"}, DefaultEval: func() eval.Evaluator { return eval.Material{} }})
	if err := custom.SetOption("EvalWeights", usi.Value{Text: "pst=0"}); err == nil {
		t.Error("weights accepted for an evaluation that has none")
	}
}
