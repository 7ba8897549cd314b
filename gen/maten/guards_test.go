package maten

import (
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

func parse(t *testing.T, sfen string) shogi.Position {
	t.Helper()
	q, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatalf("%s: %v", sfen, err)
	}
	return q
}

// TestHasGuard: a defender piece within two king steps is a guard, one
// three steps away is not; a rook, bishop, horse or dragon is a guard
// only next to the king (rule 3 of the third blind read: odd defenders).
func TestHasGuard(t *testing.T) {
	for sfen, want := range map[string]bool{
		"8k/9/7p1/9/9/9/9/9/9 b - 1":   true,
		"8k/9/9/6p2/9/9/9/9/9 b - 1":   false,
		"8k/9/9/9/9/9/9/9/9 b - 1":     false,
		"8k/9/7P1/9/9/9/9/9/9 b - 1":   false, // an attacker piece
		"8k/7r1/9/9/9/9/9/9/9 b - 1":   true,  // a rook next to the king
		"8k/9/7r1/9/9/9/9/9/9 b - 1":   false, // a rook two steps away
		"8k/9/6+b2/9/9/9/9/9/9 b - 1":  false, // a loose horse two steps away
		"8k/9/7+b1/9/9/9/9/9/9 b - 1":  false,
		"8k/8+b/9/9/9/9/9/9/9 b - 1":   true, // a horse next to it
		"8k/9/6+br1/9/9/9/9/9/9 b - 1": false,
		"8k/9/6+bg1/9/9/9/9/9/9 b - 1": true, // a gold beside the horse
	} {
		q := parse(t, sfen)
		if got := HasGuard(&q); got != want {
			t.Errorf("%s: guard %v, want %v", sfen, got, want)
		}
	}
}

// TestCastleGuards: the castle's kinds (gold, silver, knight, lance,
// pawn, promoted minor pieces) within two king steps count, the major
// pieces, the attacker's pieces and pieces three steps away do not.
func TestCastleGuards(t *testing.T) {
	for sfen, want := range map[string]int{
		"8k/9/9/9/9/9/9/9/9 b - 1":          0,
		"7gk/7s1/9/9/9/9/9/9/9 b - 1":       2,
		"7gk/7r1/9/9/9/9/9/9/9 b - 1":       1, // a rook is not a castle piece
		"7+bk/7+r1/9/9/9/9/9/9/9 b - 1":     0,
		"8k/9/6n1p/9/9/9/9/9/9 b - 1":       2, // a knight and a pawn two steps away
		"8k/9/9/6g2/9/9/9/9/9 b - 1":        0, // three steps away
		"7Gk/7S1/9/9/9/9/9/9/9 b - 1":       0, // the attacker's
		"6+p+lk/7+n1/8+s/9/9/9/9/9/9 b - 1": 4,
	} {
		q := parse(t, sfen)
		if got := CastleGuards(&q); got != want {
			t.Errorf("%s: %d castle guards, want %d", sfen, got, want)
		}
	}
}

// TestHeavyHand: from 5 plies, more than one major piece or more than
// two pieces in the attacker's hand is heavy; at 3 plies, more than one
// piece.
func TestHeavyHand(t *testing.T) {
	for _, c := range []struct {
		hand   string
		length int
		want   bool
	}{
		{"-", 5, false},
		{"RG", 5, false},
		{"GS", 5, false},
		{"RB", 5, true},
		{"2R", 7, true},
		{"GSP", 5, true},
		{"2P", 5, false},
		{"3P", 9, true},
		{"Rg", 5, false}, // the defender's hand does not count
		{"-", 3, false},
		{"R", 3, false},
		{"GS", 3, true},
		{"2P", 3, true},
		{"Rgs", 3, false},
	} {
		q := parse(t, "7gk/7s1/9/9/9/9/9/9/9 b "+c.hand+" 1")
		if got := HeavyHand(&q, c.length); got != c.want {
			t.Errorf("hand %s, %d plies: heavy %v, want %v", c.hand, c.length, got, c.want)
		}
	}
}

