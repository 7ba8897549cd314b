package render

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/render/internal/glyphs"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// outlineChar returns the character whose outline href ("#tsume-6b69")
// refers to.
func outlineChar(t *testing.T, href string) string {
	t.Helper()
	hex, ok := strings.CutPrefix(href, "#"+glyphID)
	if !ok {
		t.Fatalf("<use> of %q, not of an outline", href)
	}
	r, err := strconv.ParseInt(hex, 16, 32)
	if err != nil {
		t.Fatalf("<use> of %q: %v", href, err)
	}
	return string(rune(r))
}

var (
	defRE = regexp.MustCompile(`<path id="([^"]+)" d="[^"]*"/>`)
	useRE = regexp.MustCompile(`<use xlink:href="#([^"]+)"`)
)

// checkOutlineOnly checks that data, drawn in the outline form, has no
// <text> but its title when textTitle, and that it defines every outline
// it uses once and no other. It returns what parseSVG gathers.
func checkOutlineOnly(t *testing.T, what string, data []byte, textTitle bool) svgSummary {
	t.Helper()
	s := parseSVG(t, data)
	want := 0
	if textTitle {
		want = 1
		if !bytes.Contains(data, []byte(`<text class="title"`)) {
			t.Errorf("%s: no title", what)
		}
	}
	if n := bytes.Count(data, []byte("<text")); n != want {
		t.Errorf("%s: %d <text> elements, want %d", what, n, want)
	}
	defined := map[string]int{}
	for _, m := range defRE.FindAllSubmatch(data, -1) {
		defined[string(m[1])]++
	}
	used := map[string]bool{}
	for _, m := range useRE.FindAllSubmatch(data, -1) {
		used[string(m[1])] = true
		if defined[string(m[1])] != 1 {
			t.Errorf("%s: %s is used and defined %d times", what, m[1], defined[string(m[1])])
		}
	}
	for id := range defined {
		if !used[id] {
			t.Errorf("%s: %s is defined and never used", what, id)
		}
	}
	if len(used) == 0 || s.outlines == 0 {
		t.Errorf("%s: no outlines", what)
	}
	return s
}

// TestOutlineFormHasNoBoardText draws positions with every part of the
// picture (pieces of both sides, promoted ones, hands full and empty,
// 後手番, titles) and checks that only a title with a character that has
// no outline is text.
func TestOutlineFormHasNoBoardText(t *testing.T) {
	for _, sfen := range []string{problemSFEN, matsuriSFEN, shogi.StartSFEN, "9/9/9/9/9/9/9/9/9 w - 1", whiteMatedSFEN} {
		p := mustSFEN(t, sfen)
		for _, title := range []string{"", "第12問", "三手詰", "Problem 1", "一手詰 解答"} {
			textTitle := title == "Problem 1" || title == "一手詰 解答"
			data := SVG(&p, SVGOptions{Title: title})
			s := checkOutlineOnly(t, sfen, data, textTitle)
			if title != "" && !textTitle && !bytes.Contains(data, []byte(`<g class="title"`)) {
				t.Errorf("%s: title %q not drawn as outlines", sfen, title)
			}
			joined := strings.Join(s.texts, "")
			for _, want := range []string{"１２３４５６７８９", "一二三四五六七八九", "△持駒", "▲持駒"} {
				if !strings.Contains(joined, want) {
					t.Errorf("%s: %q not drawn in %q", sfen, want, joined)
				}
			}
			// The text form draws the same characters, as text.
			ts := parseSVG(t, SVG(&p, SVGOptions{Title: title, TextGlyphs: true}))
			if tj := strings.Join(ts.texts, ""); ts.outlines != 0 || tj != joined {
				t.Errorf("%s: the text form draws %q (%d outlines), the outline form %q", sfen, tj, ts.outlines, joined)
			}
		}
	}
	q, err := variant.ParseSFEN("7$(li)k/9/9/9/9/9/9/9/$B8 b (GH)2P 1")
	if err != nil {
		t.Fatal(err)
	}
	checkOutlineOnly(t, "fairy", FairySVG(&q, SVGOptions{}), false)
}

// TestEveryCharacterHasAnOutline draws every kind of the variant layer
// (the standard kinds, promoted ones included, and the fairy kinds) for
// both sides, on the board and, where it can be, in the hand with every
// count a hand can hold, and checks that no character falls back to
// text.
func TestEveryCharacterHasAnOutline(t *testing.T) {
	for k := shogi.Pawn; k < variant.NumKinds; k++ {
		for c := range shogi.Color(2) {
			var p variant.Position
			p.Put(shogi.NewSquare(5, 5), variant.NewPiece(c, k, false))
			p.SetSideToMove(c)
			what := variant.Def(k).Name + " " + c.String()
			s := checkOutlineOnly(t, what, FairySVG(&p, SVGOptions{}), false)
			if !contains(s.texts, variant.Def(k).Kanji) {
				t.Errorf("%s: %q not drawn in %q", what, variant.Def(k).Kanji, s.texts)
			}
		}
	}
	for _, k := range variant.HandKinds() {
		for n := 1; n <= 31; n++ {
			var p variant.Position
			var h variant.Hand
			h = h.Set(k, n)
			p.SetHand(shogi.Black, h)
			p.SetHand(shogi.White, h)
			what := variant.Def(k).Name + " ×" + strconv.Itoa(n)
			s := checkOutlineOnly(t, what, FairySVG(&p, SVGOptions{}), false)
			want := variant.Def(k).Kanji
			if n > 1 {
				want += kanjiCount(n)
			}
			if joined := strings.Join(s.texts, ""); strings.Count(joined, want) != 2 {
				t.Errorf("%s: %q not drawn twice in %q", what, want, joined)
			}
		}
	}
	for k := shogi.Pawn; k < shogi.NumKinds; k++ {
		if !hasOutlines(svgNames[k]) {
			t.Errorf("no outline for %s %q", k, svgNames[k])
		}
	}
	for _, s := range []string{"後手番", "▲持駒", "△持駒", "なし", strings.Join(fullWidthDigits[:], ""), strings.Join(kanjiDigits[:], "") + "十"} {
		if !hasOutlines(s) {
			t.Errorf("no outline for a character of %q", s)
		}
	}
	if hasOutlines("") || hasOutlines("歩x") {
		t.Errorf("hasOutlines of the empty string or of a character without an outline")
	}
	if _, ok := glyphs.Lookup('x'); ok {
		t.Errorf("an outline for 'x'")
	}
}
