package mate

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// The rules of the Solver that are the same for both instantiations,
// each test run through both on a standard position: the limits, the
// reuse of one table, the transposition rule of 図巧第33番.

// zukou036 is 将棋図巧第36番 (13 plies), long enough for the limits.
const zukou036 = "9/6nS1/4s4/4r1P1g/5Sk1B/5+pbR1/4Nsp2/9/4N4 b 3Gn4l15p 1"

// instance solves standard positions through one instantiation.
type instance struct {
	name  string
	solve func(ctx context.Context, s *Solver, p *shogi.Position) (*Solution, error)
}

// instances are the two instantiations: package shogi's positions and
// package variant's (the position converted, the Solution's fields but
// Position from SolveVariant).
var instances = []instance{
	{"standard", func(ctx context.Context, s *Solver, p *shogi.Position) (*Solution, error) {
		return s.Solve(ctx, p)
	}},
	{"variant", func(ctx context.Context, s *Solver, p *shogi.Position) (*Solution, error) {
		vp := variant.FromShogi(p)
		vs, err := s.SolveVariant(ctx, &vp)
		if vs == nil {
			return nil, err
		}
		return &vs.Solution, err
	}},
}

// TestLimits: a node limit, a time limit and a cancelled context stop
// either instantiation with the status Unknown and no error; the limits
// are looked at every 1,024 nodes.
func TestLimits(t *testing.T) {
	p := mustParse(t, zukou036)
	for _, in := range instances {
		t.Run(in.name, func(t *testing.T) {
			sol, err := in.solve(context.Background(), newSolver(t, SolverOptions{MaxNodes: 500, HashMB: 4}), &p)
			if err != nil || sol.Status != Unknown || sol.Nodes < 500 || sol.Nodes > 1024 {
				t.Errorf("MaxNodes 500: %v, %v after %d nodes", sol.Status, err, sol.Nodes)
			}
			// A nanosecond is over at the first look.
			sol, err = in.solve(context.Background(), newSolver(t, SolverOptions{MaxTime: 1, HashMB: 4}), &p)
			if err != nil || sol.Status != Unknown || sol.Nodes > 1024 {
				t.Errorf("MaxTime 1ns: %v, %v after %d nodes", sol.Status, err, sol.Nodes)
			}
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			sol, err = in.solve(ctx, newSolver(t, SolverOptions{HashMB: 4}), &p)
			if err != nil || sol.Status != Unknown {
				t.Errorf("cancelled: %v, %v", sol, err)
			}
		})
	}
}

// A Solver reused for many positions gives each the answer of a fresh
// Solve, also across the wrap of the table's generation counter, and
// one Solver serves both instantiations in turn.
func TestSolverReuse(t *testing.T) {
	sv := newSolver(t, SolverOptions{HashMB: 1})
	mate1 := mustParse(t, "4k4/9/4P4/9/9/9/9/9/9 b G 1")
	none := mustParse(t, "4k4/9/9/9/9/9/9/9/9 b G 1")
	for i := range 300 {
		p, want := mate1, Mate
		if i%2 == 1 {
			p, want = none, NoMate
		}
		in := instances[i/2%2]
		sol, err := in.solve(context.Background(), sv, &p)
		if err != nil {
			t.Fatal(err)
		}
		if sol.Status != want || want == Mate && sol.Length != 1 {
			t.Fatalf("solve %d (%s): %v in %d, want %v", i, in.name, sol.Status, sol.Length, want)
		}
	}
	// A royal bishop, mated in 1, between standard positions.
	rb := fairyPosition(t, "8$b/9/7S1/9/9/9/9/9/9 b G 1", "")
	for range 3 {
		sol, err := sv.SolveVariant(context.Background(), &rb)
		if err != nil || sol.Status != Mate || sol.Length != 1 {
			t.Fatalf("royal bishop: %v, %v", sol, err)
		}
		p := none
		if sol, err := sv.Solve(context.Background(), &p); err != nil || sol.Status != NoMate {
			t.Fatalf("after the royal bishop: %v, %v", sol, err)
		}
	}
}

// zukou033 is 図巧第33番: 19 plies counting every interposition, 17 with
// the plain futile rule only, 15 (the record) once the pawn interposed
// next to the king after ▲８三飛不成 (△８五歩打) is futile by transposition.
const zukou033 = "l8/1n7/np3B3/SR1+P5/k1N6/9/1Ps6/1N7/5+B3 b r4g2s3l15p 1"

