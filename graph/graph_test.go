package graph

import (
	"bytes"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"testing"
)

const exampleFile = "../examples/graphs/reachability-vs-forcibility.json"

// mustParse parses a graph given as JSON text.
func mustParse(t testing.TB, text string) *Graph {
	t.Helper()
	g, err := ParseJSON([]byte(text))
	if err != nil {
		t.Fatalf("ParseJSON: %v", err)
	}
	return g
}

// analyse computes the forced set both ways, checks that they agree and
// that Check accepts it, and that Reachable agrees with ReachableFrom.
func analyse(t testing.TB, g *Graph) (*Forced, []bool) {
	t.Helper()
	f, ref := g.Forced(), g.ForcedReference()
	if !reflect.DeepEqual(f, ref) {
		t.Fatalf("Forced and ForcedReference differ:\nfast %+v\nref  %+v", f, ref)
	}
	if err := g.Check(f); err != nil {
		t.Fatalf("Check: %v", err)
	}
	checkStrategyDecreases(t, g, f)
	reach := g.Reachable()
	for s := range g.Len() {
		if got := g.ReachableFrom(s); got != reach[s] {
			t.Fatalf("state %s: ReachableFrom %v, Reachable %v", g.Name(s), got, reach[s])
		}
		if f.Winning(s) && !reach[s] {
			t.Fatalf("state %s is forced but not reachable", g.Name(s))
		}
	}
	return f, reach
}

// checkStrategyDecreases checks the rank-decrease property on every
// winning state: the attacker's strategy move and every defender reply
// lead to a winning state of smaller rank, so following the strategy ends
// in a mate terminal within rank moves.
func checkStrategyDecreases(t testing.TB, g *Graph, f *Forced) {
	t.Helper()
	for s := range g.Len() {
		if !f.Winning(s) {
			continue
		}
		r := f.Rank[s]
		switch g.Kind(s) {
		case Attacker:
			st := f.Strategy[s]
			if st == NoState || !f.Winning(int(st)) || f.Rank[st] >= r {
				t.Fatalf("attacker state %s (rank %d): strategy %d does not decrease the rank", g.Name(s), r, st)
			}
		case Defender:
			if len(g.Successors(s)) == 0 {
				t.Fatalf("defender state %s without successors is winning", g.Name(s))
			}
			for _, u := range g.Successors(s) {
				if !f.Winning(int(u)) || f.Rank[u] >= r {
					t.Fatalf("defender state %s (rank %d): reply %s has rank %d", g.Name(s), r, g.Name(int(u)), f.Rank[u])
				}
			}
		case Mate:
			if r != 0 {
				t.Fatalf("mate %s has rank %d", g.Name(s), r)
			}
		default:
			t.Fatalf("terminal %s is winning", g.Name(s))
		}
	}
}

// namesWhere returns the names of the states for which keep is true.
func namesWhere(g *Graph, keep func(s int) bool) []string {
	var out []string
	for s := range g.Len() {
		if keep(s) {
			out = append(out, g.Name(s))
		}
	}
	slices.Sort(out)
	return out
}

// TestDocumentExample reproduces the design document's example exactly.
func TestDocumentExample(t *testing.T) {
	data, err := os.ReadFile(exampleFile)
	if err != nil {
		t.Fatal(err)
	}
	g := mustParse(t, string(data))
	if g.Len() != 10 || g.Edges() != 11 || !g.Alternating() {
		t.Fatalf("%d states, %d transitions, alternating %v; want 10, 11, true", g.Len(), g.Edges(), g.Alternating())
	}
	if d := g.DeadEnds(); len(d) != 0 {
		t.Errorf("dead ends %v, want none", d)
	}
	f, reach := analyse(t, g)

	forced := namesWhere(g, f.Winning)
	if want := []string{"A0", "A1", "A2", "A5", "D1", "M"}; !slices.Equal(forced, want) {
		t.Errorf("forced set %v, want %v", forced, want)
	}
	wantRank := map[string]int32{"M": 0, "A1": 1, "A2": 1, "A5": 1, "D1": 2, "A0": 3,
		"A3": NotForced, "D2": NotForced, "A4": NotForced, "E": NotForced}
	for name, want := range wantRank {
		s, _ := g.Lookup(name)
		if f.Rank[s] != want {
			t.Errorf("rank of %s = %d, want %d", name, f.Rank[s], want)
		}
	}
	if f.Rounds != 3 {
		t.Errorf("rounds %d, want 3", f.Rounds)
	}
	reachable := namesWhere(g, func(s int) bool { return reach[s] })
	if want := []string{"A0", "A1", "A2", "A3", "A5", "D1", "D2", "M"}; !slices.Equal(reachable, want) {
		t.Errorf("reachable %v, want %v", reachable, want)
	}
	for _, name := range []string{"A3", "D2"} {
		s, _ := g.Lookup(name)
		if !reach[s] || f.Winning(s) {
			t.Errorf("%s: reachable %v, forced %v; want reachable and not forced", name, reach[s], f.Winning(s))
		}
	}
	for _, name := range []string{"A4", "E"} {
		s, _ := g.Lookup(name)
		if reach[s] || f.Winning(s) {
			t.Errorf("%s: reachable %v, forced %v; want neither", name, reach[s], f.Winning(s))
		}
	}
	wantStrategy := map[string]string{"A0": "D1", "A1": "M", "A2": "M", "A5": "M"}
	for s := range g.Len() {
		got := ""
		if st := f.Strategy[s]; st != NoState {
			got = g.Name(int(st))
		}
		if got != wantStrategy[g.Name(s)] {
			t.Errorf("strategy of %s = %q, want %q", g.Name(s), got, wantStrategy[g.Name(s)])
		}
	}

	// The rounds, as the document's table gives them.
	byRound := map[int32][]string{}
	for s := range g.Len() {
		if f.Winning(s) {
			byRound[f.Rank[s]] = append(byRound[f.Rank[s]], g.Name(s))
		}
	}
	want := map[int32][]string{0: {"M"}, 1: {"A1", "A2", "A5"}, 2: {"D1"}, 3: {"A0"}}
	if !reflect.DeepEqual(byRound, want) {
		t.Errorf("rounds %v, want %v", byRound, want)
	}
}

