package helpmate_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/helpmate"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// The brute force over package variant is independent of the solver and of
// variant's legal move generator: it takes the pseudo-legal moves and keeps
// those variant.Position.IsLegal accepts (which plays the move and looks at
// every royal with the rules' powers), keeps the attacker's moves after
// which the opponent is in check, and tests for mate the same way.

func vLegal(q *variant.Position) []variant.Move {
	var out []variant.Move
	for _, m := range q.PseudoLegalMoves(nil) {
		if q.IsLegal(m) {
			out = append(out, m)
		}
	}
	return out
}

func vMate(q *variant.Position) bool { return q.InCheck() && len(vLegal(q)) == 0 }

// vBruteLines returns the lines of exactly n plies from p that meet stip,
// in the form of bruteLines.
func vBruteLines(p *variant.Position, stip helpmate.Stipulation, n int) []string {
	attacker := p.SideToMove()
	var out, line []string
	var rec func(q *variant.Position, ply int)
	rec = func(q *variant.Position, ply int) {
		for _, m := range vLegal(q) {
			r := *q
			r.DoMove(m)
			if q.SideToMove() == attacker && !r.InCheck() {
				continue
			}
			line = append(line, variant.MoveString(m))
			if ply+1 == n {
				if vMate(&r) && (r.SideToMove() == attacker) == (stip == helpmate.HelpSelf) {
					out = append(out, strings.TrimSuffix(strings.Join(line, " "), "+"))
				}
			} else if !vMate(&r) {
				rec(&r, ply+1)
			}
			line = line[:len(line)-1]
		}
	}
	rec(p, 0)
	slices.Sort(out)
	return slices.Compact(out)
}

func mustVariant(t *testing.T, sfen, rules string) variant.Position {
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

// vReplay checks a solution move by move with the variant layer.
func vReplay(t *testing.T, p *variant.Position, stip helpmate.Stipulation, sol helpmate.Solution, length int) {
	t.Helper()
	if len(sol.Moves) != length {
		t.Fatalf("line of %d moves, want %d", len(sol.Moves), length)
	}
	q := *p
	attacker := q.SideToMove()
	for i, m := range sol.Moves {
		if !q.IsLegal(m) || variant.MoveString(m) != sol.USI[i] {
			t.Fatalf("ply %d: %s (%q) is not legal in %s", i+1, variant.MoveString(m), sol.USI[i], q.SFEN())
		}
		mover := q.SideToMove()
		q.DoMove(m)
		if mover == attacker && !q.InCheck() {
			t.Fatalf("ply %d: the attacker's %s does not check", i+1, sol.USI[i])
		}
		if i+1 < length && vMate(&q) {
			t.Fatalf("ply %d: mate before the end", i+1)
		}
	}
	if !vMate(&q) || (q.SideToMove() == attacker) != (stip == helpmate.HelpSelf) {
		t.Fatalf("the line does not end in the right mate: %s", q.SFEN())
	}
	if got := q.Hand(attacker).String(); got != sol.LeftoverPieces {
		t.Fatalf("leftover %q, the attacker holds %q", sol.LeftoverPieces, got)
	}
}

// vBruteShortest returns the shortest length up to maxPly with its lines,
// or 0.
func vBruteShortest(p *variant.Position, stip helpmate.Stipulation, maxPly int) (int, []string) {
	n := 1
	if stip == helpmate.HelpSelf {
		n = 2
	}
	for ; n <= maxPly; n += 2 {
		if lines := vBruteLines(p, stip, n); len(lines) > 0 {
			return n, lines
		}
	}
	return 0, nil
}

// TestFairyHandMade solves small fairy problems over package variant and
// compares the length, the count and every line with the brute force; the
// two under a condition also differ from the same board under standard
// rules, so that the condition is seen to act.
func TestFairyHandMade(t *testing.T) {
	for _, tc := range []struct {
		name, sfen, rules string
		stip              helpmate.Stipulation
		length            int
		count             uint64
		first             string // the first line, if unique
		standard          int    // the length under standard rules, if it differs
	}{
		// The grasshopper hops over the pawn onto the king; the king's pawn
		// steps up and the gold, dropped behind it, is protected by the
		// grasshopper that now hops over 1c onto 1b.
		{"grasshopper", "8k/8p/9/9/9/9/9/9/9 b (GH)G 1", "", helpmate.Help, 3, 6, "", 0},
		// The lion checks along the first rank over the lance; the king
		// steps to 1b and the gold on 1c mates, the lion covering 1a.
		{"lion", "7lk/7p1/9/9/9/9/9/9/9 b (LI)G 1", "", helpmate.Help, 3, 1, "(LI)*3a 1a1b G*1c", 0},
		// A royal bishop, White's only royal, is mated in the corner.
		{"royal bishop", "8$b/9/9/9/9/9/9/9/9 b GS 1", "", helpmate.Help, 5, 3, "", 0},
		// 天竺: the king checked by the silver moves as a silver, so that the
		// gold mates at once; without 天竺 it takes five plies.
		{"tenjiku", "4k4/9/9/9/9/9/9/9/4K4 b GS 1", "tenjiku", helpmate.Help, 3, 4, "", 5},
		// 安南: the king backed by its lance moves as a lance; without 安南
		// it is mated in three.
		{"annan", "4l4/4k4/9/9/9/9/9/9/9 b GS 1", "annan", helpmate.Help, 5, 6, "", 3},
		// A help-selfmate: the king takes the gold and uncovers the rook on
		// Black's boxed-in royal gold, its only royal.
		{"helpself royal gold", "4r4/4k4/9/9/9/9/9/3P1P3/3L$GL3 b G 1", "", helpmate.HelpSelf, 2, 4, "", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := mustVariant(t, tc.sfen, tc.rules)
			const maxPly = 5
			r, err := helpmate.SolveVariant(context.Background(), &p, helpmate.Options{Stip: tc.stip, MaxPly: maxPly, MaxLines: 1000})
			if err != nil {
				t.Fatal(err)
			}
			n, lines := vBruteShortest(&p, tc.stip, maxPly)
			if r.Status != helpmate.Solved || r.Length != n || r.Length != tc.length {
				t.Fatalf("%v length %d, brute force %d, want %d", r.Status, r.Length, n, tc.length)
			}
			if got := solverLines(r); r.Count != tc.count || !slices.Equal(got, lines) {
				t.Fatalf("%d lines %v, brute force %v, want %d", r.Count, got, lines, tc.count)
			}
			if tc.first != "" && strings.Join(r.Solutions[0].USI, " ") != tc.first {
				t.Errorf("solution %v, want %s", r.Solutions[0].USI, tc.first)
			}
			for _, s := range r.Solutions {
				vReplay(t, &p, tc.stip, s, r.Length)
			}
			if tc.standard != 0 {
				q := mustVariant(t, tc.sfen, "")
				r, err := helpmate.SolveVariant(context.Background(), &q, helpmate.Options{Stip: tc.stip})
				if err != nil || r.Length != tc.standard {
					t.Errorf("standard rules: length %d, want %d (%v)", r.Length, tc.standard, err)
				}
			}
		})
	}
}

