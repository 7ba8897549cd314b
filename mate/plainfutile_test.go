package mate

import (
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// searchWithin searches p with a fresh table for a mate by attacker
// within rem plies (unlimited: at all), with the futile rule discounting
// or not, through the instantiation of P.
func searchWithin[P any, PP positionOps[P]](t *testing.T, p *P, attacker shogi.Color, rem uint16, futile bool) (result, uint64) {
	t.Helper()
	tt, err := newTable(16)
	if err != nil {
		t.Fatal(err)
	}
	tt.newGeneration()
	s := newSearch[P, PP](tt, attacker)
	s.futile = futile
	s.maxNodes = 4 << 20
	r := s.searchAt(nil, p, rem)
	if s.stopped != nil {
		t.Fatalf("within %d plies: undecided after %d nodes", rem, s.nodes)
	}
	return r, s.nodes
}

// TestPlainFutileNeedsAMateAfter: an interposition the plain rule calls
// futile (far from the king, unguarded, capturable by the checker) is
// left out only when there is a mate after it. From ミクロコスモス's false
// proof (docs/solver.md, "Futile interpositions"): after ▲１五香打 the
// drops P*1d, L*1d and N*1d are far and unguarded, yet after each there is
// no mate at all, so neither is there one within 7 plies of the position
// before ▲１五香打, nor at all. Both instantiations.
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
	vafter := variant.FromShogi(&after)
	futile := 0
	for _, r := range vafter.LegalMoves(nil) {
		if VariantIsFutileInterposition(&vafter, r) {
			futile++
		}
	}
	if futile == 0 {
		t.Fatalf("no reply to ▲１五香打 is futile by the plain rule (variant)")
	}
	vp := variant.FromShogi(&p)
	for _, rem := range []uint16{7, 9, unlimited} {
		if r, _ := searchWithin(t, std(&p), shogi.Black, rem, true); r.pn == 0 {
			t.Errorf("standard, within %d plies: proven (length %d), but there is no mate", rem, r.length)
		}
		if r, _ := searchWithin(t, (*fairyPos)(&vp), shogi.Black, rem, true); r.pn == 0 {
			t.Errorf("variant, within %d plies: proven (length %d), but there is no mate", rem, r.length)
		}
	}
}

// TestPlainFutileMatedAtOnce: at the last ply a check answered only by
// interpositions of the plain rule mates only if each, captured with a
// check, leaves the defender mated at once again. The rook's check from
// 9e leaves White the drops of its silver on 8e to 3e, all far and
// unguarded, and on 2e, next to the king (counted; R×2e, backed by the
// knight, mates); after most of them and the rook's capture the king is
// still shut in, but after S*3e and R×3e the rook stands in the bishop's
// line to 2d, and the king escapes there. Both instantiations.
func TestPlainFutileMatedAtOnce(t *testing.T) {
	q := mustParse(t, "9/9/9/8p/R7k/7pl/6N2/9/2B1K4 w s 1")
	vq := variant.FromShogi(&q)
	if s := (&search[stdPos, *stdPos]{attacker: shogi.Black, futile: true, buffers: new(buffers[stdPos])}); s.matedAtOnce(std(&q)) {
		t.Errorf("standard: mated at once, but S*3e R×3e lets the king out to 2d")
	}
	if s := (&search[fairyPos, *fairyPos]{attacker: shogi.Black, futile: true, buffers: new(buffers[fairyPos])}); s.matedAtOnce((*fairyPos)(&vq)) {
		t.Errorf("variant: mated at once, but S*3e R×3e lets the king out to 2d")
	}
	if r, _ := searchWithin(t, std(&q), shogi.Black, 0, true); r.pn == 0 {
		t.Errorf("standard: proven with no ply left")
	}
	if r, _ := searchWithin(t, (*fairyPos)(&vq), shogi.Black, 0, true); r.pn == 0 {
		t.Errorf("variant: proven with no ply left")
	}
}
