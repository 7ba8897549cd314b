package match

import (
	"errors"
	"fmt"
	"time"

	"github.com/tsume-shogi/tsume/shogi"
)

// TimeControl is the time each side has: Main time for the whole game,
// then either Byoyomi for each move once the main time is spent, or
// Increment added after each move (Fischer). Margin is a grace the
// referee allows beyond the time, for the pipes and the operating
// system's scheduling; it is not told to the engines.
//
// Nodes, when set, replaces the clock: every move is "go nodes Nodes",
// so that a self-play match measures the engines' play and not the
// machine's load. An engine must still answer within Byoyomi (when
// given, else NodesTimeout) plus Margin.
type TimeControl struct {
	Main      time.Duration
	Byoyomi   time.Duration
	Increment time.Duration
	Margin    time.Duration
	Nodes     uint64
}

// NodesTimeout is the time an engine has for a move of a match by nodes
// without a byoyomi, after which it loses on time: long enough for any
// sensible node count, short enough not to hang on an engine that
// ignores go nodes.
const NodesTimeout = time.Minute

// DefaultMargin is the grace a command-line match allows beyond an
// engine's time.
const DefaultMargin = 50 * time.Millisecond

// Check reports a time control that cannot be played: negative times,
// byoyomi together with an increment (USI's go has one or the other), or
// no time at all.
func (tc TimeControl) Check() error {
	switch {
	case tc.Main < 0 || tc.Byoyomi < 0 || tc.Increment < 0 || tc.Margin < 0:
		return errors.New("times cannot be negative")
	case tc.Nodes > 0 && (tc.Main > 0 || tc.Increment > 0):
		return errors.New("a match by nodes has no clock: a byoyomi, if given, only bounds the time of each move")
	case tc.Byoyomi > 0 && tc.Increment > 0:
		return errors.New("byoyomi and an increment cannot be combined: USI's go sends one or the other")
	case tc.Nodes == 0 && tc.Main == 0 && tc.Byoyomi == 0 && tc.Increment == 0:
		return errors.New("no time: give a main time, a byoyomi or an increment")
	}
	return nil
}

// String describes the time control: "byoyomi 100ms", "5m0s + 2s per
// move", "1m0s + byoyomi 10s", "20000 nodes a move".
func (tc TimeControl) String() string {
	switch {
	case tc.Nodes > 0:
		return fmt.Sprintf("%d nodes a move", tc.Nodes)
	case tc.Increment > 0:
		return fmt.Sprintf("%v + %v per move", tc.Main, tc.Increment)
	case tc.Main > 0 && tc.Byoyomi > 0:
		return fmt.Sprintf("%v + byoyomi %v", tc.Main, tc.Byoyomi)
	case tc.Byoyomi > 0:
		return fmt.Sprintf("byoyomi %v", tc.Byoyomi)
	}
	return fmt.Sprintf("%v", tc.Main)
}

// CSATimeLimit returns the time control in the form of the CSA standard's
// $TIME_LIMIT, HH:MM+SS (the main time in hours and minutes, the byoyomi
// in seconds: "00:05+10"), and true; or false when it has no such form:
// a match by nodes, an increment, a main time that is not whole minutes
// or a byoyomi that is not whole seconds.
func (tc TimeControl) CSATimeLimit() (string, bool) {
	if tc.Nodes > 0 || tc.Increment > 0 || tc.Main%time.Minute != 0 || tc.Byoyomi%time.Second != 0 {
		return "", false
	}
	m := int64(tc.Main / time.Minute)
	return fmt.Sprintf("%02d:%02d+%02d", m/60, m%60, int64(tc.Byoyomi/time.Second)), true
}

// clock is the time left to each side during a game.
type clock struct {
	tc   TimeControl
	left [2]time.Duration // main time left, by colour
}

func newClock(tc TimeControl) *clock {
	return &clock{tc: tc, left: [2]time.Duration{tc.Main, tc.Main}}
}

// goCommand returns the go command for the next move.
func (c *clock) goCommand() string {
	if c.tc.Nodes > 0 {
		return fmt.Sprintf("go nodes %d", c.tc.Nodes)
	}
	s := fmt.Sprintf("go btime %d wtime %d", c.left[shogi.Black].Milliseconds(), c.left[shogi.White].Milliseconds())
	if c.tc.Increment > 0 {
		return s + fmt.Sprintf(" binc %d winc %d", c.tc.Increment.Milliseconds(), c.tc.Increment.Milliseconds())
	}
	return s + fmt.Sprintf(" byoyomi %d", c.tc.Byoyomi.Milliseconds())
}

// limit returns how long side may think before it loses on time: its
// main time, the byoyomi and the margin. (The increment is added after
// the move.)
func (c *clock) limit(side shogi.Color) time.Duration {
	if c.tc.Nodes > 0 && c.tc.Byoyomi == 0 {
		return NodesTimeout + c.tc.Margin
	}
	return c.left[side] + c.tc.Byoyomi + c.tc.Margin
}

// spend charges side for a move that took d and reports whether it was
// in time.
func (c *clock) spend(side shogi.Color, d time.Duration) bool {
	if d > c.limit(side) {
		c.left[side] = 0
		return false
	}
	c.left[side] = max(0, c.left[side]-d) + c.tc.Increment
	return true
}