// TestZukou033 holds both instantiations to the record of 図巧第33番
// under both futile rules.
func TestZukou033(t *testing.T) {
	if testing.Short() {
		t.Skip("some seconds")
	}
	const recorded = "8d8e 9e9d 8e8c 9d9e 4i8e 9c8e 8c9c 9a9c P*9f 9e9d 4c6a+ 9d8d 6a8c 8d7e 6d6e"
	p := mustParse(t, zukou033)
	for _, in := range instances {
		for _, c := range []struct {
			rule FutileRule
			want int
		}{{Count, 19}, {Discount, 15}} {
			sol, err := in.solve(context.Background(), newSolver(t, SolverOptions{HashMB: 32, Futile: c.rule}), &p)
			if err != nil {
				t.Fatal(err)
			}
			if sol.Status != Mate || !sol.LengthExact || sol.Length != c.want || len(sol.PV) != c.want {
				t.Errorf("%s, %v: %v length %d (exact %v), want %d: %v", in.name, c.rule, sol.Status, sol.Length, sol.LengthExact, c.want, sol.PV)
			}
			if c.rule == Discount {
				// The record's moves; the promotion choice of a bishop's
				// move that mates as fast either way (▲６一角成 then
				// ▲８三馬, or ▲６一角 then ▲８三角成) is the solver's.
				if got := usiList(sol.PV); strings.ReplaceAll(got, "+", "") != strings.ReplaceAll(recorded, "+", "") {
					t.Errorf("%s: main line %s, recorded %s", in.name, got, recorded)
				}
			}
		}
	}
}

// TestVariantNotAProblem: the variant instantiation refuses positions
// without a defending royal, illegal ones and impossible hands, with a
// *NotAProblemError.
func TestVariantNotAProblem(t *testing.T) {
	for _, c := range []struct{ sfen, rules string }{
		{"9/9/9/9/9/9/9/9/4K4 b G 1", ""},          // no defending royal
		{"4k4/4R4/9/9/9/9/9/9/9 b - 1", ""},        // the defender is in check with the attacker to move
		{"4k4/9/9/9/9/9/9/9/9 b 3R 1", ""},         // too many rooks
		{"$b8/9/9/9/9/9/9/9/8$R b - 1", "tenjiku"}, // the royals see each other: illegal under 天竺
	} {
		p := fairyPosition(t, c.sfen, c.rules)
		_, err := solveV(t, &p, SolverOptions{HashMB: 1})
		var npe *NotAProblemError
		if !errors.Is(err, ErrNotAProblem) || !errors.As(err, &npe) {
			t.Errorf("%s: %v, want a *NotAProblemError", c.sfen, err)
		}
	}
}

// TestVariantFutileDiscount: a royal gold in the corner, shut in by its
// own pawns; the silver's move off file 1 gives check from the rook on
// 1i, and the defender holds two golds. The far interpositions are futile
// by the plain rule; the one next to the royal (1b) by capture: the rook
// takes it (the knight guards 1b) and that is mate again. Discounted, 1e2f
// is a mate in one; counted, the mate takes 5 plies.
func TestVariantFutileDiscount(t *testing.T) {
	p := fairyPosition(t, "7p$g/7p1/9/7N1/8S/9/9/9/8R b 2g 1", "")
	count, err := solveV(t, &p, SolverOptions{Futile: Count, DefenderHand: AsGiven, HashMB: 4})
	if err != nil {
		t.Fatal(err)
	}
	disc, err := solveV(t, &p, SolverOptions{DefenderHand: AsGiven, HashMB: 4})
	if err != nil {
		t.Fatal(err)
	}
	if count.Status != Mate || disc.Status != Mate || disc.Length != 1 || count.Length != 5 {
		t.Errorf("count: %v in %d, discount: %v in %d; want a shorter mate when futile interpositions are discounted", count.Status, count.Length, disc.Status, disc.Length)
	}
}

// BenchmarkVariantZukou036 solves 図巧第36番 through the variant
// instantiation (200,000 nodes at most).
func BenchmarkVariantZukou036(b *testing.B) {
	sp, _ := shogi.ParseSFEN(zukou036)
	p := variant.FromShogi(&sp)
	s := newSolver(b, SolverOptions{MaxNodes: 200000, HashMB: 64})
	for b.Loop() {
		s.SolveVariant(context.Background(), &p)
	}
}

// TestSolverReuseSameSolution: a Solver reused for several problems, its
// table and search frames kept, gives each the whole Solution a fresh
// Solver gives (the time aside), in either order.
func TestSolverReuseSameSolution(t *testing.T) {
	sfens := []string{
		"7k1/6s2/5+B3/4R+R3/9/9/9/9/9 b GS 1",
		"4k4/9/4S4/9/9/9/9/9/9 b G 1",
		zukou033,
		"8k/9/9/7Rs/9/9/9/9/9 b B 1",
		"4k4/9/9/9/9/9/9/9/9 b G 1",
	}
	opts := SolverOptions{HashMB: 16, MaxNodes: 3_000_000}
	fresh := make([]*Solution, len(sfens))
	for i, sfen := range sfens {
		p := mustParse(t, sfen)
		sol, err := newSolver(t, opts).Solve(context.Background(), &p)
		if err != nil {
			t.Fatal(err)
		}
		sol.Time = 0
		fresh[i] = sol
	}
	sv := newSolver(t, opts)
	for _, i := range []int{0, 1, 2, 3, 4, 2, 0, 4, 1, 3} {
		p := mustParse(t, sfens[i])
		sol, err := sv.Solve(context.Background(), &p)
		if err != nil {
			t.Fatal(err)
		}
		sol.Time = 0
		if !reflect.DeepEqual(sol, fresh[i]) {
			t.Errorf("%s: reused %+v, fresh %+v", sfens[i], sol, fresh[i])
		}
	}
}
