package realistic

import (
	"errors"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

// gamePosition is a position of a self-play game (tsume mine --selfplay 2
// --seed 3 --nodes-per-move 1500, game 0, move 114), White to move with a
// mate in 7 on Black's king at 6h among its castle.
const gamePosition = "k5p2/ps1gg4/L1pp4+R/+Bp3s3/4p4/lbP5P/+n1NPS4/3KS2+p1/1+rG6 w 2Ng2l8p 114"

func mustParse(t *testing.T, sfen string) shogi.Position {
	t.Helper()
	p, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// The crop keeps the defender's king where it stands and exactly the
// defender's pieces within the radius of it.
func TestCropKeepsTheCastle(t *testing.T) {
	p := mustParse(t, gamePosition)
	q, err := Crop(&p, 2)
	if err != nil {
		t.Fatal(err)
	}
	def := p.SideToMove().Opp()
	k := p.King(def)
	if q.King(def) != k {
		t.Fatalf("king at %v; want %v", q.King(def), k)
	}
	for s := range shogi.Square(shogi.NumSquares) {
		pc := p.PieceAt(s)
		want := pc != shogi.NoPiece && pc.Color() == def && distance(s, k) <= 2
		if got := q.PieceAt(s); want && got != pc || !want && got != shogi.NoPiece && got.Color() == def {
			t.Errorf("%v: %v in the crop, %v in the game", s, got, pc)
		}
	}
}

// The attacker keeps its pieces near the king or attacking the king's
// square or a square next to it, and no king; every attacker piece kept
// stands where it stood in the game.
func TestCropKeepsTheAttackers(t *testing.T) {
	p := mustParse(t, gamePosition)
	q, _ := Crop(&p, 2)
	att := p.SideToMove()
	zone := neighbourhood(p.King(att.Opp()), 1)
	if q.King(att).Valid() {
		t.Errorf("the attacker's king is kept at %v", q.King(att))
	}
	for s := range shogi.Square(shogi.NumSquares) {
		pc := p.PieceAt(s)
		if pc == shogi.NoPiece || pc.Color() != att || pc.Kind() == shogi.King {
			continue
		}
		takesPart := distance(s, p.King(att.Opp())) <= 2 || shogi.AttacksFrom(pc, s, p.Occupied()).Intersects(zone)
		if kept := q.PieceAt(s) == pc; kept != takesPart {
			t.Errorf("%v %v: kept %v; takes part %v", s, pc, kept, takesPart)
		}
	}
}

// The attacker moves first with the game's hand; the defender's hand is
// empty, the remaining pieces its by the tsume convention.
func TestCropHands(t *testing.T) {
	p := mustParse(t, gamePosition)
	q, _ := Crop(&p, 2)
	att := p.SideToMove()
	if q.SideToMove() != att || q.Hand(att) != p.Hand(att) || q.Hand(att.Opp()) != 0 {
		t.Errorf("crop %s: want %v to move with the hand of %s and an empty defender hand", q.SFEN(), att, p.SFEN())
	}
}

// A position without the defender's king, or with the defender's king in
// check and the attacker to move, is refused with a *CropError.
func TestCropRefuses(t *testing.T) {
	for _, sfen := range []string{
		"9/9/9/9/9/9/9/9/4K4 b G 1",     // no White king
		"4k4/4R4/9/9/9/9/9/9/4K4 b - 1", // White's king in check, Black to move
	} {
		p := mustParse(t, sfen)
		var ce *CropError
		if _, err := Crop(&p, 2); !errors.As(err, &ce) {
			t.Errorf("%s: %v; want a *CropError", sfen, err)
		}
	}
}
