package variant

import "testing"

// Total counts every piece of a hand, of every kind it can hold.
func TestHandTotal(t *testing.T) {
	rng := newRand(28)
	for range 200 {
		var h Hand
		want := 0
		for _, k := range HandKinds() {
			n := rng.IntN(MaxHandCount + 1)
			h = h.Set(k, n)
			want += n
		}
		if got := h.Total(); got != want {
			t.Fatalf("%s: Total %d; want %d", h, got, want)
		}
	}
}
