package shogi_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

// Canonical SFENs (hands in R B G S N L P order, Black's first, move number
// present) are written back exactly as read.
func TestSFENCanonicalRoundTrip(t *testing.T) {
	for _, s := range []string{
		shogi.StartSFEN,
		maxMovesSFEN,
		dropPawnTrapSFEN,
		pawnDropsSFEN,
		noLegalMovesSFEN,
		kinglessTsumeSFEN,
		"l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
		"4k4/9/9/9/9/9/9/9/9 b 18P 1",
		"9/9/9/9/9/9/9/9/9 w 2R2B4G4S4N4L18P 1073741824",
		"+R+B+S+N+L+P3/9/9/9/9/9/9/9/+r+b+s+n+l+p3 w - 42",
	} {
		p := mustSFEN(t, s)
		if got := p.SFEN(); got != s {
			t.Errorf("SFEN(ParseSFEN(%q)) = %q", s, got)
		}
		if got := p.String(); got != s {
			t.Errorf("String() = %q, want %q", got, s)
		}
	}
}

// Any accepted SFEN formats to the canonical form, which parses to the same
// position.
func TestSFENCanonicalForm(t *testing.T) {
	cases := []struct{ in, canonical string }{
		// The matsuri position lists its hands out of order.
		{matsuriSFEN, "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1"},
		{"4k4/9/9/9/9/9/9/9/4K4 b p2PbG 1", "4k4/9/9/9/9/9/9/9/4K4 b G2Pbp 1"},
		{"4k4/9/9/9/9/9/9/9/4K4 b 1P1p 1", "4k4/9/9/9/9/9/9/9/4K4 b Pp 1"},
		{"4k4/9/9/9/9/9/9/9/4K4 b -", "4k4/9/9/9/9/9/9/9/4K4 b - 1"},
		{"4k4/9/9/9/9/9/9/9/4K4 w - 007", "4k4/9/9/9/9/9/9/9/4K4 w - 7"},
		{"  4k4/9/9/9/9/9/9/9/4K4\tb  -\t3 ", "4k4/9/9/9/9/9/9/9/4K4 b - 3"},
		{"sfen 4k4/9/9/9/9/9/9/9/4K4 b - 3", "4k4/9/9/9/9/9/9/9/4K4 b - 3"},
		{"startpos", shogi.StartSFEN},
		{"sfen startpos", shogi.StartSFEN},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -", shogi.StartSFEN},
	}
	for _, c := range cases {
		p, err := shogi.ParseSFEN(c.in)
		if err != nil {
			t.Errorf("ParseSFEN(%q): %v", c.in, err)
			continue
		}
		if got := p.SFEN(); got != c.canonical {
			t.Errorf("ParseSFEN(%q).SFEN() = %q, want %q", c.in, got, c.canonical)
		}
		if q := mustSFEN(t, c.canonical); q != p {
			t.Errorf("ParseSFEN(%q) != ParseSFEN(%q)", c.in, c.canonical)
		}
	}
}

// Runs of empty squares may be split; SFEN() joins them.
func TestSFENSplitEmptyRuns(t *testing.T) {
	p := mustSFEN(t, "1111k1111/9/9/9/9/9/9/9/44K b Pp 1")
	if got, want := p.SFEN(), "4k4/9/9/9/9/9/9/9/8K b Pp 1"; got != want {
		t.Errorf("SFEN() = %q, want %q", got, want)
	}
}

