// Package report holds the stable views of tsume's results: the JSON
// objects that solve, verify and analyze print (a [Solution] of the df-pn
// solver, a [Verdict] of the mate-in-1 judge, an [Analysis] of a game
// graph), and the Japanese move lines they show.
//
// A view is a plain struct whose field order and JSON names are part of
// the output format: the fields the format specifies first, the extra ones
// after. Lists are empty, never null. Programs that read tsume's JSON can
// decode into these types; programs that embed the solver can print the
// same JSON with [WriteJSON].
package report

import (
	"encoding/json"
	"io"
)

// WriteJSON writes v as one line of JSON, without escaping <, > and &.
func WriteJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
