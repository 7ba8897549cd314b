package shogigraph

import (
	"context"
	"errors"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

// TestNotAProblemError checks that the errors of Build for a position it
// cannot search keep the rules core's error and match ErrNotAProblem.
func TestNotAProblemError(t *testing.T) {
	illegal, _ := shogi.ParseSFEN("4k4/9/9/9/4P4/9/4P4/9/4K4 b - 1")
	_, err := Build(context.Background(), &illegal, Options{Plies: 1})
	var ipe *shogi.InvalidPositionError
	var ne *NotAProblemError
	if !errors.Is(err, ErrNotAProblem) || !errors.As(err, &ipe) || !errors.As(err, &ne) || ne.Err == nil {
		t.Errorf("illegal position: %v; want a NotAProblemError wrapping an InvalidPositionError", err)
	}
	noKing, _ := shogi.ParseSFEN("9/9/4S4/9/9/9/9/9/9 b G 1")
	_, err = Build(context.Background(), &noKing, Options{Plies: 1})
	if !errors.As(err, &ne) || ne.Msg != "the defender (white) has no king on the board" ||
		err.Error() != "shogigraph: not a tsume position: the defender (white) has no king on the board" {
		t.Errorf("no king: %v", err)
	}
}
