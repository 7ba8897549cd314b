package usi

import (
	"strings"

	"github.com/tsume-shogi/tsume/variant"
)

// fairyText is the info string for a position in fairy SFEN.
const fairyText = "fairy position (royal pieces or fairy kinds, docs/fairy.md): this engine plays and solves standard positions only; go mate answers checkmate notimplemented, go bestmove resign, until the next position"

// isFairyPosition reports whether the words after "position" that
// ParsePosition refused are "sfen" and a position in fairy SFEN (package
// variant) that is not a standard one: a position the engine cannot
// express, rather than a bad one.
func isFairyPosition(fields []string) bool {
	if len(fields) < 5 || fields[0] != "sfen" {
		return false
	}
	p, err := variant.ParseSFEN(strings.Join(fields[1:5], " "))
	return err == nil && !p.IsStandard()
}
