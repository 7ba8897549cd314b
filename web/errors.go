package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/record"
	"github.com/tsume-shogi/tsume/shogi"
)

// apiError is an error a request gets as its answer: an HTTP status and
// the JSON object {"error": Msg, "field": Field}.
type apiError struct {
	Status int
	Msg    string // what is wrong, for a person
	Field  string // the parameter or body field at fault; empty for the request as a whole
}

func (e *apiError) Error() string { return e.Msg }

// badRequest returns a 400 error about field.
func badRequest(field, format string, args ...any) *apiError {
	return &apiError{Status: http.StatusBadRequest, Msg: fmt.Sprintf(format, args...), Field: field}
}

// unprocessable returns a 422 error about field: well-formed input that
// is not what the request needs (an illegal move, a position without a
// mate).
func unprocessable(field, format string, args ...any) *apiError {
	return &apiError{Status: http.StatusUnprocessableEntity, Msg: fmt.Sprintf(format, args...), Field: field}
}

// errorBody is the JSON form of an error answer.
type errorBody struct {
	Error string `json:"error"`
	Field string `json:"field,omitempty"`
}

// writeJSON writes v as the JSON answer with status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		status = http.StatusInternalServerError
		data = []byte(`{"error":"internal error"}`)
	}
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(append(data, '\n'))
}

// writeError writes e as the answer.
func writeError(w http.ResponseWriter, e *apiError) {
	writeJSON(w, e.Status, errorBody{Error: e.Msg, Field: e.Field})
}

// message returns the text of err for a person: the structured fields of
// the library's error types, without their package names.
func message(err error) string {
	var (
		pe  *record.ParseError
		ipe *shogi.InvalidPositionError
		se  *shogi.SyntaxError
		ime *shogi.IllegalMoveError
		mpe *mate.NotAProblemError
		tme *mate.TooManyPiecesError
	)
	switch {
	case errors.As(err, &pe):
		if pe.Line > 0 {
			return "line " + strconv.Itoa(pe.Line) + ": " + pe.Msg
		}
		return pe.Msg
	case errors.As(err, &mpe):
		return "not a tsume position: " + mpe.Msg
	case errors.As(err, &tme):
		return tme.Msg
	case errors.As(err, &ipe):
		return ipe.Message()
	case errors.As(err, &se):
		return se.Message()
	case errors.As(err, &ime):
		return ime.Message()
	}
	return err.Error()
}
