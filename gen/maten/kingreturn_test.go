package maten

import (
	"strings"
	"testing"
)

// The twenty-second blind read's problem 29 (the king takes on 3一 and is
// sent back to 2一) and the twenty-first read's problem 29 (the king takes
// twice and never comes back).
const (
	returnSFEN, returnLine     = "6skl/5G2s/7s1/6N2/9/9/9/9/9 b SL2r2b3g3n2l18p 1", "S*3b 2c3b 4b3a 2a3a S*4b 3a2a L*2b"
	noReturnSFEN, noReturnLine = "9/kS+P6/1ps6/1s7/5B3/6B2/9/9/9 b P2r4gs4n4l15p 1", "P*9c 8d9c 8b9a+ 9b9a 7b8b 9a8b 4e8a+"
)

// TestKingReturns: the king returns when it steps onto a square it stood
// on earlier in the line, its first square included; steps of other
// pieces, and a king that only moves on, make no return.
func TestKingReturns(t *testing.T) {
	for _, c := range []struct {
		name, sfen, line string
		want             bool
	}{
		{"taken out to 3一, sent back to 2一 (read 22, problem 29)", returnSFEN, returnLine, true},
		{"two captures, no way back (read 21, problem 29)", noReturnSFEN, noReturnLine, false},
		{"back to its first square two steps later (read 21, problem 28)", "1S6+R/2g6/1ks6/P8/1G7/1N7/9/9/9 b r2b2g2s3n4l17p 1", "8a9b 8c9b 9d9c+ 9b9c 1a9a 9c8c 8e9d", true},
		{"the king steps on, 1一, 2二, 1二, and never back", "7nk/9/8p/7N1/9/9/9/9/9 b G2r2b3g4s2n4l17p 1", "G*2b 1a2b 2d1b+ 2b1b", false},
	} {
		_, pv := line(t, c.sfen, strings.Fields(c.line)...)
		if got := KingReturns(pv); got != c.want {
			t.Errorf("%s: KingReturns = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestComposedRefusesKingReturn: the composed style refuses a line in
// which the king comes back, and turns the step back that would bring it
// back away before any search (returnFits); a run of mate-in-9s and the
// free style keep both.
func TestComposedRefusesKingReturn(t *testing.T) {
	j := composedJudge(7)
	checkLines(t, j, []lineCase{{"the king sent back", returnSFEN, returnLine, 7, false}})
	_, pv := line(t, returnSFEN, strings.Fields(returnLine)...)
	if j.o.returnFits(pv[3], pv[4:]) {
		t.Errorf("returnFits: the king's step to 3一, which it comes back from, is let through")
	}
	if !j.o.returnFits(pv[5], pv[6:]) {
		t.Errorf("returnFits: the king's last step is turned away")
	}
	if !j.o.returnFits(pv[1], pv[2:]) {
		t.Errorf("returnFits: a silver's capture is turned away")
	}
	long := composedJudge(9)
	checkLines(t, long, []lineCase{{"the king sent back, in a run of mate-in-9s", returnSFEN, returnLine, 7, true}})
	if !long.o.returnFits(pv[3], pv[4:]) {
		t.Errorf("returnFits: a run of mate-in-9s turns a return away")
	}
	j.o.Style = Free
	checkLines(t, j, []lineCase{{"the king sent back, free style", returnSFEN, returnLine, 7, true}})
	if !j.o.returnFits(pv[3], pv[4:]) {
		t.Errorf("returnFits: the free style turns a return away")
	}
}
