package shogi

import "strconv"

// Hand is the set of pieces a side holds, packed in one integer with a field
// per droppable kind and a guard bit above each field:
//
//	bits  0– 4 pawn    (0–18)   guard 5
//	bits  8–10 lance   (0–4)    guard 11
//	bits 12–14 knight  (0–4)    guard 15
//	bits 16–18 silver  (0–4)    guard 19
//	bits 20–22 gold    (0–4)    guard 23
//	bits 24–25 bishop  (0–2)    guard 26
//	bits 28–29 rook    (0–2)    guard 30
//
// Because the guards are zero in every valid hand, "a holds at least as many
// of every kind as b" is one subtraction and a mask (see Dominates).
type Hand uint32

var handShift = [NumKinds]uint{Pawn: 0, Lance: 8, Knight: 12, Silver: 16, Gold: 20, Bishop: 24, Rook: 28}
var handFieldMask = [NumKinds]uint32{Pawn: 0x1f, Lance: 7, Knight: 7, Silver: 7, Gold: 7, Bishop: 3, Rook: 3}

const handGuards = 1<<5 | 1<<11 | 1<<15 | 1<<19 | 1<<23 | 1<<26 | 1<<30

// Count returns how many pieces of kind k (an unpromoted droppable kind) h holds.
func (h Hand) Count(k Kind) int { return int(uint32(h) >> handShift[k] & handFieldMask[k]) }

// Has reports whether h holds at least one piece of kind k.
func (h Hand) Has(k Kind) bool { return uint32(h)>>handShift[k]&handFieldMask[k] != 0 }

// Add returns h with one more piece of kind k. The caller keeps counts
// within the standard set.
func (h Hand) Add(k Kind) Hand { return h + Hand(1)<<handShift[k] }

// Remove returns h with one piece of kind k fewer; h must hold one.
func (h Hand) Remove(k Kind) Hand { return h - Hand(1)<<handShift[k] }

// Set returns h holding n pieces of kind k; n must fit the kind's field.
func (h Hand) Set(k Kind, n int) Hand {
	m := Hand(handFieldMask[k]) << handShift[k]
	return h&^m | Hand(n)<<handShift[k]&m
}

// IsEmpty reports whether h holds nothing.
func (h Hand) IsEmpty() bool { return h == 0 }

// Total returns the number of pieces in h.
func (h Hand) Total() int {
	n := 0
	for _, k := range handKinds {
		n += h.Count(k)
	}
	return n
}

// Dominates reports whether h holds at least as many pieces of every kind
// as o (hand superiority: h ⊇ o).
func (h Hand) Dominates(o Hand) bool { return (h-o)&handGuards == 0 }

// Min returns the hand holding, of each kind, the smaller count of h and
// o.
func (h Hand) Min(o Hand) Hand {
	m := h.atLeast(o)
	return h&^m | o&m
}

// Max returns the hand holding, of each kind, the larger count of h and o.
func (h Hand) Max(o Hand) Hand {
	m := h.atLeast(o)
	return h&m | o&^m
}

// atLeast returns the bits of the fields in which h holds at least as many
// pieces as o, all kinds at once: with the guard bits set in h, a field's
// subtraction borrows from its own guard only, which stays set exactly
// where h ≥ o; each such guard then becomes the mask of its field.
func (h Hand) atLeast(o Hand) Hand {
	const (
		guard5 = 1 << 5                        // pawns: 5 bits
		guard3 = 1<<11 | 1<<15 | 1<<19 | 1<<23 // lances to golds: 3 bits
		guard2 = 1<<26 | 1<<30                 // bishops, rooks: 2 bits
	)
	t := ((h | handGuards) - o) & handGuards
	t5, t3, t2 := t&guard5, t&guard3, t&guard2
	return t5 - t5>>5 + t3 - t3>>3 + t2 - t2>>2
}

// String returns h in SFEN order (R B G S N L P), upper case, "-" if empty.
func (h Hand) String() string {
	if h == 0 {
		return "-"
	}
	var b []byte
	for _, k := range handKinds {
		n := h.Count(k)
		if n == 0 {
			continue
		}
		if n > 1 {
			b = strconv.AppendInt(b, int64(n), 10)
		}
		b = append(b, k.Letter()...)
	}
	return string(b)
}
