// Package graph decides forced wins on finite game graphs: which states
// lead to a mate by some path (reachability), and from which states the
// attacker can force a mate whatever the defender replies (forcibility).
//
// A state is an attacker state (the attacker picks one successor), a
// defender state (the defender picks any successor), a mate terminal (the
// attacker has won) or another terminal (the game is over without a
// mate). The forced set is the least fixed point of two rules, starting
// from the mate terminals (round 0): an attacker state joins when some
// successor is winning, a defender state when it has at least one
// successor and every successor is winning. Each round adds every state
// that has become winning at once, and the round in which a state joins is
// its rank: the number of moves within which the attacker forces a mate
// from it, the defender resisting as long as it can.
//
// The package knows nothing of shogi: its subpackage shogigraph builds the
// graph of a tsume position. It uses only the standard library. Graphs are
// built with a Builder or read from JSON (see docs/graphs.md) and are
// immutable; their methods are safe for concurrent use.
package graph

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Kind is the kind of a state.
type Kind uint8

// The kinds of states.
const (
	Attacker Kind = iota // the attacker is to move: it picks one successor
	Defender             // the defender is to move: any successor may follow
	Mate                 // a mate terminal: the attacker has won
	Terminal             // another terminal: the game is over without a mate
	numKinds
)

var kindNames = [numKinds]string{"attacker", "defender", "mate", "terminal"}

