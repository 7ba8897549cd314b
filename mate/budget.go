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
func (s *search) countNode() {
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
	if s.progress != nil && s.nodes&0xffff == 0 {
		s.progress()
	}
}

// setBudget sets the limits of a search that starts at start: the end of
// ctx, maxNodes nodes in all and maxTime (0: no limit).
func (s *search) setBudget(ctx context.Context, maxNodes uint64, maxTime time.Duration, start time.Time) {
	s.ctx, s.maxNodes = ctx, maxNodes
	if maxTime > 0 {
		s.deadline = start.Add(maxTime)
	}
}

// extendBudget gives a search that has proven a mate, whose limits were
// maxNodes and maxTime, some nodes and time beyond them to read the main
// line, which may have to search parts of the proof the table lost: a
// mate without its line is of little use. A stop by a limit is lifted; the
// end of the context is not.
func (s *search) extendBudget(maxNodes uint64, maxTime time.Duration) {
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
