package verdict

import (
	"context"
	"fmt"
	"reflect"
	"testing"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/shogi"
)

// The constructed problems below are small, with the hands as given (the
// defender holds nothing) and every interposition counted (mate.Count),
// so that bruteLength, which shares no code with mate or this package,
// can check the lengths each finding rests on.

var countOpts = Options{Futile: mate.Count, HashMB: 16}

// solveAsGiven solves sfen with the hands as given, under countOpts.
func solveAsGiven(t *testing.T, sfen string) *mate.Solution {
	t.Helper()
	p, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	s, err := mate.NewSolver(mate.SolverOptions{HashMB: 16, Futile: mate.Count, DefenderHand: mate.AsGiven})
	if err != nil {
		t.Fatal(err)
	}
	sol, err := s.Solve(context.Background(), &p)
	if err != nil {
		t.Fatal(err)
	}
	if sol.Status != mate.Mate || !sol.LengthExact || !sol.SoundnessChecked {
		t.Fatalf("%s: %v, exact %v, soundness checked %v", sfen, sol.Status, sol.LengthExact, sol.SoundnessChecked)
	}
	if n := bruteLength(&p, shogi.Black, sol.Length); n != sol.Length {
		t.Fatalf("%s: solver length %d, brute force %d", sfen, sol.Length, n)
	}
	return sol
}

// judgeAsGiven solves and judges sfen.
func judgeAsGiven(t *testing.T, sfen string) (*mate.Solution, *Verdict) {
	t.Helper()
	sol := solveAsGiven(t, sfen)
	v, err := Judge(context.Background(), sol, countOpts)
	if err != nil {
		t.Fatal(err)
	}
	return sol, v
}

// want is an expected finding.
type want struct {
	class    Class
	severity Severity
	ply      int
	move     string // USI, "" for none
}

// checkFindings checks that v has exactly the findings ws, in order, and
// overall o.
func checkFindings(t *testing.T, v *Verdict, o Overall, ws []want) {
	t.Helper()
	if v.Overall != o {
		t.Errorf("overall %q, want %q", v.Overall, o)
	}
	if len(v.Findings) != len(ws) {
		for _, f := range v.Findings {
			t.Logf("  ply %d %s %s [%s]", f.Ply, f.Move, f.Describe(), f.Severity)
		}
		t.Fatalf("%d findings, want %d", len(v.Findings), len(ws))
	}
	for i, w := range ws {
		f := v.Findings[i]
		move := ""
		if f.Move != shogi.NoMove {
			move = f.Move.String()
		}
		if f.Class != w.class || f.Severity != w.severity || f.Ply != w.ply || move != w.move || f.Undecided {
			t.Errorf("finding %d: ply %d %s %s %s undecided %v, want ply %d %s %s %s",
				i, f.Ply, move, f.Class, f.Severity, f.Undecided, w.ply, w.move, w.class, w.severity)
		}
	}
}

// after returns the position of sol after its first n moves and then
// moves (USI).
func after(t *testing.T, root *shogi.Position, line []shogi.Move, n int, moves ...string) shogi.Position {
	t.Helper()
	q := *root
	for _, m := range line[:n] {
		q.DoMove(m)
	}
	for _, s := range moves {
		m, err := q.ParseUSIMove(s)
		if err != nil || !q.IsLegal(m) {
			t.Fatalf("%s: %s is not legal (%v)", q.SFEN(), s, err)
		}
		q.DoMove(m)
	}
	return q
}

// checkAltLength checks by brute force that the attacker's move alt at
// ply (from 1) of sol mates in exactly the main line's remaining length.
func checkAltLength(t *testing.T, sol *mate.Solution, ply int, alt string) {
	t.Helper()
	rem := len(sol.PV) - ply + 1
	q := after(t, &sol.Position, sol.PV, ply-1, alt)
	if n := bruteLength(&q, shogi.Black, rem-1); n != rem-1 {
		t.Errorf("after %s at ply %d: brute force mates in %d more plies, want %d", alt, ply, n, rem-1)
	}
}

func TestSound(t *testing.T) {
	_, v := judgeAsGiven(t, "9/7k1/9/8+R/5R3/9/9/9/9 b - 1")
	checkFindings(t, v, Sound, nil)
}