// TestHandRule: the composed style refuses a heavy hand (rule 2 of the
// third blind read: hand-heavy material; at 3 plies the drop pairs of
// the thirteenth to sixteenth reads); the free style takes it.
func TestHandRule(t *testing.T) {
	for _, c := range []struct {
		hand  string
		n     int
		style Style
		fits  bool
	}{
		{"RB", 3, Composed, false}, {"RB", 5, Composed, false}, {"RB", 7, Composed, false},
		{"RG", 3, Composed, false}, {"RG", 5, Composed, true}, {"RG", 7, Composed, true},
		{"R", 3, Composed, true},
		{"RB", 3, Free, true}, {"RB", 5, Free, true}, {"RB", 7, Free, true},
	} {
		q := parse(t, "7gk/7s1/9/9/9/9/9/9/9 b "+c.hand+" 1")
		o := Options{Style: c.style, Length: c.n, King: AnyRegion}
		if got := o.shapeFits(&q, true); got != c.fits {
			t.Errorf("%v, %d plies: %s in hand fits %v, want %v", c.style, c.n, c.hand, got, c.fits)
		}
		if !o.shapeFits(&q, false) {
			t.Errorf("%v, %d plies: a position on the way refused for its hand %s", c.style, c.n, c.hand)
		}
	}
}

// TestPlacedPieces: an attacker's promoted silver, knight or lance, a
// defender's piece where its own moves never bring it (a knight on rank 2
// or on rank 1 off files 2 and 8, a lance off the edge files, a pawn
// behind rank 3) and a defender's major piece within two king steps
// count; an attacker's tokin, horse or dragon, a defender's knight on its
// starting square or rank 3, its promoted minor pieces and a major piece
// three steps away do not.
func TestPlacedPieces(t *testing.T) {
	for sfen, want := range map[string]int{
		"7gk/7s1/9/9/9/9/9/9/9 b - 1":       0,
		"7gk/6+S2/9/9/9/9/9/9/9 b - 1":      1, // a promoted silver of the attacker
		"7gk/6+N+L1/9/9/9/9/9/9/9 b - 1":    2,
		"7gk/6+P+R1/7+B1/9/9/9/9/9/9 b - 1": 0, // a tokin, a dragon, a horse
		"7gk/6n2/9/9/9/9/9/9/9 b - 1":       1, // a knight on rank 2
		"7nk/9/7n1/9/9/9/9/9/9 b - 1":       0, // on its starting square and rank 3
		"6n1k/9/9/9/9/9/9/9/9 b - 1":        1, // on rank 1 off its starting files
		"7lk/9/9/9/9/9/9/9/9 b - 1":         1, // a lance off the edge files
		"7gk/8l/9/9/9/9/9/9/9 b - 1":        0, // on the edge file
		"7pk/9/9/9/9/9/9/9/9 b - 1":         1, // a pawn on its back rank
		"8k/9/7p1/9/9/9/9/9/9 b - 1":        0, // on its third rank
		"7rk/7b1/9/9/9/9/9/9/9 b - 1":       2, // two majors beside the king
		"8k/9/9/6r2/9/9/9/9/9 b - 1":        0, // three steps away
		"7+sk/7+n1/9/9/9/9/9/9/9 b - 1":     0, // the defender's promoted minors
	} {
		q := parse(t, sfen)
		if got := PlacedPieces(&q); got != want {
			t.Errorf("%s: %d placed pieces, want %d", sfen, got, want)
		}
	}
}

// TestHeavyAttack: a mate-in-3 may have five attacker pieces, on the
// board (its king aside) and in hand together, not six; a mate-in-5 six,
// not seven; a mate-in-7 seven, not eight; from 9 plies the rule does
// not apply.
func TestHeavyAttack(t *testing.T) {
	for _, c := range []struct {
		sfen   string
		length int
		want   bool
	}{
		{"8k/9/7GG/9/9/9/9/9/9 b 3P 1", 3, false},    // five
		{"8k/9/7GG/9/9/9/9/9/9 b 4P 1", 3, true},     // six
		{"8k/9/6SGG/9/9/9/9/9/9 b 3P 1", 5, false},   // six, three on the board
		{"8k/9/5SSGG/9/9/9/9/9/9 b 3P 1", 5, true},   // seven
		{"8k/9/7GG/9/9/9/9/9/4K4 b 4P 1", 3, true},   // six, the attacker's king aside
		{"8k/9/7GG/9/9/9/9/9/4K4 b 3P 1", 3, false},  // five and the king
		{"8k/9/5SSGG/9/9/9/9/9/9 b 3P 1", 7, false},  // seven
		{"8k/9/5SSGG/9/9/9/9/9/9 b R3P 1", 7, true},  // eight
		{"8k/9/5SSGG/9/9/9/9/9/9 b R3P 1", 9, false}, // from 9 plies, no limit
	} {
		q := parse(t, c.sfen)
		if got := HeavyAttack(&q, c.length); got != c.want {
			t.Errorf("%s at %d plies: heavy attack %v, want %v", c.sfen, c.length, got, c.want)
		}
	}
}

