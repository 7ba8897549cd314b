// Package mateengine is the tsume solver as a USI engine: a usi.Handler
// that answers go mate with the df-pn solver of package mate, and a
// plain go with a quick mate search, or a safe capture or check when
// there is no quick mate.
//
// It is a package of its own, beside the protocol rather than inside
// it, so that usi depends on no search and the game engine to come is a
// peer of this one behind the same interface.
package mateengine

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/usi"
)

// Option defaults and bounds.
const (
	defaultHashMB  = 256
	maxMateNodes   = 1<<31 - 1
	defaultQuickMS = 200
	maxQuickMS     = 60000
	// quickNodes bounds the mate search of a plain go.
	quickNodes = 2_000_000
	// quickHashMB is the table of the mate search of a plain go.
	quickHashMB = 16
	// infoEvery is the interval between info lines.
	infoEvery = time.Second
	// maxThreads bounds Threads.
	maxThreads = 256
)

// The option names.
const (
	optHash         = "USI_Hash"
	optMateNodes    = "MateNodes"
	optFutileRule   = "FutileRule"
	optDefenderHand = "DefenderHand"
	optQuickMateMs  = "QuickMateMs"
	optThreads      = "Threads"
)

// config is what the go mate solver is built for.
type config struct {
	hashMB    int
	mateNodes uint64
	futile    mate.FutileRule
	hand      mate.DefenderHand
	threads   int
}

// Handler is the tsume solver as a usi.Handler. Its zero value is not
// usable: make one with New.
type Handler struct {
	id      usi.ID
	cfg     config // as setoption left it
	quickMS int

	solver  *mate.Solver // for go mate, built for built
	built   config
	quick   *mate.Solver // for a plain go; nil until the first
	noQuick bool         // the quick solver could not be made

	// The search in progress, for the solvers' progress callback; they
	// belong to the searching goroutine.
	req      *usi.Request
	lastInfo time.Time
	hashfull int
}

// New returns a handler called id, with every option at its default.
func New(id usi.ID) *Handler {
	h := &Handler{id: id}
	for _, o := range h.Options() {
		if err := h.SetOption(o.Name, o.DefaultValue()); err != nil {
			panic("mateengine: default of " + o.Name + ": " + err.Error())
		}
	}
	return h
}

// ID returns the engine's name and author.
func (h *Handler) ID() usi.ID { return h.id }

// Options declares USI_Hash (the table size in MB), MateNodes (a node
// limit for go mate, 0: none), FutileRule (whether futile interpositions
// count), DefenderHand (the defender holds every remaining piece, or as
// given), QuickMateMs (how long a plain go looks for a mate) and Threads
// (the threads of go mate's search, mate.SolverOptions.Threads).
func (h *Handler) Options() []usi.Option {
	hashMax := mate.MaxHashMB()
	return []usi.Option{
		{Name: optHash, Type: usi.Spin, Default: strconv.Itoa(min(defaultHashMB, hashMax)), Min: 1, Max: int64(hashMax)},
		{Name: optMateNodes, Type: usi.Spin, Default: "0", Min: 0, Max: maxMateNodes},
		{Name: optFutileRule, Type: usi.Combo, Default: "discount", Vars: []string{mate.Discount.String(), mate.Count.String()}},
		{Name: optDefenderHand, Type: usi.Combo, Default: "remaining", Vars: []string{mate.Remaining.String(), mate.AsGiven.String()}},
		{Name: optQuickMateMs, Type: usi.Spin, Default: strconv.Itoa(defaultQuickMS), Min: 0, Max: maxQuickMS},
		{Name: optThreads, Type: usi.Spin, Default: "1", Min: 1, Max: maxThreads},
	}
}

// SetOption sets one of the options Options declares.
func (h *Handler) SetOption(name string, v usi.Value) error {
	switch name {
	case optHash:
		h.cfg.hashMB = int(v.Int)
	case optMateNodes:
		h.cfg.mateNodes = uint64(v.Int)
	case optFutileRule:
		f, err := mate.ParseFutileRule(v.Text)
		if err != nil {
			return &usi.OptionError{Name: name, Msg: fmt.Sprintf("bad value %q", v.Text)}
		}
		h.cfg.futile = f
	case optDefenderHand:
		d, err := mate.ParseDefenderHand(v.Text)
		if err != nil {
			return &usi.OptionError{Name: name, Msg: fmt.Sprintf("bad value %q", v.Text)}
		}
		h.cfg.hand = d
	case optQuickMateMs:
		h.quickMS = int(v.Int)
	case optThreads:
		h.cfg.threads = int(v.Int)
	default:
		return &usi.OptionError{Name: name, Msg: "unknown option"}
	}
	return nil
}

// Ready builds the go mate solver for the current options, so that the
// next go mate starts at once.
func (h *Handler) Ready() error {
	return h.ensureSolver()
}

// NewGame does nothing: each search starts from a fresh table
// generation.
func (h *Handler) NewGame() {}

