package shogi_test

import (
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

// TestEvasionsCountingDrops checks that the board moves it lists plus the
// drops it counts are exactly Evasions.
func TestEvasionsCountingDrops(t *testing.T) {
	for _, sfen := range []string{
		"7lk/7n1/9/9/9/9/9/9/8R w 2b4g4s3n3l18p 1", // rook check from afar, full hand
		"4k4/9/9/9/9/9/9/9/4R4 w G 1",
		"4k4/4G4/9/9/9/9/9/9/9 w - 1",             // contact check: no drops
		"k8/9/2B6/9/9/9/9/9/8R w 2r4g4s4n4l18p 1", // bishop check
	} {
		p, err := shogi.ParseSFEN(sfen)
		if err != nil {
			t.Fatal(err)
		}
		all := p.Evasions(nil)
		moves, drops, checkers := p.EvasionsCountingDrops(nil)
		n := 0
		for _, m := range all {
			if m.IsDrop() {
				n++
			}
		}
		if len(moves)+drops != len(all) || drops != n {
			t.Errorf("%s: %d board moves + %d drops, Evasions has %d moves of which %d drops", sfen, len(moves), drops, len(all), n)
		}
		if checkers != p.Checkers() {
			t.Errorf("%s: checkers %v, Checkers says %v", sfen, checkers.Squares(), p.Checkers().Squares())
		}
		for _, m := range moves {
			if m.IsDrop() || !p.IsLegal(m) {
				t.Errorf("%s: listed %s", sfen, m)
			}
		}
	}
}

func TestMirror(t *testing.T) {
	p, _ := shogi.ParseSFEN("ln6k/9/9/9/9/9/9/9/K8 b P 3")
	m := p.Mirror()
	if got := m.SFEN(); got != "k6nl/9/9/9/9/9/9/9/8K b P 3" {
		t.Errorf("Mirror: %s", got)
	}
	if p.IsSymmetric() || m.IsSymmetric() {
		t.Error("an asymmetric position reported symmetric")
	}
	mm := m.Mirror()
	if mm != p {
		t.Error("mirroring twice does not give the position back")
	}
	s, _ := shogi.ParseSFEN("l3k3l/9/9/9/9/9/9/9/4K4 b - 1")
	if !s.IsSymmetric() {
		t.Error("a symmetric position reported asymmetric")
	}
}

func TestIsValidAgreesWithValidate(t *testing.T) {
	for _, sfen := range []string{
		shogi.StartSFEN,
		"4k4/9/9/9/4P4/9/4P4/9/4K4 b - 1", // 二歩
		"P3k4/9/9/9/9/9/9/9/4K4 b - 1",    // dead pawn
		"4k4/9/9/9/9/9/9/9/4K4 b 5G 1",    // parses? too many golds
		"4k4/4R4/9/9/9/9/9/9/4K4 b - 1",   // the side not to move in check
	} {
		p, err := shogi.ParseSFEN(sfen)
		if err != nil {
			continue
		}
		if p.IsValid() != (p.Validate() == nil) {
			t.Errorf("%s: IsValid %v, Validate %v", sfen, p.IsValid(), p.Validate())
		}
	}
}

// TestPawnDropIntoExistingCheck: in a position where the side not to move
// is already in check (illegal, but the generator and IsLegal must still
// agree), a pawn drop that does not itself give check is not 打ち歩詰め.
func TestPawnDropIntoExistingCheck(t *testing.T) {
	p, err := shogi.ParseSFEN("PK5+r+p/b5+r1k/+P1p6/1P7/1+Ps1P4/+P8/8p/9/P8 w 2G3S3l5p 1")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range p.LegalMoves(nil) {
		if !p.IsLegal(m) {
			t.Errorf("generated %s, which IsLegal rejects", m)
		}
	}
}
