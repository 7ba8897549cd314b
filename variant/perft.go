package variant

import (
	"context"

	"github.com/tsume-shogi/tsume/shogi"
)

// Perft counts the leaf nodes of the legal move tree depth plies below p,
// every non-promotion counted as a move of its own; at the last ply it
// counts the legal moves. Perft(p, 0) is 1. It stops early, returning
// ctx's error, when ctx ends (looked at every few thousand nodes). It is
// package shogi's perft driver (shogi.PerftOf) over variant positions.
func Perft(ctx context.Context, p *Position, depth int) (uint64, error) {
	return shogi.PerftOf(ctx, p, depth, MaxMoves)
}
