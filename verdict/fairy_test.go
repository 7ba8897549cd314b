package verdict

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/variant"
)

// The verdict on fairy problems: the judge's variant instantiation on
// problems built by hand, each finding confirmed by a plain minimax over
// package variant's legal moves (forcesMate), which shares nothing with
// the solver.

// forcesMate reports whether, in p, the attacker (to move when attacking)
// mates within n plies, every reply counting.
func forcesMate(p *variant.Position, n int, attacking bool) bool {
	moves := p.LegalMoves(nil)
	if !attacking {
		if len(moves) == 0 {
			return p.InCheck()
		}
		if n < 2 {
			return false
		}
	} else if n < 1 {
		return false
	}
	for _, m := range moves {
		q := *p
		q.DoMove(m)
		switch {
		case attacking && q.InCheck() && forcesMate(&q, n-1, false):
			return true
		case !attacking && !forcesMate(&q, n-1, true):
			return false
		}
	}
	return !attacking
}

// shortestMate returns the length of the attacker's shortest mate in p
// within max plies, or 0.
func shortestMate(p *variant.Position, max int) int {
	n := 1
	for n <= max && !forcesMate(p, n, true) {
		n += 2
	}
	return n % (max + 2)
}

// parseFairy parses sfen under rules.
func parseFairy(t *testing.T, sfen, rules string) variant.Position {
	t.Helper()
	r, rerr := variant.ParseRules(rules)
	p, perr := variant.ParseSFEN(sfen)
	if err := errors.Join(rerr, perr); err != nil {
		t.Fatal(err)
	}
	p.SetRules(r)
	return p
}

// judgeFairy solves p (both hands as given, every reply counting) and
// judges the solution.
func judgeFairy(t *testing.T, p *variant.Position) (*mate.VariantSolution, *Verdict) {
	t.Helper()
	s, err := mate.NewSolver(mate.SolverOptions{HashMB: 16, DefenderHand: mate.AsGiven, Futile: mate.Count})
	if err != nil {
		t.Fatal(err)
	}
	sol, err := s.SolveVariant(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	v, err := JudgeVariant(context.Background(), sol, Options{Futile: mate.Count, HashMB: 16})
	if err != nil {
		t.Fatal(err)
	}
	return sol, v
}

// findings writes the findings of v as "class ply move" (the move
// "-" for none).
func findings(v *Verdict) string {
	var s []string
	for _, f := range v.Findings {
		m := "-"
		if f.Move != variant.NoMove {
			m = variant.MoveString(f.Move)
		}
		s = append(s, fmt.Sprintf("%s %d %s", f.Class, f.Ply, m))
	}
	return strings.Join(s, ", ")
}

// usiLine writes moves in USI, separated by spaces.
func usiLine(ms []variant.Move) string {
	s := make([]string, len(ms))
	for i, m := range ms {
		s[i] = variant.MoveString(m)
	}
	return strings.Join(s, " ")
}

// playFairy returns p after the moves, written in USI.
func playFairy(t *testing.T, p variant.Position, moves ...string) variant.Position {
	t.Helper()
	for _, s := range moves {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		p.DoMove(m)
	}
	return p
}

// TestVariantCook: under 天竺 the silver dropped on 1b, taken by the king
// (which then moves as a silver), and the knight on 2d mate in 3; the
// silver dropped on 2b mates in 3 as well: 余詰, a flaw.
func TestVariantCook(t *testing.T) {
	p := parseFairy(t, "8k/9/8B/9/9/9/4K4/9/9 b SN 1", "tenjiku")
	sol, v := judgeFairy(t, &p)
	if got := usiLine(sol.PV); got != "S*1b 1a1b N*2d" {
		t.Fatalf("main line %s", got)
	}
	if v.Overall != Unsound || findings(v) != "余詰 1 S*2b" {
		t.Fatalf("%s: %s", v.Overall, findings(v))
	}
	// The brute force: both first moves mate in 3, none in 1.
	if n := shortestMate(&p, 3); n != 3 {
		t.Errorf("brute force: shortest mate %d, want 3", n)
	}
	for _, first := range []string{"S*1b", "S*2b"} {
		q := playFairy(t, p, first)
		if !forcesMate(&q, 2, false) {
			t.Errorf("brute force: %s does not mate in 3", first)
		}
	}
}

// TestVariantLeftover: the gold dropped on 2b, guarded by the silver,
// mates the royal bishop, White's only royal, and leaves the pawn in
// Black's hand (the pawn cannot mate: 打ち歩詰め holds against any
// royal): 駒余り, a flaw.
func TestVariantLeftover(t *testing.T) {
	p := parseFairy(t, "8$b/9/7S1/9/9/9/9/9/9 b GP 1", "")
	sol, v := judgeFairy(t, &p)
	if got := usiLine(sol.PV); got != "G*2b" {
		t.Fatalf("main line %s", got)
	}
	if v.Overall != Unsound || findings(v) != "駒余り 1 -" || v.Findings[0].Spare.String() != "P" {
		t.Fatalf("%s: %s", v.Overall, findings(v))
	}
	// The brute force: G*2b is the only mate in 1, and the pawn is left.
	var mates []string
	for _, m := range p.LegalMoves(nil) {
		q := p
		q.DoMove(m)
		if forcesMate(&q, 0, false) {
			mates = append(mates, variant.MoveString(m))
			if h := q.Hand(p.SideToMove()); h.String() != "P" {
				t.Errorf("after %s the attacker holds %q", variant.MoveString(m), h.String())
			}
		}
	}
	if strings.Join(mates, " ") != "G*2b" {
		t.Errorf("brute force: mates in 1 %v", mates)
	}
}

// TestVariantLongerVariation judges a stated line (JudgeLineVariant) of
// a position with a Lion (White's, in the far corner, where it takes no
// part): after R*3a the king's steps to 2c and 2d last two plies longer
// than the stated 4b with the knight left in hand (2手長駒余り: 変長,
// tolerated), which the brute force confirms; the last move has an
// alternative (最終手余詰, tolerated).
func TestVariantLongerVariation(t *testing.T) {
	p := parseFairy(t, "7n1/5L3/6k2/4+B1g2/9/8+R/9/9/(li)8 b R 1", "")
	line := []string{"R*3a", "3c4b", "1f1b", "4b3a", "5d3b"}
	var ms []variant.Move
	q := p
	for _, s := range line {
		m, err := q.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		ms = append(ms, m)
		q.DoMove(m)
	}
	v, err := JudgeLineVariant(context.Background(), &p, ms, Options{Futile: mate.Count, HashMB: 16})
	if err != nil {
		t.Fatal(err)
	}
	want := "変長 2 3c2c, 変長 2 3c2d, 最終手余詰 5 1b3b"
	if got := findings(v); got != want || v.Overall != Sound {
		t.Fatalf("%s: %s, want %s", v.Overall, got, want)
	}
	for _, f := range v.Findings[:2] {
		if f.Severity != Tolerated || f.Length != 6 || f.MainLength != 4 || f.Spare.String() != "N" {
			t.Errorf("%+v", f)
		}
		// The brute force: after the reply, the shortest mate is 5 plies.
		d := playFairy(t, p, "R*3a", variant.MoveString(f.Move))
		if n := shortestMate(&d, 5); n != 5 {
			t.Errorf("brute force after %s: shortest mate %d, want 5", variant.MoveString(f.Move), n)
		}
	}
}
