package match

import (
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/referee"
	"github.com/tsume-shogi/tsume/shogi"
)

// refereeAfter plays the USI moves of line from sfen through a referee.
func refereeAfter(t *testing.T, sfen, line string) *referee.Referee {
	t.Helper()
	p, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	r := referee.New(p)
	for _, w := range strings.Fields(line) {
		if end := r.Answer(w); end != nil {
			t.Fatalf("%s: %+v", w, end)
		}
	}
	return r
}

func TestPositionCommand(t *testing.T) {
	r := refereeAfter(t, shogi.StartSFEN, "7g7f 3c3d")
	if got := positionCommand(r); got != "position startpos moves 7g7f 3c3d" {
		t.Errorf("got %q", got)
	}
	const sfen = "4k4/9/9/9/4R4/9/9/9/4K4 w - 1"
	r = refereeAfter(t, sfen, "5a4a")
	if got := positionCommand(r); got != "position sfen "+sfen+" moves 5a4a" {
		t.Errorf("got %q", got)
	}
}
