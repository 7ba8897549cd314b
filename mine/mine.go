// Package mine finds the mates of game records: for every position of a
// game, whether the side to move can force mate by checks within a number
// of plies, and for every move whether it missed a mate, played one or
// allowed the opponent one. Each mate found is a candidate problem, kept
// when it is sound under the tsume conventions that apply to a game
// position. docs/mining.md gives the definitions and their sources.
//
// Every claim rests on searches of package mate under the game's own
// hands (mate.AsGiven: the defender holds what it holds in the game) and
// with every interposition counted (mate.Count: in a game each
// interposition is a move played). A search stopped by its node budget or
// by the context decides nothing, and a claim that needs it is not made.
package mine

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/record"
	"github.com/tsume-shogi/tsume/shogi"
)

// Defaults of Options.
const (
	DefaultMaxLength    = 15
	DefaultMaxNodes     = 200_000
	DefaultProblemNodes = 2_000_000
	DefaultHashMB       = 16
)

// Options configures a Miner. The zero value takes the defaults.
type Options struct {
	// MaxLength is the longest mate looked for, in plies (default 15).
	MaxLength int
	// MaxNodes is the node budget of each search of the game's positions
	// (default DefaultMaxNodes); MaxTime, if set, limits each search's
	// time as well. A search that runs out decides nothing.
	MaxNodes uint64
	MaxTime  time.Duration
	// Problems makes the candidate problems of the mates found and keeps
	// the sound ones (Result.Problems).
	Problems bool
	// ProblemNodes is the node budget of each search that judges a
	// candidate problem (default DefaultProblemNodes).
	ProblemNodes uint64
	// HashMB is the table of each of the Miner's solvers (default 16).
	HashMB int
	// Parallel is the number of workers, each with solvers of its own
	// on a goroutine of its own, that search the positions of one game
	// and classify its moves at once (default 1). Each search starts
	// afresh (a table generation of its own), and the searches counted
	// are those of each move's classification made alone, in a fixed
	// order, so the results and the counts do not depend on it.
	Parallel int
}

// Kind is the kind of a Finding.
type Kind string

// The kinds of findings.
const (
	// Missed: the side to move had a mate within MaxLength and its move
	// does not keep one (詰み逃し).
	Missed Kind = "missed"
	// Played: the side to move had a mate and its move keeps one, or
	// mates.
	Played Kind = "played"
	// Allowed: after the move the opponent has a mate it did not have
	// before it.
	Allowed Kind = "allowed"
)

// Status is what the search found of one position of a game for its side
// to move.
type Status struct {
	// Mate is mate.Mate when the side to move mates within MaxLength,
	// mate.NoMate when it cannot, mate.Unknown when a limit stopped the
	// search or the position could not be searched.
	Mate mate.Status
	// Length is the length of the mate found, Exact whether it is proven
	// the shortest; Line a mating line from the position (the solver's
	// main line; empty when a limit stopped its reading).
	Length int
	Exact  bool
	Line   []shogi.Move
	// Searched is false when no search was needed: the side to move has
	// no check.
	Searched bool
}

// Finding is one missed, played or allowed mate.
type Finding struct {
	Kind Kind
	// Ply is the index of the move in Game.Moves, MoveNumber its number
	// as the record counts moves, Side the side that played it.
	Ply, MoveNumber int
	Side            shogi.Color
	Played          shogi.Move
	// Position is the position before the move.
	Position shogi.Position
	// Length is the length of the mate: the mover's before the move
	// (Missed, Played), the opponent's after it (Allowed); Exact whether
	// it is proven the shortest; Line the mate, from Position (Missed,
	// Played) or from the position after the move (Allowed).
	Length int
	Exact  bool
	Line   []shogi.Move
	// Shortest, of a played mate, is true when the move played starts a
	// shortest mate (Exact, and the mate kept within Length-1 plies).
	Shortest bool
}

// Source says where a game comes from, for the provenance of its problems.
type Source struct {
	File string // the record's file ("" for a game from no file)
	Game int    // 0-based place among the records of the file
	// Ordinal is the 0-based number of the game in the collection mined:
	// the Seed of its problems' provenance, by which bank merge orders
	// the problems of shards.
	Ordinal int
}

// Result is what MineGame found in one game.
type Result struct {
	// Positions holds the status of each position of the game: before
	// move i at i, the final position at len(Moves).
	Positions []Status
	// Findings are in the order of the moves: at one move, missed or
	// played before allowed.
	Findings []Finding
	// Problems are the sound candidate problems, in the order of the
	// positions (with Options.Problems).
	Problems []problem.Problem
	// Candidates is the number of candidate problems judged.
	Candidates int
	// Undecided counts the claims not made because a search ran out of
	// its budget.
	Undecided int
	// Searches and Nodes count the searches of the game's positions and
	// their nodes (the judging of problems aside).
	Searches int
	Nodes    uint64
}

