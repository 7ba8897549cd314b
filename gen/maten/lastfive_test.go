package maten

import "testing"

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
		pos, l := line(t, c.sfen, c.line...)
		got := LastFive(&pos, l)
		switch {
		case c.want != "" && got != c.want:
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		case c.want == "" && len(l) >= 5 && got == want:
			t.Errorf("%s: %q, the same as 19's", c.name, got)
		case c.want == "" && len(l) < 5 && got != "":
			t.Errorf("%s: %q, want none", c.name, got)
		}
	}
}

// The fifty-eighth read's mate-in-3 9 and the last three plies of its
// mate-in-5 19 read alike (a gold stepping into the corner for the silver
// to take, a silver or a bishop dropped on the square it left), as do
// the fifty-seventh read's 1 and the end of its 14 (a promoted pawn or
// lance taken by the silver, then a knight); a line's last three plies
// with another square read otherwise, and a mate-in-1 has none.
func TestLastThree(t *testing.T) {
	read := func(sfen string, usi ...string) string {
		pos, l := line(t, sfen, usi...)
		return LastThree(&pos, l)
	}
	corner := read("1G+R6/ks7/sn7/9/9/9/9/9/9 b Sr2b3gs3n4l18p 1", "8a9a", "8b9a", "S*8a")
	if got := read("k1G+R5/1s7/sp7/N8/9/9/9/9/9 b Brb3g2s3n4l17p 1", "7a8a", "9a9b", "8a9a", "8b9a", "B*8a"); got != corner || corner == "" {
		t.Errorf("read 58's 19 ends %q, its 9 %q: want them alike", got, corner)
	}
	knight := read("3gk4/4sP3/5G3/4N4/9/9/9/9/9 b N2r2b2g3s2n4l17p 1", "4b4a+", "5b4a", "N*6c")
	if got := read("2g6/2ksL4/4S4/+R4N3/9/9/9/9/9 b GNr2b2g2s2n3l18p 1", "G*8c", "7b6a", "5b5a+", "6b5a", "N*7c"); got != knight || knight == "" {
		t.Errorf("read 57's 14 ends %q, its 1 %q: want them alike", got, knight)
	}
	if knight == corner {
		t.Errorf("the two endings read alike: %q", knight)
	}
	if got := read("+BS7/1sg6/1k7/lgp6/9/9/9/9/9 b Rrb2g2s4n3l17p 1", "R*9c"); got != "" {
		t.Errorf("a mate-in-1 ends %q, want none", got)
	}
	if corner != "m 0 -1 x S d -1 -1" {
		t.Errorf("read 58's 9 ends %q, want %q", corner, "m 0 -1 x S d -1 -1")
	}
}
