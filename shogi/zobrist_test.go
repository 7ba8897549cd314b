package shogi

import "testing"

// The stream is splitmix64: its first outputs from seed 0 are the
// published ones, and Fill draws the same keys as Next.
func TestZobristStreamIsSplitMix64(t *testing.T) {
	z := NewZobristStream(0)
	for i, want := range []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f} {
		if got := z.Next(); got != want {
			t.Errorf("output %d: %#x; want %#x", i, got, want)
		}
	}
	keys := make([]uint64, 5)
	NewZobristStream(42).Fill(keys)
	n := NewZobristStream(42)
	for i, k := range keys {
		if want := n.Next(); k != want {
			t.Errorf("Fill[%d] = %#x; Next gives %#x", i, k, want)
		}
	}
}
