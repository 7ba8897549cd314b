package usi

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/tsume-shogi/tsume/record"
	"github.com/tsume-shogi/tsume/shogi"
)

// Timing of Serve.
const (
	// stopGrace is how long stop waits for the search to end before it
	// answers for it.
	stopGrace = 500 * time.Millisecond
	// maxLine bounds one input line.
	maxLine = 16 << 20
)

// writer writes whole lines to the engine's output; it is safe for
// concurrent use, and it keeps the first write error.
type writer struct {
	mu  sync.Mutex
	w   io.Writer
	err error
}

// println writes s and a newline in one write.
func (w *writer) println(s string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err == nil {
		_, w.err = io.WriteString(w.w, s+"\n")
	}
}

// error returns the first write error.
func (w *writer) error() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.err
}

// search is one go command being answered by its own goroutine.
type search struct {
	bounded bool // it ends by itself
	cancel  context.CancelFunc
	done    chan struct{} // closed when the goroutine has returned
	release chan struct{} // closed by stop or ponderhit: a held bestmove may go out
	relOnce sync.Once
	hit     chan struct{} // closed at ponderhit (go ponder only)
	hitOnce sync.Once
	out     *writer

	mu       sync.Mutex
	answered bool
	fallback string // the answer stop gives if the goroutine is late
}

// answer writes line unless the search has answered already; an empty
// line silences the search.
func (s *search) answer(line string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.answered {
		return
	}
	s.answered = true
	if line != "" {
		s.out.println(line)
	}
}

// info writes an info line unless the search has answered.
func (s *search) info(line string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.answered {
		s.out.println(line)
	}
}

// setFallback records what stop answers if the goroutine cannot.
func (s *search) setFallback(line string) {
	s.mu.Lock()
	s.fallback = line
	s.mu.Unlock()
}

// answerFallback answers with the recorded fallback.
func (s *search) answerFallback() {
	s.mu.Lock()
	line := s.fallback
	s.mu.Unlock()
	s.answer(line)
}

// releaseHold lets a held bestmove go out.
func (s *search) releaseHold() {
	s.relOnce.Do(func() { close(s.release) })
}

// ponderHit tells a go ponder that the expected move was played.
func (s *search) ponderHit() {
	if s.hit != nil {
		s.hitOnce.Do(func() { close(s.hit) })
	}
	s.releaseHold()
}

// finished reports whether the goroutine has returned.
func (s *search) finished() bool {
	select {
	case <-s.done:
		return true
	default:
		return false
	}
}

// server is the state of the protocol loop. Its fields belong to the
// loop's goroutine.
type server struct {
	ctx     context.Context
	out     *writer
	h       Handler
	opts    *optionTable
	pos     Position
	cur     *search  // the last search started, nil if none
	fairy   bool     // the last position command held a fairy SFEN
	pending []func() // setoption and usinewgame waiting for the search to end
}

// Serve runs the USI protocol over in and out for h until quit, the end
// of in, or the end of ctx. It returns nil after quit or the end of in
// (a search with a limit running then is allowed to finish and answer;
// one without is stopped and answers at once), ctx.Err() when ctx ends,
// the first write error, or an *OptionError when h declares its options
// wrongly.
//
// A search is stopped by cancelling its context; if it has not returned
// half a second after stop, Serve answers for it (go mate:
// checkmate timeout; go: the move of SetBest, else resign) and the
// search's own answer is dropped when it comes.
func Serve(ctx context.Context, in io.Reader, out io.Writer, h Handler) error {
	opts, err := newOptionTable(h.Options())
	if err != nil {
		return err
	}
	e := &server{ctx: ctx, out: &writer{w: out}, h: h, opts: opts, pos: Startpos()}
	lines := make(chan string)
	readDone := make(chan struct{})
	defer close(readDone)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(in)
		sc.Buffer(make([]byte, 0, 4096), maxLine)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			case <-readDone:
				return
			}
		}
	}()
	for {
		select {
		case <-ctx.Done():
			e.stopSearch(false)
			return ctx.Err()
		case line, ok := <-lines:
			if !ok {
				if s := e.cur; s != nil && s.bounded {
					select {
					case <-s.done:
					case <-ctx.Done():
						e.stopSearch(false)
						return ctx.Err()
					}
				}
				e.stopSearch(true)
				return e.out.error()
			}
			if quit := e.handle(line); quit {
				return e.out.error()
			}
			if err := e.out.error(); err != nil {
				e.stopSearch(false)
				return err
			}
		}
	}
}

