// Package glyphs holds the outlines of the characters package render
// draws on its SVG boards, so that a picture looks the same on every
// machine, whatever fonts it has. The outlines come from the font IPAex
// Mincho; they are distributed under the IPA Font License Agreement v1.0,
// whose text is in the file LICENSE of this directory, and README.md
// there says how they were made and how to use the original font
// instead. outlines.go is written by render/internal/glyphgen.
package glyphs

//go:generate go run ../glyphgen -out outlines.go

// Glyph is the outline of one character, in units of an em square of
// [UnitsPerEm], y downwards, with the origin on the baseline at the left
// end of the advance.
type Glyph struct {
	Advance int    // the horizontal advance
	Path    string // SVG path data, filled with the nonzero rule
}
