package shogi_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

func bbOf(sqs ...shogi.Square) shogi.Bitboard {
	var b shogi.Bitboard
	for _, s := range sqs {
		b = b.With(s)
	}
	return b
}

// Squares 62 (7i) and 63 (8a) are the last of the low word and the first
// of the high word.
func TestBitboardAcrossTheWordBoundary(t *testing.T) {
	cases := []struct {
		sqs         []shogi.Square
		moreThanOne bool
	}{
		{nil, false},
		{[]shogi.Square{0}, false},
		{[]shogi.Square{62}, false},
		{[]shogi.Square{63}, false},
		{[]shogi.Square{80}, false},
		{[]shogi.Square{62, 63}, true},
		{[]shogi.Square{0, 62}, true},
		{[]shogi.Square{63, 80}, true},
		{[]shogi.Square{0, 80}, true},
		{[]shogi.Square{61, 62}, true},
		{[]shogi.Square{63, 64}, true},
	}
	for _, c := range cases {
		b := bbOf(c.sqs...)
		if got := b.MoreThanOne(); got != c.moreThanOne {
			t.Errorf("%v: MoreThanOne() = %v, want %v", c.sqs, got, c.moreThanOne)
		}
		if got := b.Count(); got != len(c.sqs) {
			t.Errorf("%v: Count() = %d", c.sqs, got)
		}
		if b.IsEmpty() != (len(c.sqs) == 0) || b.Any() == (len(c.sqs) == 0) {
			t.Errorf("%v: IsEmpty %v, Any %v", c.sqs, b.IsEmpty(), b.Any())
		}
	}
}

func TestBitboardPopLSBOrder(t *testing.T) {
	want := []shogi.Square{0, 8, 9, 44, 61, 62, 63, 64, 71, 72, 80}
	b := bbOf(80, 63, 0, 62, 9, 72, 44, 64, 8, 71, 61) // any order in
	if got := b.Squares(); !slices.Equal(got, want) {
		t.Errorf("Squares() = %v, want %v", got, want)
	}
	var got []shogi.Square
	for c := b; c.Any(); {
		if lsb := c.LSB(); lsb != want[len(got)] {
			t.Fatalf("LSB() = %v, want %v", lsb, want[len(got)])
		}
		got = append(got, c.PopLSB())
	}
	if !slices.Equal(got, want) {
		t.Errorf("PopLSB order %v, want %v", got, want)
	}
	if (shogi.Bitboard{}).LSB() != shogi.NoSquare {
		t.Errorf("LSB of the empty set is not NoSquare")
	}
}

func TestBitboardEverySquare(t *testing.T) {
	full := shogi.FullBB()
	if full.Count() != 81 || (shogi.Bitboard{}).Not() != full || full.Not() != (shogi.Bitboard{}) {
		t.Fatalf("FullBB: Count %d", full.Count())
	}
	var acc shogi.Bitboard
	for s := shogi.Square(0); s < shogi.NumSquares; s++ {
		b := shogi.SquareBB(s)
		if b.Count() != 1 || b.LSB() != s || !b.Has(s) || b.MoreThanOne() {
			t.Errorf("SquareBB(%v): Count %d, LSB %v", s, b.Count(), b.LSB())
		}
		if b != bbOf(s) || b.Without(s) != (shogi.Bitboard{}) {
			t.Errorf("SquareBB(%v) differs from With/Without", s)
		}
		for o := shogi.Square(0); o < shogi.NumSquares; o++ {
			if o != s && b.Has(o) {
				t.Errorf("SquareBB(%v) has %v", s, o)
			}
		}
		if acc.Has(s) {
			t.Errorf("square %v overlaps an earlier one", s)
		}
		acc = acc.Or(b)
		if acc.Count() != int(s)+1 {
			t.Errorf("union of squares 0..%v has %d", s, acc.Count())
		}
	}
	if acc != full {
		t.Errorf("the union of all squares is not FullBB")
	}
}

func TestBitboardSetOperations(t *testing.T) {
	a := bbOf(0, 10, 62, 63, 80)
	b := bbOf(10, 63, 70)
	check := func(name string, got shogi.Bitboard, want ...shogi.Square) {
		t.Helper()
		if !slices.Equal(got.Squares(), want) {
			t.Errorf("%s = %v, want %v", name, got.Squares(), want)
		}
	}
	check("And", a.And(b), 10, 63)
	check("Or", a.Or(b), 0, 10, 62, 63, 70, 80)
	check("Xor", a.Xor(b), 0, 62, 70, 80)
	check("AndNot", a.AndNot(b), 0, 62, 80)
	if !a.Intersects(b) || a.Intersects(bbOf(1, 79)) {
		t.Errorf("Intersects is wrong")
	}
	if n := a.Not().Count(); n != 76 || a.Not().Has(62) || !a.Not().Has(61) {
		t.Errorf("Not(): %d squares", n)
	}
}

func TestBitboardString(t *testing.T) {
	// 9a is the top left, 1i the bottom right.
	got := bbOf(sqFR(9, 1), sqFR(1, 9), sqFR(5, 5)).String()
	want := strings.Join([]string{
		"*........",
		".........",
		".........",
		".........",
		"....*....",
		".........",
		".........",
		".........",
		"........*",
	}, "\n") + "\n"
	if got != want {
		t.Errorf("String() =\n%s\nwant\n%s", got, want)
	}
}

func TestSquareNames(t *testing.T) {
	for s := shogi.Square(0); s < shogi.NumSquares; s++ {
		name := s.String()
		if got, ok := sqName(name); !ok || got != s {
			t.Errorf("Square(%d).String() = %q", s, name)
		}
		if got, err := shogi.ParseSquare(name); err != nil || got != s {
			t.Errorf("ParseSquare(%q) = %v, %v", name, got, err)
		}
		if s.File() != fileOf(s) || s.Rank() != rankOf(s) || shogi.NewSquare(s.File(), s.Rank()) != s {
			t.Errorf("Square(%d): file %d rank %d", s, s.File(), s.Rank())
		}
	}
	for _, c := range []struct {
		name string
		sq   shogi.Square
	}{{"1a", 0}, {"1i", 8}, {"2a", 9}, {"7i", 62}, {"8a", 63}, {"9i", 80}} {
		if c.sq.String() != c.name {
			t.Errorf("Square(%d) = %s, want %s", c.sq, c.sq, c.name)
		}
	}
	if shogi.NoSquare.String() != "-" || shogi.NoSquare.Valid() {
		t.Errorf("NoSquare: %q", shogi.NoSquare)
	}
	for _, bad := range []string{"", "1", "0a", "1j", "a1", "10a", "1A"} {
		if _, err := shogi.ParseSquare(bad); err == nil {
			t.Errorf("ParseSquare(%q) accepted", bad)
		}
	}
}