// TestCornerParked: an attacker's gold, silver, knight or promoted minor
// piece on 1a or 9a is parked; a lance, a rook or a defender's piece
// there is not, nor a gold beside the corner.
func TestCornerParked(t *testing.T) {
	for _, c := range []struct {
		sfen string
		want bool
	}{
		{"G7k/9/9/9/9/9/9/9/9 b - 1", true},
		{"8S/3k5/9/9/9/9/9/9/9 b - 1", true},
		{"+P7k/9/9/9/9/9/9/9/9 b - 1", true},
		{"L7k/9/9/9/9/9/9/9/9 b - 1", false},
		{"R7k/9/9/9/9/9/9/9/9 b - 1", false},
		{"g7k/9/9/9/9/9/9/9/9 b - 1", false},
		{"1G6k/9/9/9/9/9/9/9/9 b - 1", false},
	} {
		q := parse(t, c.sfen)
		if got := CornerParked(&q); got != c.want {
			t.Errorf("CornerParked(%s) = %v, want %v", c.sfen, got, c.want)
		}
	}
}

// TestCornerParkedBelowNine: the composed style refuses a parked corner
// piece at the start of a mate-in-3, 5 and 7, not of a mate-in-9.
func TestCornerParkedBelowNine(t *testing.T) {
	// The king has two castle guards (the gold and the pawn).
	q := parse(t, "G5gk1/7p1/9/9/9/9/9/9/9 b - 1")
	for _, c := range []struct {
		length int
		want   bool
	}{{3, false}, {5, false}, {7, false}, {9, true}, {11, true}} {
		o := DefaultOptions()
		o.Length = c.length
		if got := o.shapeFits(&q, true); got != c.want {
			t.Errorf("length %d: shapeFits = %v, want %v", c.length, got, c.want)
		}
	}
	q = parse(t, "6gk1/7p1/9/9/9/9/9/9/9 b G 1")
	o := DefaultOptions()
	o.Length = 3
	if !o.shapeFits(&q, true) {
		t.Errorf("length 3, the gold in hand: refused")
	}
}

// TestCrowded: the composed style's limit on the attacker's pieces within
// two king steps of the defender's king: two at 3 plies, three at 5 and
// 7, none from 9. Pieces in hand and pieces three steps away do not count.
func TestCrowded(t *testing.T) {
	for _, c := range []struct {
		sfen   string
		length int
		want   bool
	}{
		// One near the king (the gold on 3三, two steps from 2一).
		{"7k1/7p1/6G2/9/9/9/9/9/9 b S 1", 3, false},
		// Three near the king: too many at 3 plies, allowed at 5.
		{"6+Rk1/6Sp1/6G2/9/9/9/9/9/9 b - 1", 3, true},
		{"6+Rk1/6Sp1/6G2/9/9/9/9/9/9 b - 1", 5, false},
		// Four: too many at 5 and 7 plies; from 9 the rule is off.
		{"6+Rk1/6Sp1/6GS1/9/9/9/9/9/9 b - 1", 5, true},
		{"6+Rk1/6Sp1/6GS1/9/9/9/9/9/9 b - 1", 7, true},
		{"6+Rk1/6Sp1/6GS1/9/9/9/9/9/9 b - 1", 9, false},
		// The dragon three steps away (5一) does not count.
		{"4+R2k1/6Sp1/6G2/9/9/9/9/9/9 b - 1", 3, false},
		// In hand it does not count either.
		{"7k1/6Sp1/6G2/9/9/9/9/9/9 b R 1", 3, false},
		// The defender's own pieces are no crowd.
		{"6gk1/6sp1/6s2/9/9/9/9/9/9 b G 1", 3, false},
	} {
		q := parse(t, c.sfen)
		if got := Crowded(&q, c.length); got != c.want {
			t.Errorf("Crowded(%s, %d) = %v, want %v", c.sfen, c.length, got, c.want)
		}
		o := DefaultOptions()
		o.Length = c.length
		if c.want && o.shapeFits(&q, true) {
			t.Errorf("%s at %d plies: shapeFits accepts a crowded start", c.sfen, c.length)
		}
	}
}

