package worksheet

import (
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

func TestSheetHTML(t *testing.T) {
	p, err := shogi.ParseSFEN("3gR1+S+B1/3l1k3/9/9/9/9/9/9/9 b rb3g3s4n3l18p 1")
	if err != nil {
		t.Fatal(err)
	}
	var line []shogi.Move
	q := p
	for _, s := range []string{"2a3b", "4b5a", "3b4a"} {
		m, err := q.ParseUSIMove(s)
		if err != nil {
			t.Fatal(err)
		}
		line = append(line, m)
		q.DoMove(m)
	}
	a := NewProblem(1, &p, line)
	a.Picture = "0001.svg"
	if a.Plies != 3 {
		t.Errorf("NewProblem of a line of 3 plies: Plies %d", a.Plies)
	}
	b := NewProblem(2, &p, line)
	b.SVG = Picture(2, 0, &p, false)
	b.Variations = []string{"2手目 △<x> ▲４一馬まで3手"}
	s := Sheet{Plies: 3, About: "two <problems>", Problems: []Problem{a, b}}
	page := string(s.HTML())
	for _, want := range []string{
		"<title>三手詰 — Black to play and mate in 3</title>",
		`<p class="about">two &lt;problems&gt;</p>`,
		`<figure id="p1"><img src="0001.svg" alt="Problem 1: Black to play and mate in 3. SFEN ` + p.SFEN() + `"></figure>`,
		`<figure id="p2" role="img" aria-label="Problem 2: Black to play and mate in 3. SFEN ` + p.SFEN() + `"><svg `,
		`<li value="1">▲３二馬 △５一玉 ▲４一馬<code>2a3b 4b5a 3b4a</code></li>`,
		`<code>2a3b 4b5a 3b4a</code><br><span class="variation">変化：2手目 △&lt;x&gt; ▲４一馬まで3手</span></li>`,
		"break-before: page",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q:\n%s", want, page)
		}
	}
	if strings.Count(page, "<?xml") != 0 {
		t.Errorf("an inline picture keeps its XML declaration")
	}
	if i, j := strings.Index(page, `class="problems"`), strings.Index(page, `class="answers"`); i < 0 || j < i {
		t.Errorf("the answers do not follow the problems")
	}
	empty := string((&Sheet{}).HTML())
	if !strings.Contains(empty, "No problems yet.") || !strings.Contains(empty, "一手詰") {
		t.Errorf("empty sheet:\n%s", empty)
	}
}

// A sheet of several lengths takes them from its problems: the title
// names each, the pictures and their alternative text the problem's own.
func TestSheetSeveralLengths(t *testing.T) {
	p, err := shogi.ParseSFEN("3gR1+S+B1/3l1k3/9/9/9/9/9/9/9 b rb3g3s4n3l18p 1")
	if err != nil {
		t.Fatal(err)
	}
	sfen := p.SFEN()
	a, b, c := Problem{Number: 1, Plies: 1, SFEN: sfen}, Problem{Number: 2, Plies: 5, SFEN: sfen}, Problem{Number: 3, Plies: 3, SFEN: sfen}
	s := Sheet{Problems: []Problem{a, b, c}}
	if got, want := s.Title(), "一手詰・三手詰・五手詰 — Black to play and mate in 1, 3 or 5"; got != want {
		t.Errorf("title %q, want %q", got, want)
	}
	page := string(s.HTML())
	if !strings.Contains(page, `alt="Problem 2: Black to play and mate in 5. SFEN`) {
		t.Errorf("problem 2's text does not say its length:\n%s", page)
	}
	if two := (&Sheet{Problems: []Problem{b, c}}).Title(); two != "三手詰・五手詰 — Black to play and mate in 3 or 5" {
		t.Errorf("title of two lengths %q", two)
	}
	if one := (&Sheet{Problems: []Problem{c}}).Title(); one != "三手詰 — Black to play and mate in 3" {
		t.Errorf("title of one length %q", one)
	}
	if pic := string(Picture(2, 5, &p, true)); !strings.Contains(pic, "第2問 五手詰") {
		t.Errorf("the picture of a sheet of several lengths does not name its length:\n%.400s", pic)
	}
}

func TestLengthTitle(t *testing.T) {
	for n, want := range map[int]string{1: "一手詰", 3: "三手詰", 11: "十一手詰", 25: "二十五手詰", 30: "三十手詰", 0: "0手詰", 101: "101手詰"} {
		if got := LengthTitle(n); got != want {
			t.Errorf("LengthTitle(%d) = %q, want %q", n, got, want)
		}
	}
}
