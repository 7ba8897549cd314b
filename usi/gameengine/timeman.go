package gameengine

import (
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
// byoyomi) minus delay, so that the move is never late.
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
	avail := remaining + l.Byoyomi - delay
	if avail <= 0 {
		avail = (remaining + l.Byoyomi) / 2 // late already: answer at once
	}
	avail = max(avail, minThink)
	if remaining == 0 {
		// Byoyomi alone (and the increment): every move may use it all.
		t := l.Byoyomi + inc - delay
		if t <= 0 {
			t = (l.Byoyomi + inc) / 2
		}
		t = min(max(t, minThink), avail)
		return t, t
	}
	share := remaining/movesToGo + inc + l.Byoyomi
	return min(share, avail), min(hardFactor*share, avail)
}

// msec returns n milliseconds.
func msec(n int) time.Duration { return time.Duration(n) * time.Millisecond }
