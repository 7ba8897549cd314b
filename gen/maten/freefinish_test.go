package maten

import (
	"strings"
	"testing"
)

// Mate-in-5s of the composed style before the rule (seed 26): the first
// ends with the king's free step, ▲９二香成 △７一玉 ▲６一金打; the second
// steps freely at ply 2 and ends with a sacrifice taken.
const (
	freeFinishSFEN, freeFinishLine   = "1g7/1kg6/L1N6/1S7/9/9/9/9/9 b BG2rbg3s3n3l18p 1", "B*9a 8a9a 9c9b+ 8b7a G*6a"
	takenFinishSFEN, takenFinishLine = "3g5/4kPs2/3n2S2/3+R5/9/9/9/9/9 b GNr2b2g2s2n4l17p 1", "G*5c 5b5a 4b4a+ 3b4a N*4c"
)

// TestFreeFinish: the line ends freely when the defender's last reply is
// a step of the king to a square the attacker's move before it did not
// move to; a capture of that move's piece, by the king or another piece,
// and a free step earlier in the line do not count.
func TestFreeFinish(t *testing.T) {
	for _, c := range []struct {
		name, sfen, line string
		want             bool
	}{
		{"the king steps to 7一, a gold dropped after it", freeFinishSFEN, freeFinishLine, true},
		{"the king steps to 2二 after taking on 1一, the knight mates", "6gk1/6s1L/6s1n/9/5B3/7N1/9/9/9 b S2rb3gs2n3l18p 1", "1b1a+ 2a1a S*1b 1a2b 2f1d", true},
		{"a free step at ply 2, the silver takes the last sacrifice", takenFinishSFEN, takenFinishLine, false},
		{"every reply takes the piece just moved", "9/9/skS6/g8/2L6/L8/9/9/9 b RGr2b2g2s4n2l18p 1", "G*8b 9c8b R*8d 9d8d 7c7b", false},
		{"the king takes the knight that just promoted", "7nk/9/8p/7N1/9/9/9/9/9 b G2r2b3g4s2n4l17p 1", "G*2b 1a2b 2d1b+ 2b1b", false},
	} {
		_, pv := line(t, c.sfen, strings.Fields(c.line)...)
		if got := FreeFinish(pv); got != c.want {
			t.Errorf("%s: FreeFinish = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestComposedRefusesFreeFinish: a composed run of mate-in-5s refuses a
// line that ends with the king's free step, after the solver and, for the
// mate-in-3 it is built on, before any search (finishFits); a free step
// earlier is kept, and so are free finishes in runs of other lengths and
// in the free style.
func TestComposedRefusesFreeFinish(t *testing.T) {
	j := composedJudge(5)
	checkLines(t, j, []lineCase{
		{"the king's free step before the mate", freeFinishSFEN, freeFinishLine, 5, false},
		{"a free step at ply 2 only", takenFinishSFEN, takenFinishLine, 5, true},
	})
	_, pv := line(t, freeFinishSFEN, strings.Fields(freeFinishLine)...)
	if j.o.finishFits(pv[2], pv[3], 3) {
		t.Errorf("finishFits: the mate-in-3's free step of the king is let through")
	}
	if !j.o.finishFits(pv[0], pv[1], 3) {
		t.Errorf("finishFits: the gold's capture of the bishop is turned away")
	}
	if !j.o.finishFits(pv[2], pv[3], 5) {
		t.Errorf("finishFits: a step back at 5 plies is tested as a mate-in-3's")
	}
	long := composedJudge(7)
	checkLines(t, long, []lineCase{{"a free finish on the way to a mate-in-7", freeFinishSFEN, freeFinishLine, 5, true}})
	if !long.o.finishFits(pv[2], pv[3], 3) {
		t.Errorf("finishFits: a run of mate-in-7s turns a free finish away")
	}
	j.o.Style = Free
	checkLines(t, j, []lineCase{{"a free finish, free style", freeFinishSFEN, freeFinishLine, 5, true}})
	if !j.o.finishFits(pv[2], pv[3], 3) {
		t.Errorf("finishFits: the free style turns a free finish away")
	}
}