// sameResult reports the differences between a (over shogi) and b (over
// variant) of the same standard position.
func sameResult(t *testing.T, sfen string, a, b *helpmate.Result) {
	t.Helper()
	if a.Status != b.Status || a.Length != b.Length || a.Count != b.Count || a.CountSaturated != b.CountSaturated ||
		a.States != b.States || len(a.Solutions) != len(b.Solutions) || a.PeakFrontier != b.PeakFrontier {
		t.Fatalf("%s: shogi %v %d plies %d lines %d states, variant %v %d plies %d lines %d states",
			sfen, a.Status, a.Length, a.Count, a.States, b.Status, b.Length, b.Count, b.States)
	}
	if uint64(len(a.Solutions)) < a.Count {
		return // the generators order the moves differently: other lines listed
	}
	line := func(s helpmate.Solution) string {
		return fmt.Sprintf("%v %q %v", s.USI, s.LeftoverPieces, s.PromotionAlternative)
	}
	var x, y []string
	for i := range a.Solutions {
		x, y = append(x, line(a.Solutions[i])), append(y, line(b.Solutions[i]))
		for j, m := range b.Solutions[i].Moves {
			if variant.MoveString(m) != b.Solutions[i].USI[j] {
				t.Fatalf("%s: variant solution %d: move %d is %s, USI %s", sfen, i+1, j+1, variant.MoveString(m), b.Solutions[i].USI[j])
			}
		}
	}
	slices.Sort(x)
	slices.Sort(y)
	if !slices.Equal(x, y) {
		t.Fatalf("%s: shogi %v, variant %v", sfen, x, y)
	}
}

// TestVariantEqualsShogi solves standard positions over both
// instantiations: random ones for both stipulations and the small
// benchmark problems. Everything but the time must agree, down to the
// number of stored states.
func TestVariantEqualsShogi(t *testing.T) {
	ctx := context.Background()
	compare := func(sp *shogi.Position, opt helpmate.Options) bool {
		t.Helper()
		a, errA := helpmate.Solve(ctx, sp, opt)
		vp := variant.FromShogi(sp)
		b, errB := helpmate.SolveOverVariant(ctx, &vp, opt)
		if (errA == nil) != (errB == nil) {
			t.Fatalf("%s: shogi %v, variant %v", sp.SFEN(), errA, errB)
		}
		switch {
		case errA == nil && a.Status == helpmate.Stopped:
			// The state limit is looked at every few hundred positions, in
			// the generators' different orders.
			if b.Status != helpmate.Stopped {
				t.Fatalf("%s: shogi stopped, variant %v", sp.SFEN(), b.Status)
			}
			return false
		case errA == nil:
			sameResult(t, sp.SFEN(), a, b)
			if a.States > 30000 {
				t.Logf("%d states: over shogi %v, over variant %v", a.States, a.Elapsed, b.Elapsed)
			}
		}
		// SolveVariant takes the fast path for a standard position.
		c, errC := helpmate.SolveVariant(ctx, &vp, opt)
		if (errA == nil) != (errC == nil) || errA == nil && (c.Length != a.Length || c.Count != a.Count) {
			t.Fatalf("%s: SolveVariant %v", sp.SFEN(), errC)
		}
		return errA == nil && a.Status == helpmate.Solved
	}
	rng := rand.New(rand.NewPCG(15, 4))
	n := 120
	if testing.Short() {
		n = 40
	}
	solved := 0
	for range n {
		p := randomPosition(rng, helpmate.Help)
		if compare(&p, helpmate.Options{MaxPly: 7, MaxLines: 50}) {
			solved++
		}
		p = randomPosition(rng, helpmate.HelpSelf)
		if compare(&p, helpmate.Options{Stip: helpmate.HelpSelf, MaxPly: 6, MaxStates: 20000, MaxLines: 50}) {
			solved++
		}
	}
	t.Logf("%d of %d random positions solved", solved, 2*n)
	if solved < n/10 {
		t.Errorf("too few solved positions for the test to mean much")
	}
	for _, tc := range fastProblems {
		if tc.class != 0 {
			continue
		}
		p := readProblem(t, tc.file)
		if !compare(&p, helpmate.Options{MaxLines: 2}) {
			t.Errorf("%s: not solved", tc.file)
		}
	}
}
