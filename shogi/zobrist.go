package shogi

// Zobrist keys come from a fixed splitmix64 stream, so hashes are the same
// in every run and on every machine. A position's hash is the sum (mod
// 2^64) of the keys of its parts; sums rather than xors, because a hand
// holding n pieces of a kind adds that kind's key n times.
type zobristKeys struct {
	piece [32][NumSquares]uint64 // indexed by Piece
	hand  [2][NumKinds]uint64    // added once per piece held
	side  uint64                 // added when White is to move
}

var zobrist = buildZobrist()

func splitmix64(state *uint64) uint64 {
	*state += 0x9e3779b97f4a7c15
	z := *state
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

func buildZobrist() *zobristKeys {
	z := new(zobristKeys)
	state := uint64(0x7473756d65) // "tsume"
	for pc := range z.piece {
		for s := range z.piece[pc] {
			z.piece[pc][s] = splitmix64(&state)
		}
	}
	for c := range z.hand {
		for k := range z.hand[c] {
			z.hand[c][k] = splitmix64(&state)
		}
	}
	z.side = splitmix64(&state)
	return z
}
