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

// ZobristStream is the fixed splitmix64 stream that Zobrist keys are drawn
// from: the same seed gives the same keys in every run and on every
// machine. Package shogi draws its keys from the seed "tsume"; a rules
// layer built on it (package variant) draws its own from another seed.
// The zero value is the stream of seed 0.
type ZobristStream struct{ state uint64 }

// NewZobristStream returns the stream of seed.
func NewZobristStream(seed uint64) *ZobristStream { return &ZobristStream{seed} }

// Next returns the next key of the stream.
func (z *ZobristStream) Next() uint64 { return SplitMix64(&z.state) }

// Fill sets the elements of keys, in order, to the next keys of the stream.
func (z *ZobristStream) Fill(keys []uint64) {
	for i := range keys {
		keys[i] = z.Next()
	}
}

// SplitMix64 advances state by one step of splitmix64 and returns the
// mixed value: the generator of ZobristStream, and a good 64-bit mix of
// any value (a hash of x is SplitMix64(&x)).
func SplitMix64(state *uint64) uint64 {
	*state += 0x9e3779b97f4a7c15
	z := *state
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

func buildZobrist() *zobristKeys {
	z := new(zobristKeys)
	st := NewZobristStream(0x7473756d65) // "tsume"
	for pc := range z.piece {
		st.Fill(z.piece[pc][:])
	}
	for c := range z.hand {
		st.Fill(z.hand[c][:])
	}
	z.side = st.Next()
	return z
}
