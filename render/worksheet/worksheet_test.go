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
	b := NewProblem(2, &p, line)
	b.SVG = Picture(2, &p, false)
	s := Sheet{Plies: 3, About: "two <problems>", Problems: []Problem{a, b}}
	page := string(s.HTML())
	for _, want := range []string{
		"<title>三手詰 — Black to play and mate in 3</title>",
		`<p class="about">two &lt;problems&gt;</p>`,
		`<figure id="p1"><img src="0001.svg" alt="Problem 1: Black to play and mate in 3. SFEN ` + p.SFEN() + `"></figure>`,
		`<figure id="p2" role="img" aria-label="Problem 2: Black to play and mate in 3. SFEN ` + p.SFEN() + `"><svg `,
		`<li value="1">▲３二馬 △５一玉 ▲４一馬<code>2a3b 4b5a 3b4a</code></li>`,
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

func TestLengthTitle(t *testing.T) {
	for n, want := range map[int]string{1: "一手詰", 3: "三手詰", 11: "十一手詰", 25: "二十五手詰", 30: "三十手詰", 0: "0手詰", 101: "101手詰"} {
		if got := LengthTitle(n); got != want {
			t.Errorf("LengthTitle(%d) = %q, want %q", n, got, want)
		}
	}
}
