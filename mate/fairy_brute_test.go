package mate

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// The fairy rules through the variant instantiation, held to a plain
// minimax over package variant's legal moves (fairyBruteMate), to fmza's
// answers on 安南, and on random fairy positions.

// bruteMate reports whether the attacker, to move in p, mates within n
// plies, every reply counting: a plain minimax over the legal moves of
// package variant, sharing nothing with the solver.
func fairyBruteMate(p *variant.Position, n int) bool {
	if n < 1 {
		return false
	}
	for _, m := range p.LegalMoves(nil) {
		if !p.GivesCheck(m) {
			continue
		}
		q := *p
		q.DoMove(m)
		if fairyBruteMated(&q, n-1) {
			return true
		}
	}
	return false
}

// bruteMated reports whether the defender, to move in p (in check), is
// mated within n plies.
func fairyBruteMated(p *variant.Position, n int) bool {
	rs := p.LegalMoves(nil)
	if len(rs) == 0 {
		return true
	}
	if n < 2 {
		return false
	}
	for _, r := range rs {
		q := *p
		q.DoMove(r)
		if !fairyBruteMate(&q, n-1) {
			return false
		}
	}
	return true
}

// bruteLength returns the length of the shortest mate within max plies,
// or 0.
func fairyBruteLength(p *variant.Position, max int) int {
	for n := 1; n <= max; n += 2 {
		if fairyBruteMate(p, n) {
			return n
		}
	}
	return 0
}

// fairyPosition parses sfen under the rules named by rules.
func fairyPosition(t *testing.T, sfen, rules string) variant.Position {
	t.Helper()
	r, rerr := variant.ParseRules(rules)
	p, perr := variant.ParseSFEN(sfen)
	if err := errors.Join(rerr, perr); err != nil {
		t.Fatal(err)
	}
	p.SetRules(r)
	return p
}

// fairyReplay checks that line is a mate under the rules: every move legal,
// every attacker move a check, the defender mated at the end.
func fairyReplay(t *testing.T, p variant.Position, line []variant.Move) {
	t.Helper()
	for i, m := range line {
		if !p.IsLegal(m) {
			t.Fatalf("ply %d: %s is not legal in %s", i+1, variant.MoveString(m), p.SFEN())
		}
		if i%2 == 0 && !p.GivesCheck(m) {
			t.Fatalf("ply %d: %s is not a check", i+1, variant.MoveString(m))
		}
		p.DoMove(m)
	}
	if !p.IsMate() {
		t.Fatalf("the line does not end in mate: %s", p.SFEN())
	}
}

// The fairy problems: hands as given, every reply counting, so that the
// brute force decides the same question.
var fairyProblems = []struct {
	name, sfen, rules string
	length            int // the length the brute force must confirm; 0: no mate within max
	max               int
}{
	// A royal bishop, White's only royal, in the corner behind its own
	// pawn: a gold on 9b mates (it cannot take orthogonally).
	{"royal-bishop", "$b8/1p7/9/9/9/9/9/9/9 b G 1", "", 1, 3},
	// The royal bishop in the open, mated in 3 (the brute force finds no
	// mate in 1).
	{"royal-bishop-3", "6$b2/5s3/9/6p2/9/9/9/9/9 b RS 1", "", 3, 3},
	// The Grasshopper dropped on file 9 hops over the bishop on 9b to the
	// king on 9a; the bishop guards 8a, the gold 9b.
	{"grasshopper", "k8/Bp7/1G7/9/9/9/9/9/9 b (GH) 1", "", 1, 3},
	// The Lion hops over the pawn on 1c and reaches the king on 1a, the
	// gold guards 2a and 2b.
	{"lion", "8k/6G2/8P/9/9/9/9/9/9 b (LI) 1", "", 1, 3},
	// 天竺 and the carried powers: a lance dropped on 6c checks the king on
	// 6b, which then moves as a lance, down its file only. Wherever it
	// goes it carries the lance power and attacks Black's king on 6i down
	// the open file, so Black's king resolves to a lance and attacks it
	// back: every move leaves it in check. No mate at all in shogi.
	{"tenjiku-carried", "9/3k5/9/9/9/9/9/9/3K5 b SL 1", "tenjiku", 1, 3},
	{"tenjiku-carried-standard", "9/3k5/9/9/9/9/9/9/3K5 b SL 1", "", 0, 3},
	// The same without Black's king: nothing answers the carried lance
	// power, and the king escapes down the file.
	{"tenjiku-carried-no-king", "9/3k5/9/9/9/9/9/9/9 b SL 1", "tenjiku", 0, 3},
	{"tenjiku-3", "8k/9/8B/9/9/9/4K4/9/9 b SN 1", "tenjiku", 3, 3},
	// 頭金 with a silver behind: mate in 1 in shogi; under 天竺 the king,
	// checked by the knight first, moves as a knight and takes it.
	{"knight-standard", "3sks3/R8/9/9/9/9/9/9/9 b N 1", "", 1, 3},
	{"knight-tenjiku", "3sks3/R8/9/9/9/9/9/9/9 b N 1", "tenjiku", 0, 3},
	// 安南: the gold dropped on 5b stands before the pawn and moves as a
	// pawn; the pawn, before the gold on 5d, moves as a gold and guards
	// 5b, 4b and 6b.
	{"annan", "3pkp3/9/4P4/4G4/9/9/9/9/9 b G 1", "annan", 1, 3},
	{"annan-unsupported", "3pkp3/9/4P4/9/9/9/9/9/9 b G 1", "annan", 0, 3},
	// 打ち歩詰め against the royal bishop: P*1b would mate, so it is not
	// a legal move, and there is no mate.
	{"uchifuzume-royal", "$b8/1p7/9/9/9/9/9/9/9 b P 1", "", 0, 5},
}

