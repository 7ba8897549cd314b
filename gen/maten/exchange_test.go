package maten

import (
	"strings"
	"testing"
)

// The twenty-third blind read's problem 11 (a bare exchange on 9二, then a
// gold drop) and its problem 23 (the king does not take back: no exchange).
const (
	exchangeSFEN, exchangeLine     = "kg7/9/nG7/1L7/9/9/9/9/9 b P2r2b2g4s3n3l17p 1", "P*9b 8a9b 8c9b 9a9b G*8b"
	noExchangeSFEN, noExchangeLine = "7s1/8k/6+B1g/9/9/8N/9/9/9 b N2rb3g3s2n4l18p 1", "N*2d 1c2d 1f2d 1b1c 2d1b+ 1c1b G*2c"
)

// TestExchanges: a bare exchange is four plies on one square, each a board
// move taking the piece before; a promoting recapture is one too, and a
// king that steps elsewhere ends none.
func TestExchanges(t *testing.T) {
	for _, c := range []struct {
		name, sfen, line string
		want             int
	}{
		{"pawn, gold, gold, king (read 23, problem 11)", exchangeSFEN, exchangeLine, 1},
		{"a knight that takes back promoting (read 21, problem 22)", "k1s6/s1g6/p1N6/9/3B5/9/9/9/9 b BG2r2g2s3n4l17p 1", "G*8a 9b8a 7c8a+ 9a8a S*9b 8a8b B*9a", 1},
		{"the exchange in the middle of the line (read 23, problem 21)", "5s1n1/6k1g/4+R2L1/3g5/9/9/9/9/9 b BGrbg3s3n3l18p 1", "G*2b 1b2b 2c2b+ 3b2b G*2c 2b1a B*2b", 1},
		{"the king steps away instead (read 23, problem 23)", noExchangeSFEN, noExchangeLine, 0},
	} {
		_, pv := line(t, c.sfen, strings.Fields(c.line)...)
		if got := Exchanges(pv); got != c.want {
			t.Errorf("%s: Exchanges = %d, want %d", c.name, got, c.want)
		}
	}
}

// TestComposedRefusesExchange: the composed style refuses a line with a bare
// exchange at any length, and turns the step back that makes one away
// before any search (exchangeFits); the free style keeps both.
func TestComposedRefusesExchange(t *testing.T) {
	j := composedJudge(7)
	checkLines(t, j, []lineCase{
		{"a bare exchange", exchangeSFEN, exchangeLine, 5, false},
		{"no exchange (read 21, problem 29: the pawn is taken, not taken back)", noReturnSFEN, noReturnLine, 7, true},
	})
	_, pv := line(t, exchangeSFEN, strings.Fields(exchangeLine)...)
	if j.o.exchangeFits(pv[0], pv[1], pv[2:]) {
		t.Errorf("exchangeFits: the step back that makes the exchange is let through")
	}
	if !j.o.exchangeFits(pv[2], pv[3], pv[4:]) {
		t.Errorf("exchangeFits: the step after the exchange is turned away")
	}
	j.o.Style = Free
	checkLines(t, j, []lineCase{{"a bare exchange, free style", exchangeSFEN, exchangeLine, 5, true}})
	if !j.o.exchangeFits(pv[0], pv[1], pv[2:]) {
		t.Errorf("exchangeFits: the free style turns an exchange away")
	}
}