// TestExampleBuiltByHand builds the same graph with a Builder, the
// transitions in a scrambled order.
func TestExampleBuiltByHand(t *testing.T) {
	b := NewBuilder(true)
	id := map[string]int{}
	for _, s := range []struct {
		name string
		kind Kind
	}{{"A0", Attacker}, {"D1", Defender}, {"A1", Attacker}, {"A2", Attacker}, {"D2", Defender},
		{"A3", Attacker}, {"A5", Attacker}, {"A4", Attacker}, {"M", Mate}, {"E", Terminal}} {
		id[s.name] = b.AddNamedState(s.name, s.kind)
	}
	for _, e := range [][2]string{{"A5", "M"}, {"A0", "D1"}, {"D2", "A3"}, {"A1", "M"}, {"A0", "D2"},
		{"D1", "A1"}, {"A4", "E"}, {"D1", "A2"}, {"A2", "M"}, {"D2", "A5"}, {"A3", "D2"}} {
		b.AddEdge(id[e[0]], id[e[1]])
	}
	g, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(exampleFile)
	want := mustParse(t, string(data))
	if !reflect.DeepEqual(g.kinds, want.kinds) || !reflect.DeepEqual(g.first, want.first) || !reflect.DeepEqual(g.succ, want.succ) {
		t.Errorf("built graph differs from the example file:\n%v %v\n%v %v", g.first, g.succ, want.first, want.succ)
	}
}

func TestCycles(t *testing.T) {
	// A pure cycle without a mate: nothing reachable, nothing forced, and
	// the searches end.
	g := mustParse(t, `{"alternating":true,"states":[
		{"name":"A","kind":"attacker","successors":["D"]},
		{"name":"D","kind":"defender","successors":["A"]}]}`)
	f, reach := analyse(t, g)
	if f.Winning(0) || f.Winning(1) || reach[0] || reach[1] || f.Rounds != NotForced {
		t.Errorf("cycle: ranks %v, reachable %v, rounds %d", f.Rank, reach, f.Rounds)
	}

	// The attacker may leave a cycle to mate: its strategy leaves it, and
	// the defender's only reply returns to it.
	g = mustParse(t, `{"alternating":true,"states":[
		{"name":"A","kind":"attacker","successors":["D","M"]},
		{"name":"D","kind":"defender","successors":["A"]},
		{"name":"M","kind":"mate"}]}`)
	f, _ = analyse(t, g)
	if !slices.Equal(f.Rank, []int32{1, 2, 0}) || f.Strategy[0] != 2 {
		t.Errorf("exit from a cycle: ranks %v, strategy %v", f.Rank, f.Strategy)
	}

	// A long cycle through the defender's choices: the defender escapes
	// only if some reply stays off the forced set.
	g = mustParse(t, `{"alternating":true,"states":[
		{"name":"A1","kind":"attacker","successors":["D1"]},
		{"name":"D1","kind":"defender","successors":["A2","A3"]},
		{"name":"A2","kind":"attacker","successors":["D2"]},
		{"name":"D2","kind":"defender","successors":["A1"]},
		{"name":"A3","kind":"attacker","successors":["M"]},
		{"name":"M","kind":"mate"}]}`)
	f, reach = analyse(t, g)
	if got := namesWhere(g, f.Winning); !slices.Equal(got, []string{"A3", "M"}) {
		t.Errorf("long cycle: forced %v", got)
	}
	if got := namesWhere(g, func(s int) bool { return reach[s] }); len(got) != 6 {
		t.Errorf("long cycle: reachable %v, want all", got)
	}

	// Self-loops, allowed in a graph that does not claim alternation.
	g = mustParse(t, `{"states":[
		{"name":"A","kind":"attacker","successors":["A","D"]},
		{"name":"D","kind":"defender","successors":["D"]}]}`)
	f, _ = analyse(t, g)
	if f.Winning(0) || f.Winning(1) {
		t.Errorf("self-loops: ranks %v", f.Rank)
	}
}

