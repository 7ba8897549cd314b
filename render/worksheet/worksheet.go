// Package worksheet writes printable worksheets of tsume problems: an A4
// HTML page of diagrams, three to a row, with the answer key on a page of
// its own. tsume generate --format svg writes one beside its pictures;
// tsume serve makes one from the problems of a bank.
package worksheet

import (
	"fmt"
	"html"
	"slices"
	"strconv"
	"strings"

	"github.com/tsume-shogi/tsume/render"
	"github.com/tsume-shogi/tsume/shogi"
)

// Sheet is a worksheet: its problems, of one length or of several, and a
// line of text about them.
type Sheet struct {
	// Plies is the length of the problems, which names the sheet
	// (三手詰 — Black to play and mate in 3). 0 takes it from the
	// problems (Problem.Plies): their length when they share one, 1 on a
	// sheet without problems; a sheet of several lengths names them all
	// (三手詰・五手詰 — Black to play and mate in 3 or 5).
	Plies int
	// About is the line under the title; empty for "No problems yet." on
	// an empty sheet and nothing on another.
	About    string
	Problems []Problem
}

// Problem is one problem of a sheet.
type Problem struct {
	Number int    // from 1, shown in the answer key
	Plies  int    // the length of its solution (0: the sheet's)
	SFEN   string // the position, in the picture's alternative text
	// Picture is the address of the problem's picture ("0001.svg"), shown
	// with an <img> element; when SVG is set the picture is written into
	// the page instead, and Picture is ignored.
	Picture string
	SVG     []byte
	// Answer is the solution in Japanese (▲５二金打 …) and AnswerUSI the
	// same in USI (G*5b …), moves separated by spaces.
	Answer    string
	AnswerUSI string
	// Themes names the themes of the solution for the answer key, as
	// theme.Summary writes them ("1手目 捨て駒、3手目 頭金"); "" writes none.
	Themes string
	// Variations are the defender's alternatives the answer key lists
	// under the solution (変化: its other replies but the futile
	// interpositions), each from its ply to the mate, as
	// report.AnswerVariations writes them ("4手目 △１三玉 ▲１四香打まで5手").
	Variations []string
}

// NewProblem returns the sheet's problem number n for the position p and
// its solution line: the answers in Japanese and USI, the SFEN, and no
// picture.
func NewProblem(n int, p *shogi.Position, line []shogi.Move) Problem {
	return Problem{Number: n, Plies: len(line), SFEN: p.SFEN(), Answer: JapaneseLine(p, line), AnswerUSI: USILine(line)}
}

// Picture returns the SVG picture of problem n: the position p under the
// title 第n問, with its characters as text when text is set. plies, when
// not 0, names the problem's length in the title too (第n問 五手詰), as a
// sheet of several lengths shows them.
func Picture(n, plies int, p *shogi.Position, text bool) []byte {
	title := "第" + strconv.Itoa(n) + "問"
	if plies > 0 {
		title += " " + LengthTitle(plies)
	}
	return render.SVG(p, render.SVGOptions{Title: title, TextGlyphs: text})
}

// CSS lays the problems out three to a row on A4 paper (two on a narrow
// screen) and starts the answers on a new page.
const CSS = `
@page { size: A4; margin: 12mm; }
* { box-sizing: border-box; }
body { margin: 0 auto; padding: 8mm 4mm; max-width: 200mm; color: #2b2118; background: #fff;
  font-family: ` + render.FontFamily + `; }
h1 { font-size: 17pt; margin: 0 0 1.5mm; font-weight: bold; }
p.about { font-size: 9pt; margin: 0 0 5mm; color: #5b4633; }
.problems { display: grid; grid-template-columns: repeat(3, 1fr); gap: 5mm 6mm; }
figure { margin: 0; break-inside: avoid; page-break-inside: avoid; }
figure img { display: block; width: 100%; height: auto; }
section.answers { break-before: page; page-break-before: always; padding-top: 8mm; }
ol.answers { columns: 3; column-gap: 8mm; margin: 0; padding-left: 3em; font-size: 11pt; line-height: 1.9; }
ol.answers li { break-inside: avoid; }
ol.answers .themes, ol.answers .variation { font-size: 9.5pt; color: #5b4633; }
ol.answers code { font-family: ui-monospace, 'DejaVu Sans Mono', Menlo, Consolas, monospace; font-size: 9.5pt; color: #5b4633; margin-left: 0.6em; }
@media screen and (max-width: 640px) { .problems { grid-template-columns: repeat(2, 1fr); } ol.answers { columns: 2; } }
@media print { body { padding: 0; max-width: none; } section.answers { padding-top: 0; } }
`

// inlineCSS sizes the pictures written into the page as the <img>
// elements are sized.
const inlineCSS = "figure svg { display: block; width: 100%; height: auto; }\n"

// Title returns the sheet's title: 三手詰 — Black to play and mate in 3,
// or for a sheet of several lengths 三手詰・五手詰 — Black to play and
// mate in 3 or 5.
func (s *Sheet) Title() string {
	ls := s.Lengths()
	ja := make([]string, len(ls))
	en := make([]string, len(ls))
	for i, n := range ls {
		ja[i], en[i] = LengthTitle(n), strconv.Itoa(n)
	}
	last := len(en) - 1
	in := en[last]
	if last > 0 {
		in = strings.Join(en[:last], ", ") + " or " + en[last]
	}
	return fmt.Sprintf("%s — Black to play and mate in %s", strings.Join(ja, "・"), in)
}

