package shogi

import (
	"context"
	"sort"
)

// Perft counts the leaf nodes of the legal move tree of depth plies below
// p, counting every non-promotion as a move of its own. At the last ply it
// generates the legal moves and counts them. Perft(p, 0) is 1.
func Perft(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	s := newPerftStack(context.Background(), depth)
	s.pos[0] = *p
	return s.run(0, depth)
}

// perftStack holds a position and a move buffer per ply, allocated once per
// Perft call so that the recursion itself allocates nothing.
type perftStack struct {
	pos   []Position
	moves [][MaxMoves]Move
	ctx   context.Context
	polls uint32 // interior nodes since the context was last looked at
	err   error  // set once the context ends; the search then unwinds
}

func newPerftStack(ctx context.Context, depth int) *perftStack {
	return &perftStack{pos: make([]Position, depth+1), moves: make([][MaxMoves]Move, depth), ctx: ctx}
}

func (s *perftStack) run(ply, depth int) uint64 {
	if s.polls++; s.polls&0xfff == 0 {
		if s.err = s.ctx.Err(); s.err != nil {
			return 0
		}
	}
	if s.err != nil {
		return 0
	}
	p := &s.pos[ply]
	moves := p.LegalMoves(s.moves[ply][:0])
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	child := &s.pos[ply+1]
	for _, m := range moves {
		*child = *p
		child.DoMove(m)
		n += s.run(ply+1, depth-1)
	}
	return n
}

// DivideEntry is the perft count below one first move.
type DivideEntry struct {
	Move  Move
	USI   string
	Nodes uint64
}

// PerftDivide returns the perft count of depth under each legal move of p,
// sorted by the moves' USI text, and their total. It stops early with
// ctx's error when ctx is cancelled (looked at every few thousand nodes).
func PerftDivide(ctx context.Context, p *Position, depth int) ([]DivideEntry, uint64, error) {
	if depth <= 0 {
		return nil, 1, nil
	}
	moves := p.LegalMoves(make([]Move, 0, MaxMoves))
	out := make([]DivideEntry, 0, len(moves))
	s := newPerftStack(ctx, depth)
	var total uint64
	for _, m := range moves {
		if err := ctx.Err(); err != nil {
			return nil, 0, err
		}
		var n uint64 = 1
		if depth > 1 {
			s.pos[0] = *p
			s.pos[0].DoMove(m)
			n = s.run(0, depth-1)
			if s.err != nil {
				return nil, 0, s.err
			}
		}
		out = append(out, DivideEntry{Move: m, USI: m.String(), Nodes: n})
		total += n
	}
	sort.Slice(out, func(i, j int) bool { return out[i].USI < out[j].USI })
	return out, total, nil
}
