package variant

import "github.com/tsume-shogi/tsume/shogi"

// Zobrist keys come from shogi's fixed splitmix64 stream (a different seed
// from package shogi's), so hashes are the same in every run. A position's
// hash is the sum (mod 2⁶⁴) of the keys of its parts, so that a hand
// holding n pieces of a kind adds that kind's key n times.
type zobristKeys struct {
	piece [128][numSquares]uint64 // indexed by Piece (royal flag included)
	hand  [2][NumKinds]uint64
	side  uint64
	power uint64 // the seed of the carried powers' keys
}

var zobrist = func() *zobristKeys {
	z := new(zobristKeys)
	st := shogi.NewZobristStream(0x76617269616e74) // "variant"
	for pc := range z.piece {
		st.Fill(z.piece[pc][:])
	}
	for c := range z.hand {
		st.Fill(z.hand[c][:])
	}
	z.side = st.Next()
	z.power = st.Next()
	return z
}()

// powerKey is the hash of a royal on s carrying the fixed power set.
func powerKey(s Square, set KindSet) uint64 {
	x := zobrist.power ^ uint64(s)<<32 ^ uint64(set)
	return shogi.SplitMix64(&x)
}