// handle runs one command line and reports whether it was quit. Blank
// lines and unknown commands are ignored, as the protocol asks.
func (e *server) handle(line string) bool {
	f := strings.Fields(line)
	if len(f) == 0 {
		return false
	}
	switch f[0] {
	case "usi":
		id := e.h.ID()
		e.out.println("id name " + id.Name)
		e.out.println("id author " + id.Author)
		for i := range e.opts.opts {
			e.out.println(e.opts.opts[i].line())
		}
		e.out.println("usiok")
	case "isready":
		if e.idle() {
			e.flush()
			if err := e.h.Ready(); err != nil {
				e.info(ErrorText(err))
			}
		}
		e.out.println("readyok")
	case "setoption":
		e.cmdSetOption(f[1:])
	case "usinewgame":
		e.whenIdle(e.h.NewGame)
	case "position":
		pos, err := ParsePosition(f[1:])
		if err != nil && isFairyPosition(f[1:]) {
			e.fairy = true
			e.info(fairyText)
			return false
		}
		if err != nil {
			// The previous position stays: a go still has one to search.
			e.info("bad position: " + ErrorText(err) + "; the previous position stays")
			return false
		}
		e.pos, e.fairy = pos, false
	case "go":
		e.cmdGo(f[1:])
	case "stop":
		e.stopSearch(true)
	case "ponderhit":
		if e.cur != nil {
			e.cur.ponderHit()
		}
	case "gameover":
		e.stopSearch(false)
	case "quit":
		e.stopSearch(false)
		return true
	}
	return false
}

// info writes an info string line.
func (e *server) info(msg string) {
	i := Info{Text: msg}
	e.out.println(i.Line())
}

// idle reports whether no search is running.
func (e *server) idle() bool {
	return e.cur == nil || e.cur.finished()
}

// whenIdle calls f now if no search runs, else once the search has
// ended (at the next isready or go after it).
func (e *server) whenIdle(f func()) {
	e.pending = append(e.pending, f)
	if e.idle() {
		e.flush()
	}
}

// flush runs the calls held back by a search. No search may run.
func (e *server) flush() {
	p := e.pending
	e.pending = nil
	for _, f := range p {
		f()
	}
}

// cmdSetOption checks a setoption and applies it; what is wrong is
// reported with info string and the option keeps its value.
func (e *server) cmdSetOption(f []string) {
	so, err := parseSetOption(f)
	if err != nil {
		e.info("setoption: " + err.Error())
		return
	}
	o, v, err := e.opts.parse(so)
	if err != nil {
		e.info(ErrorText(err))
		return
	}
	if o == nil {
		return
	}
	name := o.Name
	e.whenIdle(func() {
		if err := e.h.SetOption(name, v); err != nil {
			e.info(ErrorText(err))
		}
	})
}

// stopSearch ends the current search. With answer (the stop command) it
// makes sure the search has answered before it returns: the search's own
// answer if it comes within stopGrace, else the fallback. Without (quit,
// gameover, the end of ctx) a pending answer is dropped.
func (e *server) stopSearch(answer bool) {
	s := e.cur
	if s == nil {
		return
	}
	if !answer {
		s.answer("")
	}
	s.cancel()
	s.releaseHold()
	select {
	case <-s.done:
	case <-time.After(stopGrace):
		s.answerFallback()
	}
}

