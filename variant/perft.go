package variant

import "context"

// Perft counts the leaf nodes of the legal move tree depth plies below p,
// every non-promotion counted as a move of its own; at the last ply it
// counts the legal moves. Perft(p, 0) is 1. It stops early, returning
// ctx's error, when ctx ends (looked at every few thousand nodes).
func Perft(ctx context.Context, p *Position, depth int) (uint64, error) {
	if depth <= 0 {
		return 1, nil
	}
	s := &perftStack{pos: make([]Position, depth), moves: make([][]Move, depth), ctx: ctx}
	for i := range s.moves {
		s.moves[i] = make([]Move, 0, MaxMoves)
	}
	s.pos[0] = *p
	n := s.run(0, depth)
	return n, s.err
}

type perftStack struct {
	pos   []Position
	moves [][]Move
	ctx   context.Context
	polls uint32
	err   error
}

func (s *perftStack) run(ply, depth int) uint64 {
	if s.polls++; s.polls&0xfff == 0 && s.err == nil {
		s.err = s.ctx.Err()
	}
	if s.err != nil {
		return 0
	}
	p := &s.pos[ply]
	moves := p.LegalMoves(s.moves[ply][:0])
	s.moves[ply] = moves[:0]
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