// Two attacker knights on the board are a staged start; one, or a second
// in hand, or a promoted one (a placed piece, PlacedPieces), or the
// defender's, is not this rule's.
func TestKnightPair(t *testing.T) {
	for _, c := range []struct {
		sfen string
		want bool
	}{
		{"3s5/4k1s2/6N2/3B5/6N2/9/9/9/9 b G 1", true}, // the thirteenth read's problem 12: 3三 and 3五
		{"6G2/7k1/8g/7N1/6N2/9/9/9/9 b L 1", true},    // its problem 13: 2四 and 3五
		{"6G2/7k1/8g/7N1/9/9/9/9/9 b LN 1", false},    // one on the board, one in hand
		{"6G2/7k1/8g/7+N1/6N2/9/9/9/9 b L 1", false},  // one promoted
		{"6G2/7k1/6n1g/7n1/6N2/9/9/9/9 b L 1", false}, // the defender's knights
	} {
		q := parse(t, c.sfen)
		if got := KnightPair(&q); got != c.want {
			t.Errorf("KnightPair(%s) = %v, want %v", c.sfen, got, c.want)
		}
		o := DefaultOptions()
		o.Style = Composed
		if c.want && o.shapeFits(&q, true) {
			t.Errorf("%s: shapeFits accepts two knights", c.sfen)
		}
	}
}

// The composed style's king has at least two castle guards at the start
// at every length: one is a near-lone king, which the thirteenth and
// fourteenth reads scored lowest; a major piece is no castle guard.
func TestTwoCastleGuards(t *testing.T) {
	for _, c := range []struct {
		sfen string
		want bool
	}{
		{"6gk1/7p1/9/9/9/9/9/9/9 b G 1", true},   // a gold and a pawn
		{"7k1/7p1/9/9/9/9/9/9/9 b G 1", false},   // the pawn alone
		{"6rk1/7p1/9/9/9/9/9/9/9 b G 1", false},  // a rook does not count
		{"7k1/7p1/5s3/9/9/9/9/9/9 b G 1", true},  // a silver two steps away counts
		{"7k1/7p1/9/6s2/9/9/9/9/9 b G 1", false}, // three steps away it does not
	} {
		q := parse(t, c.sfen)
		for _, n := range []int{3, 5, 7, 9} {
			o := DefaultOptions()
			o.Length = n
			if got := o.shapeFits(&q, true); got != c.want {
				t.Errorf("%s at %d plies: shapeFits = %v, want %v", c.sfen, n, got, c.want)
			}
		}
	}
}

// TestStackedLances: two defending lances on one file are a staged wall,
// which the composed style refuses at the start; one lance a file, a
// promoted lance, or the attacker's lances are not.
func TestStackedLances(t *testing.T) {
	for _, c := range []struct {
		sfen string
		want bool
	}{
		{"lkg6/l2G5/G8/9/N8/9/9/9/9 b Rr2bg4s3n2l18p 1", true},    // the twenty-fourth read's problem 8: 9一 and 9二
		{"l2+B5/k8/l2S5/2RG5/9/9/9/9/9 b rb3g3s4n2l18p 1", true},  // its problem 28: the king between them
		{"9/lk1S5/s6+R1/ln7/9/9/9/9/9 b Gr2b3g2s3n2l18p 1", true}, // the twenty-first read's problem 6: 9二 and 9四
		{"l7l/1k7/1sg6/9/9/9/9/9/9 b G2r2b3g3s4n2l18p 1", false},  // one lance a file
		{"+l8/lk7/1sg6/9/9/9/9/9/9 b G2r2b3g3s4n2l18p 1", false},  // one of them promoted
		{"9/1k7/1sg6/9/9/9/L8/L8/9 b G2r2b3g3s4n2l18p 1", false},  // the attacker's lances
	} {
		q := parse(t, c.sfen)
		if got := StackedLances(&q); got != c.want {
			t.Errorf("StackedLances(%s) = %v, want %v", c.sfen, got, c.want)
		}
		o := DefaultOptions()
		o.Style = Composed
		if c.want && o.shapeFits(&q, true) {
			t.Errorf("%s: shapeFits accepts two lances on one file", c.sfen)
		}
	}
}

