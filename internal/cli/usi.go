package cli

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/record"
	"github.com/tsume-shogi/tsume/shogi"
)

func usiCommand() *command {
	return &command{
		name:    "usi",
		summary: "run as a USI engine on standard input and output (go mate: the tsume solver)",
		args:    "",
		help: `
Usi speaks the USI protocol on standard input and standard output, so that
a shogi GUI can use tsume as an engine. It understands:

  usi                   answers id name, id author, the options and usiok
  isready               readyok (at once, also during a search)
  setoption name N value V
  usinewgame
  position startpos|sfen SFEN [moves M…]
  go mate MS|infinite   solves the position as a tsume problem and answers
                        "checkmate M…" (the main line), "checkmate nomate",
                        or "checkmate timeout" when the time runs out first
  go …                  any other go (btime, wtime, byoyomi, infinite,
                        ponder): answers "bestmove M" with a mate if one is
                        found quickly, else a legal move (a safe capture or
                        check if there is one); "bestmove resign" only when
                        there is no legal move
  stop                  ends the search; the answer comes at once, with the
                        mate if it is already proven
  ponderhit, gameover   end a go ponder or the game
  quit                  ends the program; so does the end of the input,
                        after the answer to a search with a limit

Blank lines and unknown commands are ignored, as the protocol asks.
During a search, "info nodes N nps R time MS hashfull H" lines come about
once a second, and once more at its end.

Options: USI_Hash (the table size in MB, default 256), MateNodes (a node
limit for go mate, 0: none), FutileRule (discount or count, as solve's
--futile), DefenderHand (remaining: the tsume convention that the defender
holds every remaining piece, or as-given), QuickMateMs (the time a plain
go spends looking for a mate, default 200).

Exit status: 0 after quit or the end of the input, 130 interrupted.`,
		setup: setupUSI,
	}
}

func setupUSI(fs *flag.FlagSet) func(context.Context, *env, []string) error {
	return func(ctx context.Context, e *env, args []string) error {
		if len(args) > 0 {
			return usageErrorf("usi", "unexpected argument %q: usi reads its commands from standard input", args[0])
		}
		stdin := e.stdin
		if stdin == nil {
			stdin = strings.NewReader("")
		}
		return runUSI(ctx, stdin, e.stdout)
	}
}

// USI option defaults and bounds.
const (
	usiDefaultHashMB  = 256
	usiMaxMateNodes   = 1<<31 - 1
	usiDefaultQuickMS = 200
	usiMaxQuickMS     = 60000
	// usiQuickNodes bounds the mate search of a plain go.
	usiQuickNodes = 2_000_000
	// usiQuickHashMB is the table of the mate search of a plain go.
	usiQuickHashMB = 16
	// usiInfoEvery is the interval between info lines.
	usiInfoEvery = time.Second
	// usiStopGrace is how long stop waits for the search to end before it
	// answers for it.
	usiStopGrace = 500 * time.Millisecond
	// usiMaxLine bounds one input line.
	usiMaxLine = 16 << 20
)

// usiOptions are the engine's options, as setoption leaves them.
type usiOptions struct {
	hashMB    int
	mateNodes uint64
	futile    mate.FutileRule
	hand      mate.DefenderHand
	quickMS   int
}

// usiWriter writes whole lines to the engine's output; it is safe for
// concurrent use, and it keeps the first write error.
type usiWriter struct {
	mu  sync.Mutex
	w   io.Writer
	err error
}

// println writes s and a newline in one write.
func (w *usiWriter) println(s string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err == nil {
		_, w.err = io.WriteString(w.w, s+"\n")
	}
}

// error returns the first write error.
func (w *usiWriter) error() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.err
}

// usiSearch is one go command being answered by its own goroutine.
type usiSearch struct {
	bounded bool // it ends by itself: go mate with a time limit, or a plain go not held
	start   time.Time
	cancel  context.CancelFunc
	done    chan struct{} // closed when the goroutine has returned
	release chan struct{} // closed by stop or ponderhit: a held bestmove may go out
	relOnce sync.Once
	out     *usiWriter

	mu       sync.Mutex
	answered bool
	fallback string // the answer stop gives if the goroutine is late

	lastInfo time.Time // touched by the searching goroutine only
	hashfull int       // likewise: from the last progress report (-1: none)
}

