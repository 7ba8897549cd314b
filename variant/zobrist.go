package variant

// Zobrist keys come from a fixed splitmix64 stream (a different seed from
// package shogi's), so hashes are the same in every run. A position's hash
// is the sum (mod 2⁶⁴) of the keys of its parts, so that a hand holding n
// pieces of a kind adds that kind's key n times.
type zobristKeys struct {
	piece [128][numSquares]uint64 // indexed by Piece (royal flag included)
	hand  [2][NumKinds]uint64
	side  uint64
	power uint64 // the seed of the carried powers' keys
}

var zobrist = func() *zobristKeys {
	z := new(zobristKeys)
	state := uint64(0x76617269616e74) // "variant"
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
	z.power = splitmix64(&state)
	return z
}()

func splitmix64(state *uint64) uint64 {
	*state += 0x9e3779b97f4a7c15
	z := *state
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// powerKey is the hash of a royal on s carrying the fixed power set.
func powerKey(s Square, set KindSet) uint64 {
	x := zobrist.power ^ uint64(s)<<32 ^ uint64(set)
	return splitmix64(&x)
}