// TestDoubledMajors: two attacker rooks or two bishops, promoted or not,
// on the board and in hand together, at the start of a composed problem
// of 5 or 7 plies; one of each kind, the defender's, or another length
// are not.
func TestDoubledMajors(t *testing.T) {
	for _, c := range []struct {
		name, sfen string
		length     int
		want       bool
	}{
		{"read 28, problem 11: two horses", "2+B2+B3/1g2g4/S1kS5/s2s5/9/9/N8/9/9 b Rr2g3n4l18p 1", 5, true},
		{"read 27, problem 14: a rook and a dragon", "4gs3/5k3/9/2S6/9/6R2/9/3+R5/9 b G2b2g2s4n4l18p 1", 5, true},
		{"read 28, problem 29: a dragon and a rook in hand", "2gk5/9/2pP5/9/9/9/4L4/1+R7/9 b R2b3g4s4n3l16p 1", 7, true},
		{"read 28, problem 21: a bishop and a horse", "5g1k1/9/8l/9/2B6/3+B5/9/9/6+R2 b r3g4s4n3l18p 1", 7, true},
		{"read 26, problem 11: a dragon and a bishop", "+R8/6sk1/9/5Ss2/7G1/6B2/9/9/9 b Srb3g4n4l18p 1", 5, false},
		{"read 27, problem 24: a dragon and a bishop", "6+R2/3k5/5n3/3G1s3/2G1LG3/5B3/9/9/9 b rbg3s3n3l18p 1", 7, false},
		{"a horse of the defender's beside a bishop", "4k4/9/4+b4/9/9/9/4B4/9/9 b - 1", 5, false},
		{"read 28, problem 9: two rooks at 3 plies", "1g7/s8/k1S6/2R6/9/9/9/1R7/9 b 2b3g2s4n4l18p 1", 3, false},
		{"two rooks at 9 plies", "1g7/s8/k1S6/2R6/9/9/9/1R7/9 b 2b3g2s4n4l18p 1", 9, false},
	} {
		q := parse(t, c.sfen)
		if got := DoubledMajors(&q, c.length); got != c.want {
			t.Errorf("%s: DoubledMajors(%d plies) = %v, want %v", c.name, c.length, got, c.want)
		}
		if n := testing.AllocsPerRun(10, func() { DoubledMajors(&q, c.length) }); n != 0 {
			t.Errorf("%s: %v allocations, want 0 (every step back at the full length asks)", c.name, n)
		}
		o := DefaultOptions()
		o.Style, o.Length = Composed, c.length
		if c.want && o.shapeFits(&q, true) {
			t.Errorf("%s: shapeFits accepts two rooks or two bishops at %d plies", c.name, c.length)
		}
		// Two plies short of the full length, the candidate is turned
		// away before its search: the last step back adds to the
		// attacker's material, never takes from it.
		if got := o.stepFits(&q, shogi.NoMove, shogi.NoMove, c.length-2); got == c.want {
			t.Errorf("%s: stepFits of a candidate of %d plies in a run of %d = %v, want %v", c.name, c.length-2, c.length, got, !c.want)
		}
		o.Style = Free
		if !o.shapeFits(&q, true) || !o.stepFits(&q, shogi.NoMove, shogi.NoMove, c.length-2) {
			t.Errorf("%s: the free style refuses it", c.name)
		}
	}
}

