package shogi

import (
	"context"
	"sort"
)

// Perft counts the leaf nodes of the legal move tree of depth plies below
// p, counting every non-promotion as a move of its own. At the last ply it
// generates the legal moves and counts them. Perft(p, 0) is 1.
func Perft(p *Position, depth int) uint64 {
	n, _ := PerftOf(context.Background(), p, depth, MaxMoves)
	return n
}

// PerftPosition is what the perft driver needs of a position type T:
// copy-make (assignment copies a T completely), and through its pointer
// the legal moves appended to a buffer and a move played. Position is one;
// the fairy positions of package variant are another.
type PerftPosition[T any] interface {
	*T
	LegalMoves(dst []Move) []Move
	DoMove(m Move)
}

// PerftOf counts the leaf nodes of the legal move tree of depth plies
// below p, for any position type with copy-make, as Perft does for a
// Position; maxMoves is the capacity of each ply's move buffer. It stops
// early, returning ctx's error, when ctx ends (looked at every few
// thousand nodes). Apart from a position and a move buffer per ply,
// allocated once, it allocates nothing (unless a position has more than
// maxMoves legal moves: LegalMoves then grows its buffer).
func PerftOf[T any, P PerftPosition[T]](ctx context.Context, p *T, depth, maxMoves int) (uint64, error) {
	if depth <= 0 {
		return 1, nil
	}
	s := newPerftStack[T, P](ctx, depth, maxMoves)
	s.pos[0] = *p
	n := s.run(0, depth)
	return n, s.err
}

// perftStack holds a position and a move buffer per ply, allocated once per
// call so that the recursion itself allocates nothing.
type perftStack[T any, P PerftPosition[T]] struct {
	pos      []T
	moves    []Move // maxMoves a ply
	maxMoves int
	ctx      context.Context
	polls    uint32 // interior nodes since the context was last looked at
	err      error  // set once the context ends; the search then unwinds
}

func newPerftStack[T any, P PerftPosition[T]](ctx context.Context, depth, maxMoves int) *perftStack[T, P] {
	return &perftStack[T, P]{pos: make([]T, depth+1), moves: make([]Move, depth*maxMoves), maxMoves: maxMoves, ctx: ctx}
}

func (s *perftStack[T, P]) run(ply, depth int) uint64 {
	if s.polls++; s.polls&0xfff == 0 {
		if s.err = s.ctx.Err(); s.err != nil {
			return 0
		}
	}
	if s.err != nil {
		return 0
	}
	p := P(&s.pos[ply])
	at := ply * s.maxMoves
	moves := p.LegalMoves(s.moves[at : at : at+s.maxMoves])
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	child := &s.pos[ply+1]
	for _, m := range moves {
		*child = *p
		P(child).DoMove(m)
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
	return PerftDivideOf(ctx, p, depth, MaxMoves, Move.String)
}

// PerftDivideOf is PerftDivide for any position type with copy-make, as
// PerftOf is Perft: usi writes a move as the entries hold and sort it.
func PerftDivideOf[T any, P PerftPosition[T]](ctx context.Context, p *T, depth, maxMoves int, usi func(Move) string) ([]DivideEntry, uint64, error) {
	if depth <= 0 {
		return nil, 1, nil
	}
	moves := P(p).LegalMoves(make([]Move, 0, maxMoves))
	out := make([]DivideEntry, 0, len(moves))
	s := newPerftStack[T, P](ctx, depth, maxMoves)
	var total uint64
	for _, m := range moves {
		if err := ctx.Err(); err != nil {
			return nil, 0, err
		}
		var n uint64 = 1
		if depth > 1 {
			s.pos[0] = *p
			P(&s.pos[0]).DoMove(m)
			n = s.run(0, depth-1)
			if s.err != nil {
				return nil, 0, s.err
			}
		}
		out = append(out, DivideEntry{Move: m, USI: usi(m), Nodes: n})
		total += n
	}
	sort.Slice(out, func(i, j int) bool { return out[i].USI < out[j].USI })
	return out, total, nil
}
