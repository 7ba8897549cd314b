package graph

import (
	"fmt"
)

// NotForced is the rank of a state from which the attacker cannot force a
// mate.
const NotForced = -1

// Forced is the forced set of a graph, the least fixed point computed by
// Graph.Forced.
type Forced struct {
	// Rank is, for each state, the round in which it joined the forced
	// set (0 for a mate terminal), or NotForced. It is the number of
	// moves within which the attacker forces a mate from the state, with
	// the defender resisting as long as it can: the rank of an attacker
	// state is one more than the smallest rank of its winning successors,
	// that of a defender state one more than the largest rank of its
	// successors.
	Rank []int32
	// Strategy is, for each winning attacker state, a successor of
	// smaller rank: the winning successor of smallest rank, the first in
	// successor order among equals. It is NoState for the other states.
	Strategy []int32
	// Rounds is the last round that added a state: the largest rank (0
	// when only mate terminals are winning, NotForced when none is).
	Rounds int
}

// Winning reports whether the attacker forces a mate from state s.
func (f *Forced) Winning(s int) bool { return f.Rank[s] != NotForced }

// Forced computes the forced set of g. It visits every transition at most
// twice, through predecessor lists and a count of the undecided
// successors of each defender state, and processes the states in the
// order of their ranks: a queue of the states that joined in one round
// gives the next round's.
func (g *Graph) Forced() *Forced {
	n := len(g.kinds)
	pfirst, pred := g.predecessors()
	rank := make([]int32, n)
	// left counts the winning successors a state still needs: one for an
	// attacker state, all of them for a defender state. Only attacker and
	// defender states have successors, so only they are ever
	// predecessors; a state that has joined has left 0 and then goes
	// negative, so it never joins twice.
	left := make([]int32, n)
	queue := make([]int32, 0, n)
	for s, k := range g.kinds {
		rank[s] = NotForced
		switch k {
		case Mate:
			rank[s] = 0
			queue = append(queue, int32(s))
		case Attacker:
			left[s] = 1
		case Defender:
			left[s] = g.first[s+1] - g.first[s]
		}
	}
	rounds := NotForced
	if len(queue) > 0 {
		rounds = 0
	}
	// The queue holds the states in the order they joined, so in
	// non-decreasing rank: a state joins when its first winning successor
	// (attacker) or its last one (defender) is taken from the queue, one
	// round after that successor. A defender state without successors
	// starts at 0 and is never decremented to 0: it never joins.
	for head := 0; head < len(queue); head++ {
		t := queue[head]
		r := rank[t] + 1
		for _, p := range pred[pfirst[t]:pfirst[t+1]] {
			left[p]--
			if left[p] == 0 {
				rank[p] = r
				queue = append(queue, p)
			}
		}
		rounds = int(rank[t])
	}
	return &Forced{Rank: rank, Strategy: g.strategy(rank), Rounds: rounds}
}

// ForcedReference computes the forced set of g as the definition says:
// round after round it scans every state that is not yet winning and adds,
// all at once, those that satisfy the rules against the states of the
// earlier rounds, until a round adds nothing. It takes a scan of the whole
// graph per round; it is kept as the reference Forced is tested against.
func (g *Graph) ForcedReference() *Forced {
	n := len(g.kinds)
	rank := make([]int32, n)
	for s, k := range g.kinds {
		rank[s] = NotForced
		if k == Mate {
			rank[s] = 0
		}
	}
	winningBefore := func(t int32, round int32) bool { return rank[t] != NotForced && rank[t] < round }
	rounds := NotForced
	for s := range g.kinds {
		if g.kinds[s] == Mate {
			rounds = 0
			break
		}
	}
	for round := int32(1); ; round++ {
		added := false
		for s, k := range g.kinds {
			if rank[s] != NotForced {
				continue
			}
			succ := g.Successors(s)
			accepted := false
			switch k {
			case Attacker:
				for _, t := range succ {
					if winningBefore(t, round) {
						accepted = true
						break
					}
				}
			case Defender:
				// Not all(succ) alone: an empty list never wins.
				accepted = len(succ) > 0
				for _, t := range succ {
					if !winningBefore(t, round) {
						accepted = false
						break
					}
				}
			}
			if accepted {
				rank[s] = round
				added = true
			}
		}
		if !added {
			break
		}
		rounds = int(round)
	}
	return &Forced{Rank: rank, Strategy: g.strategy(rank), Rounds: rounds}
}

// strategy returns, for each winning attacker state, its winning successor
// of smallest rank (the first among equals), and NoState elsewhere.
func (g *Graph) strategy(rank []int32) []int32 {
	st := make([]int32, len(g.kinds))
	for s, k := range g.kinds {
		st[s] = NoState
		if k != Attacker || rank[s] == NotForced {
			continue
		}
		best := int32(NoState)
		for _, t := range g.Successors(s) {
			if rank[t] != NotForced && (best == NoState || rank[t] < rank[best]) {
				best = t
			}
		}
		st[s] = best
	}
	return st
}

