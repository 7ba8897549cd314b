package maten

import (
	"context"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/theme"
)

// line parses sfen and the USI moves of a line played from it.
func line(t *testing.T, sfen string, usi ...string) (shogi.Position, []shogi.Move) {
	t.Helper()
	q, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	p := q
	var pv []shogi.Move
	for _, s := range usi {
		m, err := p.ParseUSIMove(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		pv = append(pv, m)
		p.DoMove(m)
	}
	return q, pv
}

// TestShapeGift: the king taking an attacker piece that stood on its
// square from the start is a gift; taking one that a move of the line
// put there is a sacrifice, not a gift.
func TestShapeGift(t *testing.T) {
	q, pv := line(t, "8k/7L1/9/9/9/9/9/9/9 b P 1", "P*5e", "1a2b")
	if s := MeasureShape(&q, pv); s.Gifts != 1 {
		t.Errorf("the king takes a lance that never moved: %d gifts, want 1", s.Gifts)
	}
	q, pv = line(t, "8k/9/7L1/9/9/9/9/9/9 b - 1", "2c2b", "1a2b")
	if s := MeasureShape(&q, pv); s.Gifts != 0 {
		t.Errorf("the king takes a lance that moved there: %d gifts, want 0", s.Gifts)
	}
}

// TestShapeFirstCapture: a first move that takes a piece is marked.
func TestShapeFirstCapture(t *testing.T) {
	q, pv := line(t, "7pk/9/7R1/9/9/9/9/9/9 b - 1", "2c2a+")
	if s := MeasureShape(&q, pv); !s.FirstCapture {
		t.Error("2c2a+ takes the pawn on 2a: not marked")
	}
	q, pv = line(t, "8k/9/7R1/9/9/9/9/9/9 b - 1", "2c2a+")
	if s := MeasureShape(&q, pv); s.FirstCapture {
		t.Error("2c2a+ to an empty square: marked as a capture")
	}
}

// TestShapeIdleMajor: an unpromoted attacker bishop in the defender's
// camp needs a reason, a move of it in the line that declines promotion.
func TestShapeIdleMajor(t *testing.T) {
	q, pv := line(t, "6B1k/9/9/9/9/9/9/9/9 b P 1", "P*5e")
	if s := MeasureShape(&q, pv); s.IdleMajors != 1 {
		t.Errorf("a bishop on 3a the line never moves: %d idle majors, want 1", s.IdleMajors)
	}
	q, pv = line(t, "6B1k/9/9/9/9/9/9/9/9 b - 1", "3a4b")
	if s := MeasureShape(&q, pv); s.IdleMajors != 0 {
		t.Errorf("a bishop on 3a that moves without promoting: %d idle majors, want 0", s.IdleMajors)
	}
	q, pv = line(t, "6B1k/9/9/9/9/9/9/9/9 b - 1", "3a4b+")
	if s := MeasureShape(&q, pv); s.IdleMajors != 1 {
		t.Errorf("a bishop on 3a that promotes: %d idle majors, want 1 (its start was an accident)", s.IdleMajors)
	}
}

// TestHasGuard: a defender piece within two king steps is a guard, one
// three steps away is not.
func TestHasGuard(t *testing.T) {
	for sfen, want := range map[string]bool{
		"8k/9/7p1/9/9/9/9/9/9 b - 1": true,
		"8k/9/9/6p2/9/9/9/9/9 b - 1": false,
		"8k/9/9/9/9/9/9/9/9 b - 1":   false,
		"8k/9/7P1/9/9/9/9/9/9 b - 1": false, // an attacker piece
	} {
		q, err := shogi.ParseSFEN(sfen)
		if err != nil {
			t.Fatal(err)
		}
		if got := HasGuard(&q); got != want {
			t.Errorf("%s: guard %v, want %v", sfen, got, want)
		}
	}
}

// The lines of the composed style's line rules: a mate-in-3 with the
// king in its camp and no attacker theme (the silver dropped on 4b is not
// taken, the bishop mates; generate --length 3 --seed 4242 --style free,
// index 1), and one whose first move is a sacrifice (the lance promotes
// on 8a to be taken: 成り捨て, 吊り出し).
const (
	themelessSFEN, themelessLine = "6kl1/9/9/9/8B/9/8R/9/9 b Srb4g3s4n3l18p 1", "S*4b 3a2b 1e3c+"
	sacrificeSFEN, sacrificeLine = loneSFEN, loneLine
)

// composedJudge returns a judge of the composed style for problems of
// length plies.
func composedJudge(length int) *judge {
	o := DefaultOptions()
	o.Length = length
	return &judge{ctx: context.Background(), o: &o}
}

// TestComposedNeedsAttackerTheme: a composed problem has at least one
// theme of the attacker's play; a line with none (a final position
// alone would not count either) is refused after the solver.
func TestComposedNeedsAttackerTheme(t *testing.T) {
	j := composedJudge(3)
	q, pv := line(t, themelessSFEN, strings.Fields(themelessLine)...)
	if j.lineOK(&q, pv, 3) {
		t.Errorf("%s %s: no attacker theme, kept", themelessSFEN, themelessLine)
	}
	q, pv = line(t, sacrificeSFEN, strings.Fields(sacrificeLine)...)
	if !j.lineOK(&q, pv, 3) {
		t.Errorf("%s %s: a sacrifice, refused", sacrificeSFEN, sacrificeLine)
	}
	j.o.Style = Free
	q, pv = line(t, themelessSFEN, strings.Fields(themelessLine)...)
	if !j.lineOK(&q, pv, 3) {
		t.Error("the free style refused a line without an attacker theme")
	}
}

// TestAttackerThemes: the attacker's themes count, the defender's and
// the final positions do not.
func TestAttackerThemes(t *testing.T) {
	for _, c := range []struct {
		themes []problem.Theme
		want   bool
	}{
		{nil, false},
		{[]problem.Theme{{Name: theme.HeadGold, Ply: 3}, {Name: theme.PinMate, Ply: 3}}, false},
		{[]problem.Theme{{Name: theme.DistantInterposition, Ply: 2}, {Name: theme.CounterCheck, Ply: 4}}, false},
		{[]problem.Theme{{Name: theme.HeadGold, Ply: 3}, {Name: theme.Sacrifice, Ply: 1}}, true},
		{[]problem.Theme{{Name: theme.NonPromotion, Ply: 3}}, true},
		{[]problem.Theme{{Name: theme.DiscoveredCheck, Ply: 1}}, true},
	} {
		if got := HasAttackerTheme(c.themes); got != c.want {
			t.Errorf("HasAttackerTheme(%v) = %v, want %v", c.themes, got, c.want)
		}
	}
}

// TestComposedRefusesChase: a line where one piece follows the king
// along the edge is refused at any length (here a mate-in-5 on the way to
// a mate-in-7); one whose pieces turn at each move is kept.
func TestComposedRefusesChase(t *testing.T) {
	j := composedJudge(7)
	q, pv := line(t, chaseSFEN, strings.Fields(chaseLine)...)
	if j.lineOK(&q, pv, 5) {
		t.Errorf("%s %s: a chase, kept", chaseSFEN, chaseLine)
	}
	q, pv = line(t, turnSFEN, strings.Fields(turnLine)...)
	if !j.lineOK(&q, pv, 5) {
		t.Errorf("%s %s: no chase, refused", turnSFEN, turnLine)
	}
}

// composedRun generates the default (composed) problems of the lengths.
func composedRun(t *testing.T) map[int][]problem.Problem {
	t.Helper()
	runs := map[int][]problem.Problem{}
	for _, c := range []struct{ length, n int }{{3, 12}, {5, 3}} {
		runs[c.length] = generate(t, newTestGenerator(t, c.length, Backward, 7, nil), c.n, 2)
	}
	return runs
}

// TestComposedShape: a default problem has its king in its camp (ranks
// 1–3) and never beyond rank 4 along the line, a guard, no capture on
// the first move, no gift, no unexplained unpromoted major piece in the
// defender's camp, an attacker theme and no chase; it is sound.
func TestComposedShape(t *testing.T) {
	for length, ps := range composedRun(t) {
		for _, p := range ps {
			sfen := p.Position.SFEN()
			if k := p.Position.King(shogi.White); k.Rank() > campRanks {
				t.Errorf("%s: king on %v, outside ranks 1-3", sfen, k)
			}
			if !HasGuard(&p.Position) {
				t.Errorf("%s: no guard", sfen)
			}
			s := MeasureShape(&p.Position, p.Line)
			if s.FirstCapture || s.Gifts > 0 || s.IdleMajors > 0 || s.FarthestRank > maxLineRank {
				t.Errorf("%s: %+v", sfen, s)
			}
			if !HasAttackerTheme(p.Themes) || chaseMoves(&p.Position, p.Line) > 0 {
				t.Errorf("%s: themes %v, %d chase moves", sfen, p.Themes, chaseMoves(&p.Position, p.Line))
			}
			reverify(t, &p, length)
		}
	}
}

// TestComposedEconomy: every piece of a default problem, on the board
// or in the attacker's hand, is needed: without it the problem is not
// sound with the same solution (checked by a fresh solver and verdict).
func TestComposedEconomy(t *testing.T) {
	s, err := mate.NewSolver(mate.SolverOptions{HashMB: 16, Futile: mate.Discount, MaxNodes: 100_000})
	if err != nil {
		t.Fatal(err)
	}
	for _, ps := range composedRun(t) {
		for _, p := range ps {
			if hasIdle(s, &p.Position, p.Line) {
				t.Errorf("%s: a piece is idle", p.Position.SFEN())
			}
		}
	}
}

// TestParseStyle: the two styles read back, realistic is named but
// refused (gen/realistic makes it), anything else is an error.
func TestParseStyle(t *testing.T) {
	for _, st := range []Style{Composed, Free} {
		if got, err := ParseStyle(st.String()); err != nil || got != st {
			t.Errorf("ParseStyle(%q) = %v, %v", st, got, err)
		}
	}
	for _, s := range []string{"realistic", "nice", ""} {
		if _, err := ParseStyle(s); err == nil {
			t.Errorf("ParseStyle(%q): no error", s)
		}
	}
}
