package gameengine

import (
	"math"
	"time"

	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/usi"
)

// Time management.
const (
	// movesToGo is how many more moves the main time is shared among.
	movesToGo = 40
	// hardFactor bounds a move's time at this many times its share.
	hardFactor = 4
	// minThink is the least time a search gets.
	minThink = time.Millisecond
	// defaultThink is the time of a go without any limit.
	defaultThink = time.Second
)

// budget returns the search's time limits for a go with limits l, the
// side c to move and the GUI's overhead per move delay: soft, after
// which no new iteration starts, and hard, at which the search stops.
// Both are zero for a search without time limits (depth, nodes,
// infinite). Neither exceeds the time the side has left (main time plus
// byoyomi) minus delay, so that the move is never late. The sums
// saturate: times as large as usi.MaxGoMillis do not overflow.
func budget(l usi.Limits, c shogi.Color, delay time.Duration) (soft, hard time.Duration) {
	if l.MoveTime > 0 {
		t := max(l.MoveTime-delay, minThink)
		return t, t
	}
	remaining, inc := l.Clock(c)
	if remaining == 0 && inc == 0 && l.Byoyomi == 0 {
		if l.Infinite || l.Depth > 0 || l.Nodes > 0 {
			return 0, 0
		}
		return defaultThink, defaultThink
	}
	total := add(remaining, l.Byoyomi)
	avail := total - delay
	if avail <= 0 {
		avail = total / 2 // late already: answer at once
	}
	avail = max(avail, minThink)
	if remaining == 0 {
		// Byoyomi alone (and the increment): every move may use it all.
		t := add(l.Byoyomi, inc) - delay
		if t <= 0 {
			t = add(l.Byoyomi, inc) / 2
		}
		t = min(max(t, minThink), avail)
		return t, t
	}
	share := add(add(remaining/movesToGo, inc), l.Byoyomi)
	return min(share, avail), min(mul(share, hardFactor), avail)
}

// add returns a+b for times from 0 up, the largest time.Duration when
// that would overflow.
func add(a, b time.Duration) time.Duration {
	if a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
}

// mul returns a*n for a time from 0 up, the largest time.Duration when
// that would overflow.
func mul(a time.Duration, n int64) time.Duration {
	if a > math.MaxInt64/time.Duration(n) {
		return math.MaxInt64
	}
	return a * time.Duration(n)
}

// msec returns n milliseconds.
func msec(n int) time.Duration { return time.Duration(n) * time.Millisecond }
