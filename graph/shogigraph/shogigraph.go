// Package shogigraph builds the explicit game graph of a tsume position up
// to a ply limit and decides with package graph whether the side to move
// (the attacker) forces a mate within that many plies, and in how many.
//
// The graph is the tsume game: in an attacker state the attacker plays one
// of its checks (Position.Checks), in a defender state the defender any
// legal reply (Position.Evasions), every interposition included. A
// defender state without a reply is a mate terminal; an attacker state
// without a check is a terminal that is not a mate. Positions reached by
// several move orders (transpositions) are one state, identified by
// Position.Key (board, both hands and side to move), so the graph may hold
// cycles; they are kept, and the fixed point of package graph handles
// them.
//
// The ply limit: states are numbered in breadth-first order from the root,
// so the depth of a state is its shortest distance from the root. Every
// state of depth less than the limit N is expanded with all its moves; a
// defender state of depth N is looked at only to tell whether it is a
// mate; an attacker state of depth N is left without successors, and so is
// never winning. Cutting the graph can only help the defender, so a forced
// mate in the graph is a forced mate in the game; and a mate forced in
// the game within k ≤ N plies is found with rank exactly k, however the
// positions on the way transpose, because a position whose forced-mate
// length fits in the plies left after its shortest distance is fully
// expanded down to the mate. See docs/graphs.md for the argument.
//
// The package is independent of package mate: it takes the hands as the
// position has them (apply mate.WithRemainingHand first for the tsume
// convention), counts every interposition, and so gives a second,
// independent computation of the game-theoretic mate length.
package shogigraph

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/tsume-shogi/tsume/graph"
	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/shogi"
)

// DefaultMaxStates is the number of states Build allows when
// Options.MaxStates is 0.
const DefaultMaxStates = 2_000_000

// MaxPlies is the largest ply limit.
const MaxPlies = 255

// Options configures Build.
type Options struct {
	// Plies is the ply limit N, 1 to MaxPlies: the mates looked for are
	// those of at most N plies, the attacker's moves and the defender's
	// replies both counting.
	Plies int
	// MaxStates bounds the number of states, and so the memory (about 40
	// bytes a state and 4 a transition, twice that while the fixed point
	// runs); 0 means DefaultMaxStates. Beyond it Build fails with a
	// *LimitError.
	MaxStates int
	// Progress, if set, is called about every 65,536 states expanded,
	// from the building goroutine.
	Progress func(Progress)
}

// Progress reports a running Build.
type Progress struct {
	Ply     int // the depth being expanded
	States  int // states so far
	Edges   int // transitions so far
	Elapsed time.Duration
}

// LimitError is the error of a Build that exceeds Options.MaxStates.
type LimitError struct {
	MaxStates int // the limit
	Ply       int // the depth being expanded when it was reached
	Plies     int // the ply limit asked for
}

func (e *LimitError) Error() string {
	return fmt.Sprintf("shogigraph: the graph has more than %d states (reached while expanding ply %d of %d)", e.MaxStates, e.Ply, e.Plies)
}

// ErrNotAProblem is matched (errors.Is) by the errors Build returns for a
// position it cannot search: an illegal position, or one without the
// defender's king. They are *NotAProblemError values.
var ErrNotAProblem = errors.New("shogigraph: not a tsume position")

// NotAProblemError reports a position Build cannot search. Err is the
// rules core's error for an illegal position (a *shogi.InvalidPositionError),
// else nil; Msg says what is wrong when Err does not.
type NotAProblemError struct {
	Msg string
	Err error
}

func (e *NotAProblemError) Error() string {
	if e.Err != nil {
		return ErrNotAProblem.Error() + ": " + e.Err.Error()
	}
	return ErrNotAProblem.Error() + ": " + e.Msg
}

// Unwrap returns Err.
func (e *NotAProblemError) Unwrap() error { return e.Err }

// Is reports whether target is ErrNotAProblem.
func (e *NotAProblemError) Is(target error) bool { return target == ErrNotAProblem }

// Stats counts the states of a graph by what became of them.
type Stats struct {
	States, Edges int
	Mates         int // defender states without a reply
	NoCheck       int // attacker states without a check
	Cut           int // states at the ply limit left without successors (mates aside)
}