// answer writes lines, the search's last info lines and its answer,
// unless it has answered already; no lines (or empty ones) silence it.
func (s *usiSearch) answer(lines ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.answered {
		return
	}
	s.answered = true
	for _, l := range lines {
		if l != "" {
			s.out.println(l)
		}
	}
}

// silent reports whether the search has answered (or was silenced): it
// has nothing more to say.
func (s *usiSearch) silent() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.answered
}

// setFallback records what stop answers if the goroutine cannot.
func (s *usiSearch) setFallback(line string) {
	s.mu.Lock()
	s.fallback = line
	s.mu.Unlock()
}

// answerFallback answers with the recorded fallback.
func (s *usiSearch) answerFallback() {
	s.mu.Lock()
	line := s.fallback
	s.mu.Unlock()
	s.answer(line)
}

// releaseHold lets a held bestmove go out.
func (s *usiSearch) releaseHold() {
	s.relOnce.Do(func() { close(s.release) })
}

// finished reports whether the goroutine has returned.
func (s *usiSearch) finished() bool {
	select {
	case <-s.done:
		return true
	default:
		return false
	}
}

// usiEngine is the state of the protocol loop. Its fields belong to the
// loop's goroutine, apart from those a search reaches through its
// usiSearch.
type usiEngine struct {
	ctx  context.Context
	out  *usiWriter
	opts usiOptions

	pos    shogi.Position
	posErr string // why the last position command failed ("": the position is usable)

	solver      *mate.Solver // for go mate, built for solverOpts
	solverOpts  usiOptions   // the options solver was built for (quickMS 0)
	quick       *mate.Solver // for a plain go
	cur         *usiSearch   // the last search started, nil if none
	progressFor atomic.Pointer[usiSearch]
}

// runUSI runs the USI protocol over in and out until quit, the end of in,
// or the end of ctx.
func runUSI(ctx context.Context, in io.Reader, out io.Writer) error {
	e := &usiEngine{
		ctx:  ctx,
		out:  &usiWriter{w: out},
		opts: usiOptions{hashMB: usiDefaultHashMB, futile: mate.Discount, hand: mate.Remaining, quickMS: usiDefaultQuickMS},
		pos:  shogi.Startpos(),
	}
	lines := make(chan string)
	readDone := make(chan struct{})
	defer close(readDone)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(in)
		sc.Buffer(make([]byte, 0, 4096), usiMaxLine)
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
				// The end of the input: a search with a limit may finish
				// and answer (so that a script piping commands in gets its
				// answer); one without is stopped and answers at once.
				if s := e.cur; s != nil && s.bounded {
					select {
					case <-s.done:
					case <-ctx.Done():
						e.stopSearch(false)
						return ctx.Err()
					}
				}
				e.stopSearch(true)
				return nil
			}
			if quit := e.handle(line); quit {
				return nil
			}
			if err := e.out.error(); err != nil {
				e.stopSearch(false)
				return err
			}
		}
	}
}

// handle runs one command line and reports whether it was quit.
func (e *usiEngine) handle(line string) bool {
	f := strings.Fields(line)
	if len(f) == 0 {
		return false
	}
	switch f[0] {
	case "usi":
		e.cmdUSI()
	case "isready":
		e.prepare()
		e.out.println("readyok")
	case "setoption":
		e.cmdSetOption(f[1:])
	case "usinewgame":
		// Nothing to reset: each search starts from a fresh table
		// generation.
	case "position":
		e.cmdPosition(line)
	case "go":
		e.cmdGo(f[1:])
	case "stop":
		e.stopSearch(true)
	case "ponderhit":
		if e.cur != nil {
			e.cur.releaseHold()
		}
	case "gameover":
		e.stopSearch(false)
	case "quit":
		e.stopSearch(false)
		return true
	}
	return false
}

// usiVersion returns the module version tsume was built as, or "" for a
// development build.
func usiVersion() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok || bi.Main.Version == "" || bi.Main.Version == "(devel)" {
		return ""
	}
	return " " + bi.Main.Version
}

// cmdUSI answers usi: the engine's name and author, its options, usiok.
func (e *usiEngine) cmdUSI() {
	for _, l := range []string{
		"id name tsume" + usiVersion(),
		"id author the tsume authors",
		fmt.Sprintf("option name USI_Hash type spin default %d min 1 max %d", usiDefaultHashMB, maxSolveHashMB),
		fmt.Sprintf("option name MateNodes type spin default 0 min 0 max %d", usiMaxMateNodes),
		"option name FutileRule type combo default discount var discount var count",
		"option name DefenderHand type combo default remaining var remaining var as-given",
		fmt.Sprintf("option name QuickMateMs type spin default %d min 0 max %d", usiDefaultQuickMS, usiMaxQuickMS),
		"usiok",
	} {
		e.out.println(l)
	}
}

