package web

import (
	"context"

	"github.com/tsume-shogi/tsume/bank"
)

// Store is where the server finds its problems and records the attempts
// at them; *bank.Bank implements it.
type Store interface {
	// Get returns the problem id; an error for which Config.IsNotFound
	// reports true when there is none.
	Get(ctx context.Context, id int64) (bank.Entry, error)
	// Query returns the problems q selects, in the store's order.
	Query(ctx context.Context, q bank.Query) ([]bank.Entry, error)
	// Count returns how many problems q selects, Limit and Offset aside.
	Count(ctx context.Context, q bank.Query) (int, error)
	// Pick returns a random problem of those q selects, chosen by seed; an
	// error for which Config.IsNotFound reports true when there is none.
	Pick(ctx context.Context, q bank.Query, seed uint64) (bank.Entry, error)
	// Record stores an attempt and returns the problem's and the
	// session's ratings updated by it.
	Record(ctx context.Context, a bank.Attempt) (problem, session bank.Rating, err error)
}
