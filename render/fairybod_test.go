package render

import (
	"testing"

	"github.com/tsume-shogi/tsume/record"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// TestFairyBODStandard: a standard position gives record.BOD's diagram.
func TestFairyBODStandard(t *testing.T) {
	for _, sfen := range []string{
		"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
		"8l/6+P2/6Gpk/7N1/8p/9/9/9/9 w RB2G2S3N3L15P2rb 1",
	} {
		sp, err := shogi.ParseSFEN(sfen)
		if err != nil {
			t.Fatal(err)
		}
		vp := variant.FromShogi(&sp)
		if got, want := FairyBOD(&vp), record.BOD(&sp); got != want {
			t.Errorf("%s:\n%s\nwant\n%s", sfen, got, want)
		}
	}
}

func TestFairyBOD(t *testing.T) {
	p, err := variant.ParseSFEN("6$(li)1k/7p1/9/4(GH)4/9/9/9/9/$B8 w 2(GH)2Pl 1")
	if err != nil {
		t.Fatal(err)
	}
	r, _ := variant.ParseRules("tenjiku")
	p.SetRules(r)
	want := `後手の持駒：香
  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
| ・ ・ ・ ・ ・ ・v獅 ・v玉|一
| ・ ・ ・ ・ ・ ・ ・v歩 ・|二
| ・ ・ ・ ・ ・ ・ ・ ・ ・|三
| ・ ・ ・ ・ グ ・ ・ ・ ・|四
| ・ ・ ・ ・ ・ ・ ・ ・ ・|五
| ・ ・ ・ ・ ・ ・ ・ ・ ・|六
| ・ ・ ・ ・ ・ ・ ・ ・ ・|七
| ・ ・ ・ ・ ・ ・ ・ ・ ・|八
| 角 ・ ・ ・ ・ ・ ・ ・ ・|九
+---------------------------+
先手の持駒：歩二　グ二
異王：△３一獅　▲９九角
条件：tenjiku
後手番
`
	if got := FairyBOD(&p); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