// TestOtherTerminals: a defender that can reach another terminal escapes;
// a terminal is never winning, whatever leads to it.
func TestOtherTerminals(t *testing.T) {
	g := mustParse(t, `{"alternating":true,"states":[
		{"name":"A0","kind":"attacker","successors":["D"]},
		{"name":"D","kind":"defender","successors":["A1","E"]},
		{"name":"A1","kind":"attacker","successors":["M"]},
		{"name":"M","kind":"mate"},
		{"name":"E","kind":"terminal"},
		{"name":"A2","kind":"attacker","successors":["E"]},
		{"name":"D2","kind":"defender","successors":["E"]}]}`)
	f, reach := analyse(t, g)
	if got := namesWhere(g, f.Winning); !slices.Equal(got, []string{"A1", "M"}) {
		t.Errorf("forced %v, want [A1 M]", got)
	}
	if got := namesWhere(g, func(s int) bool { return reach[s] }); !slices.Equal(got, []string{"A0", "A1", "D", "M"}) {
		t.Errorf("reachable %v", got)
	}
}

// TestEmptySuccessors: an attacker state without moves never wins, and a
// defender state without replies is not a mate (all([]) is not a win);
// both are reported as dead ends.
func TestEmptySuccessors(t *testing.T) {
	g := mustParse(t, `{"alternating":true,"states":[
		{"name":"A0","kind":"attacker","successors":["D"]},
		{"name":"D","kind":"defender"},
		{"name":"A1","kind":"attacker","successors":[]},
		{"name":"D1","kind":"defender","successors":["A1"]},
		{"name":"A2","kind":"attacker","successors":["D","D1","M"]},
		{"name":"M","kind":"mate"}]}`)
	f, _ := analyse(t, g)
	if got := namesWhere(g, f.Winning); !slices.Equal(got, []string{"A2", "M"}) {
		t.Errorf("forced %v, want [A2 M]", got)
	}
	var dead []string
	for _, s := range g.DeadEnds() {
		dead = append(dead, g.Name(s))
	}
	if !slices.Equal(dead, []string{"D", "A1"}) {
		t.Errorf("dead ends %v, want [D A1]", dead)
	}
	// No mate anywhere: nothing is forced and no round adds anything.
	g = mustParse(t, `{"states":[{"name":"D","kind":"defender"},{"name":"A","kind":"attacker"}]}`)
	if f, _ := analyse(t, g); f.Rounds != NotForced || f.Winning(0) {
		t.Errorf("no mate: %+v", f)
	}
	g = mustParse(t, `{"states":[]}`)
	if f, _ := analyse(t, g); f.Rounds != NotForced || len(f.Rank) != 0 {
		t.Errorf("empty graph: %+v", f)
	}
}

// TestDefenderRankIsLongestDefence: the defender's rank is one more than
// the largest rank of its replies, the attacker's one more than the
// smallest of its winning moves; parallel transitions count once each.
func TestDefenderRankIsLongestDefence(t *testing.T) {
	g := mustParse(t, `{"alternating":true,"states":[
		{"name":"A","kind":"attacker","successors":["Dlong","Dshort","Dlost"]},
		{"name":"Dlong","kind":"defender","successors":["A1","A3","A3"]},
		{"name":"Dshort","kind":"defender","successors":["A1"]},
		{"name":"Dlost","kind":"defender","successors":["A1","X"]},
		{"name":"X","kind":"attacker"},
		{"name":"A1","kind":"attacker","successors":["M"]},
		{"name":"A3","kind":"attacker","successors":["D3"]},
		{"name":"D3","kind":"defender","successors":["A1"]},
		{"name":"M","kind":"mate"}]}`)
	f, _ := analyse(t, g)
	want := map[string]int32{"A": 3, "Dshort": 2, "Dlong": 4, "A3": 3, "D3": 2, "A1": 1, "Dlost": NotForced}
	for name, r := range want {
		s, _ := g.Lookup(name)
		if f.Rank[s] != r {
			t.Errorf("rank of %s = %d, want %d", name, f.Rank[s], r)
		}
	}
	if s, _ := g.Lookup("Dshort"); f.Strategy[0] != int32(s) {
		t.Errorf("strategy of A = %s, want Dshort", g.Name(int(f.Strategy[0])))
	}
}