// TestKnightWall: two defending knights on neighbouring squares of a file
// or a rank, unpromoted; apart, diagonal, promoted or the attacker's are
// not. The first four are the twenty-ninth read's problems 2, 22, 23 and
// 24.
func TestKnightWall(t *testing.T) {
	for _, c := range []struct {
		name, sfen string
		length     int
		want       bool
	}{
		{"5c and 5d", "9/4sgg2/4nks2/4n4/5SR2/9/9/9/9 b Gr2bgs2n4l18p 1", 3, true},
		{"6c and 5c", "4k4/4g1S2/3nng1S1/9/9/9/2+R6/9/9 b GNr2bg2sn4l18p 1", 7, true},
		{"1c and 1d, on the edge", "8k/6g2/6p1n/6NGn/6G2/9/9/9/9 b GN2r2b4s4l17p 1", 7, true},
		{"7c and 7d", "1+R2g4/3k1G3/2n2S3/2n6/9/9/9/9/9 b GPr2bg3s2n4l17p 1", 7, true},
		{"8a and 8c, a square apart", "1n7/kS7/1n7/9/9/9/9/7B1/9 b S2rb4g2s2n4l18p 1", 3, false},
		{"2a and 3c", "7n1/6gsk/6n1s/6p1G/8L/8N/9/9/9 b S2r2b2gsn3l17p 1", 3, false},
		{"diagonal neighbours", "4k4/9/3n5/4n4/9/9/9/9/9 b - 1", 3, false},
		{"one of them promoted", "4k4/9/4n4/4+n4/9/9/9/9/9 b - 1", 3, false},
		{"the attacker's knights", "4k4/9/4N4/4N4/9/9/9/9/9 b - 1", 3, false},
		{"1i and 2a, one square apart in the board's numbering", "7n1/9/9/9/4k4/9/9/9/8n b - 1", 3, false},
	} {
		q := parse(t, c.sfen)
		if got := KnightWall(&q); got != c.want {
			t.Errorf("%s: KnightWall = %v, want %v", c.name, got, c.want)
		}
		if n := testing.AllocsPerRun(10, func() { KnightWall(&q) }); n != 0 {
			t.Errorf("%s: %v allocations, want 0", c.name, n)
		}
		o := DefaultOptions()
		o.Style, o.Length = Composed, c.length
		if c.want && o.shapeFits(&q, true) {
			t.Errorf("%s: shapeFits accepts the wall at %d plies", c.name, c.length)
		}
	}
}

// TestGuardNextToKing: from 7 plies the composed style asks for a piece
// of the defender's next to its king at the start; guards two steps off
// are not enough there, and are enough below.
func TestGuardNextToKing(t *testing.T) {
	for _, c := range []struct {
		name, sfen string
		want       bool
		read       bool // a read's start, which passes the style's other rules
	}{
		// Read 50's mate-in-7 26, "perhaps" from both teachers: the
		// silvers on 7a and 7c stand two steps from the king on 9b.
		{"read 50, problem 26: two silvers two steps off", "2s6/k8/2s6/1R7/9/1N7/9/9/9 b BSrb4gs3n4l18p 1", false, true},
		// Read 50's 28: the gold on 5d and the pawn on 6d, two steps off.
		{"read 50, problem 28: gold and pawn two steps off", "9/2Sk2G2/9/2+PGpg3/4N4/9/9/9/9 b 2r2bg3s3n4l16p 1", false, true},
		// Read 51's 29 was handed out by both teachers; the rule turns
		// it away all the same (the silver on 6c is two steps off).
		{"read 51, problem 29: a silver two steps off", "+Bn1k5/1+P7/3s5/9/9/9/4R4/9/9 b GSrb3g2s3n4l17p 1", false, true},
		{"a silver beside the king", "3gk4/4s4/9/9/9/9/9/9/9 b G2r2b2g3s4n4l18p 1", true, false},
		{"a pawn in front of it", "4k4/4p4/9/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1", true, false},
		{"an attacker's piece beside it is none of the defender's", "4k4/4G4/3g5/9/9/9/9/9/9 b 2r2b2g4s4n4l18p 1", false, false},
	} {
		q := parse(t, c.sfen)
		if got := GuardNextToKing(&q); got != c.want {
			t.Errorf("%s: GuardNextToKing = %v, want %v", c.name, got, c.want)
		}
		if n := testing.AllocsPerRun(10, func() { GuardNextToKing(&q) }); n != 0 {
			t.Errorf("%s: %v allocations, want 0", c.name, n)
		}
		if !c.read {
			continue
		}
		// The reads' starts pass every other rule of the style: the
		// composed style takes them at 5 plies and refuses them from 7;
		// the free style takes them at every length.
		for _, length := range []int{5, 7, 9} {
			o := DefaultOptions()
			o.Style, o.Length = Composed, length
			if got, want := o.shapeFits(&q, true), length < 7; got != want {
				t.Errorf("%s: the composed style's shapeFits at %d plies = %v, want %v", c.name, length, got, want)
			}
			o.Style = Free
			if !o.shapeFits(&q, true) {
				t.Errorf("%s: the free style refuses it at %d plies", c.name, length)
			}
		}
	}
}

