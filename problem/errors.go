package problem

import "fmt"

// ParseError reports a problem file that could not be read: the file, the
// line and the field at fault, and what was wrong with it. Err keeps its
// type: a bad SFEN is a *shogi.SyntaxError, an illegal move of a main line
// a *shogi.IllegalMoveError (errors.As finds them).
type ParseError struct {
	File  string // the file's name, as the caller gave it
	Line  int    // 1-based; 0 when the error concerns the whole file
	Field string // "plies", "sfen", "line", …; empty when the whole line is at fault
	Err   error
}

func (e *ParseError) Error() string {
	s := e.File
	if e.Line > 0 {
		s += fmt.Sprintf(":%d", e.Line)
	}
	if e.Field != "" {
		s += ": " + e.Field
	}
	return s + ": " + e.Err.Error()
}

// Unwrap returns the underlying error.
func (e *ParseError) Unwrap() error { return e.Err }
