package mate1

import (
	"testing"

	"github.com/tsume-shogi/tsume/gen"
	"github.com/tsume-shogi/tsume/shogi"
)

// TestNatural: under Options.Natural the reverse construction places no
// White rook, bishop, horse or dragon, no White piece where its own moves
// never bring it (gen.NaturalSquare), no third White piece of a kind, no
// Black promoted silver, knight or lance, no Black gold or silver on the
// back rank but the one that mates; and it blocks the king's
// flights with White's own pieces more often, so that the problems have
// more White pieces than without it (the same seed and options).
func TestNatural(t *testing.T) {
	o := DefaultOptions()
	o.Seed, o.MaxPieces, o.King = 7, 6, gen.Camp
	plain, _ := generate(t, o, 300, 2)
	o.Natural = true
	natural, _ := generate(t, o, 300, 2)
	white := func(p *shogi.Position) (n int) {
		for s := shogi.Square(0); s < shogi.NumSquares; s++ {
			if pc := p.PieceAt(s); pc != shogi.NoPiece && pc.Color() == shogi.White && pc.Kind() != shogi.King {
				n++
			}
		}
		return n
	}
	var nPlain, nNatural int
	for i := range plain {
		nPlain += white(&plain[i].Position)
	}
	for _, p := range natural {
		checkSound(t, o, p)
		nNatural += white(&p.Position)
		for s := shogi.Square(0); s < shogi.NumSquares; s++ {
			pc := p.Position.PieceAt(s)
			if pc == shogi.NoPiece {
				continue
			}
			k := pc.Kind()
			switch {
			case pc.Color() == shogi.White && (k == shogi.Rook || k == shogi.Bishop || k == shogi.Horse || k == shogi.Dragon):
				t.Errorf("%s: a White %v on %v", p.Position.SFEN(), k, s)
			case pc.Color() == shogi.White && !gen.NaturalSquare(pc, s):
				t.Errorf("%s: a White %v on %v, where no move of its brings it", p.Position.SFEN(), k, s)
			case pc.Color() == shogi.White && p.Position.Pieces(shogi.White, k).Count() > 2:
				t.Errorf("%s: more than two White pieces of kind %v", p.Position.SFEN(), k)
			case pc.Color() == shogi.Black && (k == shogi.ProSilver || k == shogi.ProKnight || k == shogi.ProLance):
				t.Errorf("%s: a Black %v on %v", p.Position.SFEN(), k, s)
			case backRankMinor(pc, s) && s != p.Line[0].From():
				t.Errorf("%s: a Black %v on the back rank, %v, that does not mate", p.Position.SFEN(), k, s)
			}
		}
	}
	if len(plain) != 300 || len(natural) != 300 {
		t.Fatalf("%d and %d problems, want 300 each", len(plain), len(natural))
	}
	if nNatural*10 < nPlain*12 {
		t.Errorf("White pieces: %d natural against %d plain; want at least 1.2 times as many", nNatural, nPlain)
	}
	t.Logf("White pieces besides the king: %d natural, %d plain (300 problems each)", nNatural, nPlain)
}