// ensureSolver builds the go mate solver if the options changed.
func (h *Handler) ensureSolver() error {
	if h.solver != nil && h.built == h.cfg {
		return nil
	}
	h.solver = nil // let the old table go before the new one is made
	s, err := mate.NewSolver(mate.SolverOptions{
		HashMB:        h.cfg.hashMB,
		MaxNodes:      h.cfg.mateNodes,
		Futile:        h.cfg.futile,
		DefenderHand:  h.cfg.hand,
		SkipSoundness: true,
		Progress:      h.progress,
		Threads:       h.cfg.threads,
	})
	if err != nil {
		return err
	}
	// As a USI engine prepares at isready: back the table now, not during
	// the first go mate.
	s.Prefault()
	h.solver, h.built = s, h.cfg
	return nil
}

// begin makes r the search the progress callback reports to.
func (h *Handler) begin(r *usi.Request) {
	h.req, h.lastInfo, h.hashfull = r, time.Now(), 0
}

// progress is the solvers' progress callback: an info line about once a
// second.
func (h *Handler) progress(p mate.Progress) {
	if h.req == nil {
		return
	}
	h.hashfull = p.Hashfull
	now := time.Now()
	if now.Sub(h.lastInfo) < infoEvery {
		return
	}
	h.lastInfo = now
	h.req.Info(usi.Info{Nodes: p.Nodes, Time: p.Elapsed, Hashfull: p.Hashfull})
}

// Mate answers go mate: the main line of the mate, nomate, or timeout
// when the time, the node limit or stop comes first. A position that
// is not a tsume problem is reported with info string and answered
// nomate; a table that cannot be made, timeout.
func (h *Handler) Mate(ctx context.Context, r *usi.Request) usi.MateResult {
	if err := h.ensureSolver(); err != nil {
		r.Info(usi.Info{Text: usi.ErrorText(err)})
		return usi.MateResult{Status: usi.MateTimeout}
	}
	h.begin(r)
	defer func() { h.req = nil }()
	p := r.Position.Current
	sol, err := h.solver.Solve(ctx, &p)
	if err != nil {
		r.Info(usi.Info{Text: solveErrorText(err)})
		return usi.MateResult{Status: usi.NoMate}
	}
	r.Info(usi.Info{Nodes: sol.Nodes, Time: sol.Time, Hashfull: h.hashfull})
	switch {
	case sol.Status == mate.Mate && len(sol.PV) > 0:
		return usi.MateResult{Status: usi.MateFound, Moves: sol.PV}
	case sol.Status == mate.NoMate:
		return usi.MateResult{Status: usi.NoMate}
	}
	return usi.MateResult{Status: usi.MateTimeout}
}

// solveErrorText says why Solve refused a position.
func solveErrorText(err error) string {
	var ipe *shogi.InvalidPositionError
	if errors.Is(err, mate.ErrNotAProblem) && errors.As(err, &ipe) {
		return "not a tsume position: " + usi.ErrorText(ipe)
	}
	return usi.ErrorText(err)
}

// Go answers a plain go: a mate if the quick solver finds one within
// QuickMateMs, else the move fallbackMove chooses; resign only when
// there is no legal move. Searchmoves restrict both.
func (h *Handler) Go(ctx context.Context, r *usi.Request) usi.BestMove {
	p := r.Position.Current
	best := usi.BestMove{Move: fallbackMove(&p, r.SearchMoves)}
	r.SetBest(best)
	if best.Move == shogi.NoMove || h.quickMS == 0 {
		return best
	}
	if h.quick == nil && !h.noQuick {
		q, err := mate.NewSolver(mate.SolverOptions{
			HashMB: quickHashMB, MaxNodes: quickNodes, Futile: mate.Count,
			DefenderHand: mate.AsGiven, SkipSoundness: true, Progress: h.progress,
		})
		h.quick, h.noQuick = q, err != nil
	}
	if h.quick == nil {
		return best
	}
	h.begin(r)
	defer func() { h.req = nil }()
	mctx, cancel := context.WithTimeout(ctx, time.Duration(h.quickMS)*time.Millisecond)
	sol, err := h.quick.Solve(mctx, &p)
	cancel()
	if err != nil {
		return best
	}
	r.Info(usi.Info{Nodes: sol.Nodes, Time: sol.Time, Hashfull: h.hashfull})
	if sol.Status == mate.Mate && len(sol.PV) > 0 && p.IsLegal(sol.PV[0]) && allowed(r.SearchMoves, sol.PV[0]) {
		n := len(sol.PV)
		r.Info(usi.Info{Depth: n, Score: usi.Score{Kind: usi.MateIn, Value: n}, PV: sol.PV})
		best.Move = sol.PV[0]
		r.SetBest(best)
	}
	return best
}

// allowed reports whether m is among moves, or moves is nil.
func allowed(moves []shogi.Move, m shogi.Move) bool {
	if moves == nil {
		return true
	}
	for _, x := range moves {
		if x == m {
			return true
		}
	}
	return false
}