// Lengths returns the lengths of the sheet's problems, shortest first:
// Plies when set, else those of the problems, [1] when there are none.
func (s *Sheet) Lengths() []int {
	if s.Plies > 0 {
		return []int{s.Plies}
	}
	var ls []int
	for _, p := range s.Problems {
		if p.Plies > 0 && !slices.Contains(ls, p.Plies) {
			ls = append(ls, p.Plies)
		}
	}
	if len(ls) == 0 {
		return []int{1}
	}
	slices.Sort(ls)
	return ls
}

// HTML returns the worksheet page.
func (s *Sheet) HTML() []byte {
	var b strings.Builder
	about := s.About
	if about == "" && len(s.Problems) == 0 {
		about = "No problems yet."
	}
	n := s.Lengths()[0]
	title := s.Title()
	inline := false
	for _, p := range s.Problems {
		inline = inline || p.SVG != nil
	}
	b.WriteString("<!DOCTYPE html>\n<html lang=\"ja\">\n<head>\n<meta charset=\"utf-8\">\n")
	b.WriteString("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
	b.WriteString("<title>" + html.EscapeString(title) + "</title>\n")
	b.WriteString("<style>" + CSS)
	if inline {
		b.WriteString(inlineCSS)
	}
	b.WriteString("</style>\n</head>\n<body>\n")
	b.WriteString("<section>\n<h1>" + html.EscapeString(title) + "</h1>\n")
	if about != "" {
		b.WriteString("<p class=\"about\">" + html.EscapeString(about) + "</p>\n")
	}
	b.WriteString("<div class=\"problems\">\n")
	for _, p := range s.Problems {
		plies := n
		if s.Plies == 0 && p.Plies > 0 {
			plies = p.Plies
		}
		alt := fmt.Sprintf("Problem %d: Black to play and mate in %d. SFEN %s", p.Number, plies, p.SFEN)
		if p.SVG != nil {
			fmt.Fprintf(&b, "<figure id=\"p%d\" role=\"img\" aria-label=\"%s\">", p.Number, html.EscapeString(alt))
			b.Write(svgElement(p.SVG))
			b.WriteString("</figure>\n")
			continue
		}
		fmt.Fprintf(&b, "<figure id=\"p%d\"><img src=\"%s\" alt=\"%s\"></figure>\n",
			p.Number, html.EscapeString(p.Picture), html.EscapeString(alt))
	}
	b.WriteString("</div>\n</section>\n")
	b.WriteString("<section class=\"answers\">\n<h1>解答 — Answers</h1>\n<ol class=\"answers\">\n")
	for _, p := range s.Problems {
		fmt.Fprintf(&b, "<li value=\"%d\">%s<code>%s</code>", p.Number, html.EscapeString(p.Answer), html.EscapeString(p.AnswerUSI))
		if p.Themes != "" {
			fmt.Fprintf(&b, "<br><span class=\"themes\">手筋：%s</span>", html.EscapeString(p.Themes))
		}
		for _, v := range p.Variations {
			fmt.Fprintf(&b, "<br><span class=\"variation\">変化：%s</span>", html.EscapeString(v))
		}
		b.WriteString("</li>\n")
	}
	b.WriteString("</ol>\n</section>\n</body>\n</html>\n")
	return []byte(b.String())
}

// svgElement returns the <svg> element of an SVG document, without the
// XML declaration an HTML page cannot hold.
func svgElement(doc []byte) []byte {
	s := string(doc)
	if i := strings.Index(s, "<svg"); i > 0 {
		s = s[i:]
	}
	return []byte(strings.TrimSpace(s))
}

// JapaneseLine writes line, played from p, in Japanese (▲２三桂打 △同　玉 …),
// its moves separated by spaces.
func JapaneseLine(p *shogi.Position, line []shogi.Move) string {
	q := *p
	prev := shogi.NoSquare
	parts := make([]string, len(line))
	for i, m := range line {
		parts[i] = q.JapaneseMove(m, prev, shogi.JapaneseStyle{Mark: true})
		q.DoMove(m)
		prev = m.To()
	}
	return strings.Join(parts, " ")
}

// USILine writes line in USI, its moves separated by spaces.
func USILine(line []shogi.Move) string {
	parts := make([]string, len(line))
	for i, m := range line {
		parts[i] = m.String()
	}
	return strings.Join(parts, " ")
}

// LengthTitle names a problem of n plies as composers do: 一手詰, 三手詰,
// …, 十一手詰, 二十五手詰.
func LengthTitle(n int) string {
	digits := []string{"", "一", "二", "三", "四", "五", "六", "七", "八", "九"}
	var s string
	switch t, u := n/10, n%10; {
	case n <= 0 || n >= 100:
		s = strconv.Itoa(n)
	case t == 0:
		s = digits[u]
	case t == 1:
		s = "十" + digits[u]
	default:
		s = digits[t] + "十" + digits[u]
	}
	return s + "手詰"
}
