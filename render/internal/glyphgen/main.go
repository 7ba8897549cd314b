// Command glyphgen writes the outlines of the characters that package
// render draws on its SVG boards, taken from a TrueType or OpenType font,
// as a Go file for package render/internal/glyphs. It runs once, by hand
// or through go generate in that package, on a machine that has the font;
// the file it writes is committed, so that neither the font nor this
// command's font parser is needed to build or run render. The file's
// header names the IPA Font License, under which IPAex Mincho, the
// default font, is distributed: the outlines of another font need that
// font's licence there and in the directory's LICENSE.
//
// Usage:
//
//	go run ./render/internal/glyphgen -font /usr/share/fonts/opentype/ipaexfont-mincho/ipaexm.ttf -out render/internal/glyphs/outlines.go
package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	fontPath := flag.String("font", defaultFont, "the font `FILE` to take the outlines from")
	out := flag.String("out", "outlines.go", "write the Go file to `FILE`")
	em := flag.Int("em", unitsPerEm, "scale the outlines to `N` units per em")
	flag.Parse()
	data, err := os.ReadFile(*fontPath)
	if err != nil {
		fmt.Fprintln(os.Stderr, "glyphgen:", err)
		os.Exit(1)
	}
	src, err := generate(data, *fontPath, chars, *em)
	if err != nil {
		fmt.Fprintln(os.Stderr, "glyphgen:", err)
		os.Exit(1)
	}
	if err := os.WriteFile(*out, src, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "glyphgen:", err)
		os.Exit(1)
	}
}
