package shogi_test

import (
	"math/rand/v2"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

// handOf builds a hand from counts, piece by piece with Add.
func handOf(counts map[shogi.Kind]int) shogi.Hand {
	var h shogi.Hand
	for k, n := range counts {
		for range n {
			h = h.Add(k)
		}
	}
	return h
}

// maxInSet is how many of each droppable kind the 40-piece set holds.
var maxInSet = map[shogi.Kind]int{shogi.Pawn: 18, shogi.Lance: 4, shogi.Knight: 4, shogi.Silver: 4, shogi.Gold: 4, shogi.Bishop: 2, shogi.Rook: 2}

func TestHandAddRemoveCount(t *testing.T) {
	var h shogi.Hand
	if !h.IsEmpty() || h.Total() != 0 || h.String() != "-" {
		t.Fatalf("zero Hand: empty %v, total %d, %q", h.IsEmpty(), h.Total(), h)
	}
	// Fill every kind to the count of the full set, checking the others
	// are untouched at each step.
	want := map[shogi.Kind]int{}
	total := 0
	for _, k := range droppable {
		for n := 1; n <= maxInSet[k]; n++ {
			h = h.Add(k)
			want[k] = n
			total++
			for _, o := range droppable {
				if got := h.Count(o); got != want[o] {
					t.Fatalf("after adding %d %s: Count(%s) = %d, want %d", n, k, o, got, want[o])
				}
				if h.Has(o) != (want[o] > 0) {
					t.Fatalf("after adding %d %s: Has(%s) = %v", n, k, o, h.Has(o))
				}
			}
		}
	}
	if h.Total() != 38 || total != 38 {
		t.Errorf("full hand: Total() = %d, want 38", h.Total())
	}
	if got := h.String(); got != "2R2B4G4S4N4L18P" {
		t.Errorf("full hand: String() = %q", got)
	}
	// And empty it again in another order.
	for i := len(droppable) - 1; i >= 0; i-- {
		k := droppable[i]
		for n := maxInSet[k] - 1; n >= 0; n-- {
			h = h.Remove(k)
			if got := h.Count(k); got != n {
				t.Fatalf("Remove(%s): Count = %d, want %d", k, got, n)
			}
		}
	}
	if !h.IsEmpty() || h != 0 {
		t.Errorf("emptied hand = %#x, %q", uint32(h), h)
	}
}

func TestHandSet(t *testing.T) {
	h := handOf(map[shogi.Kind]int{shogi.Pawn: 3, shogi.Gold: 2, shogi.Rook: 1})
	h = h.Set(shogi.Gold, 4).Set(shogi.Pawn, 18).Set(shogi.Rook, 0).Set(shogi.Lance, 1)
	want := map[shogi.Kind]int{shogi.Pawn: 18, shogi.Gold: 4, shogi.Lance: 1}
	for _, k := range droppable {
		if got := h.Count(k); got != want[k] {
			t.Errorf("Count(%s) = %d, want %d", k, got, want[k])
		}
	}
	if h != handOf(want) {
		t.Errorf("Set gives %#x, Add gives %#x", uint32(h), uint32(handOf(want)))
	}
}

func TestHandString(t *testing.T) {
	cases := []struct {
		counts map[shogi.Kind]int
		want   string
	}{
		{nil, "-"},
		{map[shogi.Kind]int{shogi.Pawn: 1}, "P"},
		{map[shogi.Kind]int{shogi.Pawn: 18, shogi.Gold: 1, shogi.Rook: 2}, "2RG18P"},
		{map[shogi.Kind]int{shogi.Lance: 2, shogi.Knight: 3, shogi.Silver: 1, shogi.Bishop: 1}, "BS3N2L"},
	}
	for _, c := range cases {
		if got := handOf(c.counts).String(); got != c.want {
			t.Errorf("%v: String() = %q, want %q", c.counts, got, c.want)
		}
	}
}

// Dominates is hand superiority: h holds at least as many of every kind as
// o. The packed subtraction must not let a shortage in one kind borrow from
// the next kind up.
func TestHandDominatesTruthTable(t *testing.T) {
	P, L, N, S, G, B, R := shogi.Pawn, shogi.Lance, shogi.Knight, shogi.Silver, shogi.Gold, shogi.Bishop, shogi.Rook
	type hc = map[shogi.Kind]int
	full := hc{P: 18, L: 4, N: 4, S: 4, G: 4, B: 2, R: 2}
	cases := []struct {
		h, o hc
		want bool
	}{
		{hc{}, hc{}, true},
		{hc{P: 1}, hc{}, true},
		{hc{}, hc{P: 1}, false},
		{hc{P: 2}, hc{P: 1}, true},
		{hc{P: 1}, hc{P: 2}, false},
		{hc{P: 1}, hc{P: 1}, true},
		// A shortage in a low field with plenty in the next field up.
		{hc{L: 1}, hc{P: 1}, false},
		{hc{N: 1}, hc{L: 1}, false},
		{hc{S: 1}, hc{N: 1}, false},
		{hc{G: 1}, hc{S: 1}, false},
		{hc{B: 1}, hc{G: 1}, false},
		{hc{R: 1}, hc{B: 1}, false},
		{hc{R: 2}, hc{B: 2}, false},
		{hc{L: 4, P: 0}, hc{P: 18}, false},
		{hc{P: 1, L: 1}, hc{P: 2}, false},
		{hc{G: 1, P: 1}, hc{P: 2}, false},
		{hc{R: 2, B: 0, G: 4}, hc{R: 1, B: 1}, false},
		// More of one kind does not make up for fewer of another.
		{hc{P: 18}, hc{L: 1}, false},
		{hc{P: 18, L: 4, N: 4, S: 4, G: 4, B: 2}, hc{R: 1}, false},
		{hc{P: 17, R: 2}, hc{P: 18}, false},
		{full, full, true},
		{full, hc{P: 18, R: 2}, true},
		{full, hc{}, true},
		{hc{}, full, false},
		{hc{P: 18, L: 4, N: 4, S: 4, G: 4, B: 2, R: 1}, full, false},
		{hc{P: 18, L: 4, N: 4, S: 4, G: 3, B: 2, R: 2}, full, false},
		{hc{P: 5, S: 1}, hc{P: 5, S: 1}, true},
		{hc{P: 5, S: 2}, hc{P: 4, S: 1}, true},
	}
	for _, c := range cases {
		if got := handOf(c.h).Dominates(handOf(c.o)); got != c.want {
			t.Errorf("%v.Dominates(%v) = %v, want %v", handOf(c.h), handOf(c.o), got, c.want)
		}
	}
}

// Dominates agrees with a kind-by-kind comparison on many random pairs of
// hands within the set's counts.
func TestHandDominatesRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	random := func() map[shogi.Kind]int {
		c := map[shogi.Kind]int{}
		for _, k := range droppable {
			switch rng.IntN(3) {
			case 0: // leave it out
			case 1:
				c[k] = rng.IntN(maxInSet[k] + 1)
			case 2:
				c[k] = maxInSet[k]
			}
		}
		return c
	}
	for range 20000 {
		a, b := random(), random()
		if rng.IntN(4) == 0 { // often nearly equal: b is a with one kind changed by one
			b = map[shogi.Kind]int{}
			for k, n := range a {
				b[k] = n
			}
			k := droppable[rng.IntN(len(droppable))]
			if d := b[k] + rng.IntN(3) - 1; d >= 0 && d <= maxInSet[k] {
				b[k] = d
			}
		}
		want := true
		for _, k := range droppable {
			if a[k] < b[k] {
				want = false
			}
		}
		if got := handOf(a).Dominates(handOf(b)); got != want {
			t.Fatalf("%v.Dominates(%v) = %v, want %v", handOf(a), handOf(b), got, want)
		}
	}
}

// Min and Max take, kind by kind, the smaller and the larger count, on
// every pair of a set of hands that holds each count of each kind (the
// other kinds at random).
func TestHandMinMax(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	var hands []shogi.Hand
	for _, k := range droppable {
		for n := 0; n <= maxInSet[k]; n++ {
			c := map[shogi.Kind]int{k: n}
			for _, o := range droppable {
				if o != k {
					c[o] = rng.IntN(maxInSet[o] + 1)
				}
			}
			hands = append(hands, handOf(c))
		}
	}
	hands = append(hands, 0, handOf(maxInSet))
	for _, a := range hands {
		for _, b := range hands {
			lo, hi := a.Min(b), a.Max(b)
			for _, k := range droppable {
				if lo.Count(k) != min(a.Count(k), b.Count(k)) || hi.Count(k) != max(a.Count(k), b.Count(k)) {
					t.Fatalf("%v and %v: Min %v, Max %v (%v)", a, b, lo, hi, k)
				}
			}
			if lo.Total()+hi.Total() != a.Total()+b.Total() {
				t.Fatalf("%v and %v: Min %v, Max %v: pieces lost", a, b, lo, hi)
			}
		}
	}
}