func TestLastMoveAndSamePiece(t *testing.T) {
	// ▲4一竜 △1二玉 ▲3二竜 △1一玉 ▲2三桂: the dragon may go to 4二 or 5二
	// at ply 3 (非限定), the last move has two other mates (最終手余詰).
	sol, v := judgeAsGiven(t, "7k1/9/6+S2/5+R2g/9/9/9/9/9 b N 1")
	checkFindings(t, v, Blemished, []want{
		{NonUnique, Blemish, 3, "4a4b"},
		{NonUnique, Blemish, 3, "4a5b"},
		{LastMoveCook, Tolerated, 5, "3c2b"},
		{LastMoveCook, Tolerated, 5, "3b2b"},
	})
	checkAltLength(t, sol, 3, "4a4b")
	checkAltLength(t, sol, 3, "4a5b")
	checkAltLength(t, sol, 5, "3c2b")
}

func TestRangedDrop(t *testing.T) {
	// The lance may be dropped anywhere on file 3 below the king: 非限定.
	sol, v := judgeAsGiven(t, "6k2/8p/9/5+R3/9/5N1+S1/9/9/9 b SL 1")
	ws := []want{}
	for _, s := range []string{"L*3e", "L*3f", "L*3g", "L*3h", "L*3i"} {
		ws = append(ws, want{NonUnique, Blemish, 1, s})
		checkAltLength(t, sol, 1, s)
	}
	ws = append(ws, want{EqualVariation, Tolerated, 2, "3a2b"})
	checkFindings(t, v, Blemished, ws)
	q := after(t, &sol.Position, sol.PV, 1, "3a2b")
	if n := bruteLength(&q, shogi.Black, 3); n != 3 {
		t.Errorf("after 3a2b: brute force %d, want 3", n)
	}
}

func TestTranspositionCookLeftover(t *testing.T) {
	// The line ▲5一飛成 △4一金 ▲1三竜 △2一玉 ▲4一竜 (a gold left in
	// hand). ▲1三竜 first transposes (△2一玉 ▲5一飛成 △4一金 is the
	// position after ply 4); ▲5一飛 is the other promotion choice;
	// ▲3一竜 is another way.
	const sfen = "8k/5g3/6+R2/8+B/9/4R4/9/9/9 b - 1"
	p, line, v := judgeLine(t, sfen, "5f5a+ 4b4a 3c1c 1a2a 5a4a")
	// The findings of one node come in the order of the moves' names.
	checkFindings(t, v, Unsound, []want{
		{Transposition, Blemish, 1, "3c1c"},
		{Cook, Flaw, 1, "3c3a"},
		{NonUnique, Blemish, 1, "5f5a"},
		{Cook, Flaw, 3, "5a4a"},
		{Leftover, Flaw, 5, ""},
	})
	if f := v.Findings[0]; f.Rejoin != 4 {
		t.Errorf("rejoin %d, want 4", f.Rejoin)
	}
	sol := &mate.Solution{Position: *p, PV: line}
	// The transposition, played out independently.
	a := after(t, p, line, 0, "3c1c", "1a2a", "5f5a+", "4b4a")
	if b := after(t, p, line, 4); a.Key() != b.Key() {
		t.Errorf("the transposed line reaches %s, the main line %s", a.SFEN(), b.SFEN())
	}
	for _, s := range []string{"5f5a", "3c1c", "3c3a"} {
		checkAltLength(t, sol, 1, s)
	}
	checkAltLength(t, sol, 3, "5a4a")
	if f := v.Findings[4]; f.Spare.String() != "G" {
		t.Errorf("spare %s, want G", f.Spare)
	}
	// The solver's own main line takes the gold at ply 3 and drops it at
	// the end (▲同竜 △1二玉 ▲1一金): as long, with no piece left.
	own := solveAsGiven(t, sfen)
	if got := fmt.Sprint(own.PV); own.Length != 5 || own.Leftover || got != "[5f5a+ 4b4a 5a4a 1a1b G*1a]" {
		t.Errorf("the solver's line %s (%d plies, leftover %v), want [5f5a+ 4b4a 5a4a 1a1b G*1a] with nothing left", got, own.Length, own.Leftover)
	}
}

func TestLeftover(t *testing.T) {
	_, v := judgeAsGiven(t, "7k1/6s2/5+B3/4R+R3/9/9/9/9/9 b GS 1")
	if n := len(v.Findings); n == 0 || v.Findings[n-1].Class != Leftover || v.Findings[n-1].Spare.String() != "S" {
		t.Fatalf("findings %+v, want 駒余り S last", v.Findings)
	}
	if v.Overall != Unsound {
		t.Errorf("overall %q", v.Overall)
	}
}

