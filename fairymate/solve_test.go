package fairymate

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// zukou036 is 将棋図巧第36番 (13 plies), long enough for the limits.
const zukou036 = "9/6nS1/4s4/4r1P1g/5Sk1B/5+pbR1/4Nsp2/9/4N4 b 3Gn4l15p 1"

func standard(t *testing.T, sfen string) variant.Position {
	t.Helper()
	sp, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	return variant.FromShogi(&sp)
}

func TestLimits(t *testing.T) {
	p := standard(t, zukou036)
	// The limits are looked at every 1,024 nodes (package mate).
	sol, err := Solve(context.Background(), &p, Options{MaxNodes: 500, TableMB: 4})
	if err != nil || sol.Status != Unknown || sol.Nodes < 500 || sol.Nodes > 1024 {
		t.Errorf("MaxNodes 500: %v, %v after %d nodes", sol.Status, err, sol.Nodes)
	}
	sol, err = Solve(context.Background(), &p, Options{MaxTime: 50 * time.Millisecond, TableMB: 4})
	if err != nil || sol.Status != Unknown || sol.Time > 2*time.Second {
		t.Errorf("MaxTime 50ms: %v, %v after %v", sol.Status, err, sol.Time)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	sol, err = Solve(ctx, &p, Options{TableMB: 4})
	if !errors.Is(err, context.Canceled) || sol.Status != Unknown {
		t.Errorf("cancelled: %v, %v", sol.Status, err)
	}
}

func TestNotAProblem(t *testing.T) {
	for _, c := range []struct{ sfen, rules string }{
		{"9/9/9/9/9/9/9/9/4K4 b G 1", ""},          // no defending royal
		{"4k4/4R4/9/9/9/9/9/9/9 b - 1", ""},        // the defender is in check with the attacker to move
		{"4k4/9/9/9/9/9/9/9/9 b 3R 1", ""},         // too many rooks
		{"$b8/9/9/9/9/9/9/9/8$R b - 1", "tenjiku"}, // the royals see each other: illegal under 天竺
	} {
		p := fairyPosition(t, c.sfen, c.rules)
		if _, err := Solve(context.Background(), &p, Options{TableMB: 1}); !errors.Is(err, ErrNotAProblem) {
			t.Errorf("%s: %v, want ErrNotAProblem", c.sfen, err)
		}
	}
}

// TestFutileDiscount: a royal gold in the corner, shut in by its own
// pawns; the silver's move off file 1 gives check from the rook on 1i, and
// the defender holds two golds. The far interpositions are futile by the
// plain rule; the one next to the royal (1b) by capture: the rook takes it
// (the knight guards 1b) and that is mate again. Discounted, 1e2f is a
// mate in one; counted, the mate takes 5 plies.
func TestFutileDiscount(t *testing.T) {
	p := fairyPosition(t, "7p$g/7p1/9/7N1/8S/9/9/9/8R b 2g 1", "")
	count, err := Solve(context.Background(), &p, Options{Futile: Count, DefenderHand: AsGiven, TableMB: 4})
	if err != nil {
		t.Fatal(err)
	}
	disc, err := Solve(context.Background(), &p, Options{DefenderHand: AsGiven, TableMB: 4})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("count %v %d %v, discount %v %d %v", count.Status, count.Length, count.PV, disc.Status, disc.Length, disc.PV)
	if count.Status != Mate || disc.Status != Mate || disc.Length != 1 || count.Length != 5 {
		t.Errorf("count: %v in %d, discount: %v in %d; want a shorter mate when futile interpositions are discounted", count.Status, count.Length, disc.Status, disc.Length)
	}
}
