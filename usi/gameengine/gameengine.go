// Package gameengine is tsume's game engine as a USI engine: a
// usi.Handler whose plain go plays a move with the alpha-beta search of
// package engine, within the time the GUI gives, and whose go mate is
// answered by another handler, the tsume solver's.
//
// The time manager shares the main time among the moves to come, uses
// the whole byoyomi when the main time is gone, and never plans beyond
// the time left minus NetworkDelay, the overhead of the GUI and the
// line between them. Its search is single-threaded (see docs/engine.md);
// Threads is go mate's, when Config.MateOptions passes it on.
package gameengine

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tsume-shogi/tsume/engine"
	"github.com/tsume-shogi/tsume/engine/eval"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/usi"
)

// Option defaults and bounds.
const (
	defaultHashMB  = 64
	maxHashMB      = 32768
	defaultDelayMS = 40
	maxDelayMS     = 10000
	maxMultiPV     = 64
	// defaultFVScale and maxFVScale bound FV_SCALE, the output scale of
	// an NNUE evaluation file (16 for most files, 20–24 for some).
	defaultFVScale = 16
	maxFVScale     = 128
	// rootMateNodes is the df-pn solver's budget at the root of a go.
	rootMateNodes = 20000
)

// The option names.
const (
	optHash     = "USI_Hash"
	optThreads  = "Threads"
	optPonder   = "USI_Ponder"
	optMultiPV  = "MultiPV"
	optEvalFile = "EvalFile"
	optDelay    = "NetworkDelay"
	optFVScale  = "FV_SCALE"
	optWeights  = "EvalWeights"
	optFeatures = "SearchFeatures"
)

// Config is what a Handler is made of.
type Config struct {
	ID usi.ID
	// Mate answers go mate. Nil: go mate answers notimplemented.
	Mate usi.Handler
	// MateOptions names the options of Mate offered beside the game
	// engine's (USI_Hash, set on both, need not be named); nil: all.
	MateOptions []string
	// LoadEval loads the evaluation file the EvalFile option names, with
	// the output scale of the FV_SCALE option. Nil: EvalFile may only be
	// empty.
	LoadEval func(path string, fvScale int) (eval.Evaluator, error)
	// DefaultEval makes the evaluation used when EvalFile is empty.
	// Nil: the hand-written evaluation, eval.NewClassic with the
	// weights of the EvalWeights option (eval.NewDefault when it is
	// empty). EvalWeights applies only then.
	DefaultEval func() eval.Evaluator
	// Now is the clock the time limits of a go are kept on (nil:
	// time.Now). Tests inject one to check the time decisions without
	// depending on the machine's speed.
	Now func() time.Time
}

// Handler is the game engine as a usi.Handler. Make one with New.
type Handler struct {
	cfg      Config
	mateOpts map[string]bool // the options of cfg.Mate, by lower-case name

	hashMB   int
	multiPV  int
	delayMS  int
	evalFile string
	fvScale  int
	ev       eval.Evaluator // the evaluation of evalFile
	weights  eval.Weights   // the weights of the hand-written evaluation
	features engine.Features

	s       *engine.Searcher // nil until needed; built for builtMB
	builtMB int
}

// New returns a handler with every option at its default.
func New(cfg Config) *Handler {
	h := &Handler{cfg: cfg, mateOpts: map[string]bool{}}
	if cfg.Mate != nil {
		for _, o := range cfg.Mate.Options() {
			if cfg.MateOptions == nil || strings.EqualFold(o.Name, optHash) || slices.ContainsFunc(cfg.MateOptions, func(n string) bool { return strings.EqualFold(n, o.Name) }) {
				h.mateOpts[strings.ToLower(o.Name)] = true
			}
		}
	}
	for _, o := range h.own() {
		if err := h.SetOption(o.Name, o.DefaultValue()); err != nil {
			panic("gameengine: default of " + o.Name + ": " + err.Error())
		}
	}
	return h
}

// ID returns the engine's name and author.
func (h *Handler) ID() usi.ID { return h.cfg.ID }

// own returns the game engine's own options.
func (h *Handler) own() []usi.Option {
	return []usi.Option{
		{Name: optHash, Type: usi.Spin, Default: strconv.Itoa(defaultHashMB), Min: 1, Max: maxHashMB},
		{Name: optThreads, Type: usi.Spin, Default: "1", Min: 1, Max: h.maxThreads()},
		{Name: optPonder, Type: usi.Check, Default: "false"},
		{Name: optMultiPV, Type: usi.Spin, Default: "1", Min: 1, Max: maxMultiPV},
		{Name: optEvalFile, Type: usi.Filename, Default: ""},
		{Name: optDelay, Type: usi.Spin, Default: strconv.Itoa(defaultDelayMS), Min: 0, Max: maxDelayMS},
		{Name: optFVScale, Type: usi.Spin, Default: strconv.Itoa(defaultFVScale), Min: 1, Max: maxFVScale},
		{Name: optWeights, Type: usi.String, Default: ""},
		{Name: optFeatures, Type: usi.String, Default: ""},
	}
}

