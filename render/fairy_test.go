package render

import (
	"bytes"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

func TestFairyStandardSameAsShogi(t *testing.T) {
	for _, s := range []string{shogi.StartSFEN, "ln1g5/1r2S1k2/p2pppn2/2ps2p1p/1p7/2P6/PPSPPPPLP/2G2K1pr/LN4G1b w BGSLPnp 62"} {
		sp, err := shogi.ParseSFEN(s)
		if err != nil {
			t.Fatal(err)
		}
		vp := variant.FromShogi(&sp)
		if got, want := FairyText(&vp), Text(&sp); got != want {
			t.Errorf("%s: FairyText\n%s\nText\n%s", s, got, want)
		}
		opts := SVGOptions{Title: "t", Highlight: shogi.NoMove}
		if !bytes.Equal(FairySVG(&vp, opts), SVG(&sp, opts)) {
			t.Errorf("%s: FairySVG differs from SVG", s)
		}
	}
}

func TestFairyText(t *testing.T) {
	p, err := variant.ParseSFEN("7$(li)k/9/9/9/9/9/9/9/$B8 b (GH)2P 1")
	if err != nil {
		t.Fatal(err)
	}
	want := `White's hand: none
      9     8     7     6     5     4     3     2     1
+------------------------------------------------------+
|     .     .     .     .     .     .     . $(li)     k| a 一
|     .     .     .     .     .     .     .     .     .| b 二
|     .     .     .     .     .     .     .     .     .| c 三
|     .     .     .     .     .     .     .     .     .| d 四
|     .     .     .     .     .     .     .     .     .| e 五
|     .     .     .     .     .     .     .     .     .| f 六
|     .     .     .     .     .     .     .     .     .| g 七
|     .     .     .     .     .     .     .     .     .| h 八
|    $B     .     .     .     .     .     .     .     .| i 九
+------------------------------------------------------+
Black's hand: P2 (GH)
Black to move
Fairy: (LI) lion 獅, (GH) grasshopper グ; $ a royal piece (異王)
`
	if got := FairyText(&p); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestFairySVG(t *testing.T) {
	p, err := variant.ParseSFEN("7$(li)k/9/9/9/9/9/9/9/$B8 b (GH)2P 1")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		opts  SVGOptions
		kanji []string
	}{
		{SVGOptions{TextGlyphs: true}, []string{">獅</text>", ">角</text>", ">グ</text>"}},
		{SVGOptions{}, []string{`"#tsume-7345"`, `"#tsume-89d2"`, `"#tsume-30b0"`}},
	} {
		svg := string(FairySVG(&p, c.opts))
		for _, want := range append([]string{
			`class="piece white royal"`, `class="piece black royal"`, `<circle class="ring"`,
			"<desc>SFEN 7$(li)k/9/9/9/9/9/9/9/$B8 b 2P(GH) 1</desc>",
		}, c.kanji...) {
			if !strings.Contains(svg, want) {
				t.Errorf("%+v: no %q in the picture", c.opts, want)
			}
		}
		if n := strings.Count(svg, `<circle class="ring"`); n != 2 {
			t.Errorf("%+v: %d rings, want 2 (the king is not ringed)", c.opts, n)
		}
	}
}
