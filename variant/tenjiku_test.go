package variant

import (
	"slices"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

func tenjiku(t testing.TB, s string) Position {
	t.Helper()
	p := mustParse(t, s)
	p.SetRules(NewRules(Tenjiku{}))
	return p
}

func play(t testing.TB, p *Position, text string) {
	t.Helper()
	m, err := p.ParseMove(text)
	if err != nil {
		t.Fatalf("%s: %v (legal: %v)", p.SFEN(), err, moveTexts(p.LegalMoves(nil)))
	}
	p.DoMove(m)
}

// Seed case 1: a royal bishop checks the king on a clear diagonal. Under
// 天竺 the position is illegal whoever is to move.
func TestTenjikuSeedRoyalBishopChecksKing(t *testing.T) {
	for _, side := range []string{"b", "w"} {
		p := tenjiku(t, "8k/9/9/9/4$B4/9/9/9/9 "+side+" - 1")
		if !p.IsIllegalPosition() {
			t.Errorf("%s to move: legal; want illegal", side)
		}
		if side == "w" && p.Powers().Get(sq(t, "1a")) != SetOf(shogi.Bishop) {
			t.Errorf("the king's power is %v; want B", p.Powers().Get(sq(t, "1a")))
		}
	}
	// Without 天竺, White to move is merely in check.
	p := mustParse(t, "8k/9/9/9/4$B4/9/9/9/9 w - 1")
	if p.IsIllegalPosition() || !p.InCheck() {
		t.Error("standard rules: want a legal position with White in check")
	}
}

// Seed case 2: a royal lance on 1d and a royal rook on 1a check each
// other: illegal for either side to move.
func TestTenjikuSeedLanceAndRook(t *testing.T) {
	for _, side := range []string{"b", "w"} {
		p := tenjiku(t, "8$r/9/9/8$L/9/9/9/9/9 "+side+" - 1")
		if !p.IsIllegalPosition() {
			t.Errorf("%s to move: legal; want illegal", side)
		}
	}
}

// Seed case 3: a Black royal bishop on 1d, a White royal rook on 1a, Black
// to move: legal without 天竺 (Black in check), illegal under it.
func TestTenjikuSeedBishopAndRook(t *testing.T) {
	const s = "8$r/9/9/8$B/9/9/9/9/9 b - 1"
	p := mustParse(t, s)
	if p.IsIllegalPosition() || !p.InCheck() {
		t.Error("standard rules: want legal, Black in check")
	}
	q := tenjiku(t, s)
	if !q.IsIllegalPosition() {
		t.Error("天竺: want illegal")
	}
	if q.Powers().Get(sq(t, "1d")) != SetOf(shogi.Rook) {
		t.Errorf("royal bishop's power %v; want R", q.Powers().Get(sq(t, "1d")))
	}
}

// Seed case 4: a White royal Lion on 1a, a hurdle on 1b, 1c empty; Black's
// royal Grasshopper hops to 1d. Legal and check: the Lion, transmuted to a
// grasshopper, lands on 1c and does not reach 1d.
func TestTenjikuSeedGrasshopperAndLion(t *testing.T) {
	const s = "8$(li)/8p/9/9/8P/8$(GH)/9/9/9 b - 1"
	p := tenjiku(t, s)
	if p.IsIllegalPosition() || p.InCheck() {
		t.Fatal("the start position must be legal, Black not in check")
	}
	m, err := p.ParseMove("1f1d")
	if err != nil {
		t.Fatalf("1f1d: %v; legal %v", err, moveTexts(p.LegalMoves(nil)))
	}
	if !p.GivesCheck(m) {
		t.Error("1f1d gives no check")
	}
	p.DoMove(m)
	if got := p.Powers().Get(sq(t, "1a")); got != SetOf(Grasshopper) {
		t.Errorf("the Lion's power %v; want GH", got)
	}
	// Without 天竺 the Lion reaches 1d: the move is illegal.
	q := mustParse(t, s)
	if hasMove(&q, "1f1d") {
		t.Error("standard rules: 1f1d is legal")
	}
}

// Step 1: union of the attackers' powers on a double check; the king then
// moves only with those powers.
func TestTenjikuDoubleCheck(t *testing.T) {
	p := tenjiku(t, "4k4/9/5N3/9/4R4/9/9/9/9 w - 1")
	if got := p.Powers().Get(sq(t, "5a")); got != SetOf(shogi.Rook)|SetOf(shogi.Knight) {
		t.Fatalf("king's power %v; want N|R", got)
	}
	want := []string{"5a1a", "5a2a", "5a4a", "5a4c", "5a5e", "5a6a", "5a6c", "5a7a", "5a8a", "5a9a"}
	if got := moveTexts(p.LegalMoves(nil)); !slices.Equal(got, want) {
		t.Errorf("legal moves %v; want %v", got, want)
	}
}

// Step 1: the power is oriented for the royal's own side: a White king
// checked by a Black lance moves as a White lance (towards rank i).
func TestTenjikuOrientation(t *testing.T) {
	p := tenjiku(t, "9/9/9/9/4k4/9/9/9/4L4 w - 1")
	if got := moveTexts(p.LegalMoves(nil)); !slices.Equal(got, []string{"5e5i"}) {
		t.Errorf("legal moves %v; want [5e5i]", got)
	}
}

// Step 2: a royal that promotes keeps its fixed power for the ply: a
// royal bishop promoting attacks as a bishop until its side's next ply,
// then as a horse.
func TestTenjikuPromotingRoyalKeepsPower(t *testing.T) {
	p := tenjiku(t, "2$B6/9/9/4$p4/9/9/9/9/9 b - 1")
	m, err := p.ParseMove("7a5c+")
	if err != nil {
		t.Fatal(err)
	}
	if p.GivesCheck(m) {
		t.Error("7a5c+ checks the royal pawn on 5d: the new horse moved with a bishop's power")
	}
	p.DoMove(m)
	if set, ok := p.CarriedPower(sq(t, "5c")); !ok || set != SetOf(shogi.Bishop) {
		t.Errorf("carried power %v %v; want B", set, ok)
	}
	play(t, &p, "5d5e")
	if got := p.Powers().Get(sq(t, "5c")); got != SetOf(shogi.Horse) {
		t.Errorf("next ply: power %v; want +B", got)
	}
	if !hasMove(&p, "5c4c") {
		t.Error("the royal horse has no orthogonal step on its next ply")
	}
}

// A royal's promotion follows its own kind whatever power it moves with:
// a royal pawn moving as a rook must promote on the last rank.
func TestTenjikuPromotionByOwnKind(t *testing.T) {
	p := tenjiku(t, "4r4/9/9/9/4$P4/9/9/9/9 b - 1")
	got := moveTexts(p.LegalMoves(nil))
	if !slices.Contains(got, "5e5a+") || slices.Contains(got, "5e5a") || !slices.Contains(got, "5e1e") {
		t.Errorf("legal moves %v", got)
	}
	for _, m := range got {
		if m != "5e5a+" && m[2:4] != m[2:3]+"e" {
			t.Errorf("%s: the royal pawn leaves rank e other than by capturing", m)
		}
	}
}

// Steps 3 and 4, the carried powers in the state and in the hash, and a
// position whose legal moves depend on them: Black's royal rook, checked
// by a White grasshopper, hops as a grasshopper to 1e and checks the king
// on 1a over the pawn on 1b. The king, transmuted to a grasshopper, cannot
// reach 1e (check without counter-check) and may not step to 2a. The same
// board given by SFEN carries nothing: the rook does not check.
func TestTenjikuCarriedPowers(t *testing.T) {
	p := tenjiku(t, "8k/8p/9/9/9/8P/6(gh)G$R/9/9 b - 1")
	if !p.InCheck() || p.IsIllegalPosition() {
		t.Fatal("want Black in check in a legal position")
	}
	if got := p.Powers().Get(sq(t, "1g")); got != SetOf(Grasshopper) {
		t.Fatalf("royal rook's power %v; want GH", got)
	}
	m, err := p.ParseMove("1g1e")
	if err != nil {
		t.Fatalf("1g1e: %v; legal %v", err, moveTexts(p.LegalMoves(nil)))
	}
	if !p.GivesCheck(m) {
		t.Error("1g1e gives no check")
	}
	p.DoMove(m)
	if set, ok := p.CarriedPower(sq(t, "1e")); !ok || set != SetOf(Grasshopper) {
		t.Fatalf("carried %v %v; want GH", set, ok)
	}
	q := tenjiku(t, p.SFEN())
	if q.SFEN() != p.SFEN() || q.Key() == p.Key() {
		t.Error("the carried power is not part of the hash")
	}
	if p.Key() != p.ComputeKey() || q.Key() != q.ComputeKey() {
		t.Error("incremental keys differ from the recomputed ones")
	}
	if !p.InCheck() || q.InCheck() {
		t.Errorf("in check: played %v, given %v; want true, false", p.InCheck(), q.InCheck())
	}
	if hasMove(&p, "1a2a") || !hasMove(&q, "1a2a") {
		t.Errorf("1a2a: played %v, given %v", moveTexts(p.LegalMoves(nil)), moveTexts(q.LegalMoves(nil)))
	}
	// Step 3: the king's grasshopper hop to 1c is illegal, because in the
	// position after it Black's rook is not attacked and so has its own
	// power again, which reaches 1c.
	if hasMove(&p, "1a1c") {
		t.Error("1a1c is legal")
	}
	if !hasMove(&p, "1b1c") {
		t.Error("1b1c (the pawn closes the file) is missing")
	}
}

// Step 5 and mate under 天竺, with the invariants of the generator.
func TestTenjikuInvariants(t *testing.T) {
	rngSeeds := []uint64{1, 2, 3}
	for _, s := range fairySFENs {
		for _, seed := range rngSeeds {
			p := tenjiku(t, s)
			if p.IsIllegalPosition() {
				continue
			}
			randomWalk(t, p, 30, newRand(seed))
		}
	}
}
