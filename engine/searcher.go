package engine

import (
	"context"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/tsume-shogi/tsume/engine/eval"
	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/shogi"
)

// MaxPly bounds the plies of a search from the root.
const MaxPly = 128

// DefaultHashMB is the table size of a Searcher made without one.
const DefaultHashMB = 16

// mateHashMB is the table of the root mate solver.
const mateHashMB = 4

// Options configure a Searcher.
type Options struct {
	HashMB int            // the transposition table in megabytes (0: DefaultHashMB)
	Eval   eval.Evaluator // the evaluation (nil: eval.NewDefault, the hand-written evaluation)
}

// Limits bound one search. A zero field sets no limit; a search without
// any stops at MaxPly plies, or when ctx ends.
type Limits struct {
	Depth int    // iterations: search this many plies deep
	Nodes uint64 // stop after about this many nodes
	// Soft is the time after which no new iteration starts, Hard the
	// time at which the search stops, both from the start of the search
	// (or from PonderHit).
	Soft, Hard time.Duration
	// Infinite searches until ctx ends, also past a mate found (go
	// infinite); the result is given at MaxPly plies otherwise.
	Infinite bool
	// PonderHit, when not nil, makes the search infinite until it is
	// closed (go ponder); from then on Soft and Hard count from the
	// moment the search notices it.
	PonderHit <-chan struct{}
	// MultiPV is the number of best moves to report (0 or 1: one).
	MultiPV int
	// SearchMoves restricts the root to these moves (nil: all).
	SearchMoves []shogi.Move
	// MateNodes lets the df-pn solver look for a mate at the root with
	// this many nodes before the search (0: not at all); a mate it
	// proves is the answer.
	MateNodes uint64
	// MateTime bounds that mate search (0: 1/8 of Soft, or 100 ms). It
	// is a context's deadline, on the real clock whatever Now is.
	MateTime time.Duration
	// Now is the clock that Soft and Hard, and the times reported, are
	// measured on (nil: time.Now). Tests inject one to check the time
	// decisions without depending on the machine's speed.
	Now func() time.Time
}

// Game is a position with the moves of the game that led to it, which
// count for repetitions. Start after Moves must be the position to
// search.
type Game struct {
	Start shogi.Position
	Moves []shogi.Move
}

// Info is one iteration's report of a line.
type Info struct {
	Depth    int // the iteration
	SelDepth int // the deepest ply reached
	MultiPV  int // the line's rank, from 1
	Score    Score
	Nodes    uint64
	Time     time.Duration
	Hashfull int // per mille of the table in use
	PV       []shogi.Move
}

// Result is the outcome of a search.
type Result struct {
	Move   shogi.Move // the best move; NoMove when there is no legal move
	Ponder shogi.Move // the expected reply, NoMove if unknown
	Score  Score
	Depth  int // the last iteration completed (or the mate length)
	Nodes  uint64
	Time   time.Duration
	PV     []shogi.Move
	// ByMateSolver is set when the df-pn solver proved the mate.
	ByMateSolver bool
}

// rootMove is a move of the root with its last score and line.
type rootMove struct {
	move     shogi.Move
	score    Score
	prev     Score // the score of the previous iteration
	selDepth int
	pv       []shogi.Move
}

// Searcher searches positions with a table kept from one search to the
// next. Its methods must not be called concurrently; the zero value is
// not usable: make one with NewSearcher.
type Searcher struct {
	tt  *table
	ev  eval.Evaluator
	inc eval.Incremental // ev, when it is incremental

	mateSolver *mate.Solver
	mateNodes  uint64 // what mateSolver was built for

	f Features // the default search, or the variant under measurement

	// The search in progress.
	pos       [MaxPly + 2]shogi.Position
	keys      []uint64 // the game's positions and the path's, by index
	checked   []bool   // whether the side to move was in check there
	base      int      // the index of the root in keys
	moves     [MaxPly + 1][shogi.MaxMoves]shogi.Move
	scores    [MaxPly + 1][shogi.MaxMoves]int32
	killers   [MaxPly + 1][2]shogi.Move
	history   [32][shogi.NumSquares]int32
	pv        [MaxPly + 1][MaxPly + 1]shogi.Move
	pvLen     [MaxPly + 1]int
	root      []rootMove
	nodes     uint64
	selDepth  int
	nodeCap   uint64
	start     time.Time
	clock     time.Time        // where Soft and Hard count from
	now       func() time.Time // Limits.Now or time.Now
	rootDepth int
	soft      time.Duration
	hard      time.Duration
	ponder    <-chan struct{} // nil once the ponder hit, or without ponder
	stopFlag  atomic.Bool
	aborted   bool
	canAbort  bool // false until the first iteration is done
}