// Graph is the game graph of a position up to a ply limit. State 0 is the
// root; states are numbered in breadth-first order.
type Graph struct {
	g      *graph.Graph
	root   shogi.Position
	plies  int
	keys   []uint64
	parent []int32      // the state from which a state was first reached (-1 for the root)
	via    []shogi.Move // the move that first reached it
	depth  []uint8      // its shortest distance from the root
	stats  Stats
}

// Build builds the graph of p, the attacker being p's side to move, up to
// opt.Plies plies. The position must be legal (shogi's Validate) with the
// defender's king on the board; the hands are taken as p has them. The end
// of ctx stops it with ctx's error.
func Build(ctx context.Context, p *shogi.Position, opt Options) (*Graph, error) {
	start := time.Now()
	if opt.Plies < 1 || opt.Plies > MaxPlies {
		return nil, fmt.Errorf("shogigraph: ply limit %d: want 1 to %d", opt.Plies, MaxPlies)
	}
	maxStates := opt.MaxStates
	if maxStates <= 0 {
		maxStates = DefaultMaxStates
	}
	maxStates = min(maxStates, graph.MaxStates)
	if err := p.Validate(); err != nil {
		return nil, &NotAProblemError{Err: err}
	}
	if msg := mate.MissingDefenderKing(p); msg != "" {
		return nil, &NotAProblemError{Msg: msg}
	}

	sg := &Graph{root: *p, plies: opt.Plies}
	b := graph.NewBuilder(true)
	index := newKeyTable(1024)
	add := func(key uint64, kind graph.Kind, parent int32, via shogi.Move, depth uint8) int32 {
		s := int32(b.AddState(kind))
		index.put(key, s)
		sg.keys = append(sg.keys, key)
		sg.parent = append(sg.parent, parent)
		sg.via = append(sg.via, via)
		sg.depth = append(sg.depth, depth)
		return s
	}
	add(p.Key(), graph.Attacker, -1, shogi.NoMove, 0)

	// The positions along the path to the last state expanded, by depth:
	// states come in breadth-first order, so consecutive ones mostly share
	// their ancestors and a position costs about one DoMove.
	cache := make([]shogi.Position, opt.Plies+1)
	cacheID := make([]int32, opt.Plies+1)
	for i := range cacheID {
		cacheID[i] = -1
	}
	cache[0], cacheID[0] = *p, 0
	var position func(s int32) *shogi.Position
	position = func(s int32) *shogi.Position {
		d := sg.depth[s]
		if cacheID[d] != s {
			parent := position(sg.parent[s])
			cache[d] = *parent
			cache[d].DoMove(sg.via[s])
			cacheID[d] = s
		}
		return &cache[d]
	}

	moves := make([]shogi.Move, 0, shogi.MaxMoves)
	st := &sg.stats
	for s := int32(0); int(s) < len(sg.keys); s++ {
		if s&4095 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		if opt.Progress != nil && s&65535 == 0 && s > 0 {
			opt.Progress(Progress{Ply: int(sg.depth[s]), States: len(sg.keys), Edges: b.Edges(), Elapsed: time.Since(start)})
		}
		d := int(sg.depth[s])
		if d%2 == 0 && d >= opt.Plies {
			st.Cut++ // an attacker state at the limit
			continue
		}
		pos := position(s)
		if d%2 == 0 { // the attacker to move
			moves = pos.Checks(moves[:0])
			if len(moves) == 0 {
				b.SetKind(int(s), graph.Terminal)
				st.NoCheck++
				continue
			}
		} else {
			if d >= opt.Plies {
				// At the limit only a mate matters: is there any reply?
				if pos.HasLegalMove() {
					st.Cut++
				} else {
					b.SetKind(int(s), graph.Mate)
					st.Mates++
				}
				continue
			}
			moves = pos.Evasions(moves[:0])
			if len(moves) == 0 {
				b.SetKind(int(s), graph.Mate)
				st.Mates++
				continue
			}
		}
		kind := graph.Defender
		if d%2 == 1 {
			kind = graph.Attacker
		}
		for _, m := range moves {
			child := *pos
			child.DoMove(m)
			key := child.Key()
			t := index.get(key)
			if t < 0 {
				if len(sg.keys) >= maxStates {
					return nil, &LimitError{MaxStates: maxStates, Ply: d, Plies: opt.Plies}
				}
				t = add(key, kind, s, m, uint8(d+1))
			}
			b.AddEdge(int(s), int(t))
		}
	}
	g, err := b.Build()
	if err != nil {
		return nil, fmt.Errorf("shogigraph: internal error: %v", err)
	}
	sg.g = g
	st.States, st.Edges = g.Len(), g.Edges()
	return sg, nil
}