// Miner mines games with solvers for the game's positions and, with
// Options.Problems, for the problems (those of Parallel workers), whose
// tables serve every position and every game. It is not safe for
// concurrent use: use one Miner per goroutine.
type Miner struct {
	opts    Options
	workers []*worker // one per Parallel
	res     *Result
}

// The budgets of kept's first two rounds are Options.MaxNodes divided by
// these, a reply; the last round has the whole budget.
const (
	firstRoundDivisor  = 64
	secondRoundDivisor = 8
)

// counts are the searches and nodes of one worker, or of one search.
type counts struct {
	searches int
	nodes    uint64
}

// New returns a Miner with its solvers allocated.
func New(opts Options) (*Miner, error) {
	if opts.MaxLength == 0 {
		opts.MaxLength = DefaultMaxLength
	}
	if opts.MaxLength < 1 {
		return nil, fmt.Errorf("mine: the longest mate must be at least 1 ply, not %d", opts.MaxLength)
	}
	if opts.MaxNodes == 0 {
		opts.MaxNodes = DefaultMaxNodes
	}
	if opts.ProblemNodes == 0 {
		opts.ProblemNodes = DefaultProblemNodes
	}
	if opts.HashMB == 0 {
		opts.HashMB = DefaultHashMB
	}
	opts.Parallel = max(opts.Parallel, 1)
	m := &Miner{opts: opts}
	for range opts.Parallel {
		game, err := mate.NewSolver(mate.SolverOptions{HashMB: opts.HashMB, MaxNodes: opts.MaxNodes, MaxTime: opts.MaxTime,
			Futile: mate.Count, DefenderHand: mate.AsGiven, SkipSoundness: true})
		if err != nil {
			return nil, fmt.Errorf("mine: %w", err)
		}
		var rounds []*mate.Solver
		for _, d := range []uint64{firstRoundDivisor, secondRoundDivisor} {
			if opts.MaxNodes/d == 0 {
				continue
			}
			q, err := mate.NewSolver(mate.SolverOptions{HashMB: opts.HashMB, MaxNodes: opts.MaxNodes / d, MaxTime: opts.MaxTime,
				Futile: mate.Count, DefenderHand: mate.AsGiven, SkipSoundness: true})
			if err != nil {
				return nil, fmt.Errorf("mine: %w", err)
			}
			rounds = append(rounds, q)
		}
		w := &worker{s: game, rounds: append(rounds, game), max: opts.MaxLength}
		if opts.Problems {
			if w.judge, err = newJudge(opts); err != nil {
				return nil, fmt.Errorf("mine: %w", err)
			}
		}
		m.workers = append(m.workers, w)
	}
	return m, nil
}

// Options returns the Miner's options, with the defaults filled in.
func (m *Miner) Options() Options { return m.opts }

// MineGame mines the game g: the status of every position, the findings
// of every move and, with Options.Problems, the sound problems of the
// mates found, their provenance from src and g's headers. The game's moves
// must be legal in turn from g.Start (the readers of package record check
// them); an illegal one is an error naming it. Otherwise it fails only
// when ctx ends, with ctx's error.
func (m *Miner) MineGame(ctx context.Context, g *record.Game, src Source) (*Result, error) {
	res := &Result{Positions: make([]Status, len(g.Moves)+1)}
	m.res = res
	defer func() { m.res = nil }()
	pos := make([]shogi.Position, len(g.Moves)+1)
	pos[0] = g.Start
	for i, mv := range g.Moves {
		if !pos[i].IsLegal(mv) {
			return nil, fmt.Errorf("mine: move %d (%s) is not legal", i+1, mv)
		}
		pos[i+1] = pos[i]
		pos[i+1].DoMove(mv)
	}
	judged := m.mine(ctx, g, pos)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if m.opts.Problems {
		m.problems(g, pos, src, judged)
	}
	return res, nil
}

