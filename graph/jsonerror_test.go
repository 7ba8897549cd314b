package graph

import (
	"errors"
	"testing"
)

// TestJSONErrors checks that a document that is not a graph's JSON gives a
// *JSONError with its place and message, and the error text the package
// name.
func TestJSONErrors(t *testing.T) {
	for _, c := range []struct {
		in           string
		line, column int
		msg, text    string
	}{
		{"", 0, 0, "the input is empty", "graph: JSON: the input is empty"},
		{"{\"states\": [\n  {}\n  {}]}", 3, 3, "invalid character '{' after array element", "graph: JSON: line 3, column 3: invalid character '{' after array element"},
		{`{"states": [], "x": 1}`, 0, 0, `unknown field "x"`, `graph: JSON: unknown field "x"`},
		{`{}`, 0, 0, `no "states" list`, `graph: JSON: no "states" list`},
	} {
		_, err := ParseJSON([]byte(c.in))
		var je *JSONError
		if !errors.As(err, &je) || je.Line != c.line || je.Column != c.column || je.Msg != c.msg || err.Error() != c.text {
			t.Errorf("ParseJSON(%q) = %v (%#v); want line %d, column %d, %q", c.in, err, je, c.line, c.column, c.msg)
		}
	}
}