func TestSFENStartpos(t *testing.T) {
	a, b := shogi.Startpos(), mustSFEN(t, "startpos")
	c := mustSFEN(t, shogi.StartSFEN)
	if a != b || a != c {
		t.Errorf("Startpos(), \"startpos\" and StartSFEN differ")
	}
	// The start position described square by square, independently.
	back := "LNSGKGSNL"
	for f := 1; f <= 9; f++ {
		k := map[byte]shogi.Kind{'L': shogi.Lance, 'N': shogi.Knight, 'S': shogi.Silver, 'G': shogi.Gold, 'K': shogi.King}[back[9-f]]
		checks := []struct {
			rank int
			pc   shogi.Piece
		}{
			{1, shogi.NewPiece(shogi.White, k)}, {3, shogi.NewPiece(shogi.White, shogi.Pawn)},
			{7, shogi.NewPiece(shogi.Black, shogi.Pawn)}, {9, shogi.NewPiece(shogi.Black, k)},
			{5, shogi.NoPiece},
		}
		for _, c := range checks {
			if got := a.PieceAt(sqFR(f, c.rank)); got != c.pc {
				t.Errorf("start position: %s holds %s, want %s", sqFR(f, c.rank), got, c.pc)
			}
		}
	}
	for _, c := range []struct {
		sq string
		pc shogi.Piece
	}{{"8h", shogi.NewPiece(shogi.Black, shogi.Bishop)}, {"2h", shogi.NewPiece(shogi.Black, shogi.Rook)},
		{"2b", shogi.NewPiece(shogi.White, shogi.Bishop)}, {"8b", shogi.NewPiece(shogi.White, shogi.Rook)}} {
		s, _ := sqName(c.sq)
		if got := a.PieceAt(s); got != c.pc {
			t.Errorf("start position: %s holds %s, want %s", c.sq, got, c.pc)
		}
	}
	if a.SideToMove() != shogi.Black || a.MoveNumber() != 1 || !a.Hand(shogi.Black).IsEmpty() || !a.Hand(shogi.White).IsEmpty() {
		t.Errorf("start position: side %s, move %d, hands %s %s", a.SideToMove(), a.MoveNumber(), a.Hand(shogi.Black), a.Hand(shogi.White))
	}
}

func TestSFENHands(t *testing.T) {
	p := mustSFEN(t, "4k4/9/9/9/9/9/9/9/4K4 b 18P 1")
	if n := p.Hand(shogi.Black).Count(shogi.Pawn); n != 18 {
		t.Errorf("18P: %d pawns in hand", n)
	}
	p = mustSFEN(t, matsuriSFEN)
	for _, c := range []struct {
		side shogi.Color
		k    shogi.Kind
		n    int
	}{{shogi.Black, shogi.Gold, 1}, {shogi.Black, shogi.Rook, 1}, {shogi.Black, shogi.Pawn, 0},
		{shogi.White, shogi.Pawn, 5}, {shogi.White, shogi.Knight, 1}, {shogi.White, shogi.Silver, 1},
		{shogi.White, shogi.Gold, 1}, {shogi.White, shogi.Rook, 0}} {
		if got := p.Hand(c.side).Count(c.k); got != c.n {
			t.Errorf("matsuri: %s holds %d %s, want %d", c.side, got, c.k, c.n)
		}
	}
	if p.SideToMove() != shogi.White {
		t.Errorf("matsuri: %s to move, want white", p.SideToMove())
	}
}

