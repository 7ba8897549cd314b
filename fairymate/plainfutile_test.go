package fairymate

import (
	"context"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// TestPlainFutileNeedsAMateAfter is package mate's test of the same name
// (mate/plainfutile_test.go): an interposition the plain rule calls futile
// is left out only when there is a mate after it. After ▲１五香打 the drops
// P*1d, L*1d and N*1d are far and unguarded, yet after each there is no
// mate at all, so neither is there one within 7 or 9 plies of the position
// before ▲１五香打, nor at all, under Discount.
func TestPlainFutileNeedsAMateAfter(t *testing.T) {
	p := fairyPosition(t, "g2+P+P+P+P2/1p6k/+Rn2ppp2/2+Psg2p1/+b+nL2s1N1/1PP2s1P1/4+Ps3/4+P1P1g/6G2 b BLPrn2lp 457", "")
	after := p
	m, err := after.ParseMove("L*1e")
	if err != nil {
		t.Fatal(err)
	}
	after.DoMove(m)
	futile := 0
	for _, r := range after.LegalMoves(nil) {
		if IsFutileInterposition(&after, r) {
			futile++
		}
	}
	if futile == 0 {
		t.Fatalf("no reply to ▲１五香打 is futile by the plain rule")
	}
	for _, d := range []int16{7, 9, infDepth} {
		s := &solver{t: newTable(16), attacker: p.SideToMove(), ctx: context.Background(), maxNodes: 4 << 20, discount: true, mode: 1}
		v := s.run(&p, d)
		t.Logf("d %d: pn %d dn %d nodes %d", d, v.pn, v.dn, s.nodes)
		switch {
		case s.stopped:
			t.Errorf("within %d plies: undecided after %d nodes", d, s.nodes)
		case v.pn == 0:
			t.Errorf("within %d plies: proven (height %d), but there is no mate", d, v.proof)
		}
	}
}

// TestPlainFutileMatedAtOnce: at the last ply a check answered only by
// interpositions of the plain rule mates only if each, captured with a
// check, leaves the defender mated at once again. The rook's check from
// 9e leaves White the drops of its silver on 8e to 3e, all far and
// unguarded, and on 2e, next to the king (counted; R×2e, backed by the
// knight, mates); after most of them and the rook's capture the king is still
// shut in, but after S*3e and R×3e the rook stands in the bishop's line to
// 2d, and the king escapes there. (A silver moved there instead, 移動合,
// would count as a defence: only drops are futile.)
func TestPlainFutileMatedAtOnce(t *testing.T) {
	q := fairyPosition(t, "9/9/9/8p/R7k/7pl/6N2/9/2B1K4 w s 1", "")
	s := &solver{t: newTable(1), attacker: q.SideToMove().Opp(), ctx: context.Background(), discount: true, mode: 1}
	moves, plain := s.split(&q)
	if len(moves) != 1 || len(plain) != 6 {
		t.Fatalf("replies %v counted, %v futile by the plain rule; want the silver's drop on 2e and its six far drops", moves, plain)
	}
	if s.matedAtOnce(&q, moves, plain, 0) {
		t.Errorf("mated at once, but S*3e R×3e lets the king out to 2d")
	}
	var others []variant.Move
	for _, m := range plain {
		if m.To() != shogi.NewSquare(3, 5) {
			others = append(others, m)
		}
	}
	if !s.matedAtOnce(&q, moves, others, 0) {
		t.Errorf("not mated at once without S*3e: the other drops, captured, leave the king shut in")
	}
	if v := s.run(&q, 0); v.pn == 0 {
		t.Errorf("proven with no ply left")
	}
}
