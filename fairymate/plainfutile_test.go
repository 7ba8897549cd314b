package fairymate

import (
	"context"
	"testing"
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
