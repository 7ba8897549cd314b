package eval

import (
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

// kingsOnly is a board with the two kings and nothing else, Black to move.
const kingsOnly = "4k4/9/9/9/9/9/9/9/4K4 b - 1"

// The flip helper is itself right: flipping twice gives the position back,
// and the start position flips to itself with the other side to move.
func TestFlipHelper(t *testing.T) {
	for i, p := range randomPositions(1, 300) {
		q := flip(&p)
		if r := flip(&q); r != p {
			t.Fatalf("position %d: flip(flip(p)) = %s, want %s", i, r.SFEN(), p.SFEN())
		}
	}
	s := shogi.Startpos()
	f := flip(&s)
	s.SetSideToMove(shogi.White)
	if f != s {
		t.Fatalf("flip(start) = %s, want %s", f.SFEN(), s.SFEN())
	}
}

// A position and its colour-flipped image score the same from the side to
// move's view; so do a position and its left-right mirror image.
func TestSymmetry(t *testing.T) {
	positions := randomPositions(2, 2000)
	for name, e := range evaluators() {
		for i, p := range positions {
			want := e.Evaluate(&p)
			q := flip(&p)
			if got := e.Evaluate(&q); got != want {
				t.Fatalf("%s: position %d %s scores %d, its flip %s scores %d", name, i, p.SFEN(), want, q.SFEN(), got)
			}
			m := p.Mirror()
			if got := e.Evaluate(&m); got != want {
				t.Fatalf("%s: position %d %s scores %d, its mirror %s scores %d", name, i, p.SFEN(), want, m.SFEN(), got)
			}
		}
	}
}

// The start position is level.
func TestStartIsLevel(t *testing.T) {
	p := shogi.Startpos()
	for name, e := range evaluators() {
		if got := e.Evaluate(&p); got != 0 {
			t.Errorf("%s: start position scores %d, want 0", name, got)
		}
	}
}

// Taking away one of the opponent's pieces from the start position helps
// the more, the stronger the piece: a rook up is better than a bishop up,
// and so on down to a pawn up, which is still better than level.
func TestMaterialOrdering(t *testing.T) {
	// White's pieces in the start position, weakest kind first.
	removed := []struct {
		kind shogi.Kind
		sq   string
	}{{shogi.Pawn, "5c"}, {shogi.Lance, "1a"}, {shogi.Knight, "2a"}, {shogi.Silver, "3a"},
		{shogi.Gold, "4a"}, {shogi.Bishop, "2b"}, {shogi.Rook, "8b"}}
	for name, e := range evaluators() {
		prev, prevKind := Score(0), "nothing"
		for _, r := range removed {
			p := shogi.Startpos()
			sq, err := shogi.ParseSquare(r.sq)
			if err != nil {
				t.Fatal(err)
			}
			if got := p.PieceAt(sq); got != shogi.NewPiece(shogi.White, r.kind) {
				t.Fatalf("start position has %v on %s, want a white %v", got, r.sq, r.kind)
			}
			p.Put(sq, shogi.NoPiece)
			got := e.Evaluate(&p)
			if got <= prev {
				t.Errorf("%s: a %v up scores %d, not above %s up (%d)", name, r.kind, got, prevKind, prev)
			}
			prev, prevKind = got, r.kind.String()
		}
	}
}

// withPiece returns the kings-only position with pc put on the square
// named sq and the hands h (Black's) and hw (White's).
func withPiece(t *testing.T, pc shogi.Piece, sq string, h, hw shogi.Hand) shogi.Position {
	t.Helper()
	p := mustSFEN(t, kingsOnly)
	if pc != shogi.NoPiece {
		s, err := shogi.ParseSquare(sq)
		if err != nil {
			t.Fatal(err)
		}
		p.Put(s, pc)
	}
	p.SetHand(shogi.Black, h)
	p.SetHand(shogi.White, hw)
	return p
}

// A piece in hand is worth more than the same piece on the board, for
// every kind a hand can hold.
func TestHandAboveBoard(t *testing.T) {
	for name, e := range evaluators() {
		for _, k := range handKinds {
			if HandValue(k) <= PieceValue(k) {
				t.Errorf("HandValue(%v) = %d, not above PieceValue = %d", k, HandValue(k), PieceValue(k))
			}
			// 5e is far from both kings' neighbourhoods for every kind but
			// the long-range ones, which are counted the same either way.
			board := withPiece(t, shogi.NewPiece(shogi.Black, k), "5e", 0, 0)
			hand := withPiece(t, shogi.NoPiece, "", shogi.Hand(0).Add(k), 0)
			if b, h := e.Evaluate(&board), e.Evaluate(&hand); h <= b {
				t.Errorf("%s: a %v in hand scores %d, not above one on 5e (%d)", name, k, h, b)
			}
		}
	}
}

// A promoted piece is worth more than the same piece unpromoted on the
// same square.
func TestPromotedAboveBase(t *testing.T) {
	for name, e := range evaluators() {
		for k := shogi.Pawn; k <= shogi.Rook; k++ {
			if PieceValue(k.Promote()) <= PieceValue(k) {
				t.Errorf("PieceValue(%v) = %d, not above PieceValue(%v) = %d", k.Promote(), PieceValue(k.Promote()), k, PieceValue(k))
			}
			for _, sq := range []string{"5c", "5e", "1g"} {
				base := withPiece(t, shogi.NewPiece(shogi.Black, k), sq, 0, 0)
				pro := withPiece(t, shogi.NewPiece(shogi.Black, k.Promote()), sq, 0, 0)
				if b, p := e.Evaluate(&base), e.Evaluate(&pro); p <= b {
					t.Errorf("%s: a %v on %s scores %d, not above a %v there (%d)", name, k.Promote(), sq, p, k, b)
				}
			}
		}
	}
}

// With the same material, a king with its golds beside it scores better
// than one whose golds are away from it, and that one better than one
// whose neighbourhood enemy pieces attack; the opponent's pieces in hand
// make an exposed king worse still.
func TestKingSafety(t *testing.T) {
	e := NewDefault()
	// Black's king on 8h; White's silver and tokin far away on 1c and 2c,
	// or next to Black's king on 7f and 9f (neither gives check).
	guarded := mustSFEN(t, "4k4/9/7+ps/9/9/9/2G6/1KG6/9 b - 1")
	away := mustSFEN(t, "4k4/9/7+ps/9/4GG3/9/9/1K7/9 b - 1")
	attacked := mustSFEN(t, "4k4/9/9/9/4GG3/+p1s6/9/1K7/9 b - 1")
	for _, p := range []shogi.Position{guarded, away, attacked} {
		if p.InCheck() {
			t.Fatalf("%s: Black is in check", p.SFEN())
		}
	}
	g, a, x := e.Evaluate(&guarded), e.Evaluate(&away), e.Evaluate(&attacked)
	if g <= a {
		t.Errorf("golds beside the king score %d, not above golds away (%d)", g, a)
	}
	if a <= x {
		t.Errorf("golds away score %d, not above golds away and the king attacked (%d)", a, x)
	}
	// The opponent's pieces in hand add to the danger, the more so for a
	// king already under attack: compare with the same evaluation without
	// the hand term.
	noHand := DefaultWeights()
	noHand.KingHand = 0
	f := NewClassic(noHand)
	cost := func(p shogi.Position) Score {
		p.SetHand(shogi.White, shogi.Hand(0).Add(shogi.Rook).Add(shogi.Bishop))
		return f.Evaluate(&p) - e.Evaluate(&p)
	}
	if c := cost(guarded); c <= 0 {
		t.Errorf("the enemy's rook and bishop in hand cost the guarded king %d, want a penalty", c)
	}
	if cg, cx := cost(guarded), cost(attacked); cx <= cg {
		t.Errorf("the enemy's rook and bishop in hand cost the attacked king %d, not more than the guarded one (%d)", cx, cg)
	}
	if a, b := f.Evaluate(&attacked), e.Evaluate(&attacked); a != b {
		t.Errorf("with White's hand empty the hand term changes the score from %d to %d", a, b)
	}
}

// Every score lies in [-MaxScore, MaxScore], however lopsided the
// position.
func TestBounds(t *testing.T) {
	// Black holds every piece promoted on the board; White has a bare king.
	huge := mustSFEN(t, "+P+P+P+P+P+P+P+P+P/+P+P+P+P+P+P+P+P+P/+R+R+B+B+S+S+S+S1/+N+N+N+N+L+L+L+L1/9/9/9/9/k3K4 b 4G 1")
	lopsided := []shogi.Position{huge, flip(&huge)}
	lopsided[1].SetSideToMove(shogi.Black)
	for name, e := range evaluators() {
		for _, p := range lopsided {
			got := e.Evaluate(&p)
			if got < -MaxScore || got > MaxScore {
				t.Errorf("%s: %s scores %d, outside ±%d", name, p.SFEN(), got, MaxScore)
			}
		}
		if got := e.Evaluate(&lopsided[0]); got != MaxScore {
			t.Errorf("%s: everything against a bare king scores %d, want the cap %d", name, got, MaxScore)
		}
		for _, p := range randomPositions(3, 1000) {
			if got := e.Evaluate(&p); got < -MaxScore || got > MaxScore {
				t.Fatalf("%s: %s scores %d, outside ±%d", name, p.SFEN(), got, MaxScore)
			}
		}
	}
}

// zoneAttacksSlow is the plain form of zoneAttacks: for each square of
// zone, the units of every c-piece that attacks it, as the rules core
// finds them.
func zoneAttacksSlow(t *classicTables, p *shogi.Position, c shogi.Color, zone shogi.Bitboard) int32 {
	var danger int32
	for zone.Any() {
		a := p.AttackersTo(c, zone.PopLSB())
		for a.Any() {
			danger += t.attack[p.PieceAt(a.PopLSB()).Kind()]
		}
	}
	return danger
}

// The attack count of king safety is the plain count: for each square next
// to the king, the enemy pieces that attack it.
func TestZoneAttacksMatchesAttackersTo(t *testing.T) {
	e := NewDefault()
	for _, p := range randomPositions(6, 3000) {
		for c := shogi.Black; c <= shogi.White; c++ {
			ksq := p.King(c)
			zone := shogi.AttacksFrom(shogi.NewPiece(c, shogi.King), ksq, shogi.Bitboard{})
			if got, want := e.t.zoneAttacks(&p, c.Opp(), zone, ksq), zoneAttacksSlow(e.t, &p, c.Opp(), zone); got != want {
				t.Fatalf("%s, %v king: zoneAttacks = %d, want %d", p.SFEN(), c, got, want)
			}
		}
	}
}