// maxThreads is the largest Threads: 1, the game engine's search being
// single-threaded, unless Config.MateOptions passes Threads on to the
// mate handler, whose go mate may search with more (its own maximum).
func (h *Handler) maxThreads() int64 {
	if h.cfg.Mate != nil && h.mateOpts[strings.ToLower(optThreads)] {
		for _, o := range h.cfg.Mate.Options() {
			if strings.EqualFold(o.Name, optThreads) {
				return o.Max
			}
		}
	}
	return 1
}

// Options declares USI_Hash (the table in MB), Threads (1, or the mate
// handler's threads when MateOptions has Threads), USI_Ponder,
// MultiPV, EvalFile (an evaluation file; empty: the default
// evaluation), NetworkDelay (the milliseconds kept in hand on every
// move), FV_SCALE (the output scale of an evaluation file), EvalWeights
// (the hand-written evaluation's weights as eval.ParseWeights reads
// them, such as "pst=0"), SearchFeatures (search features switched off,
// as engine.ParseFeatures reads them, such as "no-null,no-lmr"), then
// the mate handler's options of Config.MateOptions. The last two are
// there for self-play measurements (docs/engine.md).
func (h *Handler) Options() []usi.Option {
	opts := h.own()
	if h.cfg.Mate != nil {
		for _, o := range h.cfg.Mate.Options() {
			if !strings.EqualFold(o.Name, optHash) && !strings.EqualFold(o.Name, optThreads) && h.mateOpts[strings.ToLower(o.Name)] {
				opts = append(opts, o)
			}
		}
	}
	return opts
}

// SetOption sets one of the options Options declares. EvalFile loads
// the file at once, so that a bad file is reported at setoption.
func (h *Handler) SetOption(name string, v usi.Value) error {
	switch name {
	case optHash:
		h.hashMB = int(v.Int)
		if h.cfg.Mate != nil && h.mateOpts[strings.ToLower(optHash)] {
			return h.cfg.Mate.SetOption(name, v)
		}
	case optThreads:
		// The game engine's search has one thread; go mate's may have more.
		if h.cfg.Mate != nil && h.mateOpts[strings.ToLower(optThreads)] {
			return h.cfg.Mate.SetOption(name, v)
		}
	case optPonder:
		// Pondering is the GUI's choice (go ponder).
	case optMultiPV:
		h.multiPV = int(v.Int)
	case optDelay:
		h.delayMS = int(v.Int)
	case optEvalFile:
		return h.setEvalFile(v.Text)
	case optFVScale:
		h.fvScale = int(v.Int)
		if h.evalFile != "" {
			return h.setEvalFile(h.evalFile) // read again with the new scale
		}
	case optWeights:
		w, err := eval.ParseWeights(v.Text)
		if err != nil {
			return fmt.Errorf("gameengine: %s: %w", name, err)
		}
		if h.cfg.DefaultEval != nil && v.Text != "" {
			return &usi.OptionError{Name: name, Msg: "this engine's default evaluation has no weights"}
		}
		h.weights = w
		if h.evalFile == "" {
			return h.setEvalFile("")
		}
	case optFeatures:
		f, err := engine.ParseFeatures(v.Text)
		if err != nil {
			return fmt.Errorf("gameengine: %s: %w", name, err)
		}
		h.features = f
		if h.s != nil {
			h.s.SetFeatures(f)
		}
	default:
		if h.cfg.Mate != nil && h.mateOpts[strings.ToLower(name)] {
			return h.cfg.Mate.SetOption(name, v)
		}
		return &usi.OptionError{Name: name, Msg: "unknown option"}
	}
	return nil
}

// setEvalFile loads the evaluation of path ("" the default).
func (h *Handler) setEvalFile(path string) error {
	var ev eval.Evaluator
	switch {
	case path == "":
		if h.cfg.DefaultEval != nil {
			ev = h.cfg.DefaultEval()
		} else {
			ev = eval.NewClassic(h.weights)
		}
	case h.cfg.LoadEval == nil:
		return &usi.OptionError{Name: optEvalFile, Msg: "this engine reads no evaluation file"}
	default:
		var err error
		if ev, err = h.cfg.LoadEval(path, h.fvScale); err != nil {
			return fmt.Errorf("gameengine: EvalFile %s: %w", path, err)
		}
	}
	h.evalFile, h.ev = path, ev
	if h.s != nil {
		h.s.SetEval(ev)
	}
	return nil
}

