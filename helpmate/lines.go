package helpmate

import (
	"fmt"
	"slices"

	"github.com/tsume-shogi/tsume/shogi"
)

// finalEdge is a last step into a mate, keyed for grouping the lines that
// differ only in the promotion choice of the last move.
type finalEdge struct {
	parent int32
	m1, m2 shogi.Move
	tag    shogi.Move // m2 without its promotion
	order  int        // the order of generation
}

// collect counts the solutions ending in s.mates and lists up to maxLines
// of them in r, each replayed from p to check it and find the hand left.
func (s *search[P, PP]) collect(r *Result, p *P, maxLines int) error {
	if maxLines == 0 {
		maxLines = DefaultMaxLines
	}
	// The extra parents, sorted by child, without those of the layer
	// abandoned when the mates were found.
	extra := s.extra[:0]
	for _, e := range s.extra {
		if int(e.child) < len(s.nodes) {
			extra = append(extra, e)
		}
	}
	slices.SortStableFunc(extra, func(a, b edge) int { return int(a.child) - int(b.child) })
	s.extra = extra

	var finals []finalEdge
	for _, m := range s.mates {
		s.inEdges(m, func(parent int32, m1, m2 shogi.Move) bool {
			tag := m2
			if tag.IsPromotion() {
				tag = tag.TogglePromotion()
			}
			finals = append(finals, finalEdge{parent: parent, m1: m1, m2: m2, tag: tag, order: len(finals)})
			return true
		})
	}
	slices.SortStableFunc(finals, func(a, b finalEdge) int {
		switch {
		case a.parent != b.parent:
			return int(a.parent) - int(b.parent)
		case a.m1 != b.m1:
			return int(a.m1) - int(b.m1)
		case a.tag != b.tag:
			return int(a.tag) - int(b.tag)
		}
		return a.order - b.order
	})
	type group struct {
		e   finalEdge
		alt bool
	}
	var groups []group
	for i := 0; i < len(finals); {
		j := i + 1
		for j < len(finals) && finals[j].parent == finals[i].parent && finals[j].m1 == finals[i].m1 && finals[j].tag == finals[i].tag {
			j++
		}
		groups = append(groups, group{e: finals[i], alt: j-i > 1})
		c := s.countOf(finals[i].parent)
		if c == ^uint64(0) || r.Count+c < r.Count {
			r.CountSaturated = true
		}
		r.Count = satAdd(r.Count, c)
		i = j
	}
	slices.SortStableFunc(groups, func(a, b group) int { return a.e.order - b.e.order })

	var stack []shogi.Move // the moves of the line being built, last first
	for _, g := range groups {
		if len(r.Solutions) >= maxLines {
			break
		}
		stack = append(stack[:0], g.e.m2)
		if g.e.m1 != shogi.NoMove {
			stack = append(stack, g.e.m1)
		}
		var err error
		s.paths(g.e.parent, &stack, func(line []shogi.Move) bool {
			moves := make([]shogi.Move, len(line))
			for i, m := range line {
				moves[len(line)-1-i] = m
			}
			var sol Solution
			if sol, err = s.replay(p, moves); err != nil {
				return false
			}
			sol.PromotionAlternative = g.alt
			r.Solutions = append(r.Solutions, sol)
			return len(r.Solutions) < maxLines
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// inEdges calls f for each parent of node i with the moves from it, the
// first parent first, until f returns false.
func (s *search[P, PP]) inEdges(i int32, f func(parent int32, m1, m2 shogi.Move) bool) bool {
	n := &s.nodes[i]
	if !f(n.parent, n.m1, n.m2) {
		return false
	}
	j, _ := slices.BinarySearchFunc(s.extra, i, func(e edge, t int32) int { return int(e.child) - int(t) })
	for ; j < len(s.extra) && s.extra[j].child == i; j++ {
		e := &s.extra[j]
		if !f(e.parent, e.m1, e.m2) {
			return false
		}
	}
	return true
}

// paths calls emit with each line from the root to node i followed by
// the moves of *stack (the line last move first), until emit returns
// false; it returns false then.
func (s *search[P, PP]) paths(i int32, stack *[]shogi.Move, emit func([]shogi.Move) bool) bool {
	if i == s.rootID {
		return emit(*stack)
	}
	return s.inEdges(i, func(parent int32, m1, m2 shogi.Move) bool {
		n := len(*stack)
		*stack = append(*stack, m2)
		if m1 != shogi.NoMove {
			*stack = append(*stack, m1)
		}
		ok := s.paths(parent, stack, emit)
		*stack = (*stack)[:n]
		return ok
	})
}

// replay plays moves from p, checking each is legal, and returns the
// solution with its USI text and the attacker's hand at the end. A
// failure would mean a hash collision merged two positions.
func (s *search[P, PP]) replay(p *P, moves []shogi.Move) (Solution, error) {
	q := *p
	attacker := PP(&q).SideToMove()
	sol := Solution{Moves: moves, USI: make([]string, len(moves))}
	for i, m := range moves {
		if !PP(&q).IsLegal(m) {
			return sol, fmt.Errorf("helpmate: internal error (hash collision?): move %d, %v, is not legal", i+1, s.text.moveString(m))
		}
		sol.USI[i] = s.text.moveString(m)
		PP(&q).DoMove(m)
	}
	if PP(&q).HasLegalMove() || !PP(&q).InCheck() {
		return sol, fmt.Errorf("helpmate: internal error (hash collision?): the line does not end in mate")
	}
	sol.Leftover, sol.LeftoverPieces = s.text.hand(&q, attacker)
	return sol, nil
}