// status searches p with s for a mate of its side to move within plies.
func status(ctx context.Context, s *mate.Solver, p *shogi.Position, plies int, c *counts) Status {
	if p.King(p.SideToMove().Opp()) == shogi.NoSquare {
		return Status{Mate: mate.Unknown}
	}
	if p.CountChecks() == 0 {
		return Status{Mate: mate.NoMate}
	}
	// Whether there is a mate within plies, then its shortest length and
	// line, from the same table (SolveWithin; the node budget applies to
	// each part).
	sol, err := s.SolveWithin(ctx, p, plies)
	c.searches++
	if err != nil {
		return Status{Mate: mate.Unknown, Searched: true}
	}
	c.nodes += sol.Nodes
	st := Status{Mate: sol.Status, Searched: true}
	if sol.Status != mate.Mate {
		return st
	}
	st.Length, st.Exact = sol.Length, sol.LengthExact
	if len(sol.PV) > 0 && len(sol.PV) <= plies {
		st.Line = sol.PV
	}
	return st
}

// within is s's MateWithin, counted in c; a position it cannot search has
// status Unknown.
func within(ctx context.Context, s *mate.Solver, p *shogi.Position, plies int, c *counts) mate.Within {
	w, err := s.MateWithin(ctx, p, plies)
	c.searches++
	c.nodes += w.Nodes
	var na *mate.NotAProblemError
	if err != nil && errors.As(err, &na) {
		return mate.Within{Status: mate.Unknown}
	}
	return w
}

// worker searches the positions of a game and classifies its moves with
// solvers of its own: one a goroutine.
type worker struct {
	s       *mate.Solver
	rounds  []*mate.Solver // kept's rounds, the budgets growing to s's (the last is s)
	judge   *judge         // the candidate problems' (with Options.Problems)
	max     int            // Options.MaxLength
	pipe    *pipeline      // the game being mined (nil between games)
	c       counts         // the searches counted since the game began
	replies []shogi.Move
}

// verdicts are the findings of one move and its undecided claims.
type verdicts struct {
	findings  []Finding
	undecided int
}

// mine fills in the status of every position and the findings of every
// move, with the Miner's workers on the tasks of a pipeline, and with
// Options.Problems returns the judgement of each candidate problem (by
// position). The findings are in the order of the moves. Each search
// starts afresh and the searches counted are those of each status and of
// each move's classification made by one worker alone, its searches in a
// fixed order (see replyRound), so that the findings, the problems and
// the counts do not depend on the number of workers.
func (m *Miner) mine(ctx context.Context, g *record.Game, pos []shogi.Position) []judgement {
	p := newPipeline(ctx, g, pos, m.res.Positions, m.opts.Problems)
	var wg sync.WaitGroup
	for _, w := range m.workers {
		w.pipe, w.c = p, counts{}
		wg.Go(func() { p.work(w) })
	}
	wg.Wait()
	for _, w := range m.workers {
		w.pipe = nil
		m.res.Searches += w.c.searches
		m.res.Nodes += w.c.nodes
	}
	for _, v := range p.out {
		m.res.Findings = append(m.res.Findings, v.findings...)
		m.res.Undecided += v.undecided
	}
	return p.judged
}

// mates reports whether the side to move in p mates within plies: Mate,
// NoMate, or Unknown when a limit stopped s's search, counted in c. A
// side without a check has none, without a search.
func mates(ctx context.Context, s *mate.Solver, p *shogi.Position, plies int, c *counts) mate.Status {
	if plies < 1 || p.CountChecks() == 0 {
		return mate.NoMate
	}
	return within(ctx, s, p, plies, c).Status
}