// info writes an info string line.
func (e *usiEngine) info(format string, args ...any) {
	msg := strings.ReplaceAll(fmt.Sprintf(format, args...), "\n", " ")
	e.out.println("info string " + msg)
}

// cmdSetOption reads "name N [value V]". Unknown options and bad values
// are reported with info string and otherwise ignored.
func (e *usiEngine) cmdSetOption(f []string) {
	var name, value []string
	cur := (*[]string)(nil)
	for _, w := range f {
		switch {
		case w == "name" && cur == nil:
			cur = &name
		case w == "value" && cur == &name:
			cur = &value
		case cur != nil:
			*cur = append(*cur, w)
		}
	}
	n, v := strings.Join(name, " "), strings.Join(value, " ")
	spin := func(lo, hi int64) (int64, bool) {
		x, err := strconv.ParseInt(v, 10, 64)
		if err != nil || x < lo || x > hi {
			e.info("bad value %q for option %s: want an integer from %d to %d", v, n, lo, hi)
			return 0, false
		}
		return x, true
	}
	switch strings.ToLower(n) {
	case "usi_hash":
		if x, ok := spin(1, maxSolveHashMB); ok {
			e.opts.hashMB = int(x)
		}
	case "matenodes":
		if x, ok := spin(0, usiMaxMateNodes); ok {
			e.opts.mateNodes = uint64(x)
		}
	case "futilerule":
		if r, ok := parseFutile(v); ok {
			e.opts.futile = r
		} else {
			e.info("bad value %q for option %s: want discount or count", v, n)
		}
	case "defenderhand":
		switch strings.ToLower(v) {
		case "remaining":
			e.opts.hand = mate.Remaining
		case "as-given", "asgiven":
			e.opts.hand = mate.AsGiven
		default:
			e.info("bad value %q for option %s: want remaining or as-given", v, n)
		}
	case "quickmatems":
		if x, ok := spin(0, usiMaxQuickMS); ok {
			e.opts.quickMS = int(x)
		}
	case "usi_ponder", "usi_multipv", "usi_ownbook":
		// Standard options the GUI may send: nothing to do.
	default:
		e.info("unknown option %q ignored", n)
	}
}

// cmdPosition reads a position command. A bad one leaves no usable
// position: go then answers that it cannot search.
func (e *usiEngine) cmdPosition(line string) {
	g, err := record.ReadUSI([]byte(line))
	if err == nil {
		var p shogi.Position
		if p, err = g.PositionAt(len(g.Moves)); err == nil {
			e.pos, e.posErr = p, ""
			return
		}
	}
	msg := strings.TrimPrefix(err.Error(), "record: ")
	var pe *record.ParseError
	if errors.As(err, &pe) {
		msg = pe.Msg
	}
	e.posErr = msg
	e.info("bad position: %s", msg)
}

// prepare waits for a finished search and builds the solver for the
// current options, so that the next go starts at once. It does nothing
// while a search runs: the solver is in use.
func (e *usiEngine) prepare() {
	if e.cur != nil && !e.cur.finished() {
		return
	}
	e.ensureSolver()
}

// ensureSolver builds the go mate solver if the options changed. The
// caller makes sure no search is using it.
func (e *usiEngine) ensureSolver() bool {
	want := e.opts
	want.quickMS = 0 // not an option of this solver
	if e.solver != nil && e.solverOpts == want {
		return true
	}
	e.solver = nil // let the old table go before the new one is made
	s, err := mate.NewSolver(mate.SolverOptions{
		HashMB:        e.opts.hashMB,
		MaxNodes:      e.opts.mateNodes,
		Futile:        e.opts.futile,
		DefenderHand:  e.opts.hand,
		SkipSoundness: true,
		Progress:      e.progress,
	})
	if err != nil {
		e.info("%v", err)
		return false
	}
	e.solver, e.solverOpts = s, want
	return true
}

