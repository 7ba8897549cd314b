package variant

import (
	"slices"
	"strings"
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
	// the rook, with nothing behind it, as a rook; promotion follows the
	// pawn's own kind.
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
	if slices.Contains(got, "5e1e+") {
		t.Error("5e1e+: a move outside the zone promotes")
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

// The rules of 安南 that follow fmza, the fairy-tsume composers' standard
// (../shared/fairy-spec.md): no piece is dead (行き所のない駒), so a pawn,
// lance or knight may be dropped on, or move without promoting to, a
// square from which its own kind could never move; 二歩 and 打ち歩詰め
// still apply.

func TestAnnanDropsWhereTheKindCouldNeverMove(t *testing.T) {
	for _, c := range []struct {
		sfen  string
		drops []string
	}{
		{"9/9/9/9/9/9/9/9/k8 b NLP 1", []string{"P*5a", "L*5a", "N*5a", "N*5b"}},
		{"K8/9/9/9/9/9/9/9/9 w nlp 1", []string{"P*5i", "L*5i", "N*5i", "N*5h"}},
	} {
		p := annan(t, c.sfen)
		std := mustParse(t, c.sfen)
		for _, d := range c.drops {
			if !hasMove(&p, d) {
				t.Errorf("%s: 安南: %s is missing", c.sfen, d)
			}
			if _, err := p.ParseMove(d); err != nil {
				t.Errorf("%s: 安南: ParseMove(%s): %v", c.sfen, d, err)
			}
			if hasMove(&std, d) {
				t.Errorf("%s: standard rules: %s (a dead piece) is legal", c.sfen, d)
			}
		}
	}
}

func TestAnnanNoForcedPromotion(t *testing.T) {
	// A pawn to the last rank, a lance to the last rank, a knight to the
	// second and to the last rank: each may stay unpromoted.
	const s = "9/4P4/2N3L2/9/9/9/9/9/k8 b - 1"
	p := annan(t, s)
	std := mustParse(t, s)
	for _, m := range []string{"5b5a", "3c3a", "7c6a", "7c8a"} {
		if !hasMove(&p, m) || !hasMove(&p, m+"+") {
			t.Errorf("安南: want %s and %s+ in %v", m, m, moveTexts(p.LegalMoves(nil)))
		}
		if hasMove(&std, m) || !hasMove(&std, m+"+") {
			t.Errorf("standard rules: want only %s+", m)
		}
	}
	q := annan(t, "9/9/9/2N6/9/9/9/9/k8 b - 1")
	if !hasMove(&q, "7d6b") || !hasMove(&q, "7d8b") {
		t.Errorf("安南: a knight stays unpromoted on the second rank: %v", moveTexts(q.LegalMoves(nil)))
	}
}

func TestAnnanPieceOnItsLastRankMovesWhenBacked(t *testing.T) {
	// A pawn on 5a backed by a gold on 5b moves as a gold (sideways, and
	// it may promote: it is in the zone); the knight on 1a, with nothing
	// behind it, has no move at all.
	p := annan(t, "4P3N/4G4/9/9/9/9/9/9/k8 b - 1")
	got := moveTexts(p.LegalMoves(nil))
	for _, m := range []string{"5a4a", "5a4a+", "5a6a", "5a6a+"} {
		if !slices.Contains(got, m) {
			t.Errorf("missing %s in %v", m, got)
		}
	}
	for _, m := range got {
		if strings.HasPrefix(m, "1a") {
			t.Errorf("%s: an unbacked knight on the last rank moves", m)
		}
	}
}

func TestAnnanNifuAndPawnDropMateStillApply(t *testing.T) {
	// 二歩: an unpromoted pawn on the last rank still forbids a pawn drop
	// on its file.
	p := annan(t, "4P4/9/9/9/9/9/9/9/k8 b P 1")
	if hasMove(&p, "P*5e") || !hasMove(&p, "P*4e") {
		t.Error("二歩 with a pawn on the last rank")
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

// TestAnnanFmzaPositions plays the moves that make fmza's answers to the
// issue's two positions: the knight dropped on the second rank, backed by
// the gold, mates; the lance dropped on the last rank, backed by the
// dragon, checks along the rank.
func TestAnnanFmzaPositions(t *testing.T) {
	p := annan(t, "9/2k6/N8/1R7/1B7/4S4/4G4/9/9 b GN 1")
	play(t, &p, "G*7c")
	play(t, &p, "7b7a")
	std := p
	std.SetRules(nil)
	if hasMove(&std, "N*7b") {
		t.Error("standard rules: N*7b (a dead knight) is legal")
	}
	play(t, &p, "N*7b")
	if !p.IsMate() {
		t.Errorf("%s: G*7c K7a N*7b does not mate", p.SFEN())
	}

	q := annan(t, "3k5/6+R2/1l2l4/9/4N1G2/4L4/9/9/9 b L 1")
	m, err := q.ParseMove("L*3a")
	if err != nil {
		t.Fatal(err)
	}
	if !q.GivesCheck(m) {
		t.Error("L*3a, backed by the dragon, does not check along the first rank")
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
