package selfplay

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/record"
	"github.com/tsume-shogi/tsume/referee"
	"github.com/tsume-shogi/tsume/shogi"
)

func TestShelter(t *testing.T) {
	cases := []struct {
		sfen   string
		c      shogi.Color
		inCamp bool
		guards int
	}{
		// The initial position: each king has gold, silver, gold, silver
		// beside it and five pawns two ranks up (within two steps).
		{shogi.StartSFEN, shogi.Black, true, 9},
		{shogi.StartSFEN, shogi.White, true, 9},
		// A bare king in the middle, and one on Black's rank 7 (its camp).
		{"4k4/9/9/9/4K4/9/9/9/9 b - 1", shogi.Black, false, 0},
		{"4k4/9/9/9/9/9/4K4/4G4/9 b - 1", shogi.Black, true, 1},
		// White's king on rank 3 is in its camp, on rank 4 not.
		{"9/9/4k4/9/9/9/9/9/4K4 b - 1", shogi.White, true, 0},
		{"9/9/9/4k4/9/9/9/9/4K4 b - 1", shogi.White, false, 0},
		// A piece three steps away does not count, nor an enemy piece.
		{"9/9/9/9/9/9/4K4/1G7/4g4 b - 1", shogi.Black, true, 0},
	}
	for _, c := range cases {
		p, err := shogi.ParseSFEN(c.sfen)
		if err != nil {
			t.Fatal(err)
		}
		inCamp, guards := Shelter(&p, c.c)
		if inCamp != c.inCamp || guards != c.guards {
			t.Errorf("%s, %s: %v, %d; want %v, %d", c.sfen, c.c, inCamp, guards, c.inCamp, c.guards)
		}
	}
}

// tallyGame is a game of one move, G*5b, that mates White's king on 5a.
func tallyGame(t *testing.T, sfen string) *Game {
	t.Helper()
	p, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	m, err := p.ParseUSIMove("G*5b")
	if err != nil {
		t.Fatal(err)
	}
	r := referee.New(p)
	if end := r.Play(m); end != nil {
		t.Fatal(end)
	}
	end := r.Over(0)
	if end == nil || end.Reason != referee.ReasonMate {
		t.Fatalf("G*5b does not mate: %+v", end)
	}
	return &Game{Record: &record.Game{Start: p, Moves: []shogi.Move{m}}, Ending: *end}
}

// The tally counts the losing king's shelter at the end and in the
// positions before it with the winner to move; a draw has no loser.
func TestTally(t *testing.T) {
	var tl Tally
	tl.Add(tallyGame(t, "3lkl3/9/2p1P1p2/9/9/9/9/9/4K4 b G 1")) // lances and pawns: 4 guards
	tl.Add(tallyGame(t, "4k4/9/4P4/9/9/9/9/9/4K4 b G 1"))       // a bare king
	draw := tallyGame(t, "4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
	draw.Ending = referee.Ending{Winner: referee.Draw, Reason: referee.ReasonMaxPlies}
	tl.Add(draw)
	want := Tally{Games: 3, Plies: 3, Decisive: 2, InCamp: 2, Castled: 1, NearEnd: 2, NearCastled: 1,
		Reasons: map[referee.Reason]int{referee.ReasonMate: 2, referee.ReasonMaxPlies: 1}}
	if fmt.Sprint(tl) != fmt.Sprint(want) {
		t.Errorf("%+v; want %+v", tl, want)
	}
	if s := tl.String(); !strings.HasPrefix(s, "3 games, 1.0 plies a game; checkmate 2, ply limit 1; at the end the losing king in its camp 2/2, castled (3+ pieces within two steps) 1/2; castled 1/2 positions") {
		t.Errorf("String: %s", s)
	}
}
