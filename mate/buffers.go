package mate

import (
	"context"

	"github.com/tsume-shogi/tsume/shogi"
)

// This file is a search's scratch space, which a Solver keeps from one
// search to the next.

// reusing is newSearch with the buffers that s, a Solver, kept from its
// last search of the same position type, if any (nil: none); the caller
// gives them back to s when the search ends.
func reusing[P any, PP positionOps[P]](tt *table, attacker shogi.Color, s *Solver) *search[P, PP] {
	b := new(buffers[P])
	if s != nil {
		if kept, ok := s.buffers.(*buffers[P]); ok {
			b = kept.reuse()
		}
	}
	return &search[P, PP]{tt: tt, attacker: attacker, ctx: context.Background(), buffers: b}
}

// buffers are a search's scratch space: what a new search would allocate
// again, which a Solver keeps from one search to the next of the same
// position type (Solver.buffers), so that a generator solving thousands
// of candidates does not allocate them for each.
type buffers[P any] struct {
	frames    []*frame[P]
	capPos    []*[2]P        // the positions of matedAtOnce, by level
	countBuf  []shogi.Move   // the checks CountChecks may generate
	quietBuf  []shogi.Move   // noMateInThree's checks that leave no step
	capBufs   [][]shogi.Move // move buffers of the futile-by-capture tests
	path      []pathNode
	pathCount []uint8 // the path filter: counts by the key's low bits
	// boardCount is the same by the board key's low bits, for inferior
	// positions (inferiorOnPath).
	boardCount []uint8
	lines      lineBuffers[P]
}

// lineBuffers are the buffers of the readers of a line (pv.go) and of
// its soundness (soundness.go): fields, not locals, so that the calls
// through the type parameter do not move them to the heap.
type lineBuffers[P any] struct {
	ancestors     []P
	checks        []shogi.Move // bestCheck's
	replies       []shogi.Move // longestReply's
	scratch       []shogi.Move // line's and alternatives'
	replyScratch  []shogi.Move // longestReply's
	cands         []candidate[P]
	cand, replied candidate[P]
}

// reuse makes b the buffers of a new search: its path, empty at the end
// of every search, is made so whatever stopped the search before.
func (b *buffers[P]) reuse() *buffers[P] {
	if len(b.path) != 0 {
		b.path = b.path[:0]
		clear(b.pathCount)
		clear(b.boardCount)
	}
	return b
}

// moveBuf returns b emptied, or a new buffer with room for MaxMoves moves
// when b has none.
func moveBuf(b []shogi.Move) []shogi.Move {
	if b == nil {
		return make([]shogi.Move, 0, shogi.MaxMoves)
	}
	return b[:0]
}
