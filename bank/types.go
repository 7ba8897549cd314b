package bank

import (
	"time"

	"github.com/tsume-shogi/tsume/problem"
)

// Entry is one problem of the bank: the problem, the number the bank
// gave it, its canonical key, and what players made of it.
type Entry struct {
	// ID is the bank's number for the problem, from 1.
	ID int64
	// Key is the canonical key: equal for a problem and its mirror image.
	Key string
	// Problem is the problem as it was added.
	Problem problem.Problem
	// Rating is the problem's empirical difficulty, learned from the
	// attempts recorded against it.
	Rating Rating
	// Attempts, Solves and SolveTime sum up the attempts recorded.
	Attempts  int
	Solves    int
	SolveTime time.Duration // the total time of the solved attempts
	// Added is when the problem entered the bank.
	Added time.Time
}

// Rating is a Glicko-style rating: a strength (for a problem, its
// difficulty: higher is harder) and the deviation that says how sure it
// is. New problems and new sessions start at DefaultRating.
type Rating struct {
	R  float64 // the rating, 1500 for a newcomer
	RD float64 // the rating deviation, 350 for a newcomer
}

// Query selects problems; the zero value of a field does not constrain.
type Query struct {
	Plies         int     // the length in plies (1, 3, 5, …)
	MinDifficulty float64 // the generator's difficulty score, at least
	MaxDifficulty float64 // … at most
	MinRating     float64 // the empirical rating, at least
	MaxRating     float64 // … at most
	MinPieces     int     // pieces on the board, at least
	MaxPieces     int     // … at most
	MatingPiece   string  // the kind that gives the final mate, as in SFEN: "G", "+R", …
	KingRegion    string  // where the defender's king stands: "corner", "edge" or "centre"
	Verdict       string  // "sound", …
	Method        string  // the generation method, or its family: "realistic" matches realistic-3, realistic-5, … (MethodMatches)
	// Rules selects the problems under one rule set, named as
	// problem.CanonicalRules names it ("annan", "tenjiku,annan"), or
	// "standard" for the standard rules; "" selects every rule set.
	Rules string
	// Stip selects one stipulation ("mate", "help" or "helpself"); ""
	// selects every one.
	Stip string
	// Board selects by the pieces of the position: BoardStandard the
	// positions of standard pieces, BoardFairy those with a fairy piece
	// or a royal other than the kings (problem.Problem.Variant); ""
	// both.
	Board string
	// Themes are theme names (docs/themes.md, theme.Catalogue): a problem
	// is selected when its main line has every one of them, at any ply.
	Themes []string
	Limit  int // at most this many entries (0: no limit)
	Offset int // skip this many first
}

// The values of Query.Board.
const (
	BoardStandard = "standard"
	BoardFairy    = "fairy"
)

// Attempt is one try at a problem by a browser session.
type Attempt struct {
	ProblemID int64
	Session   string        // the browser session's opaque name
	Solved    bool          // solved without reveal
	Duration  time.Duration // from showing the problem to the last move
	At        time.Time
}
