package maten

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/theme"
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
	// MinQuality is the least quality score (Score; 0: no bound).
	MinQuality float64
	// Themes lists names of package theme's catalogue: a problem must
	// have every one of them (nil: no bound).
	Themes []string
}

// active reports whether f sets any bound.
func (f *Filter) active() bool {
	return f.MinSacrifices != 0 || f.MinRefusals != 0 || f.MinDistantDrops != 0 || f.QuietFirst ||
		f.MaxFinalPieces != 0 || f.MinBranching != 0 || f.MinBeauty != 0 || f.scored()
}

// scored reports whether f needs a problem's quality score or themes.
func (f *Filter) scored() bool { return f.MinQuality != 0 || len(f.Themes) > 0 }

// acceptsScore reports whether a problem with quality q and themes
// passes the bounds of f on them.
func (f *Filter) acceptsScore(q *problem.Quality, themes []problem.Theme) bool {
	if f.MinQuality != 0 && q.Score < f.MinQuality {
		return false
	}
	for _, name := range f.Themes {
		if !slices.ContainsFunc(themes, func(t problem.Theme) bool { return t.Name == name }) {
			return false
		}
	}
	return true
}

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
	for _, name := range f.Themes {
		if theme.Japanese(name) == "" {
			errs = append(errs, &UnknownThemeError{Name: name})
		}
	}
	return errors.Join(errs...)
}

// UnknownThemeError reports a theme name the catalogue does not have.
type UnknownThemeError struct{ Name string }

func (e *UnknownThemeError) Error() string {
	names := make([]string, 0, 32)
	for _, t := range theme.Catalogue() {
		names = append(names, t.Name)
	}
	return fmt.Sprintf("unknown theme %q: want one of %s", e.Name, strings.Join(names, ", "))
}
