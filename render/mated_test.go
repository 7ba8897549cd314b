package render

import (
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/variant"
)

// Positions after a mate: White mated (the README's mate-in-3 after
// B*3c 1a1b 3c2b+) and Black mated (G*9h from White's hand).
const (
	whiteMatedSFEN = "9/7+Bk/9/7Rs/9/9/9/9/9 w - 4"
	blackMatedSFEN = "9/9/9/9/9/9/9/g7r/K8 b - 2"
)

// TestTextSaysMated checks that the text board of a position whose side
// to move is mated says so, not whose move it is.
func TestTextSaysMated(t *testing.T) {
	for _, c := range []struct{ sfen, last string }{
		{whiteMatedSFEN, "White is mated"},
		{blackMatedSFEN, "Black is mated"},
		{"9/7+Bk/9/9/9/9/9/9/9 w - 4", "White to move"}, // in check, but the king takes the horse
		{problemSFEN, "Black to move"},
	} {
		p := mustSFEN(t, c.sfen)
		lines := strings.Split(strings.TrimSuffix(Text(&p), "\n"), "\n")
		if got := lines[len(lines)-1]; got != c.last {
			t.Errorf("%s: last line %q, want %q", c.sfen, got, c.last)
		}
		vp, err := variant.ParseSFEN(c.sfen)
		if err != nil {
			t.Fatal(err)
		}
		if got := FairyText(&vp); !strings.HasSuffix(got, c.last+"\n") {
			t.Errorf("%s: FairyText ends %q, want %q", c.sfen, got[max(0, len(got)-20):], c.last)
		}
	}
}

// TestSVGSaysMated checks that the picture of a mated position has 詰み
// under the board (whichever side is mated) and not 後手番.
func TestSVGSaysMated(t *testing.T) {
	for _, c := range []struct{ sfen, turn string }{
		{whiteMatedSFEN, "詰み"},
		{blackMatedSFEN, "詰み"},
		{"9/7+Bk/9/9/9/9/9/9/9 w - 4", "後手番"},
		{problemSFEN, ""},
	} {
		p := mustSFEN(t, c.sfen)
		s := parseSVG(t, SVG(&p, SVGOptions{TextGlyphs: true}))
		joined := strings.Join(s.texts, "")
		for _, turn := range []string{"詰み", "後手番"} {
			if strings.Contains(joined, turn) != (turn == c.turn) {
				t.Errorf("%s: the picture draws %q; want the turn line %q", c.sfen, joined, c.turn)
			}
		}
	}
}
