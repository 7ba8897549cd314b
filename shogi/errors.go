package shogi

import (
	"fmt"
	"unicode/utf8"
)

// SyntaxError reports text that could not be parsed: what was being
// parsed, the input, where in it (a byte offset, or -1 when the whole input
// is at fault) and what was wrong. Its message quotes the character at
// the offset, decoded whole when it is not ASCII.
type SyntaxError struct {
	What   string // "SFEN", "square", "USI move", …
	Field  string // the SFEN field, if any: "board", "side to move", "hands", "move number"
	Input  string
	Offset int
	Msg    string
}

func (e *SyntaxError) Error() string {
	s := "shogi: bad " + e.What
	if e.Field != "" {
		s += " (" + e.Field + " field)"
	}
	if e.Offset >= 0 && e.Offset < len(e.Input) {
		r, _ := utf8.DecodeRuneInString(e.Input[e.Offset:])
		s += fmt.Sprintf(" at offset %d (%q)", e.Offset, r)
	} else if e.Offset >= 0 {
		s += fmt.Sprintf(" at offset %d (end of input)", e.Offset)
	}
	return s + ": " + e.Msg
}
