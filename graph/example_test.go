package graph_test

import (
	"fmt"
	"strings"

	"github.com/tsume-shogi/tsume/graph"
)

// The design note's example: a path leads from A3 to the mate, but the
// defender can cycle A3 → D2 → A3, so only A0's choice of D1 forces it.
func Example() {
	g, err := graph.ReadJSON(strings.NewReader(`{"alternating": true, "states": [
		{"name": "A0", "kind": "attacker", "successors": ["D1", "D2"]},
		{"name": "D1", "kind": "defender", "successors": ["A1", "A2"]},
		{"name": "A1", "kind": "attacker", "successors": ["M"]},
		{"name": "A2", "kind": "attacker", "successors": ["M"]},
		{"name": "D2", "kind": "defender", "successors": ["A3", "A5"]},
		{"name": "A3", "kind": "attacker", "successors": ["D2"]},
		{"name": "A5", "kind": "attacker", "successors": ["M"]},
		{"name": "A4", "kind": "attacker", "successors": ["E"]},
		{"name": "M", "kind": "mate"},
		{"name": "E", "kind": "terminal"}]}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	f := g.Forced()
	reach := g.Reachable()
	for s := range g.Len() {
		fmt.Printf("%s reachable=%v forced=%v", g.Name(s), reach[s], f.Winning(s))
		if f.Winning(s) {
			fmt.Printf(" rank=%d", f.Rank[s])
		}
		if t := f.Strategy[s]; t != graph.NoState {
			fmt.Printf(" strategy=%s", g.Name(int(t)))
		}
		fmt.Println()
	}
	// Output:
	// A0 reachable=true forced=true rank=3 strategy=D1
	// D1 reachable=true forced=true rank=2
	// A1 reachable=true forced=true rank=1 strategy=M
	// A2 reachable=true forced=true rank=1 strategy=M
	// D2 reachable=true forced=false
	// A3 reachable=true forced=false
	// A5 reachable=true forced=true rank=1 strategy=M
	// A4 reachable=false forced=false
	// M reachable=true forced=true rank=0
	// E reachable=false forced=false
}

// A Builder makes a graph without names or JSON, as package shogigraph
// does; a defender state without replies is not a mate.
func ExampleBuilder() {
	b := graph.NewBuilder(true)
	a := b.AddState(graph.Attacker)
	stalemate := b.AddState(graph.Defender)
	d := b.AddState(graph.Defender)
	m := b.AddState(graph.Mate)
	b.AddEdge(a, stalemate)
	b.AddEdge(a, d)
	b.AddEdge(d, m)
	g, err := b.Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	f := g.Forced()
	fmt.Println("rank of the attacker state:", f.Rank[a], "strategy:", g.Name(int(f.Strategy[a])))
	fmt.Println("dead ends:", g.DeadEnds())
	// Output:
	// rank of the attacker state: 2 strategy: #2
	// dead ends: [1]
}
