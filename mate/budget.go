package mate

import (
	"context"
	"errors"
	"time"
)

// This file is the budget of a search: its node and time limits and the
// end of its context, checked as the nodes are counted.

// errNodeLimit ends a search that reached its node limit.
var errNodeLimit = errors.New("mate: node limit reached")

// countNode counts a node and checks the limits every 1024 nodes.
func (s *search[P, PP]) countNode() {
	s.nodes++
	if s.nodes&1023 != 0 {
		return
	}
	if err := s.ctx.Err(); err != nil {
		s.stopped = err
	} else if s.maxNodes > 0 && s.nodes >= s.maxNodes {
		s.stopped = errNodeLimit
	} else if !s.deadline.IsZero() && time.Now().After(s.deadline) {
		s.stopped = context.DeadlineExceeded
	}
	if s.par != nil {
		s.parallelTick()
	}
	if s.tt.locks != nil && !s.helper {
		s.growShared()
	}
	if s.progress != nil && s.nodes&0xffff == 0 {
		s.progress()
	}
}

// setBudget sets the limits of a search that starts at start: the end of
// ctx, maxNodes nodes in all and maxTime (0: no limit).
func (s *search[P, PP]) setBudget(ctx context.Context, maxNodes uint64, maxTime time.Duration, start time.Time) {
	s.ctx, s.maxNodes = ctx, maxNodes
	if maxTime > 0 {
		s.deadline = start.Add(maxTime)
	}
}

// renewBudget gives a search the limits maxNodes and maxTime again from
// where it stands (0: none), as if it started now.
func (s *search[P, PP]) renewBudget(maxNodes uint64, maxTime time.Duration) {
	if maxTime > 0 {
		s.deadline = time.Now().Add(maxTime)
	}
	if maxNodes > 0 {
		s.maxNodes = s.nodes + maxNodes
	}
}

// extendBudget gives a search that has proven a mate, whose limits were
// maxNodes and maxTime, some nodes and time beyond them to read the main
// line, which may have to search parts of the proof the table lost: a
// mate without its line is of little use. A stop by a limit is lifted; the
// end of the context is not.
func (s *search[P, PP]) extendBudget(maxNodes uint64, maxTime time.Duration) {
	if maxTime > 0 {
		s.deadline = time.Now().Add(max(10*time.Second, maxTime/2))
	}
	if maxNodes > 0 {
		s.maxNodes = s.nodes + max(10_000_000, maxNodes/2)
	}
	if s.ctx.Err() == nil {
		s.stopped = nil
	}
}

// countSteps runs, under the discount rule, the first steps of the search
// for the shortest mate with every interposition counting: a mate of
// length-2 under the count rule is one under the discount rule too, and
// on a long problem the count searches step down much faster (ミクロコスモス:
// 1,577 to 1,525 plies in about a minute, where the discount searches
// stalled at 1,545; docs/performance.md). Each step may search as many
// nodes as the proof of step 1 took; the steps end when one fails (a
// disproof under the count rule says nothing under discount) or runs out
// of its nodes, and the discount steps go on from the length reached.
// It runs only after a first proof of at least from plies, and calls
// proven with the length of each proof.
func (s *search[P, PP]) countSteps(q *P, length, from int, proven func(length int)) {
	if length < from {
		return
	}
	s.futile = false
	budget := max(s.nodes, 1<<20)
	global := s.maxNodes
	defer func() { s.maxNodes = global }()
	for length >= 3 && s.stopped == nil {
		s.maxNodes = s.nodes + budget
		if global > 0 {
			s.maxNodes = min(s.maxNodes, global)
		}
		r := s.searchAt(nil, q, uint16(length-2))
		if s.stopped == errNodeLimit && (global == 0 || s.nodes < global) {
			s.stopped = nil
			break
		}
		if r.pn != 0 {
			break
		}
		length = int(r.length)
		proven(length)
	}
}

// minCountSteps is the shortest first proof after which countSteps runs:
// on shorter problems the count steps cost more than they save (on the
// bench list, run after every first proof, 1,505,339 → 2,387,515 nodes;
// on the classic list 42.5 M → 51.9 M: every problem pays the count
// rule's last, failing step).
const minCountSteps = 1000
