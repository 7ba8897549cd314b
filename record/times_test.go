package record

import (
	"strings"
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/shogi"
)

// timedGame is the start of a game with a time for each move: 1.5 s,
// 59.999 s, 61 s, none (negative), and the fifth move beyond the times.
func timedGame(t *testing.T) (shogi.Position, []shogi.Move, []time.Duration) {
	t.Helper()
	p, err := shogi.ParseSFEN(shogi.StartSFEN)
	if err != nil {
		t.Fatal(err)
	}
	var moves []shogi.Move
	q := p
	for _, u := range []string{"7g7f", "3c3d", "2g2f", "8c8d", "2f2e"} {
		m, err := q.ParseUSIMove(u)
		if err != nil {
			t.Fatal(err)
		}
		moves = append(moves, m)
		q.DoMove(m)
	}
	times := []time.Duration{1500 * time.Millisecond, 59999 * time.Millisecond, 61 * time.Second, -time.Second}
	return p, moves, times
}

// TestKIFTimes: the time column holds each move's time, truncated to the
// second, and its side's total of those; a move without a time counts 0.
func TestKIFTimes(t *testing.T) {
	p, moves, times := timedGame(t)
	text, err := KIFTimes(&p, moves, times, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"   1 ７六歩(77)       ( 0:01/00:00:01)",
		"   2 ３四歩(33)       ( 0:59/00:00:59)",
		"   3 ２六歩(27)       ( 1:01/00:01:02)",
		"   4 ８四歩(83)       ( 0:00/00:00:59)",
		"   5 ２五歩(26)       ( 0:00/00:01:02)",
	}
	lines := strings.Split(text, "\n")
	got := lines[len(lines)-6 : len(lines)-1]
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("moves:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	g, err := ReadKIF([]byte(text))
	if err != nil || len(g.Moves) != len(moves) {
		t.Errorf("reading back: %v", err)
	}
	// KIF itself writes zeros.
	plain, _ := KIF(&p, moves, nil, false)
	zero, _ := KIFTimes(&p, moves, nil, nil, false)
	if plain != zero || !strings.Contains(plain, "   1 ７六歩(77)       ( 0:00/00:00:00)\n") {
		t.Errorf("KIF without times:\n%s", plain)
	}
}

// TestKIFTimesLong: an hour and more in the total, more than 99 minutes
// for a move.
func TestKIFTimesLong(t *testing.T) {
	p, moves, _ := timedGame(t)
	text, err := KIFTimes(&p, moves[:1], []time.Duration{100*time.Minute + 5*time.Second}, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text, "   1 ７六歩(77)       (100:05/01:40:05)\n") {
		t.Errorf("got\n%s", text)
	}
}

// TestCSATimes: a time line after each move, in whole seconds; none
// without times.
func TestCSATimes(t *testing.T) {
	p, moves, times := timedGame(t)
	text, err := CSATimes(&p, moves, times, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	if want := "+\n+7776FU\nT1\n-3334FU\nT59\n+2726FU\nT61\n-8384FU\nT0\n+2625FU\nT0\n"; !strings.HasSuffix(text, want) {
		t.Errorf("got\n%s\nwant the end\n%s", text, want)
	}
	if g, err := ReadCSA([]byte(text)); err != nil || len(g.Moves) != len(moves) {
		t.Errorf("reading back: %v", err)
	}
	plain, _ := CSA(&p, moves, nil, false)
	if strings.Contains(plain, "\nT") {
		t.Errorf("CSA without times has time lines:\n%s", plain)
	}
}

// TestCSATimeLimit: 持ち時間 becomes $TIME_LIMIT only in the standard's
// form HH:MM+SS; in any other form it is a comment, which no reader
// takes for the time limit.
func TestCSATimeLimit(t *testing.T) {
	p, _ := shogi.ParseSFEN(shogi.StartSFEN)
	for _, c := range []struct{ value, want string }{
		{"00:10+30", "$TIME_LIMIT:00:10+30\n"},
		{"01:00+00", "$TIME_LIMIT:01:00+00\n"},
		{"100:00+60", "$TIME_LIMIT:100:00+60\n"},
		{"byoyomi 100ms", "'持ち時間：byoyomi 100ms\n"},
		{"5m0s + byoyomi 10s", "'持ち時間：5m0s + byoyomi 10s\n"},
		{"0:10+30", "'持ち時間：0:10+30\n"},
		{"00:60+30", "'持ち時間：00:60+30\n"},
		{"00:10+5", "'持ち時間：00:10+5\n"},
		{"00:10", "'持ち時間：00:10\n"},
	} {
		text, err := CSA(&p, nil, []KIFHeader{{Key: "持ち時間", Value: c.value}}, false)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(text, "\n"+c.want) {
			t.Errorf("持ち時間 %q: got\n%s\nwant the line %q", c.value, text, c.want)
		}
		if strings.Contains(c.want, "'") && strings.Contains(text, "$TIME_LIMIT") {
			t.Errorf("持ち時間 %q: a $TIME_LIMIT line", c.value)
		}
	}
}