// cmdGo starts a search. Every go gets one: what ParseGo and
// readSearchMoves could not take as given is reported with info string
// (a GoNote each) and the search runs with what was understood.
func (e *server) cmdGo(f []string) {
	if e.cur != nil && !e.cur.finished() {
		// A go during a search: the GUI should have sent stop first.
		e.stopSearch(true)
		<-e.cur.done
	}
	e.flush()
	lim, notes := ParseGo(f)
	if e.fairy {
		e.info("fairy position: not implemented by this engine")
		if lim.Mate {
			e.out.println(MateResult{Status: MateNotImplemented}.line())
		} else {
			e.out.println(BestMove{}.line())
		}
		return
	}
	var moves []shogi.Move
	if lim.SearchMoves != nil {
		var more []GoNote
		moves, more = readSearchMoves(&e.pos.Current, lim.SearchMoves)
		notes = append(notes, more...)
	}
	for _, n := range notes {
		e.info(n.String())
	}
	var ctx context.Context
	var cancel context.CancelFunc
	if lim.Mate && lim.MateTime > 0 {
		ctx, cancel = context.WithTimeout(e.ctx, lim.MateTime)
	} else {
		ctx, cancel = context.WithCancel(e.ctx)
	}
	s := &search{
		bounded: lim.Bounded(), cancel: cancel, out: e.out,
		done: make(chan struct{}), release: make(chan struct{}),
	}
	r := &Request{Position: e.pos, Limits: lim, SearchMoves: moves, s: s}
	if lim.Ponder && !lim.Mate {
		s.hit = make(chan struct{})
		r.PonderHit = s.hit
	}
	e.cur = s
	if lim.Mate {
		s.fallback = MateResult{Status: MateTimeout}.line()
		go func() {
			defer close(s.done)
			defer cancel()
			s.answer(e.h.Mate(ctx, r).line())
		}()
		return
	}
	s.fallback = BestMove{}.line()
	held := lim.Held()
	go func() {
		defer close(s.done)
		defer cancel()
		b := e.h.Go(ctx, r)
		if held {
			<-s.release
		}
		s.answer(b.line())
	}()
}

// readSearchMoves reads the moves of searchmoves in p. A move that
// cannot be read or is not legal is left out, with a note; when none is
// left, the result is nil (every move) with a note saying so.
func readSearchMoves(p *shogi.Position, texts []string) ([]shogi.Move, []GoNote) {
	var moves []shogi.Move
	var notes []GoNote
	for _, t := range texts {
		m, err := p.ParseUSIMove(t)
		if err != nil {
			notes = append(notes, GoNote{Field: "searchmoves", Msg: ErrorText(err) + "; left out"})
			continue
		}
		moves = append(moves, m)
	}
	if moves == nil {
		notes = append(notes, GoNote{Field: "searchmoves", Msg: "no legal move given; every move is searched"})
	}
	return moves, notes
}

// ErrorText returns the message of err for an info string: the
// structured fields of the errors it knows, without package prefixes.
func ErrorText(err error) string {
	var (
		oe  *OptionError
		pe  *record.ParseError
		ipe *shogi.InvalidPositionError
		ime *shogi.IllegalMoveError
		se  *shogi.SyntaxError
	)
	switch {
	case errors.As(err, &oe):
		return "option " + oe.Name + ": " + oe.Msg
	case errors.As(err, &pe):
		return pe.Msg
	case errors.As(err, &ipe):
		msgs := make([]string, len(ipe.Problems))
		for i, p := range ipe.Problems {
			msgs[i] = p.Msg
		}
		return "illegal position: " + strings.Join(msgs, "; ")
	case errors.As(err, &ime):
		return fmt.Sprintf("illegal move %s: %s", ime.Move, ime.Reason)
	case errors.As(err, &se):
		return fmt.Sprintf("bad %s %q: %s", se.What, se.Input, se.Msg)
	}
	return err.Error()
}
