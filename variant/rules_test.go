package variant

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

func sq(t testing.TB, s string) Square {
	t.Helper()
	x, err := shogi.ParseSquare(s)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

func squares(t testing.TB, names ...string) Bitboard {
	var b Bitboard
	for _, n := range names {
		b = b.With(sq(t, n))
	}
	return b
}

func moveTexts(ms []Move) []string {
	var out []string
	for _, m := range ms {
		out = append(out, MoveString(m))
	}
	slices.Sort(out)
	return out
}

func hasMove(p *Position, text string) bool {
	return slices.Contains(moveTexts(p.LegalMoves(nil)), text)
}

// hopperBoard: a hopper of Black on 5e, hurdles on 5c (White pawn), 4e
// (Black pawn), 7c (White pawn) and 5i (Black gold), a White pawn on 2e.
func hopperBoard(t *testing.T, k Kind) Position {
	p := mustParse(t, "9/9/2p1p4/9/4"+KindToken(k)+"P1p1/9/9/9/4G4 b - 1")
	return p
}

func TestGrasshopperAttacks(t *testing.T) {
	p := hopperBoard(t, Grasshopper)
	// Up: over 5c to 5b. Right: over the adjacent 4e to 3e. Up-left: over
	// 7c to 8b. Down: the hurdle 5i is on the edge. Others: no hurdle.
	want := squares(t, "5b", "3e", "8b")
	if got := p.AttacksFrom(sq(t, "5e")); got != want {
		t.Errorf("grasshopper attacks\n%v; want\n%v", got, want)
	}
	for _, s := range []string{"5b", "3e", "8b"} {
		if !p.AttackersTo(shogi.Black, sq(t, s)).Has(sq(t, "5e")) {
			t.Errorf("AttackersTo(%s) misses the grasshopper", s)
		}
	}
	for _, s := range []string{"5d", "5a", "2e", "9a", "5f"} {
		if p.AttackersTo(shogi.Black, sq(t, s)).Has(sq(t, "5e")) {
			t.Errorf("AttackersTo(%s) holds the grasshopper", s)
		}
	}
	got := moveTexts(p.LegalMoves(nil))
	for _, m := range []string{"5e5b", "5e3e", "5e8b"} {
		if !slices.Contains(got, m) {
			t.Errorf("missing %s in %v", m, got)
		}
	}
}

func TestLionAttacks(t *testing.T) {
	p := hopperBoard(t, Lion)
	// Up: over 5c to 5b and 5a. Right: over 4e to 3e and 2e (the first
	// occupied square beyond, a White pawn). Up-left: over 7c to 8b, 9a.
	want := squares(t, "5b", "5a", "3e", "2e", "8b", "9a")
	if got := p.AttacksFrom(sq(t, "5e")); got != want {
		t.Errorf("lion attacks\n%v; want\n%v", got, want)
	}
	if !hasMove(&p, "5e2e") || hasMove(&p, "5e1e") || hasMove(&p, "5e5d") {
		t.Errorf("lion moves %v", moveTexts(p.LegalMoves(nil)))
	}
	// A second hurdle ends the lion's line: it cannot hop two.
	q := mustParse(t, "9/9/4p4/9/4(LI)4/9/4p4/9/4p4 b - 1")
	want = squares(t, "5b", "5a", "5h", "5i")
	if got := q.AttacksFrom(sq(t, "5e")); got != want {
		t.Errorf("lion over one hurdle\n%v; want\n%v", got, want)
	}
}

// TestAttackersAgree checks AttackersTo and the generator's attack test
// against AttacksFrom on every square of random fairy positions.
func TestAttackersAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 15))
	for _, s := range fairySFENs {
		p := mustParse(t, s)
		for ply := 0; ply < 60; ply++ {
			for c := shogi.Black; c <= shogi.White; c++ {
				for x := Square(0); x < numSquares; x++ {
					var want Bitboard
					for b := p.ByColor(c); b.Any(); {
						if y := b.PopLSB(); p.AttacksFrom(y).Has(x) {
							want = want.With(y)
						}
					}
					if got := p.AttackersTo(c, x); got != want {
						t.Fatalf("%s: AttackersTo(%v, %v) = %v; want %v", p.SFEN(), c, x, got.Squares(), want.Squares())
					}
					if got := p.attackedBy(c, x, &p.lines, p.occ, p.kindsOf(c)); got != want.Any() {
						t.Fatalf("%s: attackedBy(%v, %v) = %v", p.SFEN(), c, x, got)
					}
				}
			}
			moves := p.LegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			p.DoMove(moves[rng.IntN(len(moves))])
		}
	}
}

