package cli

import (
	"fmt"
	"html"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/render"
	"github.com/tsume-shogi/tsume/shogi"
)

// worksheetIndex is the name of the worksheet page in the output directory.
const worksheetIndex = "index.html"

// worksheetRefresh is how often index.html is rewritten during a run; it
// is rewritten at the end of every run too, interrupted or not.
const worksheetRefresh = time.Second

// worksheet writes the svg format of generate: one picture per problem,
// DIR/0001.svg, DIR/0002.svg, …, and DIR/index.html, a printable
// worksheet showing them with the answers on a page of their own. Every
// file is written under a temporary name and renamed into place, so the
// directory never holds half a file, and index.html only ever lists
// pictures that exist.
type worksheet struct {
	dir       string
	svgText   bool // the pictures' characters as text, not outlines
	entries   []worksheetEntry
	method    string
	seed      uint64
	length    int // the plies of the problems (of the last one added)
	lastIndex time.Time
}

// worksheetEntry is one problem of the worksheet.
type worksheetEntry struct {
	number int    // from 1
	file   string // the picture's file name, "0001.svg"
	ja     string // the solution in Japanese, "▲５二金打" (moves separated by spaces)
	usi    string // the solution in USI, "G*5b"
	sfen   string
}

// newWorksheet creates dir if needed and writes an empty index.html. With
// svgText the pictures draw their characters as text.
func newWorksheet(dir string, svgText bool) (*worksheet, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	w := &worksheet{dir: dir, svgText: svgText}
	return w, w.writeIndex()
}

// add writes the picture of p and, at most once a second, index.html.
func (w *worksheet) add(p *problem.Problem) error {
	e := worksheetEntry{
		number: p.Provenance.Index + 1,
		file:   fmt.Sprintf("%04d.svg", p.Provenance.Index+1),
		ja:     japaneseLine(&p.Position, p.Line),
		usi:    usiLine(p.Line),
		sfen:   p.Position.SFEN(),
	}
	pic := render.SVG(&p.Position, render.SVGOptions{Title: "第" + strconv.Itoa(e.number) + "問", TextGlyphs: w.svgText})
	if err := writeFileAtomic(filepath.Join(w.dir, e.file), pic); err != nil {
		return err
	}
	w.entries = append(w.entries, e)
	w.method, w.seed, w.length = p.Provenance.Method, p.Provenance.Seed, len(p.Line)
	if time.Since(w.lastIndex) >= worksheetRefresh {
		return w.writeIndex()
	}
	return nil
}

// writeIndex rewrites index.html with every problem added so far.
func (w *worksheet) writeIndex() error {
	w.lastIndex = time.Now()
	return writeFileAtomic(filepath.Join(w.dir, worksheetIndex), []byte(w.html()))
}

// writeFileAtomic writes data to a temporary file beside path and renames
// it to path.
func writeFileAtomic(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".tsume-*.tmp")
	if err != nil {
		return err
	}
	_, werr := f.Write(data)
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Chmod(f.Name(), 0o644)
	}
	if werr == nil {
		werr = os.Rename(f.Name(), path)
	}
	if werr != nil {
		os.Remove(f.Name())
	}
	return werr
}

// worksheetCSS lays the problems out three to a row on A4 paper (two on
// a narrow screen) and starts the answers on a new page.
const worksheetCSS = `
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
ol.answers code { font-family: ui-monospace, 'DejaVu Sans Mono', Menlo, Consolas, monospace; font-size: 9.5pt; color: #5b4633; margin-left: 0.6em; }
@media screen and (max-width: 640px) { .problems { grid-template-columns: repeat(2, 1fr); } ol.answers { columns: 2; } }
@media print { body { padding: 0; max-width: none; } section.answers { padding-top: 0; } }
`

// html returns the worksheet page.
func (w *worksheet) html() string {
	var b strings.Builder
	n := len(w.entries)
	about := "No problems yet."
	if n > 0 {
		about = fmt.Sprintf("%d problem%s from tsume generate (method %s, seed %d). The answers are on the last page.",
			n, plural(n), w.method, w.seed)
	}
	b.WriteString("<!DOCTYPE html>\n<html lang=\"ja\">\n<head>\n<meta charset=\"utf-8\">\n")
	b.WriteString("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
	length := max(w.length, 1)
	title := fmt.Sprintf("%s — Black to play and mate in %d", lengthTitle(length), length)
	b.WriteString("<title>" + title + "</title>\n")
	b.WriteString("<style>" + worksheetCSS + "</style>\n</head>\n<body>\n")
	b.WriteString("<section>\n<h1>" + title + "</h1>\n")
	b.WriteString("<p class=\"about\">" + html.EscapeString(about) + "</p>\n")
	b.WriteString("<div class=\"problems\">\n")
	for _, e := range w.entries {
		fmt.Fprintf(&b, "<figure id=\"p%d\"><img src=\"%s\" alt=\"Problem %d: Black to play and mate in %d. SFEN %s\"></figure>\n",
			e.number, html.EscapeString(e.file), e.number, length, html.EscapeString(e.sfen))
	}
	b.WriteString("</div>\n</section>\n")
	b.WriteString("<section class=\"answers\">\n<h1>解答 — Answers</h1>\n<ol class=\"answers\">\n")
	for _, e := range w.entries {
		fmt.Fprintf(&b, "<li value=\"%d\">%s<code>%s</code></li>\n", e.number, html.EscapeString(e.ja), html.EscapeString(e.usi))
	}
	b.WriteString("</ol>\n</section>\n</body>\n</html>\n")
	return b.String()
}

// japaneseLine writes line, played from p, in Japanese (▲２三桂打 △同　玉 …).
func japaneseLine(p *shogi.Position, line []shogi.Move) string {
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

// usiLine writes line in USI, its moves separated by spaces.
func usiLine(line []shogi.Move) string {
	parts := make([]string, len(line))
	for i, m := range line {
		parts[i] = m.String()
	}
	return strings.Join(parts, " ")
}
