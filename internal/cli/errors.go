package cli

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tsume-shogi/tsume/graph"
	"github.com/tsume-shogi/tsume/graph/shogigraph"
	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/record"
	"github.com/tsume-shogi/tsume/shogi"
)

// exitError is an error that carries the exit status to return; its message
// (if any) is printed after "tsume NAME: ".
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

// usageErrorf reports bad usage or bad input (ExitError), pointing to the
// command's help.
func usageErrorf(name string, format string, args ...any) error {
	return &exitError{ExitError, fmt.Sprintf(format, args...) + " (run 'tsume help " + name + "' for usage)"}
}

// inputError reports bad input (ExitError) with the message of err.
func inputError(err error) error {
	return &exitError{ExitError, message(err)}
}

// message returns the text of err for a person at a terminal: the
// structured fields of the library's error types, without the package
// names their Error methods start with (the command name already says
// where the message comes from). Other errors give their Error text.
func message(err error) string {
	var (
		ex  *exitError
		pe  *record.ParseError
		ipe *shogi.InvalidPositionError
		se  *shogi.SyntaxError
		ime *shogi.IllegalMoveError
		gpe *shogigraph.NotAProblemError
		gje *graph.JSONError
		gve *graph.ValidationError
		mpe *mate.NotAProblemError
		tme *mate.TooManyPiecesError
		ae  *mate.AllocError
		lpe *problem.ParseError
	)
	switch {
	case errors.As(err, &ex):
		return ex.msg
	case errors.As(err, &lpe):
		where := lpe.File
		if lpe.Line > 0 {
			where += ":" + strconv.Itoa(lpe.Line)
		}
		if lpe.Field != "" {
			where += ": " + lpe.Field
		}
		return where + ": " + message(lpe.Err)
	case errors.As(err, &gje):
		if gje.Line > 0 {
			return fmt.Sprintf("JSON: line %d, column %d: %s", gje.Line, gje.Column, gje.Msg)
		}
		return "JSON: " + gje.Msg
	case errors.As(err, &gve):
		return validationText(gve)
	case errors.As(err, &gpe):
		if gpe.Err != nil {
			return "not a tsume position: " + message(gpe.Err)
		}
		return "not a tsume position: " + gpe.Msg
	case errors.As(err, &mpe):
		return "not a tsume position: " + mpe.Msg
	case errors.As(err, &tme):
		return tme.Msg
	case errors.As(err, &ae):
		return fmt.Sprintf("cannot allocate a %d MB table: %v", ae.MB, ae.Err)
	case errors.As(err, &pe):
		return pe.Msg
	case errors.As(err, &ipe):
		return invalidPositionText(ipe)
	case errors.As(err, &se):
		return syntaxText(se)
	case errors.As(err, &ime):
		return "illegal move " + ime.Move + ": " + ime.Reason
	}
	return err.Error()
}

// maxShownProblems bounds the problems of a graph listed in a message.
const maxShownProblems = 10

// validationText lists the problems of a graph on one line, the first ten
// of them.
func validationText(e *graph.ValidationError) string {
	var b strings.Builder
	if len(e.Problems) > 1 {
		fmt.Fprintf(&b, "%d problems: ", len(e.Problems))
	}
	for i, p := range e.Problems {
		if i == maxShownProblems {
			fmt.Fprintf(&b, "; … and %d more", len(e.Problems)-i)
			break
		}
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(p)
	}
	return b.String()
}

// invalidPositionText returns every problem of e, in order.
func invalidPositionText(e *shogi.InvalidPositionError) string {
	msgs := make([]string, len(e.Problems))
	for i, pr := range e.Problems {
		msgs[i] = pr.Msg
	}
	return "illegal position: " + strings.Join(msgs, "; ")
}

// syntaxText says what was being read, where it went wrong (the character
// at the offset, quoted whole even when it is not ASCII) and why.
func syntaxText(e *shogi.SyntaxError) string {
	s := "bad " + e.What
	if e.Field != "" {
		s += " (" + e.Field + " field)"
	}
	switch {
	case e.Offset >= 0 && e.Offset < len(e.Input):
		r, _ := utf8.DecodeRuneInString(e.Input[e.Offset:])
		s += fmt.Sprintf(" at offset %d (%q)", e.Offset, r)
	case e.Offset >= 0:
		s += fmt.Sprintf(" at offset %d (end of input)", e.Offset)
	}
	return s + ": " + e.Msg
}