func TestCheckOnAnyRoyal(t *testing.T) {
	// White's king on 5a is safe; its royal bishop on 1a is attacked by
	// the rook on 1e: White is in check, and a king move is illegal.
	p := mustParse(t, "4k3$b/9/9/9/8R/9/9/9/9 w - 1")
	if !p.InCheck() {
		t.Fatal("not in check")
	}
	if hasMove(&p, "5a4a") {
		t.Error("a king move leaves the royal bishop attacked")
	}
	// Black has no royal: it is never in check, every move of the rook
	// is legal, including leaving the file.
	p.SetSideToMove(shogi.Black)
	if p.InCheck() || !p.IsIllegalPosition() {
		t.Errorf("in check %v, illegal %v; want false, true", p.InCheck(), p.IsIllegalPosition())
	}
}

func TestRoyalBishopMated(t *testing.T) {
	// White's only royal is a bishop on 1a, shut in by its own pawn on 2b
	// and checked by the rook on 1e: no interposition, no capture, no
	// move of the bishop.
	p := mustParse(t, "8$b/7p1/9/9/8R/9/9/9/9 w - 1")
	if !p.InCheck() || !p.IsMate() {
		t.Fatalf("in check %v, mate %v; want both; moves %v", p.InCheck(), p.IsMate(), moveTexts(p.LegalMoves(nil)))
	}
	// With a pawn in hand White interposes.
	q := mustParse(t, "8$b/7p1/9/9/8R/9/9/9/9 w p 1")
	if q.IsMate() || !hasMove(&q, "P*1c") {
		t.Errorf("the interposition P*1c is missing: %v", moveTexts(q.LegalMoves(nil)))
	}
	// The pawn moving off the diagonal does not resolve the check.
	if hasMove(&q, "2b2c") {
		t.Error("2b2c leaves the royal bishop in check")
	}
}

func TestRoyalPromotes(t *testing.T) {
	p := mustParse(t, "4k4/9/9/5$B3/9/9/9/9/9 b - 1")
	m, err := p.ParseMove("4d2b+")
	if err != nil {
		t.Fatal(err)
	}
	p.DoMove(m)
	if pc := p.PieceAt(sq(t, "2b")); pc.Kind() != shogi.Horse || !pc.Royal() {
		t.Errorf("after 4d2b+: %v; want a royal horse", pc)
	}
	// A king never promotes.
	q := mustParse(t, "4k4/9/9/5K3/9/9/9/9/9 b - 1")
	if hasMove(&q, "4d4c+") || !hasMove(&q, "4d4c") {
		t.Errorf("king moves %v", moveTexts(q.LegalMoves(nil)))
	}
}

func TestPawnDropMateOnRoyalGold(t *testing.T) {
	// White's royal gold on 1a: P*1b would check it, the gold on 1c
	// guards 1b and the rook on 2i holds 2a and 2b.
	const s = "8$g/9/8G/9/9/9/9/9/7R1 b P 1"
	p := mustParse(t, s)
	if hasMove(&p, "P*1b") || p.IsLegal(NewDrop(shogi.Black, shogi.Pawn, sq(t, "1b"))) {
		t.Error("P*1b mates the royal gold and is legal")
	}
	// The same with a king on 9a that could run: the gold is still mated.
	p = mustParse(t, "k7$g/9/8G/9/9/9/9/9/7R1 b P 1")
	if hasMove(&p, "P*1b") {
		t.Error("P*1b mates a royal of a side with a free king and is legal")
	}
	// A lance drop that mates is legal; a pawn drop that does not mate too.
	p = mustParse(t, "8$g/9/8G/9/9/9/9/9/7R1 b L 1")
	if !hasMove(&p, "L*1b") {
		t.Error("L*1b is missing")
	}
	p = mustParse(t, "8$g/9/8G/9/9/9/9/9/9 b P 1")
	if !hasMove(&p, "P*1b") {
		t.Error("P*1b that does not mate is missing")
	}
}

func TestPawnDropDiscoveredMate(t *testing.T) {
	// P*2b does not check by itself (the pawn attacks 2a), but it becomes
	// the hurdle over which the grasshopper on 3c lands on 1a; the gold on
	// 2c holds 1b and 2b, the pawn 2a: mate, so the drop is illegal.
	p := mustParse(t, "8k/9/6(GH)G1/9/9/9/9/9/9 b P 1")
	if hasMove(&p, "P*2b") {
		t.Error("P*2b mates by the grasshopper and is legal")
	}
	if !hasMove(&p, "P*2d") {
		t.Error("P*2d is missing")
	}
	q := mustParse(t, "8k/9/7G1/9/9/9/9/9/9 b P 1")
	if !hasMove(&q, "P*2b") {
		t.Error("P*2b without the grasshopper is missing")
	}
}

