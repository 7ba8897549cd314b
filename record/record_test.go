package record

import (
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

func TestBOD(t *testing.T) {
	p, err := shogi.ParseSFEN("4pkn2/9/5G3/9/9/9/9/9/9 b L2r2b3g4s3n3l17p 1")
	if err != nil {
		t.Fatal(err)
	}
	want := `後手の持駒：飛二　角二　金三　銀四　桂三　香三　歩十七
  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
| ・ ・ ・ ・v歩v玉v桂 ・ ・|一
| ・ ・ ・ ・ ・ ・ ・ ・ ・|二
| ・ ・ ・ ・ ・ 金 ・ ・ ・|三
| ・ ・ ・ ・ ・ ・ ・ ・ ・|四
| ・ ・ ・ ・ ・ ・ ・ ・ ・|五
| ・ ・ ・ ・ ・ ・ ・ ・ ・|六
| ・ ・ ・ ・ ・ ・ ・ ・ ・|七
| ・ ・ ・ ・ ・ ・ ・ ・ ・|八
| ・ ・ ・ ・ ・ ・ ・ ・ ・|九
+---------------------------+
先手の持駒：香
`
	if got := BOD(&p); got != want {
		t.Errorf("BOD:\n%s\nwant:\n%s", got, want)
	}
}

func TestKIFProblem(t *testing.T) {
	p, err := shogi.ParseSFEN("4pkn2/9/5G3/9/9/9/9/9/9 b L2r2b3g4s3n3l17p 1")
	if err != nil {
		t.Fatal(err)
	}
	m, err := p.ParseUSIMove("L*4b")
	if err != nil {
		t.Fatal(err)
	}
	got, err := KIF(&p, []shogi.Move{m}, []KIFHeader{{"表題", "一手詰 1"}}, true)
	if err != nil {
		t.Fatal(err)
	}
	want := "表題：一手詰 1\n" + BOD(&p) + "手数----指手---------消費時間--\n" +
		"   1 ４二香打         ( 0:00/00:00:00)\n" + "まで1手で詰み\n"
	if got != want {
		t.Errorf("KIF:\n%s\nwant:\n%s", got, want)
	}
}

func TestKIFStartposAndIllegalMove(t *testing.T) {
	p := shogi.Startpos()
	m, _ := p.ParseUSIMove("7g7f")
	got, err := KIF(&p, []shogi.Move{m}, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	want := "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)       ( 0:00/00:00:00)\n"
	if got != want {
		t.Errorf("KIF:\n%q\nwant:\n%q", got, want)
	}
	if _, err := KIF(&p, []shogi.Move{m, m}, nil, false); err == nil {
		t.Error("KIF accepted an illegal second move")
	}
}
