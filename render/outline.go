package render

import (
	"bytes"
	"strconv"

	"github.com/tsume-shogi/tsume/render/internal/glyphs"
)

// glyphID is the prefix of the ids of the outlines a picture defines: the
// outline of 歩 (U+6B69) is "tsume-6b69". Pictures placed in one page
// define the same outline under the same id.
const glyphID = "tsume-"

// boldStroke is the width, in units of the outlines' em square, of the
// stroke that thickens the kanji of a piece as the text form's bold does.
const boldStroke = glyphs.UnitsPerEm * 3 / 100

// hasOutlines reports whether every character of s has an outline.
func hasOutlines(s string) bool {
	for _, r := range s {
		if _, ok := glyphs.Lookup(r); !ok {
			return false
		}
	}
	return s != ""
}

// outline writes s as one <use> of a character's outline for each of its
// characters: the line of them centred on x, with its baseline at y and
// the font size size, as <text text-anchor="middle"> would write it.
// attrs (" fill=…") go on every <use>. The outlines used are defined once
// in the picture's <defs>.
func (d *drawing) outline(s string, x, y, size float64, attrs string) {
	k := size / glyphs.UnitsPerEm
	width := 0
	for _, r := range s {
		g, _ := glyphs.Lookup(r)
		width += g.Advance
	}
	left := x - float64(width)*k/2
	for _, r := range s {
		g, _ := glyphs.Lookup(r)
		if g.Path == "" { // a space
			left += float64(g.Advance) * k
			continue
		}
		d.use(r)
		d.printf(`<use xlink:href="#%s%x" transform="translate(%s %s) scale(%s)"%s/>`,
			glyphID, r, num(left), num(y), strconv.FormatFloat(k, 'g', 4, 64), attrs)
		left += float64(g.Advance) * k
	}
}

// use records that the picture uses the outline of r.
func (d *drawing) use(r rune) {
	for _, u := range d.used {
		if u == r {
			return
		}
	}
	d.used = append(d.used, r)
}

// defs returns the <defs> element that defines the outlines the picture
// uses, in the order of their first use, or nothing when it uses none.
func (d *drawing) defs() []byte {
	if len(d.used) == 0 {
		return nil
	}
	var b bytes.Buffer
	b.WriteString("<defs>\n")
	for _, r := range d.used {
		g, _ := glyphs.Lookup(r)
		b.WriteString(`<path id="` + glyphID + strconv.FormatInt(int64(r), 16) + `" d="` + g.Path + "\"/>\n")
	}
	b.WriteString("</defs>\n")
	return b.Bytes()
}
