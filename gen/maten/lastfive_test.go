package maten

import (
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

// playUSI returns the position of sfen and the moves of the USI line,
// failing the test on either.
func playUSI(t *testing.T, sfen string, usi ...string) (shogi.Position, []shogi.Move) {
	t.Helper()
	pos, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	var line []shogi.Move
	q := pos
	for _, u := range usi {
		m, err := q.ParseUSIMove(u)
		if err != nil {
			t.Fatalf("%s: %v", u, err)
		}
		line = append(line, m)
		q.DoMove(m)
	}
	return pos, line
}

// The fifty-sixth read's mate-in-5 (its problem 19) and the last five
// plies of its mate-in-7 (problem 28), one file apart, read alike; so
// does the mate-in-5's mirror image. Another mate-in-5 of the sheet
// (problem 20) reads otherwise, and a mate-in-3 has no last five.
func TestLastFive(t *testing.T) {
	const want = "+R m -2 0 K 0 1 G d 0 1 x G +B m 1 -1"
	for _, c := range []struct {
		name, sfen string
		line       []string
		want       string
	}{
		{"19", "2k1+B4/1g7/3s5/9/R8/9/9/9/9 b Grb2g3s4n4l18p 1", []string{"9e9a+", "7a7b", "G*7c", "8b7c", "5a6a"}, want},
		{"28", "2k2+B3/2g6/4s4/9/9/9/9/1+R7/9 b 2Grbg3s4n4l18p 1", []string{"G*6a", "7a6a", "8h8a", "6a6b", "G*6c", "7b6c", "4a5a"}, want},
		{"19 mirrored", "4+B1k2/7g1/5s3/9/8R/9/9/9/9 b Grb2g3s4n4l18p 1", []string{"1e1a+", "3a3b", "G*3c", "2b3c", "5a4a"}, want},
		{"20", "4sk1g1/5g3/4PSL2/3B5/9/9/9/9/9 b N2rb2g2s3n3l17p 1", []string{"5c5b+", "4b5b", "3c3a+", "2a3a", "N*3c"}, ""},
		{"a mate-in-3", "+BS7/1sg6/1k7/lgp6/9/9/9/9/9 b Rrb2g2s4n3l17p 1", []string{"R*9c", "8c9c", "9a9b"}, ""},
	} {
		pos, line := playUSI(t, c.sfen, c.line...)
		got := LastFive(&pos, line)
		switch {
		case c.want != "" && got != c.want:
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		case c.want == "" && len(line) >= 5 && got == want:
			t.Errorf("%s: %q, the same as 19's", c.name, got)
		case c.want == "" && len(line) < 5 && got != "":
			t.Errorf("%s: %q, want none", c.name, got)
		}
	}
}
