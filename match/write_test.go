package match

import (
	"strings"
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/referee"
	"github.com/tsume-shogi/tsume/shogi"
)

// recordedGame is a game of an opening move and four engine moves, with
// the times the referee recorded: 1.5 s, 59.999 s, 61 s and 0.2 s.
func recordedGame(t *testing.T) *Game {
	t.Helper()
	start := shogi.Startpos()
	var moves []shogi.Move
	q := start
	for _, u := range []string{"7g7f", "3c3d", "2g2f", "8c8d", "2f2e"} {
		m, err := q.ParseUSIMove(u)
		if err != nil {
			t.Fatal(err)
		}
		moves = append(moves, m)
		q.DoMove(m)
	}
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	return &Game{
		Black: "A", White: "B",
		Opening: referee.Opening{Start: start, Moves: moves[:1], Name: "test"},
		Moves:   moves,
		Times:   []time.Duration{1500 * time.Millisecond, 59999 * time.Millisecond, 61 * time.Second, 200 * time.Millisecond},
		Infos:   []string{"", "", "", ""},
		Winner:  referee.WhiteWins, Reason: referee.ReasonResign,
		Started: at, Ended: at.Add(2 * time.Minute),
	}
}

// TestKIFMoveTimes: the KIF time column holds the time each engine move
// took, as the referee recorded it, in whole seconds, with each side's
// total; the opening's move took none.
func TestKIFMoveTimes(t *testing.T) {
	kif, err := recordedGame(t).KIF("test", TimeControl{Byoyomi: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"   1 ７六歩(77)       ( 0:00/00:00:00)",
		"   2 ３四歩(33)       ( 0:01/00:00:01)",
		"*time 1500ms",
		"   3 ２六歩(27)       ( 0:59/00:00:59)",
		"*time 59999ms",
		"   4 ８四歩(83)       ( 1:01/00:01:02)",
		"*time 61000ms",
		"   5 ２五歩(26)       ( 0:00/00:00:59)",
		"*time 200ms",
		"*white wins by resignation",
		"   6 投了",
	}
	if !strings.Contains(kif, "\n"+strings.Join(want, "\n")+"\n") {
		t.Errorf("got\n%s\nwant the lines\n%s", kif, strings.Join(want, "\n"))
	}
}

// TestCSAMoveTimes: each CSA move is followed by its time line, in whole
// seconds, then the engine's comment.
func TestCSAMoveTimes(t *testing.T) {
	csa, err := recordedGame(t).CSA("test", TimeControl{Byoyomi: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	want := "+\n+7776FU\nT0\n-3334FU\nT1\n'*time 1500ms\n+2726FU\nT59\n'*time 59999ms\n-8384FU\nT61\n'*time 61000ms\n+2625FU\nT0\n'*time 200ms\n'*white wins by resignation\n%TORYO\n"
	if !strings.HasSuffix(csa, want) {
		t.Errorf("got\n%s\nwant the end\n%s", csa, want)
	}
}

// TestCSATimeLimit: $TIME_LIMIT is HH:MM+SS, the CSA standard's form,
// where the time control has one; otherwise the record says the time
// control in a comment, and KIF's 持ち時間 always does.
func TestCSATimeLimit(t *testing.T) {
	for _, c := range []struct {
		tc       TimeControl
		csa, kif string
	}{
		{TimeControl{Main: 10 * time.Minute, Byoyomi: 30 * time.Second}, "$TIME_LIMIT:00:10+30", "持ち時間：10m0s + byoyomi 30s"},
		{TimeControl{Main: 90 * time.Minute}, "$TIME_LIMIT:01:30+00", "持ち時間：1h30m0s"},
		{TimeControl{Byoyomi: 2 * time.Second}, "$TIME_LIMIT:00:00+02", "持ち時間：byoyomi 2s"},
		{TimeControl{Byoyomi: 200 * time.Millisecond}, "'持ち時間：byoyomi 200ms", "持ち時間：byoyomi 200ms"},
		{TimeControl{Main: 90 * time.Second, Byoyomi: time.Second}, "'持ち時間：1m30s + byoyomi 1s", "持ち時間：1m30s + byoyomi 1s"},
		{TimeControl{Main: time.Minute, Increment: time.Second}, "'持ち時間：1m0s + 1s per move", "持ち時間：1m0s + 1s per move"},
		{TimeControl{Nodes: 2000}, "'持ち時間：2000 nodes a move", "持ち時間：2000 nodes a move"},
	} {
		g := recordedGame(t)
		csa, err := g.CSA("test", c.tc)
		if err != nil {
			t.Fatal(err)
		}
		kif, err := g.KIF("test", c.tc)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(csa, "\n"+c.csa+"\n") || (c.csa[0] == '\'' && strings.Contains(csa, "$TIME_LIMIT")) {
			t.Errorf("%v: CSA\n%s\nwant the line %q", c.tc, csa, c.csa)
		}
		if !strings.Contains(kif, "\n"+c.kif+"\n") {
			t.Errorf("%v: KIF\n%s\nwant the line %q", c.tc, kif, c.kif)
		}
	}
}