// A malformed SFEN gives a *SyntaxError that names the field, points at the
// offending byte and says what is wrong.
func TestSFENErrors(t *testing.T) {
	const board = "4k4/9/9/9/9/9/9/9/4K4" // 21 bytes: side at 22, hands at 24, move number at 26
	cases := []struct {
		name   string
		in     string
		field  string
		offset int
		msg    string
	}{
		{"empty", "", "", -1, "empty"},
		{"blank", " \t ", "", -1, "empty"},
		{"one-field", board, "", 21, "at least three fields"},
		{"two-fields", board + " b", "", 23, "at least three fields"},
		{"trailing-garbage", board + " b - 1 x", "", 28, "unexpected text"},
		{"eight-ranks", "4k4/9/9/9/9/9/9/4K4 b - 1", "board", 19, "8 ranks"},
		{"ten-ranks", "4k4/9/9/9/9/9/9/9/9/4K4 b - 1", "board", 19, "more than nine ranks"},
		{"rank-too-long-piece", board + "P b - 1", "board", 21, "longer than 9"},
		{"rank-too-long-digit", "4k5/9/9/9/9/9/9/9/4K4 b - 1", "board", 2, "longer than 9"},
		{"rank-too-long-promoted", "4k4+P/9/9/9/9/9/9/9/4K4 b - 1", "board", 3, "longer than 9"},
		{"rank-too-short", "4k3/9/9/9/9/9/9/9/4K4 b - 1", "board", 3, "rank 1 has 8 squares"},
		{"last-rank-too-short", "4k4/9/9/9/9/9/9/9/4K3 b - 1", "board", 21, "rank 9 has 8 squares"},
		{"empty-rank", "4k4//9/9/9/9/9/9/9/4K4 b - 1", "board", 4, "rank 2 has 0 squares"},
		{"unknown-letter", "4x4/9/9/9/9/9/9/9/4K4 b - 1", "board", 1, "unknown piece letter 'x'"},
		{"zero-digit", "0k8/9/9/9/9/9/9/9/4K4 b - 1", "board", 0, "unknown piece letter"},
		{"promoted-gold", "3+gk4/9/9/9/9/9/9/9/4K4 b - 1", "board", 1, "'+' on gold"},
		{"promoted-king", "4+k4/9/9/9/9/9/9/9/4K4 b - 1", "board", 1, "'+' on king"},
		{"promoted-nothing", board + "+ b - 1", "board", 22, "'+' must be followed"},
		{"double-plus", "3++p4/9/9/9/9/9/9/9/4K4 b - 1", "board", 2, "unknown piece letter '+'"},
		{"bad-side", board + " x - 1", "side to move", 22, "'b' or 'w'"},
		{"side-upper-case", board + " B - 1", "side to move", 22, "'b' or 'w'"},
		{"count-starts-with-0", board + " b 0P 1", "hands", 24, "start with 0"},
		{"count-with-leading-0", board + " b 02P 1", "hands", 24, "start with 0"},
		{"count-above-18", board + " b 19P 1", "hands", 24, "above 18"},
		{"count-far-above-18", board + " b 100P 1", "hands", 24, "above 18"},
		{"count-without-letter", board + " b 2 1", "hands", 25, "followed by a piece"},
		{"count-at-the-end", board + " b P2 1", "hands", 26, "followed by a piece"},
		{"five-golds", board + " b 5G 1", "hands", 24, "5 golds"},
		{"three-rooks", board + " b 3r 1", "hands", 24, "3 rooks"},
		{"king-in-hand", board + " b K 1", "hands", 24, "king cannot be in hand"},
		{"white-king-in-hand", board + " b Pk 1", "hands", 25, "king cannot be in hand"},
		{"unknown-hand-letter", board + " b X 1", "hands", 24, "unknown piece letter 'X'"},
		{"promoted-in-hand", board + " b +P 1", "hands", 24, "unknown piece letter '+'"},
		{"listed-twice", board + " b P2P 1", "hands", 26, "listed twice"},
		{"move-number-zero", board + " b - 0", "move number", 26, "at least 1"},
		{"move-number-negative", board + " b - -3", "move number", 26, "at least 1"},
		{"move-number-plus", board + " b - +3", "move number", 26, "at least 1"},
		{"move-number-letters", board + " b - x", "move number", 26, "at least 1"},
		{"move-number-too-large", board + " b - 99999999999", "move number", 26, "too large"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := shogi.ParseSFEN(c.in)
			var se *shogi.SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("ParseSFEN(%q) = %v, %v; want a *SyntaxError", c.in, p.SFEN(), err)
			}
			if se.What != "SFEN" || se.Field != c.field || se.Offset != c.offset || se.Input != c.in || !strings.Contains(se.Msg, c.msg) {
				t.Errorf("ParseSFEN(%q): got %+v\nwant field %q, offset %d, a message with %q", c.in, *se, c.field, c.offset, c.msg)
			}
			if p != (shogi.Position{}) {
				t.Errorf("ParseSFEN(%q) returned a non-zero Position with its error", c.in)
			}
		})
	}
}

func TestSyntaxErrorText(t *testing.T) {
	cases := []struct{ in, want string }{
		{"4x4/9/9/9/9/9/9/9/4K4 b - 1", "shogi: bad SFEN (board field) at offset 1 ('x'): unknown piece letter 'x'"},
		{"4k4/9/9/9/9/9/9/9/4K4 b", "shogi: bad SFEN at offset 23 (end of input): want at least three fields"},
		{"", "shogi: bad SFEN: empty input"},
		// A character that is not ASCII is quoted whole, not as its first byte.
		{"4k4/9/4４4/9/9/9/9/9/4K4 b - 1", "shogi: bad SFEN (board field) at offset 7 ('４'): unknown piece letter '４'"},
		{"4k4/9/9/9/9/9/9/9/4K4 b ４ 1", "shogi: bad SFEN (hands field) at offset 24 ('４'): unknown piece letter '４'"},
	}
	for _, c := range cases {
		_, err := shogi.ParseSFEN(c.in)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("ParseSFEN(%q) error = %q, want it to start with %q", c.in, err, c.want)
		}
	}
}