// Graph returns the game graph; state 0 is the root.
func (sg *Graph) Graph() *graph.Graph { return sg.g }

// Plies returns the ply limit the graph was built with.
func (sg *Graph) Plies() int { return sg.plies }

// Stats returns the counts of the graph's states and transitions.
func (sg *Graph) Stats() Stats { return sg.stats }

// Depth returns the shortest distance of state s from the root, in plies.
func (sg *Graph) Depth(s int) int { return int(sg.depth[s]) }

// Position returns the position of state s.
func (sg *Graph) Position(s int) shogi.Position {
	var path []shogi.Move
	for t := int32(s); t > 0; t = sg.parent[t] {
		path = append(path, sg.via[t])
	}
	p := sg.root
	for i := len(path) - 1; i >= 0; i-- {
		p.DoMove(path[i])
	}
	return p
}

// move returns the move of p, the position of state from, that leads to
// state to.
func (sg *Graph) move(p *shogi.Position, from, to int) (shogi.Move, bool) {
	var moves []shogi.Move
	if sg.depth[from]%2 == 0 {
		moves = p.Checks(nil)
	} else {
		moves = p.Evasions(nil)
	}
	for _, m := range moves {
		child := *p
		child.DoMove(m)
		if child.Key() == sg.keys[to] {
			return m, true
		}
	}
	return shogi.NoMove, false
}

// MainLine returns the main line from the root of a forced mate, given the
// forced set f of the graph: at attacker states the strategy's move (a
// shortest mate), at defender states the reply of largest rank (the
// longest resistance), the first in move-generation order among equals.
// Its length is the rank of the root. It returns nil if the root is not
// winning.
func (sg *Graph) MainLine(f *graph.Forced) []shogi.Move {
	if !f.Winning(0) {
		return nil
	}
	pv := make([]shogi.Move, 0, f.Rank[0])
	s, p := 0, sg.root
	for f.Rank[s] > 0 {
		next := int(f.Strategy[s])
		if sg.g.Kind(s) == graph.Defender {
			next = graph.NoState
			for _, t := range sg.g.Successors(s) {
				if next == graph.NoState || f.Rank[t] > f.Rank[next] {
					next = int(t)
				}
			}
		}
		m, ok := sg.move(&p, s, next)
		if !ok {
			return nil // cannot happen: every transition is a move
		}
		pv = append(pv, m)
		p.DoMove(m)
		s = next
	}
	return pv
}

// Analysis is the answer of Analyze.
type Analysis struct {
	// Forced is true when the attacker forces a mate within the ply
	// limit; Rank is then the length of the shortest forced mate in
	// plies, every interposition counting (else -1), and PV a main line
	// of that length (see Graph.MainLine).
	Forced bool
	Rank   int
	PV     []shogi.Move
	Stats
	// BuildTime is the time taken to build the graph, SolveTime that of
	// the fixed point and the main line.
	BuildTime, SolveTime time.Duration
}

// Analyze builds the graph of p up to opt.Plies plies (see Build) and
// computes its forced set.
func Analyze(ctx context.Context, p *shogi.Position, opt Options) (*Analysis, error) {
	start := time.Now()
	sg, err := Build(ctx, p, opt)
	if err != nil {
		return nil, err
	}
	a := &Analysis{Stats: sg.stats, BuildTime: time.Since(start), Rank: -1}
	start = time.Now()
	f := sg.g.Forced()
	// A rank beyond the limit can only come from a transposition to a
	// shallower state: it proves a mate, but a longer one than asked for
	// (within the limit the rank is exact, see the package comment).
	if f.Winning(0) && int(f.Rank[0]) <= opt.Plies {
		a.Forced, a.Rank = true, int(f.Rank[0])
		a.PV = sg.MainLine(f)
	}
	a.SolveTime = time.Since(start)
	return a, nil
}
