package usi

import (
	"context"

	"github.com/tsume-shogi/tsume/shogi"
)

// ID is the engine's name and author, for the usi answer.
type ID struct {
	Name, Author string
}

// Handler is the engine behind Serve: it declares its options and
// searches. Serve calls its methods from one goroutine at a time and
// never while a search runs: Go and Mate run in a goroutine of their
// own, and a setoption or usinewgame that comes during a search is
// applied once it has ended. A handler needs no locking of its own.
type Handler interface {
	// ID returns the engine's name and author.
	ID() ID
	// Options declares the engine's options; Serve calls it once, at
	// the start. The handler starts with every option at its default.
	Options() []Option
	// SetOption sets a declared option (named as declared) to a value
	// Serve has checked against the declaration. An error is reported
	// to the GUI with info string.
	SetOption(name string, v Value) error
	// Ready prepares for a search (isready): allocating tables, say.
	// Go and Mate must work without it. An error is reported with info
	// string; readyok follows all the same.
	Ready() error
	// NewGame is called at usinewgame.
	NewGame()
	// Go answers a plain go: the move to play. It returns soon after
	// ctx ends (stop, quit, gameover or the end of Serve's context); r
	// holds the position, the limits and the way to report info lines.
	// Serve sets no deadline for a plain go: the handler keeps to
	// r.Limits (btime, byoyomi, movetime, …) itself. The answer to go
	// infinite and go ponder is held until stop or ponderhit, so Go may
	// return before.
	Go(ctx context.Context, r *Request) BestMove
	// Mate answers go mate: the mating line, or why there is none. Its
	// ctx also ends when the go mate time runs out.
	Mate(ctx context.Context, r *Request) MateResult
}

// Request is one go command, as Go and Mate receive it.
type Request struct {
	Position Position // the position to search, with the moves that led to it
	Limits   Limits
	// SearchMoves are Limits.SearchMoves read in the position; nil when
	// every move may be searched.
	SearchMoves []shogi.Move
	// PonderHit is closed at ponderhit; it is nil unless Limits.Ponder.
	// A search on the opponent's time turns into a timed one then.
	PonderHit <-chan struct{}

	s *search // nil outside Serve: Info and SetBest do nothing
}

// Info writes an info line, unless the search has answered already.
// It is safe to call from any goroutine.
func (r *Request) Info(i Info) {
	if r.s != nil {
		r.s.info(i.Line())
	}
}

// SetBest records the answer Serve gives for a plain go if the search,
// stopped, does not return within the grace period: the best move so
// far. Without it that answer is resign.
func (r *Request) SetBest(b BestMove) {
	if r.s != nil {
		r.s.setFallback(b.line())
	}
}