// kept reports whether the side that just moved into after (the opponent
// to move) mates within plies: the opponent has no legal move and is in
// check, or every legal reply leaves the mover a mate within plies-1.
// NoMate as soon as one reply is proven to leave none; Unknown when no
// reply does and a search of one was stopped. next, if not nil, is the
// status of the position after the reply played, searched within
// MaxLength ≥ plies-1: its NoMate decides at once, and so does a shortest
// mate (Exact) longer than plies-1.
//
// The replies are searched in rounds of growing budgets (a 64th of the
// full budget, an 8th, the full budget), each round searching the
// replies the one before left undecided; after the first round, the
// king's moves left open go through the later rounds before the other
// replies do. A mate or an escape proven in an early round is a proof as
// much as one of the last, and it is not searched again; an escape quick
// to prove is not waited for behind replies that run out of the full
// budget. The answer does not depend on the rounds: each search starts
// afresh, and one that decides within a smaller budget decides the same
// within the full one. Idle workers of the pipeline help with the
// searches of a round (round).
func (w *worker) kept(ctx context.Context, after *shogi.Position, plies int, played shogi.Move, next *Status) mate.Status {
	if !after.HasLegalMove() {
		if after.InCheck() {
			return mate.Mate
		}
		return mate.Unknown
	}
	if plies < 2 {
		return mate.NoMate
	}
	if next != nil && (next.Mate == mate.NoMate || next.Mate == mate.Mate && next.Exact && next.Length > plies-1) {
		return mate.NoMate
	}
	// The king's moves first: they are the likeliest to escape, and one
	// escape decides.
	w.replies = after.LegalMoves(w.replies[:0])
	replies := make([]shogi.Move, 0, len(w.replies))
	for _, r := range w.replies {
		if !r.IsDrop() && r.Piece().Kind() == shogi.King {
			replies = append(replies, r)
		}
	}
	for _, r := range w.replies {
		if r.IsDrop() || r.Piece().Kind() != shogi.King {
			replies = append(replies, r)
		}
	}
	if next != nil && next.Mate == mate.Mate && next.Length <= plies-1 {
		replies = slices.DeleteFunc(replies, func(r shogi.Move) bool { return r == played })
	}
	// A reply after which the mover has no check escapes without a
	// search: it decides before any reply is searched (one escape decides
	// whatever the order, and the searches of the others may be long).
	for _, r := range replies {
		q := *after
		q.DoMove(r)
		if q.CountChecks() == 0 {
			return mate.NoMate
		}
	}
	// The first round searches every reply; then the king's moves left
	// open go through the other rounds before the other replies: the
	// king's moves are the likeliest to escape.
	replies, st := w.round(ctx, 0, after, replies, plies)
	if st != mate.Unknown || len(w.rounds) == 1 || ctx.Err() != nil {
		return st
	}
	kings := 0
	for kings < len(replies) && !replies[kings].IsDrop() && replies[kings].Piece().Kind() == shogi.King {
		kings++
	}
	undecided := false
	for _, group := range [][]shogi.Move{replies[:kings], replies[kings:]} {
		for k := 1; k < len(w.rounds); k++ {
			if group, st = w.round(ctx, k, after, group, plies); st != mate.Unknown {
				break
			}
		}
		if st == mate.NoMate {
			return mate.NoMate
		}
		if ctx.Err() != nil {
			return mate.Unknown
		}
		undecided = undecided || st == mate.Unknown
	}
	if undecided {
		return mate.Unknown
	}
	return mate.Mate
}

// classify returns the findings of move i of the game, from the
// statuses of its positions.
func (w *worker) classify(ctx context.Context, g *record.Game, st []Status, pos []shogi.Position, i int) verdicts {
	var v verdicts
	mv := g.Moves[i]
	before, after := &st[i], &st[i+1]
	var reply shogi.Move = shogi.NoMove
	var next *Status
	if i+1 < len(g.Moves) {
		reply, next = g.Moves[i+1], &st[i+2]
	}
	f := Finding{Ply: i, MoveNumber: g.Start.MoveNumber() + i, Side: pos[i].SideToMove(), Played: mv}
	if before.Mate == mate.Mate {
		f.Length, f.Exact, f.Line, f.Position = before.Length, before.Exact, before.Line, pos[i]
		// A shortest mate kept is a mate kept: the bound of the shortest
		// first, the common case of a mate played. When the shortest is
		// as long as MaxLength the two bounds are one, and so are the two
		// tests (each search is made afresh: the same search gives the
		// same answer), so the second is not made.
		kept := mate.Unknown
		if before.Exact {
			kept = w.kept(ctx, &pos[i+1], before.Length-1, reply, next)
			f.Shortest = kept == mate.Mate
		}
		if !f.Shortest && (!before.Exact || before.Length < w.max) {
			kept = w.kept(ctx, &pos[i+1], w.max-1, reply, next)
		}
		switch kept {
		case mate.Mate:
			f.Kind = Played
			v.findings = append(v.findings, f)
		case mate.NoMate:
			f.Kind = Missed
			v.findings = append(v.findings, f)
		default:
			v.undecided++
		}
	}
	if after.Mate != mate.Mate {
		return v
	}
	// Allowed: the opponent mates after the move; before it, it had no
	// mate: with the turn passed to it in the position before the move
	// (when the mover was not in check), else at its own move before.
	had := mate.Unknown
	switch {
	case !pos[i].InCheck():
		q := pos[i]
		q.DoNullMove()
		had = mates(ctx, w.s, &q, w.max, &w.c)
	case i > 0:
		had = st[i-1].Mate
	}
	switch had {
	case mate.NoMate:
		v.findings = append(v.findings, Finding{Kind: Allowed, Ply: i, MoveNumber: f.MoveNumber, Side: f.Side, Played: mv,
			Length: after.Length, Exact: after.Exact, Line: after.Line, Position: pos[i]})
	case mate.Unknown:
		v.undecided++
	}
	return v
}