// Check verifies that f is the forced set of g, state by state, without
// computing it again: mate terminals have rank 0 and other terminals are
// not winning; a winning attacker state's rank is one more than the
// smallest rank of its winning successors and its strategy is a winning
// successor of smaller rank; a winning defender state has successors, all
// winning, and its rank is one more than their largest rank; a losing
// attacker state has no winning successor and a losing defender state has
// no successors or a losing one. Ranks that decrease along every move make
// the winning set part of the least fixed point; the conditions on the
// losing states make it all of it. Check returns the first violation.
func (g *Graph) Check(f *Forced) error {
	n := len(g.kinds)
	if len(f.Rank) != n || len(f.Strategy) != n {
		return fmt.Errorf("graph: %d ranks and %d strategy entries for %d states", len(f.Rank), len(f.Strategy), n)
	}
	maxRank := int32(NotForced)
	for s, k := range g.kinds {
		r := f.Rank[s]
		name := g.Name(s)
		maxRank = max(maxRank, r)
		if r < NotForced {
			return fmt.Errorf("graph: state %s: rank %d", name, r)
		}
		if st := f.Strategy[s]; st != NoState && (k != Attacker || r == NotForced) {
			return fmt.Errorf("graph: %s state %s (rank %d) has a strategy", k, name, r)
		}
		succ := g.Successors(s)
		switch k {
		case Mate:
			if r != 0 {
				return fmt.Errorf("graph: mate terminal %s has rank %d, want 0", name, r)
			}
		case Terminal:
			if r != NotForced {
				return fmt.Errorf("graph: terminal %s is winning (rank %d)", name, r)
			}
		case Attacker:
			best := int32(NotForced)
			for _, t := range succ {
				if f.Rank[t] != NotForced && (best == NotForced || f.Rank[t] < best) {
					best = f.Rank[t]
				}
			}
			switch {
			case r == NotForced && best != NotForced:
				return fmt.Errorf("graph: attacker state %s is not winning but has a winning successor", name)
			case r == NotForced:
			case best == NotForced || r != best+1:
				return fmt.Errorf("graph: attacker state %s has rank %d; its best successor has rank %d", name, r, best)
			default:
				st := f.Strategy[s]
				if st < 0 || int(st) >= n || !contains(succ, st) {
					return fmt.Errorf("graph: attacker state %s: strategy %d is not a successor", name, st)
				}
				if f.Rank[st] == NotForced || f.Rank[st] >= r {
					return fmt.Errorf("graph: attacker state %s (rank %d): strategy %s has rank %d", name, r, g.Name(int(st)), f.Rank[st])
				}
			}
		case Defender:
			worst, all := int32(NotForced), len(succ) > 0
			for _, t := range succ {
				if f.Rank[t] == NotForced {
					all = false
				}
				worst = max(worst, f.Rank[t])
			}
			switch {
			case r == NotForced && all:
				return fmt.Errorf("graph: defender state %s is not winning but every successor is", name)
			case r == NotForced:
			case !all:
				return fmt.Errorf("graph: defender state %s has rank %d, but not all its successors are winning", name, r)
			case r != worst+1:
				return fmt.Errorf("graph: defender state %s has rank %d; the largest rank of its successors is %d", name, r, worst)
			}
		}
	}
	if f.Rounds != int(maxRank) {
		return fmt.Errorf("graph: %d rounds, but the largest rank is %d", f.Rounds, maxRank)
	}
	return nil
}

func contains(list []int32, x int32) bool {
	for _, y := range list {
		if y == x {
			return true
		}
	}
	return false
}

// Reachable returns, for every state, whether some path leads from it to
// a mate terminal, whoever chooses the moves. It searches backwards from
// the mate terminals through the predecessor lists, visiting each state
// once, so cycles are harmless.
func (g *Graph) Reachable() []bool {
	pfirst, pred := g.predecessors()
	seen := make([]bool, len(g.kinds))
	stack := make([]int32, 0, 64)
	for s, k := range g.kinds {
		if k == Mate {
			seen[s] = true
			stack = append(stack, int32(s))
		}
	}
	for len(stack) > 0 {
		t := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, p := range pred[pfirst[t]:pfirst[t+1]] {
			if !seen[p] {
				seen[p] = true
				stack = append(stack, p)
			}
		}
	}
	return seen
}

// ReachableFrom reports whether some path leads from state s to a mate
// terminal: a breadth-first search forwards from s with a visited set, as
// the definition says (Reachable answers for every state at once).
func (g *Graph) ReachableFrom(s int) bool {
	if s < 0 || s >= len(g.kinds) {
		return false
	}
	seen := make(map[int32]bool)
	queue := []int32{int32(s)}
	seen[int32(s)] = true
	for head := 0; head < len(queue); head++ {
		t := queue[head]
		if g.kinds[t] == Mate {
			return true
		}
		for _, u := range g.Successors(int(t)) {
			if !seen[u] {
				seen[u] = true
				queue = append(queue, u)
			}
		}
	}
	return false
}