// TestThreeOfAKind: three defending pieces of one kind, a promoted one
// counted with its kind; pawns, two of a kind and the attacker's pieces
// are not. The first two are the fifty-sixth read's problems 12 and 22,
// "perhaps" from both teachers.
func TestThreeOfAKind(t *testing.T) {
	for _, c := range []struct {
		name, sfen string
		length     int
		want       bool
	}{
		{"three silvers round 9c", "9/gsg6/ks7/1s7/P8/1N7/9/9/9 b G2r2bgs3n4l17p 1", 5, true},
		{"three silvers round 1a", "4+R1G1k/7ss/6Sps/9/9/9/9/9/9 b Gr2b2g4n4l17p 1", 7, true},
		{"two silvers and a promoted one", "4k4/3ss4/4+s4/9/9/9/9/9/9 b - 1", 3, true},
		{"three golds", "3gkg3/4g4/9/9/9/9/9/9/9 b - 1", 3, true},
		{"three lances, one promoted", "l3k3l/4+l4/9/9/9/9/9/9/9 b - 1", 3, true},
		{"two silvers", "4k4/3ss4/9/9/9/9/9/9/9 b - 1", 3, false},
		{"three pawns", "4k4/3ppp3/9/9/9/9/9/9/9 b - 1", 3, false},
		{"a gold, a silver and a knight", "4k4/3gsn3/9/9/9/9/9/9/9 b - 1", 3, false},
		{"the attacker's three silvers", "4k4/3SSS3/9/9/9/9/9/9/9 b - 1", 3, false},
	} {
		q := parse(t, c.sfen)
		if got := ThreeOfAKind(&q); got != c.want {
			t.Errorf("%s: ThreeOfAKind = %v, want %v", c.name, got, c.want)
		}
		if n := testing.AllocsPerRun(10, func() { ThreeOfAKind(&q) }); n != 0 {
			t.Errorf("%s: %v allocations, want 0", c.name, n)
		}
		o := DefaultOptions()
		o.Style, o.Length = Composed, c.length
		if c.want && o.shapeFits(&q, true) {
			t.Errorf("%s: shapeFits accepts it at %d plies", c.name, c.length)
		}
	}
}

// TestWayGuards: on the way to a composed problem of the length, a
// candidate two plies short has the start's castle guards, every
// shorter one (a base of 1 ply too) one guard; the length itself and
// the free style ask for none here.
func TestWayGuards(t *testing.T) {
	for _, c := range []struct {
		style     Style
		length, n int
		want      int
	}{
		{Composed, 3, 1, minCastleGuards},
		{Composed, 3, 3, 0},
		{Composed, 5, 1, 1},
		{Composed, 5, 3, minCastleGuards},
		{Composed, 7, 1, 1},
		{Composed, 7, 3, 1},
		{Composed, 7, 5, minCastleGuards},
		{Composed, 7, 7, 0},
		{Composed, 9, 7, minCastleGuards},
		{Free, 7, 5, 0},
		{Free, 3, 1, 0},
	} {
		o := Options{Style: c.style, Length: c.length}
		if got := o.wayGuards(c.n); got != c.want {
			t.Errorf("%v, length %d, %d plies: %d guards on the way, want %d", c.style, c.length, c.n, got, c.want)
		}
	}
	o := Options{Style: Composed, Length: 7}
	for sfen, want := range map[string][2]bool{ // at 3 plies, at 5
		"8k/9/9/9/9/9/9/9/9 b - 1":    {false, false},
		"7gk/9/9/9/9/9/9/9/9 b - 1":   {true, false},
		"7gk/7s1/9/9/9/9/9/9/9 b - 1": {true, true},
		"7Gk/7S1/9/9/9/9/9/9/9 b - 1": {false, false}, // the attacker's
	} {
		q := parse(t, sfen)
		if got := [2]bool{o.wayGuardsFit(&q, 3), o.wayGuardsFit(&q, 5)}; got != want {
			t.Errorf("%s: fits at 3 and 5 plies %v, want %v", sfen, got, want)
		}
	}
}
