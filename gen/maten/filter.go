package maten

import (
	"errors"
	"fmt"

	"github.com/tsume-shogi/tsume/problem"
)

// Filter selects problems by their composer's metrics (see Measure). The
// zero Filter accepts every problem; each field left at zero sets no
// bound.
type Filter struct {
	// MinSacrifices, MinRefusals and MinDistantDrops are the least
	// numbers of sacrifices (捨て駒), promotion refusals (不成) and drops
	// not adjacent to the defender's king in the main line.
	MinSacrifices, MinRefusals, MinDistantDrops int
	// QuietFirst asks for a first move that captures nothing.
	QuietFirst bool
	// MaxFinalPieces bounds the attacker's pieces on the board in the
	// final position (0: no bound).
	MaxFinalPieces int
	// MinBranching is the least mean number of the defender's replies
	// along the main line (0: no bound).
	MinBranching float64
	// MinBeauty is the least beauty score (0: no bound).
	MinBeauty float64
}

// active reports whether f sets any bound.
func (f *Filter) active() bool { return *f != Filter{} }

// Accepts reports whether metrics c pass every bound of f.
func (f *Filter) Accepts(c *problem.Composer) bool {
	return c.Sacrifices >= f.MinSacrifices && c.Refusals >= f.MinRefusals &&
		c.DistantDrops >= f.MinDistantDrops && (c.QuietFirst || !f.QuietFirst) &&
		(f.MaxFinalPieces == 0 || c.FinalPieces <= f.MaxFinalPieces) &&
		c.Branching >= f.MinBranching && (f.MinBeauty == 0 || c.Beauty >= f.MinBeauty)
}

// validate checks f for bounds no problem of length plies can meet: of
// its attacker moves, (length+1)/2, the last is never captured.
func (f *Filter) validate(length int) error {
	var errs []error
	moves := (length + 1) / 2
	if f.MinSacrifices < 0 || f.MinSacrifices > moves-1 {
		errs = append(errs, fmt.Errorf("min sacrifices %d: want 0 to %d for %d plies (the last move is never taken)", f.MinSacrifices, max(moves-1, 0), length))
	}
	if f.MinRefusals < 0 || f.MinRefusals > moves {
		errs = append(errs, fmt.Errorf("min refusals %d: want 0 to %d for %d plies", f.MinRefusals, moves, length))
	}
	if f.MinDistantDrops < 0 || f.MinDistantDrops > moves {
		errs = append(errs, fmt.Errorf("min distant drops %d: want 0 to %d for %d plies", f.MinDistantDrops, moves, length))
	}
	if f.MaxFinalPieces < 0 {
		errs = append(errs, fmt.Errorf("max final pieces %d: want at least 1, or 0 for no bound", f.MaxFinalPieces))
	}
	if f.MinBranching < 0 {
		errs = append(errs, errors.New("min branching below 0: no problem has fewer replies"))
	}
	return errors.Join(errs...)
}