// progress is the solvers' progress callback: an info line about once a
// second for the search in progress.
func (e *usiEngine) progress(p mate.Progress) {
	s := e.progressFor.Load()
	if s == nil {
		return
	}
	s.hashfull = p.Hashfull
	now := time.Now()
	if now.Sub(s.lastInfo) < usiInfoEvery || s.silent() {
		return
	}
	s.lastInfo = now
	e.out.println(infoLine(p.Nodes, p.Elapsed, p.Hashfull))
}

// infoLine returns "info nodes N nps R time MS [hashfull H]".
func infoLine(nodes uint64, elapsed time.Duration, hashfull int) string {
	l := fmt.Sprintf("info nodes %d nps %d time %d", nodes, perSecond(nodes, elapsed), elapsed.Milliseconds())
	if hashfull >= 0 {
		l += fmt.Sprintf(" hashfull %d", hashfull)
	}
	return l
}

// stopSearch ends the current search. With answer (the stop command) it
// makes sure the search has answered before it returns: the search's own
// answer if it comes within usiStopGrace, else the fallback. Without
// (quit, gameover, the end of the input) a pending answer is dropped.
func (e *usiEngine) stopSearch(answer bool) {
	s := e.cur
	if s == nil {
		return
	}
	if !answer {
		s.answer() // nothing more from this search
	}
	s.cancel()
	s.releaseHold()
	select {
	case <-s.done:
	case <-time.After(usiStopGrace):
		s.answerFallback()
	}
}

// waitSearch waits until the current search has returned, so that its
// solver is free.
func (e *usiEngine) waitSearch() {
	if e.cur != nil {
		<-e.cur.done
	}
}

// cmdGo starts a search for "go mate …" or any other go.
func (e *usiEngine) cmdGo(f []string) {
	// A go during a search: the GUI should have sent stop first.
	if e.cur != nil && !e.cur.finished() {
		e.stopSearch(true)
		e.waitSearch()
	}
	isMate, infinite, hold := false, false, false
	limit := time.Duration(0)
	for i := 0; i < len(f); i++ {
		switch f[i] {
		case "mate":
			isMate = true
			if i+1 < len(f) {
				if f[i+1] == "infinite" {
					infinite = true
					i++
				} else if ms, err := strconv.ParseInt(f[i+1], 10, 64); err == nil {
					if ms > 0 {
						limit = time.Duration(ms) * time.Millisecond
					} else {
						infinite = true
					}
					i++
				}
			} else {
				infinite = true
			}
		case "infinite", "ponder":
			hold = true
		}
	}
	var ctx context.Context
	var cancel context.CancelFunc
	if isMate && !infinite && limit > 0 {
		ctx, cancel = context.WithTimeout(e.ctx, limit)
	} else {
		ctx, cancel = context.WithCancel(e.ctx)
	}
	s := &usiSearch{
		bounded: isMate && !infinite && limit > 0 || !isMate && !hold,
		start:   time.Now(), cancel: cancel, out: e.out, hashfull: -1,
		done: make(chan struct{}), release: make(chan struct{}),
	}
	s.lastInfo = s.start
	e.cur = s
	p := e.pos
	if e.posErr != "" {
		// No usable position: answer at once.
		defer close(s.done)
		defer cancel()
		e.info("no position to search: %s", e.posErr)
		if isMate {
			s.answer("checkmate nomate")
		} else {
			s.answer("bestmove resign")
		}
		return
	}
	if isMate {
		s.setFallback("checkmate timeout")
		if !e.ensureSolver() {
			defer close(s.done)
			defer cancel()
			s.answer("checkmate timeout")
			return
		}
		e.progressFor.Store(s)
		go e.runMate(ctx, s, e.solver, &p)
		return
	}
	if e.quick == nil {
		q, err := mate.NewSolver(mate.SolverOptions{
			HashMB: usiQuickHashMB, MaxNodes: usiQuickNodes, Futile: mate.Count,
			DefenderHand: mate.AsGiven, SkipSoundness: true, Progress: e.progress,
		})
		if err == nil {
			e.quick = q
		}
	}
	e.progressFor.Store(s)
	go e.runBestMove(ctx, s, e.quick, &p, time.Duration(e.opts.quickMS)*time.Millisecond, hold)
}