// Ready allocates the table for the current USI_Hash, and readies the
// go mate handler (its own table), so that neither a go nor a go mate
// pays for it.
func (h *Handler) Ready() error {
	if _, err := h.searcher(); err != nil {
		return err
	}
	if h.cfg.Mate != nil {
		return h.cfg.Mate.Ready()
	}
	return nil
}

// NewGame empties the table.
func (h *Handler) NewGame() {
	if h.s != nil {
		h.s.NewGame()
	}
}

// searcher returns the Searcher, made anew if USI_Hash changed.
func (h *Handler) searcher() (*engine.Searcher, error) {
	if h.s != nil && h.builtMB == h.hashMB {
		return h.s, nil
	}
	h.s = nil // let the old table go first
	s, err := engine.NewSearcher(engine.Options{HashMB: h.hashMB, Eval: h.ev})
	if err != nil {
		return nil, err
	}
	s.SetFeatures(h.features)
	h.s, h.builtMB = s, h.hashMB
	return s, nil
}

// Mate answers go mate with the mate handler.
func (h *Handler) Mate(ctx context.Context, r *usi.Request) usi.MateResult {
	if h.cfg.Mate == nil {
		return usi.MateResult{Status: usi.MateNotImplemented}
	}
	return h.cfg.Mate.Mate(ctx, r)
}

// Go searches the position within the go's limits and answers the best
// move, with the expected reply to ponder on; resign when the side to
// move has no legal move (among searchmoves) or the search proves it
// mated.
func (h *Handler) Go(ctx context.Context, r *usi.Request) usi.BestMove {
	p := r.Position.Current
	if len(r.SearchMoves) == 0 && !r.Limits.Ponder && p.CanDeclare() == nil {
		return usi.BestMove{Win: true} // 入玉宣言: the declaration wins at once
	}
	first := firstMove(&p, r.SearchMoves)
	if first == shogi.NoMove {
		return usi.BestMove{}
	}
	r.SetBest(usi.BestMove{Move: first})
	s, err := h.searcher()
	if err != nil {
		r.Info(usi.Info{Text: usi.ErrorText(err)})
		return usi.BestMove{Move: first}
	}
	l := r.Limits
	soft, hard := budget(l, p.SideToMove(), msec(h.delayMS))
	lim := engine.Limits{
		Depth: l.Depth, Nodes: l.Nodes, Soft: soft, Hard: hard,
		Infinite: l.Infinite, MultiPV: h.multiPV, SearchMoves: r.SearchMoves,
		MateNodes: rootMateNodes, Now: h.cfg.Now,
	}
	if l.Ponder {
		lim.PonderHit = r.PonderHit
	}
	game := engine.Game{Start: r.Position.Start, Moves: r.Position.Moves}
	res := s.Search(ctx, game, lim, func(i engine.Info) {
		r.Info(infoLine(i, h.multiPV > 1))
		if i.MultiPV == 1 && len(i.PV) > 0 {
			b := usi.BestMove{Move: i.PV[0]}
			if len(i.PV) > 1 {
				b.Ponder = i.PV[1]
			}
			r.SetBest(b)
		}
	})
	if res.ByMateSolver {
		r.Info(infoLine(engine.Info{Depth: res.Depth, Score: res.Score, Nodes: res.Nodes, Time: res.Time, PV: res.PV}, false))
	}
	if res.Move == shogi.NoMove || !p.IsLegal(res.Move) {
		return usi.BestMove{Move: first}
	}
	if res.Score.IsLoss() {
		return usi.BestMove{} // resign: the search proved the mate
	}
	return usi.BestMove{Move: res.Move, Ponder: res.Ponder}
}

// infoLine converts an iteration's report to an info line.
func infoLine(i engine.Info, multi bool) usi.Info {
	u := usi.Info{
		Depth: i.Depth, SelDepth: i.SelDepth, Nodes: max(i.Nodes, 1), Time: i.Time,
		Hashfull: i.Hashfull, PV: i.PV,
		Score: usi.Score{Kind: usi.Centipawns, Value: int(i.Score)},
	}
	if multi {
		u.MultiPV = i.MultiPV
	}
	if n, ok := i.Score.Mate(); ok {
		u.Score = usi.Score{Kind: usi.MateIn, Value: n}
	}
	return u
}

// firstMove returns a legal move of p among only (nil: any), NoMove if
// there is none.
func firstMove(p *shogi.Position, only []shogi.Move) shogi.Move {
	for _, m := range p.LegalMoves(nil) {
		if only == nil || contains(only, m) {
			return m
		}
	}
	return shogi.NoMove
}

// contains reports whether m is among moves.
func contains(moves []shogi.Move, m shogi.Move) bool {
	for _, x := range moves {
		if x == m {
			return true
		}
	}
	return false
}
