package graph

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// The JSON form of a graph (docs/graphs.md):
//
//	{"alternating": true,
//	 "states": [{"name": "A0", "kind": "attacker", "successors": ["D1", "D2"]}, …]}
//
// "description" is an optional string for people, ignored by the reader.
type jsonGraph struct {
	Description string       `json:"description,omitempty"`
	Alternating bool         `json:"alternating"`
	States      *[]jsonState `json:"states"`
}

type jsonState struct {
	Name       string   `json:"name"`
	Kind       string   `json:"kind"`
	Successors []string `json:"successors"`
}

// ParseJSON reads a graph in its JSON form (see docs/graphs.md) and checks
// it. Messages number the states from 0 in file order, as "#3". Besides the problems Builder.Build reports, it reports every state
// without a name or with an unknown kind and every successor that names
// no state, all at once in a *ValidationError; a document that is not
// JSON of the right shape gives an error with its line and column.
func ParseJSON(data []byte) (*Graph, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var doc jsonGraph
	if err := dec.Decode(&doc); err != nil {
		return nil, jsonError(data, err)
	}
	if rest := bytes.TrimLeft(data[dec.InputOffset():], " \t\r\n"); len(rest) > 0 {
		line, col := lineColumn(data, int64(len(data)-len(rest)))
		return nil, &JSONError{Line: line, Column: col, Msg: "data after the graph"}
	}
	if doc.States == nil {
		return nil, &JSONError{Msg: `no "states" list`}
	}
	states := *doc.States
	if len(states) > MaxStates {
		return nil, &JSONError{Msg: fmt.Sprintf("more than %d states", MaxStates)}
	}
	b := NewBuilder(doc.Alternating)
	label := func(i int) string {
		if states[i].Name == "" {
			return "#" + strconv.Itoa(i) + " (no name)"
		}
		return strconv.Quote(states[i].Name)
	}
	for i, st := range states {
		if st.Name == "" {
			b.problemf("state %s: a state needs a name", label(i))
		}
		k, err := ParseKind(st.Kind)
		if err != nil {
			if st.Kind == "" {
				b.problemf("state %s has no kind (want attacker, defender, mate or terminal)", label(i))
			} else {
				b.problemf("state %s: unknown kind %q (want attacker, defender, mate or terminal)", label(i), st.Kind)
			}
			k = Terminal
		}
		b.add(st.Name, k)
	}
	for i, st := range states {
		for _, name := range st.Successors {
			t, ok := b.Lookup(name)
			if !ok {
				b.problemf("state %s: unknown successor %q", label(i), name)
				continue
			}
			b.AddEdge(i, t)
		}
	}
	return b.Build()
}

// ReadJSON reads all of r and parses it with ParseJSON.
func ReadJSON(r io.Reader) (*Graph, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return ParseJSON(data)
}

// JSONError reports a document that is not the JSON of a graph: where
// (line and column, from 1, when the fault is at one place; else 0) and
// what is wrong. Err is the error of encoding/json, if any.
type JSONError struct {
	Line, Column int
	Msg          string
	Err          error
}

// Error returns "graph: " and the Message.
func (e *JSONError) Error() string { return "graph: " + e.Message() }

// Message says where and what, without the package name: "JSON: line 3,
// column 7: …".
func (e *JSONError) Message() string {
	if e.Line > 0 {
		return fmt.Sprintf("JSON: line %d, column %d: %s", e.Line, e.Column, e.Msg)
	}
	return "JSON: " + e.Msg
}

// Unwrap returns Err.
func (e *JSONError) Unwrap() error { return e.Err }

// jsonError turns an error of encoding/json into one with a line and a
// column.
func jsonError(data []byte, err error) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		line, col := lineColumn(data, syn.Offset-1) // the offset is after the culprit
		return &JSONError{Line: line, Column: col, Msg: syn.Error(), Err: err}
	case errors.As(err, &typ):
		line, col := lineColumn(data, typ.Offset-1)
		field := typ.Field
		if field == "" {
			field = "the document"
		}
		return &JSONError{Line: line, Column: col, Msg: fmt.Sprintf("%s is a JSON %s, want %s", field, typ.Value, jsonType(typ.Type.String())), Err: err}
	case errors.Is(err, io.EOF):
		return &JSONError{Msg: "the input is empty", Err: err}
	case errors.Is(err, io.ErrUnexpectedEOF):
		return &JSONError{Msg: "the input ends in the middle of the graph", Err: err}
	}
	// The decoder's other errors (an unknown field) have no type: their
	// text, without encoding/json's prefix, is the message.
	return &JSONError{Msg: strings.TrimPrefix(err.Error(), "json: "), Err: err}
}

// jsonType names the JSON type that holds a Go type of jsonGraph.
func jsonType(goType string) string {
	switch goType {
	case "string":
		return "a string"
	case "bool":
		return "true or false"
	case "[]string", "[]graph.jsonState":
		return "a list"
	}
	return "an object"
}

// lineColumn returns the 1-based line and column (in bytes) of offset in
// data.
func lineColumn(data []byte, offset int64) (line, col int) {
	offset = max(0, min(offset, int64(len(data))))
	before := data[:offset]
	line = 1 + bytes.Count(before, []byte{'\n'})
	col = 1 + len(before) - (bytes.LastIndexByte(before, '\n') + 1)
	return line, col
}

// WriteJSON writes g in its JSON form, one state a line. A state without a
// name is written with the name Name gives it ("#12"); it fails if that
// name is taken by another state.
func (g *Graph) WriteJSON(w io.Writer) error {
	for s := range g.kinds {
		if g.names == nil || g.names[s] == "" {
			if t, taken := g.index[g.Name(s)]; taken {
				return fmt.Errorf("graph: state %d has no name, and state %d is named %q", s, t, g.Name(s))
			}
		}
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "{\"alternating\": %t, \"states\": [", g.alternating)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	for s, k := range g.kinds {
		st := jsonState{Name: g.Name(s), Kind: k.String(), Successors: []string{}}
		for _, t := range g.Successors(s) {
			st.Successors = append(st.Successors, g.Name(int(t)))
		}
		buf.Reset()
		if err := enc.Encode(st); err != nil {
			return err
		}
		if s > 0 {
			bw.WriteString(",")
		}
		bw.WriteString("\n  ")
		bw.Write(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
	}
	bw.WriteString("\n]}\n")
	return bw.Flush()
}
