package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"strconv"

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
	case errors.As(err, &lpe) && errors.As(lpe.Err, new(*fs.PathError)):
		// A file that cannot be read: the error names it, and no line
		// is at fault.
		return lpe.Err.Error()
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
		return gje.Message()
	case errors.As(err, &gve):
		return gve.Message()
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
		return ae.Message()
	case errors.As(err, &pe):
		return pe.Msg
	case errors.As(err, &ipe):
		return ipe.Message()
	case errors.As(err, &se):
		return se.Message()
	case errors.As(err, &ime):
		return ime.Message()
	}
	return err.Error()
}
