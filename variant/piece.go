package variant

import (
	"math/bits"
	"strconv"
	"strings"

	"github.com/tsume-shogi/tsume/shogi"
)

// Piece is a piece on the board: its kind in bits 0–4, its colour in bit
// 5 and the royal flag in bit 6. NoPiece (0) is an empty square.
type Piece uint8

// NoPiece is the empty square.
const NoPiece Piece = 0

const (
	colorBit Piece = 1 << 5
	royalBit Piece = 1 << 6
)

// NewPiece returns a piece of colour c and kind k, royal if royal (a king
// is always royal).
func NewPiece(c shogi.Color, k Kind, royal bool) Piece {
	pc := Piece(k) | Piece(c)<<5
	if royal || (ValidKind(k) && kindDefs[k].Royal) {
		pc |= royalBit
	}
	return pc
}

// Kind returns the kind of pc.
func (pc Piece) Kind() Kind { return Kind(pc & 31) }

// Color returns the colour of pc; it is meaningless for NoPiece.
func (pc Piece) Color() shogi.Color { return shogi.Color(pc >> 5 & 1) }

// Royal reports whether pc is royal.
func (pc Piece) Royal() bool { return pc&royalBit != 0 }

// String returns the SFEN token of pc: "$B", "+r", "(gh)"; "." for NoPiece.
func (pc Piece) String() string {
	if pc == NoPiece {
		return "."
	}
	s := KindToken(pc.Kind())
	if pc.Color() == shogi.White {
		s = strings.ToLower(s)
	}
	if pc.Royal() && pc.Kind() != shogi.King {
		s = "$" + s
	}
	return s
}

// KindSet is a set of kinds, bit k for kind k: the power a piece moves
// with when a condition changes it (天竺, 安南).
type KindSet uint32

// SetOf returns the set holding only k.
func SetOf(k Kind) KindSet { return 1 << k }

// Has reports whether k is in s.
func (s KindSet) Has(k Kind) bool { return s>>k&1 != 0 }

// Kinds returns the kinds of s in increasing order.
func (s KindSet) Kinds() []Kind {
	var ks []Kind
	for b := uint32(s); b != 0; b &= b - 1 {
		ks = append(ks, Kind(bits.TrailingZeros32(b)))
	}
	return ks
}

// String returns the kinds' tokens joined by "|", such as "B|R".
func (s KindSet) String() string {
	var parts []string
	for _, k := range s.Kinds() {
		parts = append(parts, KindToken(k))
	}
	return strings.Join(parts, "|")
}

// Hand is the set of pieces a side holds: a 6-bit field per hand kind
// (five bits of count, 0–31, and a guard bit above it), in the order of
// HandKinds, so that Dominates is one subtraction and a mask.
type Hand uint64

// MaxHandCount is the most pieces of one kind a hand can hold.
const MaxHandCount = 31

var handShift = func() (s [NumKinds]uint8) {
	for i, k := range handKinds {
		s[k] = uint8(6 * i)
	}
	return s
}()

var handGuards = func() (g Hand) {
	for i := range handKinds {
		g |= 1 << (6*i + 5)
	}
	return g
}()

// Count returns how many pieces of kind k (a hand kind) h holds.
func (h Hand) Count(k Kind) int { return int(h >> handShift[k] & 31) }

// Has reports whether h holds a piece of kind k.
func (h Hand) Has(k Kind) bool { return h>>handShift[k]&31 != 0 }

// Add returns h with one more piece of kind k.
func (h Hand) Add(k Kind) Hand { return h + 1<<handShift[k] }

// Remove returns h with one piece of kind k less; h must hold one.
func (h Hand) Remove(k Kind) Hand { return h - 1<<handShift[k] }

// Set returns h holding n (0–31) pieces of kind k.
func (h Hand) Set(k Kind, n int) Hand {
	return h&^(31<<handShift[k]) | Hand(n)<<handShift[k]
}

// Total returns the number of pieces in h.
func (h Hand) Total() int {
	n := 0
	for x := uint64(h); x != 0; x >>= 6 { // the fields follow each other
		n += int(x & 31)
	}
	return n
}

// Dominates reports whether h holds at least as many pieces of every
// kind as o.
func (h Hand) Dominates(o Hand) bool { return (h-o)&handGuards == 0 }

// String returns h as Black's SFEN hand text ("R2P(GH)"), "" when empty.
func (h Hand) String() string {
	var b strings.Builder
	for _, k := range handKinds {
		switch n := h.Count(k); {
		case n == 1:
			b.WriteString(kindDefs[k].Token)
		case n > 1:
			b.WriteString(strconv.Itoa(n))
			b.WriteString(kindDefs[k].Token)
		}
	}
	return b.String()
}