// runMate answers go mate: it runs in its own goroutine.
func (e *usiEngine) runMate(ctx context.Context, s *usiSearch, solver *mate.Solver, p *shogi.Position) {
	defer close(s.done)
	defer s.cancel()
	sol, err := solver.Solve(ctx, p)
	if err != nil {
		s.answer("info string "+solverErrText(err), "checkmate nomate")
		return
	}
	info := infoLine(sol.Nodes, sol.Time, s.hashfull)
	switch {
	case sol.Status == mate.Mate && len(sol.PV) > 0:
		s.answer(info, "checkmate "+usiMoves(sol.PV))
	case sol.Status == mate.NoMate:
		s.answer(info, "checkmate nomate")
	default:
		s.answer(info, "checkmate timeout")
	}
}

// runBestMove answers a plain go: a mate if the solver finds one within
// budget, else a reasonable legal move. With hold (go infinite, go
// ponder) the answer waits for stop or ponderhit.
func (e *usiEngine) runBestMove(ctx context.Context, s *usiSearch, solver *mate.Solver, p *shogi.Position, budget time.Duration, hold bool) {
	defer close(s.done)
	defer s.cancel()
	move := fallbackMove(p)
	s.setFallback("bestmove " + move)
	var info []string
	if move != "resign" && solver != nil && budget > 0 {
		mctx, cancel := context.WithTimeout(ctx, budget)
		sol, err := solver.Solve(mctx, p)
		cancel()
		if err == nil {
			info = append(info, infoLine(sol.Nodes, sol.Time, s.hashfull))
			if sol.Status == mate.Mate && len(sol.PV) > 0 && p.IsLegal(sol.PV[0]) {
				n := len(sol.PV)
				info = append(info, fmt.Sprintf("info depth %d score mate %d pv %s", n, n, usiMoves(sol.PV)))
				move = sol.PV[0].String()
				s.setFallback("bestmove " + move)
			}
		}
	}
	if hold {
		<-s.release
	}
	s.answer(append(info, "bestmove "+move)...)
}

// usiMoves writes moves in USI, separated by spaces.
func usiMoves(moves []shogi.Move) string {
	texts := make([]string, len(moves))
	for i, m := range moves {
		texts[i] = m.String()
	}
	return strings.Join(texts, " ")
}

// pieceValue is a rough material value of a kind, for choosing a move
// when no mate is found.
func pieceValue(k shogi.Kind) int {
	switch k {
	case shogi.Pawn:
		return 1
	case shogi.Lance:
		return 3
	case shogi.Knight:
		return 4
	case shogi.Silver:
		return 5
	case shogi.Gold, shogi.ProPawn, shogi.ProLance, shogi.ProKnight, shogi.ProSilver:
		return 6
	case shogi.Bishop:
		return 8
	case shogi.Rook:
		return 10
	case shogi.Horse:
		return 12
	case shogi.Dragon:
		return 14
	case shogi.King:
		return 1000
	}
	return 0
}

// fallbackMove chooses a legal move of p in USI without search: a mate in
// one if there is one; else, among the moves after which the opponent has
// no mate in one, the one with the best material balance on its square
// (the piece captured, the promotion gained, minus the piece's base kind
// if the opponent attacks the square), a check breaking ties; "resign" if
// there is no legal move.
func fallbackMove(p *shogi.Position) string {
	moves := p.LegalMoves(nil)
	if len(moves) == 0 {
		return "resign"
	}
	if p.King(p.SideToMove().Opp()) != shogi.NoSquare {
		if mates := mate.Mate1(p); len(mates) > 0 && p.IsLegal(mates[0]) {
			return mates[0].String()
		}
	}
	me := p.SideToMove()
	best, bestScore := moves[0], -1<<30
	for _, m := range moves {
		q := *p
		q.DoMove(m)
		score := 0
		if !m.IsDrop() {
			if victim := p.PieceAt(m.To()); victim != shogi.NoPiece {
				score += 10 * pieceValue(victim.Kind())
			}
		}
		if m.IsPromotion() {
			score += 10 * (pieceValue(m.Piece().Kind().Promote()) - pieceValue(m.Piece().Kind()))
		}
		if q.AttackersTo(me.Opp(), m.To()).Any() {
			// Recaptured, the piece goes to the opponent's hand.
			score -= 10 * pieceValue(m.PieceAfter().Kind().Demote())
		}
		if q.InCheck() {
			score += 2
		}
		if q.King(me) != shogi.NoSquare && len(mate.Mate1(&q)) > 0 {
			score -= 100000
		}
		if score > bestScore {
			best, bestScore = m, score
		}
	}
	return best.String()
}
