package maten

import "testing"

// TestPursuits: the same piece moving again right after the king stepped
// is a pursuit whatever its direction; a piece taken at once, a drop,
// and another piece are not.
func TestPursuits(t *testing.T) {
	for _, c := range []struct {
		name, sfen string
		usi        []string
		want       int
	}{
		// The fourth blind read's problem 12: the gold follows the king
		// round the corner, twice.
		{"round the corner", "9/5Ss2/7k1/8R/8G/9/9/9/9 b r2b3g2s4n4l18p 1",
			[]string{"1e2d", "2c2b", "2d1c", "2b1a", "1c1b"}, 2},
		// Its problem 27: the horse steps after the king to mate.
		{"the mating horse", "4k4/4p4/5P3/5+B3/3B5/9/9/9/9 b S2r4g3s4n4l16p 1",
			[]string{"S*6b", "5a4a", "4c4b+", "4a4b", "4d4c", "4b3a", "4c3b"}, 1},
		// Its problem 22 (the reader's best): a drop, then another piece.
		{"another piece", "6sk1/5s3/9/9/9/9/6+R2/2B6/9 b Rb4g2s4n4l18p 1",
			[]string{"R*1a", "2a1a", "3g3a", "4b3a", "S*1b", "1a2b", "7h2c+"}, 0},
		// The gold follows the king and is taken at once: a sacrifice.
		{"taken at once", "9/8k/9/7G1/9/9/9/9/9 b - 1",
			[]string{"2d2c", "1b1a", "2c2b", "1a2b"}, 0},
		{"not taken", "9/8k/9/7G1/9/9/9/9/9 b - 1",
			[]string{"2d2c", "1b1a", "2c2b"}, 1},
	} {
		_, pv := line(t, c.sfen, c.usi...)
		if got := Pursuits(pv); got != c.want {
			t.Errorf("%s: Pursuits = %d, want %d", c.name, got, c.want)
		}
	}
}

// TestComposedRefusesPursuit: the composed style refuses a line with a
// pursuit at any length; the free style keeps it.
func TestComposedRefusesPursuit(t *testing.T) {
	const (
		cornerSFEN = "9/5Ss2/7k1/8R/8G/9/9/9/9 b r2b3g2s4n4l18p 1"
		cornerLine = "1e2d 2c2b 2d1c 2b1a 1c1b"
		otherSFEN  = "6sk1/5s3/9/9/9/9/6+R2/2B6/9 b Rb4g2s4n4l18p 1"
		otherLine  = "R*1a 2a1a 3g3a 4b3a S*1b 1a2b 7h2c+"
	)
	j := composedJudge(7)
	checkLines(t, j, []lineCase{
		{"a gold pursuing the king", cornerSFEN, cornerLine, 5, false},
		{"no pursuit", otherSFEN, otherLine, 5, true},
	})
	j.o.Style = Free
	checkLines(t, j, []lineCase{{"a pursuit, free style", cornerSFEN, cornerLine, 5, true}})
}