func TestFairyProblems(t *testing.T) {
	for _, c := range fairyProblems {
		t.Run(c.name, func(t *testing.T) {
			p := fairyPosition(t, c.sfen, c.rules)
			if got := fairyBruteLength(&p, c.max); got != c.length {
				t.Fatalf("brute force: length %d, want %d", got, c.length)
			}
			sol, err := solveV(t, &p, SolverOptions{DefenderHand: AsGiven, Futile: Count, HashMB: 4})
			if err != nil {
				t.Fatal(err)
			}
			if c.length == 0 {
				if sol.Status == Mate && sol.Length <= c.max {
					t.Fatalf("solver: mate in %d, brute force: none within %d", sol.Length, c.max)
				}
				return
			}
			if sol.Status != Mate || sol.Length != c.length || !sol.LengthExact || !(sol.PV != nil) {
				t.Fatalf("solver: %v in %d (exact %v, complete %v), want mate in %d", sol.Status, sol.Length, sol.LengthExact, (sol.PV != nil), c.length)
			}
			fairyReplay(t, sol.Position, sol.PV)
		})
	}
}

// TestUchifuzumeRoyal: the pawn drop that would mate the royal bishop is
// refused, and without it there is no mate at all.
func TestUchifuzumeRoyal(t *testing.T) {
	p := fairyPosition(t, "$b8/1p7/9/9/9/9/9/9/9 b P 1", "")
	drop := variant.NewDrop(p.SideToMove(), shogi.Pawn, fairySquare(t, "9b"))
	q := p
	q.DoMove(drop)
	if !q.IsMate() {
		t.Fatalf("P*9b does not mate: %s", q.SFEN())
	}
	if p.IsLegal(drop) {
		t.Fatal("P*9b (打ち歩詰め against the royal bishop) is legal")
	}
	sol, err := solveV(t, &p, SolverOptions{DefenderHand: AsGiven})
	if err != nil {
		t.Fatal(err)
	}
	if sol.Status != NoMate {
		t.Fatalf("status %v, want nomate", sol.Status)
	}
	// With a gold instead, a drop mates (the first in byte order: G*8a).
	g := fairyPosition(t, "$b8/1p7/9/9/9/9/9/9/9 b G 1", "")
	sol, err = solveV(t, &g, SolverOptions{DefenderHand: AsGiven})
	if err != nil {
		t.Fatal(err)
	}
	if sol.Status != Mate || sol.Length != 1 || variant.MoveString(sol.PV[0]) != "G*8a" {
		t.Fatalf("gold: %v in %d %v, want mate in 1 by G*8a", sol.Status, sol.Length, sol.PV)
	}
}

// sq parses a square name such as "9b".
func fairySquare(t *testing.T, s string) variant.Square {
	t.Helper()
	return shogi.NewSquare(int(s[0]-'0'), int(s[1]-'a'+1))
}

// TestAnnanAsFmza holds the solver to fmza's answers (the fairy-tsume
// composers' standard) on the two 安南 positions of issue 28, where the
// lifted dead-piece rule (../shared/fairy-spec.md) changes the mate: fmza
// counts every interposition, so the lengths are those of Count.
func TestAnnanAsFmza(t *testing.T) {
	for _, c := range []struct {
		name, sfen string
		length     int
		pv         string // "" where only the length is fmza's
		long       bool
	}{
		// The knight dropped on the second rank, backed by the gold, mates
		// (5 plies while it was a dead piece).
		{"knight-on-rank-2", "9/2k6/N8/1R7/1B7/4S4/4G4/9/9 b GN 1", 3, "G*7c 7b7a N*7b", false},
		// L*3a, backed by the dragon, checks along the first rank (13
		// plies while it was a dead piece).
		{"lance-on-rank-1", "3k5/6+R2/1l2l4/9/4N1G2/4L4/9/9/9 b L 1", 9, "", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.long && testing.Short() {
				t.Skip("about 75,000 nodes")
			}
			p := fairyPosition(t, c.sfen, "annan")
			sol, err := solveV(t, &p, SolverOptions{Futile: Count, HashMB: 16})
			if err != nil {
				t.Fatal(err)
			}
			var pv []string
			for _, m := range sol.PV {
				pv = append(pv, variant.MoveString(m))
			}
			if sol.Status != Mate || !sol.LengthExact || sol.Length != c.length {
				t.Fatalf("%v in %d (exact %v), %v; want a mate in %d", sol.Status, sol.Length, sol.LengthExact, pv, c.length)
			}
			if c.pv != "" && strings.Join(pv, " ") != c.pv {
				t.Errorf("main line %v; want %s", pv, c.pv)
			}
		})
	}
}

