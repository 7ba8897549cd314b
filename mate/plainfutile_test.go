package mate

import (
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

// TestPlainFutileNeedsAMateAfter: an interposition the plain rule calls
// futile (far from the king, unguarded, capturable by the checker) is
// left out only when there is a mate after it. From ミクロコスモス's false
// proof (docs/solver.md, "Futile interpositions"): after ▲１五香打 the
// drops P*1d, L*1d and N*1d are far and unguarded, yet after each there is
// no mate at all, so neither is there one within 7 plies of the position
// before ▲１五香打, nor at all.
func TestPlainFutileNeedsAMateAfter(t *testing.T) {
	p := mustParse(t, "g2+P+P+P+P2/1p6k/+Rn2ppp2/2+Psg2p1/+b+nL2s1N1/1PP2s1P1/4+Ps3/4+P1P1g/6G2 b BLPrn2lp 457")
	after := p
	m, err := after.ParseUSIMove("L*1e")
	if err != nil {
		t.Fatal(err)
	}
	after.DoMove(m)
	if all := after.Evasions(nil); len(withoutFutile(&after, all)) == len(all) {
		t.Fatalf("no reply to ▲１五香打 is futile by the plain rule")
	}
	for _, rem := range []uint16{7, 9, unlimited} {
		tt, err := newTable(16)
		if err != nil {
			t.Fatal(err)
		}
		tt.newGeneration()
		s := newSearch[stdPos](tt, shogi.Black)
		s.futile = true
		if r := s.searchAt(nil, std(&p), rem); r.pn == 0 {
			t.Errorf("within %d plies: proven (length %d), but there is no mate", rem, r.length)
		}
	}
}