func TestTwoPawns(t *testing.T) {
	// A royal pawn counts for 二歩.
	p := mustParse(t, "4k4/9/9/9/9/9/8$P/9/9 b P 1")
	if hasMove(&p, "P*1e") || !hasMove(&p, "P*2e") {
		t.Error("二歩 with a royal pawn on the file")
	}
	// Dead squares: no pawn drop on the last rank, no knight on the two
	// last; a grasshopper drops anywhere.
	p = mustParse(t, "4k4/9/9/9/9/9/9/9/9 b PN(GH) 1")
	if hasMove(&p, "P*1a") || hasMove(&p, "N*1b") || !hasMove(&p, "(GH)*1a") {
		t.Error("drop rules")
	}
	// A pawn reaching the last rank must promote.
	p = mustParse(t, "4k4/8P/9/9/9/9/9/9/9 b - 1")
	if hasMove(&p, "1b1a") || !hasMove(&p, "1b1a+") {
		t.Errorf("forced promotion: %v", moveTexts(p.LegalMoves(nil)))
	}
}

func TestPinnedHopperPassesThePinner(t *testing.T) {
	// The Lion on 1g shields the royal bishop on 1i from White's royal
	// lance on 1d. Hopping over the lance to 1a keeps it on the line but
	// opens it: illegal (found by FuzzMoveGen). Capturing the lance is
	// not a Lion move (the lance is the hurdle).
	p := mustParse(t, "9/9/9/8$l/9/9/8(LI)/9/8$B b - 3")
	for _, m := range []string{"1g1a", "1g1b", "1g1c"} {
		if hasMove(&p, m) {
			t.Errorf("%s opens the line to the royal bishop", m)
		}
	}
}

func TestFairyPieceRules(t *testing.T) {
	// A fairy piece never promotes: its moves into the zone carry no '+'.
	// Captured, it goes to the capturer's hand and is dropped anywhere.
	p := mustParse(t, "4k4/9/4p4/9/4(GH)4/9/9/9/4K4 b - 1")
	got := moveTexts(p.LegalMoves(nil))
	if !slices.Contains(got, "5e5b") || slices.Contains(got, "5e5b+") {
		t.Errorf("grasshopper into the zone: %v", got)
	}
	q := mustParse(t, "4k4/9/9/9/4(li)4/4P4/9/9/4K4 b - 1")
	play(t, &q, "5f5e")
	if q.Hand(shogi.Black).Count(Lion) != 1 {
		t.Fatalf("hand after capturing the lion: %v", q.Hand(shogi.Black))
	}
	q.SetSideToMove(shogi.Black)
	if !hasMove(&q, "(LI)*1a") || !hasMove(&q, "(LI)*9i") {
		t.Error("the lion is not dropped on the last rank")
	}
	if q.SFEN() != "4k4/9/9/9/4P4/9/9/9/4K4 b (LI) 2" {
		t.Errorf("SFEN %q", q.SFEN())
	}
}

func TestPawnDropMateAnswers(t *testing.T) {
	// After P*1b the king on 1a is in check by the pawn alone: it can
	// only be answered by taking the pawn or by a king move. The silver
	// on 3b holds 2a, the lance on 1e guards 1b, the gold on 2b blocks.
	cases := []struct {
		sfen  string
		legal bool
		why   string
	}{
		{"8k/6Sg1/9/5B3/8L/9/9/9/9 b P 1", false, "the gold that could take is pinned by the bishop on 4d: mate"},
		{"8k/6Sg1/9/9/8L/9/9/9/9 b P 1", true, "the gold takes the pawn"},
		{"8k/6Sg1/9/5B3/9/9/9/9/9 b P 1", true, "the king takes the unguarded pawn"},
		{"8k/6Sg1/9/5B3/8L/4b4/9/9/9 b P 1", true, "the bishop on 5f takes the pawn from afar"},
		{"8k/6S2/9/9/8L/9/9/9/9 b P 1", true, "the king steps to 2b"},
	}
	for _, c := range cases {
		vp := mustParse(t, c.sfen)
		if got := hasMove(&vp, "P*1b"); got != c.legal {
			t.Errorf("%s: P*1b legal %v, want %v (%s)", c.sfen, got, c.legal, c.why)
		}
		sp, err := shogi.ParseSFEN(c.sfen)
		if err != nil {
			t.Fatal(err)
		}
		sameAsShogi(t, &sp, &vp)
	}
}