// randomFairy returns a random small fairy position, Black to move: White
// royals (a king or royal pieces of other kinds) in the top ranks with a
// few pieces around them, perhaps a Black king far away, a piece or two
// in Black's hand, under random rules.
func randomFairy(rng *rand.Rand, rules []*variant.Rules) variant.Position {
	kinds := []variant.Kind{shogi.Pawn, shogi.Lance, shogi.Knight, shogi.Silver, shogi.Gold, shogi.Bishop, shogi.Rook, variant.Grasshopper, variant.Lion}
	for {
		var p variant.Position
		for n := 1 + rng.IntN(2); n > 0; n-- {
			s := shogi.NewSquare(1+rng.IntN(9), 1+rng.IntN(3))
			k := shogi.King
			if rng.IntN(2) == 0 {
				k = kinds[rng.IntN(len(kinds))]
			}
			if p.PieceAt(s) == variant.NoPiece {
				p.Put(s, variant.NewPiece(shogi.White, k, true))
			}
		}
		for n := rng.IntN(5); n > 0; n-- {
			s := shogi.NewSquare(1+rng.IntN(9), 1+rng.IntN(5))
			if p.PieceAt(s) == variant.NoPiece {
				p.Put(s, variant.NewPiece(shogi.Color(rng.IntN(2)), kinds[rng.IntN(len(kinds))], false))
			}
		}
		if rng.IntN(3) == 0 {
			if s := shogi.NewSquare(1+rng.IntN(9), 7+rng.IntN(3)); p.PieceAt(s) == variant.NoPiece {
				p.Put(s, variant.NewPiece(shogi.Black, shogi.King, false))
			}
		}
		var h variant.Hand
		for n := 1 + rng.IntN(2); n > 0; n-- {
			h = h.Add(kinds[rng.IntN(len(kinds))])
		}
		p.SetHand(shogi.Black, h)
		p.SetRules(rules[rng.IntN(len(rules))])
		if !p.IsIllegalPosition() && !p.InCheck() {
			return p
		}
	}
}

// TestRandomFairyAgainstBrute holds the solver to the brute force on
// random fairy positions: the same shortest mate within 3 plies, or none.
func TestRandomFairyAgainstBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 15))
	var rules []*variant.Rules
	for _, s := range []string{"", "tenjiku", "annan", "tenjiku,annan"} {
		r, err := variant.ParseRules(s)
		if err != nil {
			t.Fatal(err)
		}
		rules = append(rules, r)
	}
	n := 200
	if testing.Short() {
		n = 50
	}
	mates := 0
	for range n {
		p := randomFairy(rng, rules)
		want := fairyBruteLength(&p, 3)
		sol, err := solveV(t, &p, SolverOptions{DefenderHand: AsGiven, Futile: Count, HashMB: 1, MaxNodes: 200000})
		if err != nil {
			t.Fatalf("%s: %v", p.SFEN(), err)
		}
		switch {
		case want > 0:
			mates++
			if sol.Status != Mate || sol.Length != want || !(sol.PV != nil) {
				t.Fatalf("%s (%v): %v in %d, brute force: mate in %d", p.SFEN(), p.Rules().Conditions(), sol.Status, sol.Length, want)
			}
			fairyReplay(t, sol.Position, sol.PV)
		case sol.Status == Mate && sol.Length <= 3:
			t.Fatalf("%s (%v): mate in %d, brute force: none within 3", p.SFEN(), p.Rules().Conditions(), sol.Length)
		}
	}
	t.Logf("%d of %d positions mate within 3 plies", mates, n)
	if mates < n/10 {
		t.Errorf("only %d mates", mates)
	}
}

// solveV solves p with a new solver of opts (a 16 MB table unless
// opts.HashMB says otherwise) through the variant instantiation.
func solveV(t testing.TB, p *variant.Position, opts SolverOptions) (*VariantSolution, error) {
	t.Helper()
	return solveVCtx(t, context.Background(), p, opts)
}

// solveVCtx is solveV under ctx.
func solveVCtx(t testing.TB, ctx context.Context, p *variant.Position, opts SolverOptions) (*VariantSolution, error) {
	t.Helper()
	if opts.HashMB == 0 {
		opts.HashMB = 16
	}
	return newSolver(t, opts).SolveVariant(ctx, p)
}