// String returns "attacker", "defender", "mate" or "terminal".
func (k Kind) String() string {
	if k < numKinds {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// IsTerminal reports whether k is Mate or Terminal.
func (k Kind) IsTerminal() bool { return k == Mate || k == Terminal }

// ParseKind returns the kind named s, as String writes it.
func ParseKind(s string) (Kind, error) {
	for k, name := range kindNames {
		if s == name {
			return Kind(k), nil
		}
	}
	return 0, fmt.Errorf("graph: unknown kind %q (want attacker, defender, mate or terminal)", s)
}

// NoState is the state index that stands for none, as in a Strategy entry
// of a state without a strategy.
const NoState = -1

// MaxStates is the largest number of states (and of transitions) a graph
// may have: indices are 32-bit.
const MaxStates = math.MaxInt32 - 1

// Graph is a finite game graph. States are numbered from 0 in the order
// they were added; each has a kind, a name (possibly empty) and a list of
// successors, in the order they were added. A Graph is immutable.
type Graph struct {
	kinds       []Kind
	names       []string // nil when no state has a name
	index       map[string]int32
	first       []int32 // the successors of s are succ[first[s]:first[s+1]]
	succ        []int32
	alternating bool
}

// Len returns the number of states.
func (g *Graph) Len() int { return len(g.kinds) }

// Edges returns the number of transitions (successor entries).
func (g *Graph) Edges() int { return len(g.succ) }

// Alternating reports whether the graph was declared alternating: no
// attacker state has an attacker successor and no defender state a
// defender successor.
func (g *Graph) Alternating() bool { return g.alternating }

// Kind returns the kind of state s.
func (g *Graph) Kind(s int) Kind { return g.kinds[s] }

// Name returns the name of state s, or "#s" (such as "#12") when it has
// none.
func (g *Graph) Name(s int) string {
	if g.names != nil && g.names[s] != "" {
		return g.names[s]
	}
	return "#" + strconv.Itoa(s)
}

// Lookup returns the state named name.
func (g *Graph) Lookup(name string) (int, bool) {
	s, ok := g.index[name]
	return int(s), ok
}

// Successors returns the successors of state s. The slice is the graph's
// own: do not modify it.
func (g *Graph) Successors(s int) []int32 { return g.succ[g.first[s]:g.first[s+1]:g.first[s+1]] }

// DeadEnds returns the attacker and defender states without successors.
// They are allowed, and never winning: an attacker state without a move
// cannot force anything, and a defender state without a reply is not a
// mate unless it is declared one (an empty list never counts as "every
// reply loses").
func (g *Graph) DeadEnds() []int {
	var out []int
	for s, k := range g.kinds {
		if !k.IsTerminal() && g.first[s] == g.first[s+1] {
			out = append(out, s)
		}
	}
	return out
}

// predecessors returns the predecessor lists of g in the same compressed
// form as the successors: the predecessors of s are pred[pfirst[s]:pfirst[s+1]],
// one entry per transition (in no particular order).
func (g *Graph) predecessors() (pfirst, pred []int32) {
	n := len(g.kinds)
	pfirst = make([]int32, n+1)
	for _, t := range g.succ {
		pfirst[t]++
	}
	// pfirst[s] becomes the end of the list of s; filling each list from
	// its end then leaves pfirst[s] at its start.
	for s := 1; s <= n; s++ {
		pfirst[s] += pfirst[s-1]
	}
	pred = make([]int32, len(g.succ))
	for s := 0; s < n; s++ {
		for _, t := range g.succ[g.first[s]:g.first[s+1]] {
			pfirst[t]--
			pred[pfirst[t]] = int32(s)
		}
	}
	return pfirst, pred
}

// ValidationError lists every problem found in a graph.
type ValidationError struct {
	Problems []string
}

// maxShownProblems bounds the problems Error lists.
const maxShownProblems = 10

// Error returns the problems on one line, separated by semicolons; after
// the tenth it only says how many more there are.
func (e *ValidationError) Error() string { return "graph: " + e.Message() }

// Message is Error without the package name.
func (e *ValidationError) Message() string {
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

// Builder builds a Graph. Add the states, then the transitions, then call
// Build, which checks the graph. A Builder records misuse (an index out of
// range, a kind that does not exist) as problems that Build reports; it
// never panics.
//
// Transitions added grouped by their source, the sources in increasing
// order (as a breadth-first search adds them), are stored as they come;
// in any other order Build sorts them once, keeping the order of the
// transitions of each state.
type Builder struct {
	alternating bool
	kinds       []Kind
	names       []string
	index       map[string]int32
	deg         []int32 // the number of transitions from each state
	to          []int32
	from        []int32 // nil while the transitions come in order
	last        int32   // the source of the last transition
	problems    []string
	tooMany     bool
}

// NewBuilder returns a Builder for a graph; alternating declares that
// attacker and defender states alternate, which Build then checks.
func NewBuilder(alternating bool) *Builder {
	return &Builder{alternating: alternating}
}

// Len returns the number of states added so far.
func (b *Builder) Len() int { return len(b.kinds) }

// Edges returns the number of transitions added so far.
func (b *Builder) Edges() int { return len(b.to) }

func (b *Builder) problemf(format string, args ...any) {
	b.problems = append(b.problems, fmt.Sprintf(format, args...))
}

// AddState adds a state without a name and returns its index.
func (b *Builder) AddState(kind Kind) int { return b.add("", kind) }

// AddNamedState adds a state named name and returns its index. Names must
// be unique; Build reports duplicates.
func (b *Builder) AddNamedState(name string, kind Kind) int { return b.add(name, kind) }

func (b *Builder) add(name string, kind Kind) int {
	s := len(b.kinds)
	if s >= MaxStates {
		if !b.tooMany {
			b.problemf("more than %d states", MaxStates)
			b.tooMany = true
		}
		return NoState
	}
	if kind >= numKinds {
		b.problemf("state %s: no such kind %d", b.label(s, name), kind)
		kind = Terminal
	}
	b.kinds = append(b.kinds, kind)
	b.deg = append(b.deg, 0)
	if name != "" || b.names != nil {
		if b.names == nil {
			b.names = make([]string, s, s+1)
			b.index = make(map[string]int32)
		}
		b.names = append(b.names, name)
		if name != "" {
			if old, dup := b.index[name]; dup {
				b.problemf("duplicate state name %q (states #%d and #%d)", name, old, s)
			} else {
				b.index[name] = int32(s)
			}
		}
	}
	return s
}

// Lookup returns the state added with the name name.
func (b *Builder) Lookup(name string) (int, bool) {
	s, ok := b.index[name]
	return int(s), ok
}

// SetKind changes the kind of state s.
func (b *Builder) SetKind(s int, kind Kind) {
	switch {
	case s < 0 || s >= len(b.kinds):
		b.problemf("SetKind: no state %d", s)
	case kind >= numKinds:
		b.problemf("state %s: no such kind %d", b.name(s), kind)
	default:
		b.kinds[s] = kind
	}
}

// AddEdge adds a transition from state from to state to.
func (b *Builder) AddEdge(from, to int) {
	n := len(b.kinds)
	if from < 0 || from >= n || to < 0 || to >= n {
		b.problemf("transition %d → %d: no such state (the graph has %d)", from, to, n)
		return
	}
	if len(b.to) >= MaxStates {
		if !b.tooMany {
			b.problemf("more than %d transitions", MaxStates)
			b.tooMany = true
		}
		return
	}
	f := int32(from)
	if b.from == nil && f < b.last {
		// Out of order: remember the source of every transition so far.
		b.from = make([]int32, 0, cap(b.to))
		for s, d := range b.deg {
			for range d {
				b.from = append(b.from, int32(s))
			}
		}
	}
	if b.from != nil {
		b.from = append(b.from, f)
	}
	b.last = f
	b.deg[from]++
	b.to = append(b.to, int32(to))
}

// name returns the name of state s for a message.
func (b *Builder) name(s int) string {
	name := ""
	if b.names != nil {
		name = b.names[s]
	}
	return b.label(s, name)
}

func (b *Builder) label(s int, name string) string {
	if name != "" {
		return strconv.Quote(name)
	}
	return "#" + strconv.Itoa(s)
}

// Build checks the graph and returns it. The problems it reports, all at
// once in a *ValidationError, are those recorded while building
// (duplicate names, indices out of range), a terminal with successors,
// and, in an alternating graph, a transition from an attacker state to an
// attacker state or from a defender state to a defender state. A state
// without successors that is not a terminal is no problem (see
// Graph.DeadEnds). The Builder must not be used afterwards.
func (b *Builder) Build() (*Graph, error) {
	g := &Graph{kinds: b.kinds, names: b.names, index: b.index, alternating: b.alternating}
	n := len(b.kinds)
	g.first = make([]int32, n+1)
	for s, d := range b.deg {
		g.first[s+1] = g.first[s] + d
	}
	if b.from == nil {
		g.succ = b.to
	} else {
		// A stable counting sort by source.
		g.succ = make([]int32, len(b.to))
		fill := make([]int32, n)
		copy(fill, g.first[:n])
		for i, f := range b.from {
			g.succ[fill[f]] = b.to[i]
			fill[f]++
		}
	}
	problems := b.problems
	for s := 0; s < n; s++ {
		k := g.kinds[s]
		succ := g.Successors(s)
		if k.IsTerminal() && len(succ) > 0 {
			problems = append(problems, fmt.Sprintf("%s terminal %s has successors (%s); a terminal has none",
				k, b.name(s), b.name(int(succ[0]))))
			continue
		}
		if !b.alternating || k.IsTerminal() {
			continue
		}
		for _, t := range succ {
			if g.kinds[t] == k {
				problems = append(problems, fmt.Sprintf("%s state %s moves to %s state %s in a graph declared alternating",
					k, b.name(s), k, b.name(int(t))))
			}
		}
	}
	*b = Builder{}
	if len(problems) > 0 {
		return nil, &ValidationError{Problems: problems}
	}
	return g, nil
}
