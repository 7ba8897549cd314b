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

// Error returns "shogi: " and the Message.
func (e *SyntaxError) Error() string { return "shogi: " + e.Message() }

// Message says what was being read, where it went wrong (the character at
// the offset, quoted whole) and why, without the package name: "bad SFEN
// (board field) at offset 14 ('x'): unknown piece letter 'x'; …".
func (e *SyntaxError) Message() string {
	s := "bad " + e.What
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
