package shogi

import (
	"math/bits"
	"strings"
)

// Bitboard is a set of squares. Files 1–7 (squares 0–62) live in lo and
// files 8–9 (squares 63–80) in hi, so a file never straddles the two words.
// A struct of two words stays in registers where an array would not.
type Bitboard struct {
	lo, hi uint64
}

const (
	loMask = 1<<63 - 1 // squares 0–62
	hiMask = 1<<18 - 1 // squares 63–80
)

// SquareBB returns the set holding only s.
func SquareBB(s Square) Bitboard {
	if s < 63 {
		return Bitboard{lo: 1 << uint(s)}
	}
	return Bitboard{hi: 1 << uint(s-63)}
}

// FullBB returns the set of all 81 squares.
func FullBB() Bitboard { return Bitboard{loMask, hiMask} }

// And returns the intersection of b and c.
func (b Bitboard) And(c Bitboard) Bitboard { return Bitboard{b.lo & c.lo, b.hi & c.hi} }

// Or returns the union of b and c.
func (b Bitboard) Or(c Bitboard) Bitboard { return Bitboard{b.lo | c.lo, b.hi | c.hi} }

// Xor returns the symmetric difference of b and c.
func (b Bitboard) Xor(c Bitboard) Bitboard { return Bitboard{b.lo ^ c.lo, b.hi ^ c.hi} }

// AndNot returns the squares of b that are not in c.
func (b Bitboard) AndNot(c Bitboard) Bitboard { return Bitboard{b.lo &^ c.lo, b.hi &^ c.hi} }

// Not returns the board squares not in b.
func (b Bitboard) Not() Bitboard { return Bitboard{^b.lo & loMask, ^b.hi & hiMask} }

// Has reports whether s is in b.
func (b Bitboard) Has(s Square) bool {
	if s < 63 {
		return b.lo>>uint(s)&1 != 0
	}
	return b.hi>>uint(s-63)&1 != 0
}

// With returns b with s added.
func (b Bitboard) With(s Square) Bitboard { return b.Or(SquareBB(s)) }

// Without returns b with s removed.
func (b Bitboard) Without(s Square) Bitboard { return b.AndNot(SquareBB(s)) }

// IsEmpty reports whether b holds no square.
func (b Bitboard) IsEmpty() bool { return b.lo|b.hi == 0 }

// Any reports whether b holds at least one square.
func (b Bitboard) Any() bool { return b.lo|b.hi != 0 }

// Intersects reports whether b and c share a square.
func (b Bitboard) Intersects(c Bitboard) bool { return b.lo&c.lo|b.hi&c.hi != 0 }

// Count returns the number of squares in b.
func (b Bitboard) Count() int { return bits.OnesCount64(b.lo) + bits.OnesCount64(b.hi) }

// MoreThanOne reports whether b holds two or more squares.
func (b Bitboard) MoreThanOne() bool {
	if b.lo != 0 && b.hi != 0 {
		return true
	}
	return b.lo&(b.lo-1) != 0 || b.hi&(b.hi-1) != 0
}

// LSB returns the lowest-numbered square of b, or NoSquare if b is empty.
func (b Bitboard) LSB() Square {
	if b.lo != 0 {
		return Square(bits.TrailingZeros64(b.lo))
	}
	if b.hi != 0 {
		return Square(63 + bits.TrailingZeros64(b.hi))
	}
	return NoSquare
}

// msb returns the highest square of b (NoSquare if b is empty).
func (b Bitboard) msb() Square {
	if b.hi != 0 {
		return Square(63 + 63 - bits.LeadingZeros64(b.hi))
	}
	if b.lo != 0 {
		return Square(63 - bits.LeadingZeros64(b.lo))
	}
	return NoSquare
}

// PopLSB removes the lowest-numbered square from *b and returns it.
// b must not be empty.
func (b *Bitboard) PopLSB() Square {
	if b.lo != 0 {
		s := Square(bits.TrailingZeros64(b.lo))
		b.lo &= b.lo - 1
		return s
	}
	s := Square(63 + bits.TrailingZeros64(b.hi))
	b.hi &= b.hi - 1
	return s
}

// Squares returns the squares of b in increasing order. It allocates; hot
// paths use PopLSB instead.
func (b Bitboard) Squares() []Square {
	out := make([]Square, 0, b.Count())
	for b.Any() {
		out = append(out, b.PopLSB())
	}
	return out
}

// String draws b as nine lines, rank a first, file 9 on the left.
func (b Bitboard) String() string {
	var sb strings.Builder
	for r := 1; r <= 9; r++ {
		for f := 9; f >= 1; f-- {
			if b.Has(NewSquare(f, r)) {
				sb.WriteByte('*')
			} else {
				sb.WriteByte('.')
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// Each 9-bit file group: bits 0–7 and bit 8.
const (
	groupLow8Lo = 0xff | 0xff<<9 | 0xff<<18 | 0xff<<27 | 0xff<<36 | 0xff<<45 | 0xff<<54
	groupTopLo  = 1<<8 | 1<<17 | 1<<26 | 1<<35 | 1<<44 | 1<<53 | 1<<62
	groupLow8Hi = 0xff | 0xff<<9
	groupTopHi  = 1<<8 | 1<<17
)

// fillFiles returns the union of the files that hold at least one square of b.
func (b Bitboard) fillFiles() Bitboard {
	return Bitboard{fillGroups(b.lo, groupLow8Lo, groupTopLo), fillGroups(b.hi, groupLow8Hi, groupTopHi)}
}

// fillGroups sets every bit of each 9-bit group of x that has any bit set.
func fillGroups(x, low8, top uint64) uint64 {
	// Adding 0xff to the low eight bits of a group carries into its top bit
	// exactly when one of them is set; the carry never leaves the group.
	nz := ((x & low8) + low8 | x) & top
	return nz - nz>>8 | nz
}