// NewSearcher returns a Searcher with an empty table.
func NewSearcher(o Options) (*Searcher, error) {
	mb := o.HashMB
	if mb == 0 {
		mb = DefaultHashMB
	}
	if mb < 0 {
		return nil, fmt.Errorf("engine: table size %d MB", mb)
	}
	ev := o.Eval
	if ev == nil {
		ev = eval.NewDefault()
	}
	s := &Searcher{tt: newTable(mb), ev: ev}
	s.inc, _ = ev.(eval.Incremental)
	return s, nil
}

// NewGame forgets what the table and the move ordering learnt.
func (s *Searcher) NewGame() {
	s.tt.clear()
	s.history = [32][shogi.NumSquares]int32{}
}

// Hashfull returns the per mille of the table used by the last search.
func (s *Searcher) Hashfull() int { return s.tt.hashfull() }

// Search searches g's position for the best move within lim, calling
// info (when not nil) after each iteration for each line, from the
// searching goroutine. It returns soon after ctx ends, with the best
// move found so far; a position with a legal move always gets a legal
// move. When the side to move has none, Result.Move is NoMove and the
// score is mated.
func (s *Searcher) Search(ctx context.Context, g Game, lim Limits, info func(Info)) Result {
	s.now = lim.Now
	if s.now == nil {
		s.now = time.Now
	}
	s.start = s.now()
	s.clock = s.start
	s.stopFlag.Store(false)
	stopCtx := context.AfterFunc(ctx, func() { s.stopFlag.Store(true) })
	defer stopCtx()
	s.aborted, s.canAbort = false, false
	s.nodes, s.selDepth = 0, 0
	s.nodeCap, s.soft, s.hard, s.ponder = lim.Nodes, lim.Soft, lim.Hard, lim.PonderHit
	s.tt.newSearch()
	s.killers = [MaxPly + 1][2]shogi.Move{}
	s.setGame(g)
	root := &s.pos[0]

	moves := root.LegalMoves(s.moves[0][:0])
	s.root = s.root[:0]
	for _, m := range moves {
		if lim.SearchMoves == nil || contains(lim.SearchMoves, m) {
			s.root = append(s.root, rootMove{move: m, score: -Infinite, prev: -Infinite})
		}
	}
	if len(s.root) == 0 {
		return Result{Score: MatedIn(0), Time: s.now().Sub(s.start)}
	}
	if r, ok := s.rootMate(ctx, lim); ok {
		return r
	}
	if s.inc != nil {
		s.inc.SetRoot(root)
	}
	multiPV := min(max(lim.MultiPV, 1), len(s.root))
	maxDepth := MaxPly - 1
	if lim.Depth > 0 {
		maxDepth = min(lim.Depth, maxDepth)
	}
	completed := 0
	for depth := 1; depth <= maxDepth; depth++ {
		for i := range s.root {
			s.root[i].prev = s.root[i].score
		}
		for pvIdx := 0; pvIdx < multiPV && !s.aborted; pvIdx++ {
			s.aspiration(depth, pvIdx)
			sortRoot(s.root[pvIdx:])
			if info != nil && !s.aborted {
				for i := 0; i <= pvIdx; i++ {
					info(s.info(depth, i))
				}
			}
		}
		if s.aborted {
			break
		}
		completed = depth
		s.canAbort = true
		if s.stopAfterIteration(lim, depth) {
			break
		}
	}
	best := s.root[0]
	r := Result{
		Move: best.move, Score: best.score, Depth: completed, Nodes: s.nodes,
		Time: s.now().Sub(s.start), PV: append([]shogi.Move(nil), best.pv...),
	}
	if best.score == -Infinite {
		r.Score = best.prev
	}
	if len(best.pv) > 1 {
		r.Ponder = best.pv[1]
	}
	return r
}

