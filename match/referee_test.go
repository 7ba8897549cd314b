package match

import (
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

// playLine plays the USI moves of line from sfen through a referee and
// returns the ending, failing if one comes before the last move.
func playLine(t *testing.T, sfen, line string) (*referee, *ending) {
	t.Helper()
	p, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	r := newReferee(p)
	words := strings.Fields(line)
	for i, w := range words {
		end := r.answer(w)
		if end != nil && i != len(words)-1 {
			t.Fatalf("ended at move %d (%s): %+v", i+1, w, end)
		}
		if end != nil {
			return r, end
		}
	}
	return r, nil
}

func TestRepetitionDraw(t *testing.T) {
	cycle := " 5i5h 5a5b 5h5i 5b5a"
	// The initial position comes back after every cycle: the fourth
	// time after the third.
	_, end := playLine(t, shogi.StartSFEN, strings.Repeat(cycle, 2))
	if end != nil {
		t.Fatalf("after two cycles: %+v", end)
	}
	_, end = playLine(t, shogi.StartSFEN, strings.Repeat(cycle, 3))
	if end == nil || end.reason != ReasonRepetition || end.winner != Draw {
		t.Fatalf("after three cycles: %+v; want a draw by repetition", end)
	}
}

func TestPerpetualCheck(t *testing.T) {
	// Black's rook checks along the files; the king steps aside and back.
	const sfen = "4k4/9/9/9/4R4/9/9/9/4K4 w - 1"
	cycle := " 5a4a 5e4e 4a5a 4e5e"
	_, end := playLine(t, sfen, strings.Repeat(cycle, 3))
	if end == nil || end.reason != ReasonPerpetualCheck || end.winner != WhiteWins {
		t.Fatalf("%+v; want White to win by perpetual check", end)
	}
	// White checking: the same turned round, Black to move.
	const sfenW = "4k4/9/9/9/4r4/9/9/9/4K4 b - 1"
	cycleW := " 5i6i 5e6e 6i5i 6e5e"
	_, end = playLine(t, sfenW, strings.Repeat(cycleW, 3))
	if end == nil || end.reason != ReasonPerpetualCheck || end.winner != BlackWins {
		t.Fatalf("%+v; want Black to win by perpetual check", end)
	}
	// Quiet moves among the checks since the first occurrence: a plain
	// repetition, though the last cycle is all checks.
	p, _ := shogi.ParseSFEN(sfen)
	r := newReferee(p)
	cycle2 := " 5a4a 5e4e 4a5a 5i5h 5a6a 5h5i 6a5a 4e5e"
	end = nil
	for _, w := range strings.Fields(strings.Repeat(cycle2, 4)) {
		if end = r.answer(w); end != nil {
			break
		}
	}
	if end == nil || end.reason != ReasonRepetition || end.winner != Draw {
		t.Fatalf("%+v; want a draw by repetition", end)
	}
}

func TestRefereeAnswers(t *testing.T) {
	cases := []struct {
		sfen, word string
		winner     Winner
		reason     Reason
	}{
		{shogi.StartSFEN, "resign", WhiteWins, ReasonResign},
		{shogi.StartSFEN, "5e5d", WhiteWins, ReasonIllegal},
		{shogi.StartSFEN, "7g7f+", WhiteWins, ReasonIllegal},
		{shogi.StartSFEN, "hello", WhiteWins, ReasonGarbage},
		{shogi.StartSFEN, "win", WhiteWins, ReasonBadDeclare},
		{"+R+BGGSS+N+N+L/4K+P+P+P+P/9/9/9/9/9/9/4k4 b 7P 1", "win", BlackWins, ReasonDeclare},
		{"+R+BGGSS+N+N+L/4K+P+P+P+P/9/9/9/9/9/9/4k4 b 6P 1", "win", WhiteWins, ReasonBadDeclare},
	}
	for _, c := range cases {
		p, err := shogi.ParseSFEN(c.sfen)
		if err != nil {
			t.Fatal(err)
		}
		end := newReferee(p).answer(c.word)
		if end == nil || end.winner != c.winner || end.reason != c.reason {
			t.Errorf("%s, %s: %+v; want %d by %s", c.sfen, c.word, end, c.winner, c.reason)
		}
	}
}

func TestRefereeMate(t *testing.T) {
	r, end := playLine(t, "4k4/9/4P4/9/9/9/9/9/4K4 b G 1", "G*5b")
	if end != nil {
		t.Fatalf("%+v", end)
	}
	if end := r.over(); end == nil || end.winner != BlackWins || end.reason != ReasonMate {
		t.Errorf("after G*5b: %+v; want Black to win by checkmate", end)
	}
	p, _ := shogi.ParseSFEN(shogi.StartSFEN)
	if end := newReferee(p).over(); end != nil {
		t.Errorf("the initial position is over: %+v", end)
	}
}

func TestPositionCommand(t *testing.T) {
	r, _ := playLine(t, shogi.StartSFEN, "7g7f 3c3d")
	if got := positionCommand(r); got != "position startpos moves 7g7f 3c3d" {
		t.Errorf("got %q", got)
	}
	const sfen = "4k4/9/9/9/4R4/9/9/9/4K4 w - 1"
	r, _ = playLine(t, sfen, "5a4a")
	if got := positionCommand(r); got != "position sfen "+sfen+" moves 5a4a" {
		t.Errorf("got %q", got)
	}
}
