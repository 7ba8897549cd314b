// Package eval holds the evaluation interface of tsume's game engine and
// its evaluations. An evaluation is one type: it scores a position from
// the side to move's view, and the search (package engine) calls it at
// the leaves; swap the evaluation and you have another engine.
//
// An evaluation that keeps state across moves (an NNUE accumulator) also
// implements Incremental; the search then tells it each move it plays
// and takes back, ply by ply, and asks for the score of the position at
// a ply instead of recomputing it from scratch.
package eval

import "github.com/tsume-shogi/tsume/shogi"

// Score is a static evaluation in centipawns (a pawn on the board is about
// 100), positive when the side to move stands better.
type Score int32

// MaxScore bounds the scores an evaluation returns: every score of an
// Evaluator lies in [-MaxScore, MaxScore], so that the search can keep the
// scores above it for mates.
const MaxScore Score = 20000

// Evaluator scores positions. Evaluate must not change p, and is called
// from one goroutine at a time; a search with several threads asks each
// thread's own Evaluator, made with Clone.
type Evaluator interface {
	// Evaluate returns the score of p from the view of the side to move,
	// within [-MaxScore, MaxScore].
	Evaluate(p *shogi.Position) Score
	// Clone returns an Evaluator that scores as this one does and may be
	// used by another goroutine at the same time (shared read-only data,
	// such as network weights, may be shared).
	Clone() Evaluator
}

// Incremental is an Evaluator that keeps state across moves. The search
// calls SetRoot once per search, then Push before it searches the child
// reached by a move and Pop when it returns from it; Current scores the
// position of the last Push (or the root) and must equal Evaluate of that
// position. Ply 0 is the root.
type Incremental interface {
	Evaluator
	// SetRoot makes p the position at ply 0 and forgets every ply above.
	SetRoot(p *shogi.Position)
	// Push records that move m, legal in parent (the position of the
	// current ply), led to child, which becomes the position of the next
	// ply. A null move (shogi.NoMove) passes the turn without a move.
	Push(parent *shogi.Position, m shogi.Move, child *shogi.Position)
	// Pop returns to the ply below.
	Pop()
	// Current returns the score of the position of the current ply from
	// the view of its side to move.
	Current() Score
}