// randomGraph returns a random graph of n states; with alternating set,
// attacker and defender states alternate.
func randomGraph(rng *rand.Rand, n, maxDeg int, alternating bool) *Graph {
	b := NewBuilder(alternating)
	kinds := make([]Kind, n)
	for s := range kinds {
		switch x := rng.IntN(100); {
		case x < 5:
			kinds[s] = Mate
		case x < 12:
			kinds[s] = Terminal
		case x < 56:
			kinds[s] = Attacker
		default:
			kinds[s] = Defender
		}
		b.AddState(kinds[s])
	}
	for s, k := range kinds {
		if k.IsTerminal() {
			continue
		}
		for range rng.IntN(maxDeg + 1) {
			t := rng.IntN(n)
			for tries := 0; alternating && kinds[t] == k && tries < 20; tries++ {
				t = rng.IntN(n)
			}
			if alternating && kinds[t] == k {
				continue
			}
			b.AddEdge(s, t)
		}
	}
	g, err := b.Build()
	if err != nil {
		panic(err)
	}
	return g
}

// layeredGraph returns a random alternating graph whose states mostly lead
// to the next layer, with a few transitions back: long ranks and cycles.
func layeredGraph(rng *rand.Rand, layers, width, maxDeg int) *Graph {
	b := NewBuilder(true)
	for l := range layers {
		for range width {
			switch {
			case l == layers-1:
				if rng.IntN(3) == 0 {
					b.AddState(Terminal)
				} else {
					b.AddState(Mate)
				}
			case l%2 == 0:
				b.AddState(Attacker)
			default:
				b.AddState(Defender)
			}
		}
	}
	for l := range layers - 1 {
		for i := range width {
			s := l*width + i
			deg := 1 + rng.IntN(maxDeg) // attacker: 1 to maxDeg moves
			if l%2 == 1 {
				deg = 1 + rng.IntN(2) // defender: 1 or 2 replies, so that wins go deep
			}
			for range deg {
				t := (l+1)*width + rng.IntN(width)
				if l >= 2 && rng.IntN(10) == 0 {
					back := l - 1 - 2*rng.IntN((l+1)/2) // an earlier layer of the other side
					if back >= 0 {
						t = back*width + rng.IntN(width)
					}
				}
				b.AddEdge(s, t)
			}
		}
	}
	g, err := b.Build()
	if err != nil {
		panic(err)
	}
	return g
}

func TestRandomGraphsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	deepest := 0
	for i := range 600 {
		var g *Graph
		switch i % 3 {
		case 0:
			g = randomGraph(rng, 1+rng.IntN(60), 4, false)
		case 1:
			g = randomGraph(rng, 1+rng.IntN(200), 3, true)
		default:
			g = layeredGraph(rng, 2+rng.IntN(14), 1+rng.IntN(12), 3)
		}
		f, _ := analyse(t, g)
		deepest = max(deepest, f.Rounds)
	}
	if deepest < 6 {
		t.Errorf("the random graphs are too shallow: deepest rank %d", deepest)
	}
}

// TestJSONRoundTrip: WriteJSON writes what ParseJSON reads back.
func TestJSONRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 30 {
		g := randomGraph(rng, 1+rng.IntN(40), 3, i%2 == 0)
		var buf bytes.Buffer
		if err := g.WriteJSON(&buf); err != nil {
			t.Fatal(err)
		}
		h, err := ParseJSON(buf.Bytes())
		if err != nil {
			t.Fatalf("%v\n%s", err, buf.String())
		}
		if !reflect.DeepEqual(g.kinds, h.kinds) || !reflect.DeepEqual(g.first, h.first) || !reflect.DeepEqual(g.succ, h.succ) || g.alternating != h.alternating {
			t.Fatalf("round trip differs:\n%s", buf.String())
		}
	}
	// An unnamed state whose default name is taken cannot be written.
	b := NewBuilder(false)
	b.AddState(Mate)
	b.AddNamedState("#0", Mate)
	g, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	if err := g.WriteJSON(&bytes.Buffer{}); err == nil {
		t.Error("WriteJSON wrote two states named #0")
	}
}

func TestParseKind(t *testing.T) {
	for k := range numKinds {
		got, err := ParseKind(k.String())
		if err != nil || got != k {
			t.Errorf("ParseKind(%q) = %v, %v", k.String(), got, err)
		}
	}
	if _, err := ParseKind("Attacker"); err == nil {
		t.Error("ParseKind accepts Attacker")
	}
}
