package graph

import (
	"errors"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestCheckRejects: Check finds a wrong rank, a wrong strategy, a missed
// state and a state that is not winning.
func TestCheckRejects(t *testing.T) {
	data, _ := os.ReadFile(exampleFile)
	g := mustParse(t, string(data))
	id := func(name string) int { s, _ := g.Lookup(name); return s }
	mutations := map[string]func(f *Forced){
		"rank":        func(f *Forced) { f.Rank[id("A0")] = 4 },
		"strategy":    func(f *Forced) { f.Strategy[id("A0")] = int32(id("D2")) },
		"no strategy": func(f *Forced) { f.Strategy[id("A1")] = NoState },
		"missed":      func(f *Forced) { f.Rank[id("A0")] = NotForced; f.Strategy[id("A0")] = NoState },
		"cycle":       func(f *Forced) { f.Rank[id("A3")] = 5; f.Rank[id("D2")] = 4; f.Strategy[id("A3")] = int32(id("D2")) },
		"terminal":    func(f *Forced) { f.Rank[id("E")] = 1 },
		"mate":        func(f *Forced) { f.Rank[id("M")] = NotForced },
		"rounds":      func(f *Forced) { f.Rounds = 2 },
		"length":      func(f *Forced) { f.Rank = f.Rank[:3] },
		"defender":    func(f *Forced) { f.Strategy[id("D1")] = int32(id("A1")) },
	}
	for name, mutate := range mutations {
		f := g.Forced()
		mutate(f)
		if err := g.Check(f); err == nil {
			t.Errorf("%s: Check accepts a wrong result", name)
		}
	}
}

func TestValidation(t *testing.T) {
	cases := []struct {
		name, json string
		want       []string // substrings of the error, in order
	}{
		{"unknown successor", `{"states":[{"name":"A","kind":"attacker","successors":["B"]}]}`,
			[]string{`graph: state "A": unknown successor "B"`}},
		{"duplicate", `{"states":[{"name":"A","kind":"attacker"},{"name":"A","kind":"defender"}]}`,
			[]string{`duplicate state name "A" (states #0 and #1)`}},
		{"terminal with successors", `{"states":[{"name":"M","kind":"mate","successors":["E"]},{"name":"E","kind":"terminal","successors":["M"]}]}`,
			[]string{"2 problems", `mate terminal "M" has successors ("E")`, `terminal terminal "E" has successors ("M")`}},
		{"attacker to attacker", `{"alternating":true,"states":[{"name":"A","kind":"attacker","successors":["B"]},{"name":"B","kind":"attacker"}]}`,
			[]string{`attacker state "A" moves to attacker state "B" in a graph declared alternating`}},
		{"defender to defender", `{"alternating":true,"states":[{"name":"D","kind":"defender","successors":["D"]}]}`,
			[]string{`defender state "D" moves to defender state "D"`}},
		{"unknown kind", `{"states":[{"name":"A","kind":"king"}]}`,
			[]string{`state "A": unknown kind "king" (want attacker, defender, mate or terminal)`}},
		{"no kind", `{"states":[{"name":"A"}]}`, []string{`state "A" has no kind`}},
		{"no name", `{"states":[{"kind":"mate"}]}`, []string{`state #0 (no name): a state needs a name`}},
		{"no states", `{"alternating":true}`, []string{`no "states" list`}},
		{"null states", `{"states":null}`, []string{`no "states" list`}},
		{"unknown field", `{"states":[],"edges":[]}`, []string{`unknown field "edges"`}},
		{"syntax", "{\"states\":[\n  {\"name\":\"A\",,}]}", []string{"line 2, column 15: invalid character ','"}},
		{"type", "{\"states\":[\n{\"name\":1}]}", []string{"line 2, column 9: states.name is a JSON number, want a string"}},
		{"type list", `{"states":{}}`, []string{"states is a JSON object, want a list"}},
		{"type bool", `{"alternating":"yes","states":[]}`, []string{"alternating is a JSON string, want true or false"}},
		{"not an object", `[1,2]`, []string{"JSON array, want an object"}},
		{"trailing", `{"states":[]} {}`, []string{"line 1, column 15: data after the graph"}},
		{"empty", ``, []string{"the input is empty"}},
		{"truncated", `{"states":[`, []string{"ends in the middle"}},
	}
	for _, c := range cases {
		_, err := ParseJSON([]byte(c.json))
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		msg := err.Error()
		if strings.Contains(msg, "\n") {
			t.Errorf("%s: error has several lines: %q", c.name, msg)
		}
		at := 0
		for _, w := range c.want {
			i := strings.Index(msg[at:], w)
			if i < 0 {
				t.Errorf("%s: error %q lacks %q", c.name, msg, w)
				break
			}
			at += i + len(w)
		}
	}

	// Every problem is reported at once; the message stops after ten.
	var b strings.Builder
	b.WriteString(`{"states":[`)
	for i := range 12 {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(`{"name":"A","kind":"attacker"}`)
	}
	b.WriteString("]}")
	_, err := ParseJSON([]byte(b.String()))
	var ve *ValidationError
	if !errors.As(err, &ve) || len(ve.Problems) != 11 || !strings.Contains(err.Error(), "11 problems") || !strings.HasSuffix(err.Error(), "… and 1 more") {
		t.Errorf("many problems: %v", err)
	}
}

// TestBuilderMisuse: indices out of range and kinds that do not exist are
// problems, not panics.
func TestBuilderMisuse(t *testing.T) {
	b := NewBuilder(false)
	a := b.AddState(Attacker)
	b.AddEdge(a, 5)
	b.AddEdge(-1, a)
	b.SetKind(3, Mate)
	b.SetKind(a, Kind(9))
	b.AddState(Kind(200))
	_, err := b.Build()
	var ve *ValidationError
	if !errors.As(err, &ve) || len(ve.Problems) != 5 {
		t.Fatalf("got %v, want 5 problems", err)
	}
	if Kind(9).String() != "Kind(9)" {
		t.Errorf("Kind(9).String() = %q", Kind(9).String())
	}
}

// TestBuilderOrder: transitions added in any order give the same graph as
// in order, each state's successors keeping their order.
func TestBuilderOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 50 {
		n := 1 + rng.IntN(30)
		type edge struct{ from, to int }
		var edges []edge
		for range rng.IntN(100) {
			edges = append(edges, edge{rng.IntN(n), rng.IntN(n)})
		}
		inOrder, shuffled := NewBuilder(false), NewBuilder(false)
		for range n {
			inOrder.AddState(Attacker)
			shuffled.AddState(Attacker)
		}
		sorted := slices.Clone(edges)
		slices.SortStableFunc(sorted, func(a, b edge) int { return a.from - b.from })
		for _, e := range sorted {
			inOrder.AddEdge(e.from, e.to)
		}
		for _, e := range edges {
			shuffled.AddEdge(e.from, e.to)
		}
		g1, err1 := inOrder.Build()
		g2, err2 := shuffled.Build()
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if !reflect.DeepEqual(g1.first, g2.first) || !reflect.DeepEqual(g1.succ, g2.succ) {
			t.Fatalf("orders differ:\n%v %v\n%v %v", g1.first, g1.succ, g2.first, g2.succ)
		}
	}
}
