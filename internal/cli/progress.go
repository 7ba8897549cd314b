package cli

import (
	"fmt"
	"io"
	"os"
	"time"
)

// statusLine draws the progress of a long run on one terminal line,
// redrawn at most once every every, and erased by clear.
type statusLine struct {
	w     io.Writer
	every time.Duration
	last  time.Time
	drawn bool
}

// newStatusLine returns a status line on w redrawn at most four times a second.
func newStatusLine(w io.Writer) *statusLine {
	return &statusLine{w: w, every: 250 * time.Millisecond}
}

// draw replaces the line with the formatted text, unless the last drawing
// is too recent.
func (sl *statusLine) draw(format string, args ...any) {
	now := time.Now()
	if sl.drawn && now.Sub(sl.last) < sl.every {
		return
	}
	sl.last, sl.drawn = now, true
	fmt.Fprintf(sl.w, "\r\033[K"+format, args...)
}

// clear erases the line, if one was drawn; sl may be nil.
func (sl *statusLine) clear() {
	if sl == nil || !sl.drawn {
		return
	}
	fmt.Fprint(sl.w, "\r\033[K")
	sl.drawn = false
}

// perSecond returns n per second of d (0 for no time).
func perSecond[T int | uint64](n T, d time.Duration) T {
	if d <= 0 {
		return 0
	}
	return T(float64(n) / d.Seconds())
}

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// plural returns "s" unless n is 1.
func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
