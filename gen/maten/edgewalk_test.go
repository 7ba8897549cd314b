package maten

import (
	"strings"
	"testing"
)

// The lines of the edge-walk rule. walkSFEN, walkLine is the second blind
// read's problem 11 (seed 45107690): a pawn, then a lance dropped on the
// ninth file, the king taking each and walking up it, then the rook mates.
// turnBackSFEN, turnBackLine is its problem 13: the king takes on 9d and
// steps back to 9c.
const (
	walkSFEN, walkLine         = "k8/2+S6/1n7/2R6/G8/9/9/9/9 b LPr2b3g3s3n3l17p 1", "P*9b 9a9b L*9c 9b9c 7d9d"
	turnBackSFEN, turnBackLine = "b8/9/k8/9/+SR7/1G7/1L7/9/9 b rb3g3s4n3l18p 1", "9e9d 9c9d 8f9e 9d9c 8e8c+"
)

// TestEdgeWalks: two king moves in a row one step the same way along an
// edge file or rank make a walk, the first of them may step onto the
// edge diagonally, whatever the attacker's moves between (drops here); a
// king that turns back or leaves the edge makes none.
func TestEdgeWalks(t *testing.T) {
	for _, c := range []struct {
		name, sfen, line string
		want             int
	}{
		{"up the ninth file, taking a pawn and a lance", walkSFEN, walkLine, 1},
		{"along the first rank, golds dropped behind", "4k4/9/9/9/9/9/9/9/9 b 2G 1", "G*6b 5a4a G*5b 4a3a", 1},
		{"onto the first file diagonally, then up it (a second read of seed 5151)", "7k1/7l1/6G2/9/8G/9/9/9/9 b 2SL2r2b2g2s4n2l18p 1", "S*1b 2a1b S*1c 1b1c L*1d", 1},
		{"the king turns back", turnBackSFEN, turnBackLine, 0},
		{"the king leaves the edge", "4k4/9/9/9/9/9/9/9/9 b 2G 1", "G*6b 5a4a G*5b 4a3b", 0},
	} {
		_, pv := line(t, c.sfen, strings.Fields(c.line)...)
		if got := EdgeWalks(pv); got != c.want {
			t.Errorf("%s (%s): %d walks, want %d", c.name, c.line, got, c.want)
		}
	}
}

// TestComposedRefusesEdgeWalk: a line whose king walks along an edge is
// refused at any length in the composed style, kept in the free style;
// one whose king leaves the edge is kept. A king that turns back walks
// no further, but comes back to its square, which the composed style
// refuses too (KingReturns).
func TestComposedRefusesEdgeWalk(t *testing.T) {
	j := composedJudge(7)
	checkLines(t, j, []lineCase{
		{"an edge walk", walkSFEN, walkLine, 5, false},
		{"the king leaves the edge", "4k4/9/9/9/9/9/9/9/9 b 2G 1", "G*6b 5a4a G*5b 4a3b", 5, true},
		{"the king turns back", turnBackSFEN, turnBackLine, 5, false},
	})
	j.o.Style = Free
	checkLines(t, j, []lineCase{{"an edge walk, free style", walkSFEN, walkLine, 5, true}})
}
