package variant

import (
	"slices"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

func annan(t testing.TB, s string) Position {
	t.Helper()
	p := mustParse(t, s)
	p.SetRules(NewRules(Annan{}))
	return p
}

func TestAnnanBackedPieceMovesAsBacker(t *testing.T) {
	// Black's pawn on 5e with Black's rook behind it on 5f moves as a rook;
	// the rook, with nothing behind it, as a rook; promotion and dead
	// squares follow the pawn's own kind.
	p := annan(t, "9/9/9/9/4P4/4R4/9/9/9 b - 1")
	if got := p.Powers().Get(sq(t, "5e")); got != SetOf(shogi.Rook) {
		t.Fatalf("pawn's power %v; want R", got)
	}
	got := moveTexts(p.LegalMoves(nil))
	for _, m := range []string{"5e1e", "5e9e", "5e5a+", "5e5c", "5e5c+", "5e5d"} {
		if !slices.Contains(got, m) {
			t.Errorf("missing %s in %v", m, got)
		}
	}
	if slices.Contains(got, "5e5a") {
		t.Error("5e5a: a pawn may not stay unpromoted on the last rank, whatever its power")
	}
	// Standard rules: a pawn.
	q := mustParse(t, "9/9/9/9/4P4/4R4/9/9/9 b - 1")
	if hasMove(&q, "5e1e") {
		t.Error("standard rules: the pawn moves sideways")
	}
}

func TestAnnanNoChaining(t *testing.T) {
	// Lance on 5d, pawn behind it on 5e, rook behind that on 5f: the pawn
	// moves as a rook, the lance as a pawn (its backer's own kind), not as
	// a rook.
	p := annan(t, "9/9/9/4L4/4P4/4R4/9/9/9 b - 1")
	pw := p.Powers()
	if pw.Get(sq(t, "5d")) != SetOf(shogi.Pawn) || pw.Get(sq(t, "5e")) != SetOf(shogi.Rook) || pw.Get(sq(t, "5f")) != SetOf(shogi.Rook) {
		t.Errorf("powers 5d %v, 5e %v, 5f %v; want P, R, R", pw.Get(sq(t, "5d")), pw.Get(sq(t, "5e")), pw.Get(sq(t, "5f")))
	}
	if hasMove(&p, "5d5b") || !hasMove(&p, "5d5c") {
		t.Error("the lance moves further than a pawn")
	}
}

func TestAnnanOrientationAndColour(t *testing.T) {
	// White's pawn on 5e is backed by White's rook on 5d (behind, from
	// White's view, is towards rank a). Black's pawn on 4e has a White
	// piece behind it (4f): no change.
	p := annan(t, "9/9/9/4r4/4pP3/5n3/9/9/9 w - 1")
	pw := p.Powers()
	if pw.Get(sq(t, "5e")) != SetOf(shogi.Rook) {
		t.Errorf("White's pawn: %v; want R", pw.Get(sq(t, "5e")))
	}
	if pw.Get(sq(t, "4e")) != SetOf(shogi.Pawn) {
		t.Errorf("Black's pawn before a White knight: %v; want P", pw.Get(sq(t, "4e")))
	}
	if !hasMove(&p, "5e5i+") || !hasMove(&p, "5e4e") {
		t.Errorf("White's pawn as a rook: %v", moveTexts(p.LegalMoves(nil)))
	}
}

func TestAnnanCheckAndPowersPerPosition(t *testing.T) {
	// The pawn on 5e, backed by the rook, checks the king on 5a.
	p := annan(t, "4k4/9/9/9/4P4/4R4/9/9/9 w - 1")
	if !p.InCheck() {
		t.Fatal("no check by the rook-powered pawn")
	}
	// Every escape: the king (with nothing behind it) steps off file 5.
	for _, m := range moveTexts(p.LegalMoves(nil)) {
		if m[2] == '5' {
			t.Errorf("%s stays on the file", m)
		}
	}
	// Powers are decided per position: once the rook leaves, the pawn is
	// a pawn again and the check is gone.
	q := annan(t, "4k4/9/9/9/4P4/4R4/9/9/9 b - 1")
	play(t, &q, "5f1f")
	if q.InCheck() {
		t.Error("the pawn still checks after its backer left")
	}
	// Capturing an enemy backer can expose a royal: White's lance on 5c,
	// backed by White's pawn on 5b, moves as a pawn; the rook taking that
	// pawn gives the lance its own power back, up to Black's king on 5g.
	r := annan(t, "9/R3p4/4l4/9/9/9/4K4/9/9 b - 1")
	if r.InCheck() || r.IsIllegalPosition() {
		t.Fatal("want a legal position, Black not in check")
	}
	if hasMove(&r, "9b5b") || hasMove(&r, "9b5b+") || !hasMove(&r, "9b6b") {
		t.Errorf("9b5b exposes the king: %v", moveTexts(r.LegalMoves(nil)))
	}
}

func TestAnnanRoyalBacked(t *testing.T) {
	// A king backed by a friendly gold moves as a gold: no backward
	// diagonal steps.
	p := annan(t, "9/9/9/9/4K4/4G4/9/9/9 b - 1")
	got := moveTexts(p.LegalMoves(nil))
	if slices.Contains(got, "5e4f") || slices.Contains(got, "5e6f") || !slices.Contains(got, "5e4d") {
		t.Errorf("king as gold: %v", got)
	}
}

func TestAnnanDropRules(t *testing.T) {
	// Dead squares follow the own kind: no pawn drop on the last rank, even
	// where a rook would stand behind it; 打ち歩詰め by any check.
	p := annan(t, "4k4/R8/9/9/9/9/9/9/9 b P 1")
	if hasMove(&p, "P*9a") {
		t.Error("pawn drop on the last rank")
	}
	// 打ち歩詰め by the dropped pawn's borrowed power: P*1b, backed by the
	// silver on 1c, moves as a silver and holds 2a; the silver holds 1b and
	// 2b. Standard rules: the king escapes to 2a and the drop is legal.
	const s = "8k/9/8S/9/9/9/9/9/9 b P 1"
	q := mustParse(t, s)
	if !hasMove(&q, "P*1b") {
		t.Error("standard rules: P*1b is missing")
	}
	r := annan(t, s)
	if hasMove(&r, "P*1b") {
		t.Error("安南: P*1b mates and is legal")
	}
	if !hasMove(&r, "P*2b") {
		t.Error("other drops are missing")
	}
}

func TestAnnanInvariants(t *testing.T) {
	for _, s := range fairySFENs {
		for seed := uint64(1); seed <= 3; seed++ {
			p := annan(t, s)
			if p.IsIllegalPosition() {
				continue
			}
			randomWalk(t, p, 30, newRand(seed))
		}
	}
	// Both conditions: 安南 first, then 天竺.
	for _, s := range fairySFENs {
		p := mustParse(t, s)
		p.SetRules(NewRules(Annan{}, Tenjiku{}))
		if !p.IsIllegalPosition() {
			randomWalk(t, p, 30, newRand(9))
		}
	}
}
