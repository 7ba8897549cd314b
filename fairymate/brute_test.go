package fairymate

import (
	"context"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// bruteMate reports whether the attacker, to move in p, mates within n
// plies, every reply counting: a plain minimax over the legal moves of
// package variant, sharing nothing with the solver.
func bruteMate(p *variant.Position, n int) bool {
	if n < 1 {
		return false
	}
	for _, m := range p.LegalMoves(nil) {
		if !p.GivesCheck(m) {
			continue
		}
		q := *p
		q.DoMove(m)
		if bruteMated(&q, n-1) {
			return true
		}
	}
	return false
}

// bruteMated reports whether the defender, to move in p (in check), is
// mated within n plies.
func bruteMated(p *variant.Position, n int) bool {
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
		if !bruteMate(&q, n-1) {
			return false
		}
	}
	return true
}

// bruteLength returns the length of the shortest mate within max plies,
// or 0.
func bruteLength(p *variant.Position, max int) int {
	for n := 1; n <= max; n += 2 {
		if bruteMate(p, n) {
			return n
		}
	}
	return 0
}

// fairyPosition parses sfen under the rules named by rules.
func fairyPosition(t *testing.T, sfen, rules string) variant.Position {
	t.Helper()
	p, err := variant.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	r, err := variant.ParseRules(rules)
	if err != nil {
		t.Fatal(err)
	}
	p.SetRules(r)
	return p
}

// replay checks that line is a mate under the rules: every move legal,
// every attacker move a check, the defender mated at the end.
func replay(t *testing.T, p variant.Position, line []variant.Move) {
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
			if got := bruteLength(&p, c.max); got != c.length {
				t.Fatalf("brute force: length %d, want %d", got, c.length)
			}
			sol, err := Solve(context.Background(), &p, Options{DefenderHand: AsGiven, Futile: Count, TableMB: 4})
			if err != nil {
				t.Fatal(err)
			}
			if c.length == 0 {
				if sol.Status == Mate && sol.Length <= c.max {
					t.Fatalf("solver: mate in %d, brute force: none within %d", sol.Length, c.max)
				}
				return
			}
			if sol.Status != Mate || sol.Length != c.length || !sol.LengthExact || !sol.PVComplete {
				t.Fatalf("solver: %v in %d (exact %v, complete %v), want mate in %d", sol.Status, sol.Length, sol.LengthExact, sol.PVComplete, c.length)
			}
			replay(t, sol.Position, sol.PV)
		})
	}
}

// TestUchifuzumeRoyal: the pawn drop that would mate the royal bishop is
// refused, and without it there is no mate at all.
func TestUchifuzumeRoyal(t *testing.T) {
	p := fairyPosition(t, "$b8/1p7/9/9/9/9/9/9/9 b P 1", "")
	drop := variant.NewDrop(p.SideToMove(), shogi.Pawn, sq(t, "9b"))
	q := p
	q.DoMove(drop)
	if !q.IsMate() {
		t.Fatalf("P*9b does not mate: %s", q.SFEN())
	}
	if p.IsLegal(drop) {
		t.Fatal("P*9b (打ち歩詰め against the royal bishop) is legal")
	}
	sol, err := Solve(context.Background(), &p, Options{DefenderHand: AsGiven})
	if err != nil {
		t.Fatal(err)
	}
	if sol.Status != NoMate {
		t.Fatalf("status %v, want nomate", sol.Status)
	}
	// With a gold instead, a drop mates (the first in byte order: G*8a).
	g := fairyPosition(t, "$b8/1p7/9/9/9/9/9/9/9 b G 1", "")
	sol, err = Solve(context.Background(), &g, Options{DefenderHand: AsGiven})
	if err != nil {
		t.Fatal(err)
	}
	if sol.Status != Mate || sol.Length != 1 || variant.MoveString(sol.PV[0]) != "G*8a" {
		t.Fatalf("gold: %v in %d %v, want mate in 1 by G*8a", sol.Status, sol.Length, sol.PV)
	}
}

// sq parses a square name such as "9b".
func sq(t *testing.T, s string) variant.Square {
	t.Helper()
	return shogi.NewSquare(int(s[0]-'0'), int(s[1]-'a'+1))
}