// stopAfterIteration reports whether the search ends after an iteration
// of depth.
func (s *Searcher) stopAfterIteration(lim Limits, depth int) bool {
	s.pollPonder()
	if lim.Infinite || s.ponder != nil {
		return false
	}
	if n, ok := s.root[0].score.Mate(); ok && abs(n) <= depth {
		return true // a mate proven within the full-width depth
	}
	return s.soft > 0 && s.now().Sub(s.clock) >= s.soft
}

// info builds the report of the line of rank i.
func (s *Searcher) info(depth, i int) Info {
	rm := &s.root[i]
	sc := rm.score
	if sc == -Infinite {
		sc = rm.prev
	}
	return Info{
		Depth: depth, SelDepth: max(rm.selDepth, s.selDepth), MultiPV: i + 1, Score: sc,
		Nodes: s.nodes, Time: s.now().Sub(s.start), Hashfull: s.tt.hashfull(),
		PV: append([]shogi.Move(nil), rm.pv...),
	}
}

// setGame fills the key stack with g's positions and sets the root, for
// the search and for an incremental evaluation.
func (s *Searcher) setGame(g Game) {
	n := len(g.Moves) + 1
	if cap(s.keys) < n+MaxPly+2 {
		s.keys = make([]uint64, n+MaxPly+2)
		s.checked = make([]bool, n+MaxPly+2)
	}
	s.keys, s.checked = s.keys[:cap(s.keys)], s.checked[:cap(s.checked)]
	p := g.Start
	for i, m := range g.Moves {
		s.keys[i], s.checked[i] = p.Key(), p.InCheck()
		p.DoMove(m)
	}
	s.base = n - 1
	s.keys[s.base], s.checked[s.base] = p.Key(), p.InCheck()
	s.pos[0] = p
	if s.inc != nil {
		s.inc.SetRoot(&s.pos[0])
	}
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

// sortRoot orders the root moves by score, best first, keeping the
// order of equal scores.
func sortRoot(rm []rootMove) {
	for i := 1; i < len(rm); i++ {
		for j := i; j > 0 && rm[j].score > rm[j-1].score; j-- {
			rm[j], rm[j-1] = rm[j-1], rm[j]
		}
	}
}

// rootMate runs the df-pn solver on the root within lim's budget.
func (s *Searcher) rootMate(ctx context.Context, lim Limits) (Result, bool) {
	root := &s.pos[0]
	if lim.MateNodes == 0 || root.InCheck() || root.King(root.SideToMove().Opp()) == shogi.NoSquare {
		return Result{}, false
	}
	if s.mateSolver == nil || s.mateNodes != lim.MateNodes {
		ms, err := mate.NewSolver(mate.SolverOptions{
			HashMB: mateHashMB, MaxNodes: lim.MateNodes, Futile: mate.Count,
			DefenderHand: mate.AsGiven, SkipSoundness: true,
		})
		if err != nil {
			return Result{}, false
		}
		s.mateSolver, s.mateNodes = ms, lim.MateNodes
	}
	d := lim.MateTime
	if d == 0 {
		d = 100 * time.Millisecond
		if lim.Soft > 0 {
			d = lim.Soft / 8
		}
	}
	mctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	p := *root
	sol, err := s.mateSolver.Solve(mctx, &p)
	if err != nil || sol.Status != mate.Mate || len(sol.PV) == 0 {
		return Result{}, false
	}
	m := sol.PV[0]
	if !root.IsLegal(m) || !s.rootAllowed(m) {
		return Result{}, false
	}
	r := Result{
		Move: m, Score: MateIn(len(sol.PV)), Depth: len(sol.PV), Nodes: sol.Nodes,
		Time: s.now().Sub(s.start), PV: sol.PV, ByMateSolver: true,
	}
	if len(sol.PV) > 1 {
		r.Ponder = sol.PV[1]
	}
	return r, true
}

// rootAllowed reports whether m is one of the root's moves.
func (s *Searcher) rootAllowed(m shogi.Move) bool {
	for _, rm := range s.root {
		if rm.move == m {
			return true
		}
	}
	return false
}

// abs returns the absolute value of n.
func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// SetEval makes ev (nil: eval.NewDefault) the evaluation of the next
// searches.
func (s *Searcher) SetEval(ev eval.Evaluator) {
	if ev == nil {
		ev = eval.NewDefault()
	}
	s.ev = ev
	s.inc, _ = ev.(eval.Incremental)
}
