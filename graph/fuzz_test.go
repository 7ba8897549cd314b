package graph

import (
	"bytes"
	"os"
	"reflect"
	"testing"
)

// FuzzParseJSON checks that ParseJSON never panics, and that a graph it
// accepts is analysed consistently and written back to the same graph.
// The seed corpus is in testdata/fuzz/FuzzParseJSON; run
// go test ./graph -run '^$' -fuzz FuzzParseJSON -fuzztime 1m for more.
func FuzzParseJSON(f *testing.F) {
	if data, err := os.ReadFile(exampleFile); err == nil {
		f.Add(data)
	}
	f.Add([]byte(`{"states":[]}`))
	f.Add([]byte(`{"alternating":true,"states":[{"name":"A","kind":"attacker","successors":["D","M"]},{"name":"D","kind":"defender","successors":["A"]},{"name":"M","kind":"mate"}]}`))
	f.Add([]byte(`{"states":[{"name":"A","kind":"attacker","successors":["A","A"]},{"name":"E","kind":"terminal"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := ParseJSON(data)
		if err != nil {
			if g != nil {
				t.Fatal("a graph and an error")
			}
			return
		}
		fast, ref := g.Forced(), g.ForcedReference()
		if !reflect.DeepEqual(fast, ref) {
			t.Fatalf("Forced %+v, ForcedReference %+v", fast, ref)
		}
		if err := g.Check(fast); err != nil {
			t.Fatal(err)
		}
		reach := g.Reachable()
		for s := range g.Len() {
			if g.ReachableFrom(s) != reach[s] {
				t.Fatalf("state %d: Reachable and ReachableFrom differ", s)
			}
		}
		var buf bytes.Buffer
		if err := g.WriteJSON(&buf); err != nil {
			return // an unnamed state whose default name is taken cannot happen here: names are required
		}
		h, err := ParseJSON(buf.Bytes())
		if err != nil {
			t.Fatalf("written graph does not read back: %v\n%s", err, buf.String())
		}
		if !reflect.DeepEqual(g.kinds, h.kinds) || !reflect.DeepEqual(g.names, h.names) ||
			!reflect.DeepEqual(g.first, h.first) || !reflect.DeepEqual(g.succ, h.succ) {
			t.Fatalf("round trip differs:\n%s", buf.String())
		}
	})
}