func TestUndecided(t *testing.T) {
	// A node limit that stops a decision: see TestClassicsUndecided.
	sol := solveAsGiven(t, "6k2/8p/9/5+R3/9/5N1+S1/9/9/9 b SL 1")
	inexact := *sol
	inexact.LengthExact = false
	if v, _ := Judge(context.Background(), &inexact, countOpts); v.Overall != Undecided || v.Reason == "" {
		t.Errorf("inexact length: %q (%q), want undecided with a reason", v.Overall, v.Reason)
	}
	unchecked := *sol
	unchecked.SoundnessChecked = false
	if v, _ := Judge(context.Background(), &unchecked, countOpts); v.Overall != Undecided {
		t.Errorf("soundness not checked: %q, want undecided", v.Overall)
	}
}

func TestMate1(t *testing.T) {
	for _, c := range []struct {
		sfen string
		o    Overall
		ws   []want
	}{
		{"4k4/9/4S4/9/9/9/9/9/9 b G 1", Sound, nil},
		{"8k/9/7S1/9/9/9/9/9/9 b G 1", Unsound, []want{{Cook, Flaw, 1, "G*2b"}}},
		{"7lk/7p1/8P/9/9/9/9/9/8L b - 1", Blemished, []want{{NonUnique, Blemish, 1, "1c1b+"}}},
		{"4k4/9/4S4/9/9/9/9/9/9 b GP 1", Unsound, []want{{Leftover, Flaw, 1, ""}}},
		{"4k4/9/9/9/9/9/9/9/9 b G 1", Unsound, nil},
	} {
		p, err := shogi.ParseSFEN(c.sfen)
		if err != nil {
			t.Fatal(err)
		}
		var r mate.Result
		mate.Analyze(&p, &r)
		for _, m := range r.Mates {
			q := p
			q.DoMove(m)
			if bruteLength(&q, shogi.Black, 0) != 0 {
				t.Errorf("%s: %s does not mate by brute force", c.sfen, m)
			}
		}
		t.Run(c.sfen, func(t *testing.T) { checkFindings(t, Mate1(&p, r.Mates), c.o, c.ws) })
	}
}

// TestDetail: a finding's detail is its description without the class,
// which a page listing findings under their class prints once.
func TestDetail(t *testing.T) {
	for _, c := range []struct {
		f                Finding
		detail, describe string
	}{
		{Finding{Class: Cook, Length: 3}, "also mates in 3 plies", "余詰 (cook): also mates in 3 plies"},
		{Finding{Class: EqualVariation, Length: 2}, "2 plies to mate as the main line, no piece left",
			"変同 (equal-length variation): 2 plies to mate as the main line, no piece left"},
		{Finding{Class: Escape}, "the attacker cannot mate after it", "不詰 (escape): the attacker cannot mate after it"},
		{Finding{Class: Cook, Undecided: true}, "undecided: a node limit stopped the search",
			"余詰 (cook)? undecided: a node limit stopped the search"},
	} {
		if got := c.f.Detail(); got != c.detail {
			t.Errorf("%s: Detail %q, want %q", c.f.Class, got, c.detail)
		}
		if got := c.f.Describe(); got != c.describe {
			t.Errorf("%s: Describe %q, want %q", c.f.Class, got, c.describe)
		}
	}
}

// TestJudgerAgreesWithJudge: one Judger, its solvers kept from verdict to
// verdict, gives each solution Judge's verdict, with new solvers each.
func TestJudgerAgreesWithJudge(t *testing.T) {
	g := NewJudger(countOpts)
	for range 2 {
		for _, sfen := range []string{
			"9/7k1/9/8+R/5R3/9/9/9/9 b - 1",
			"7k1/9/6+S2/5+R2g/9/9/9/9/9 b N 1",
			"6k2/8p/9/5+R3/9/5N1+S1/9/9/9 b SL 1",
			"8k/5g3/6+R2/8+B/9/4R4/9/9/9 b - 1",
			"7k1/6s2/5+B3/4R+R3/9/9/9/9/9 b GS 1",
		} {
			sol, want := judgeAsGiven(t, sfen)
			got, err := g.Judge(context.Background(), sol)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s: Judger %+v, Judge %+v", sfen, got, want)
			}
		}
	}
}
