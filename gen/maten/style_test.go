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
	checkLines(t, j, []lineCase{
		{"no attacker theme", themelessSFEN, themelessLine, 3, false},
		{"a sacrifice", sacrificeSFEN, sacrificeLine, 3, true},
		// The knight goes to 2c unpromoted where a promoted knight would
		// not check: a refusal that is no try, not the theme (issue 26).
		{"an empty non-promotion", "6r1k/6p2/8S/9/6N2/9/9/9/9 b Brb4g3s3n4l17p 1", "3e2c 1a2a B*1b", 3, false},
		// ▲３二銀不成: promoted, the silver checks too, but only the
		// unpromoted silver guards 2c (the blind reading's problem 7).
		{"a necessary non-promotion", "5S1ks/9/6G2/9/9/9/9/9/9 b 2r2b3g2s4n4l18p 1", "4a3b 2a1b 3c2c", 3, true},
	})
	j.o.Style = Free
	checkLines(t, j, []lineCase{{"no attacker theme, free style", themelessSFEN, themelessLine, 3, true}})
}

// lineCase is a main line and whether the judge's lineOK keeps it as a
// problem of n plies.
type lineCase struct {
	what, sfen, line string
	n                int
	keep             bool
}

// checkLines checks j.lineOK on each case.
func checkLines(t *testing.T, j *judge, cases []lineCase) {
	t.Helper()
	for _, c := range cases {
		q, pv := line(t, c.sfen, strings.Fields(c.line)...)
		if got := j.lineOK(&q, pv, c.n); got != c.keep {
			t.Errorf("%s (%s %s): kept %v, want %v", c.what, c.sfen, c.line, got, c.keep)
		}
	}
}

// TestAttackerThemes: the attacker's themes count, the defender's, the
// final positions and the unpromoted check (a refusal that is no try) do
// not.
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
		{[]problem.Theme{{Name: theme.UnpromotedCheck, Ply: 1}, {Name: theme.HeadGold, Ply: 3}}, false},
		{[]problem.Theme{{Name: theme.UnpromotedCheck, Ply: 1}, {Name: theme.Lure, Ply: 1}}, true},
		{[]problem.Theme{{Name: theme.DiscoveredCheck, Ply: 1}}, true},
	} {
		if got := HasAttackerTheme(c.themes); got != c.want {
			t.Errorf("HasAttackerTheme(%v) = %v, want %v", c.themes, got, c.want)
		}
	}
}

// TestComposedRefusesChase: a line where one piece follows the king
// along the edge is refused at any length (here a mate-in-5 on the way to
// a mate-in-7). One whose piece turns at each move is no chase along the
// edge (EdgeClimbs) but the same piece pursuing the king, which the
// composed style refuses too (Pursuits, TestComposedRefusesPursuit).
func TestComposedRefusesChase(t *testing.T) {
	checkLines(t, composedJudge(7), []lineCase{
		{"a chase", chaseSFEN, chaseLine, 5, false},
		{"a piece turning at each move", turnSFEN, turnLine, 5, false},
	})
	_, pv := line(t, turnSFEN, strings.Fields(turnLine)...)
	if n, p := EdgeClimbs(pv), Pursuits(pv); n != 0 || p != 2 {
		t.Errorf("a piece turning at each move: EdgeClimbs %d, Pursuits %d; want 0 and 2", n, p)
	}
}

// The lines of the edge-climb rule, each from a position made by hand.
const (
	// The gold dropped on 9c checks the king on 9b, which steps into the
	// corner; the gold follows it up the edge file (an edge climb, not in
	// the king's direction).
	climbSFEN, climbLine = "9/k8/9/9/9/9/9/9/9 b G 1", "G*9c 9b8a 9c9b"
	// The same drop, but a silver from 7c gives the second check: two
	// pieces, no climb.
	twoPiecesSFEN, twoPiecesLine = "9/k8/2S6/9/9/9/9/9/9 b G 1", "G*9c 9b8a 7c7b"
	// The gold on 1d follows the king, which leaves the edge file for 2b.
	offEdgeSFEN, offEdgeLine = "9/9/8k/9/9/9/9/9/9 b G 1", "G*1d 1c2b 1d1c"
	// The gold follows the king to 9b to be taken there, and the rook
	// mates: a sacrifice, not a climb.
	takenSFEN, takenLine = "9/9/k8/9/1G7/9/9/1R7/9 b - 1", "8e8d 9c9b 8d9c 9b9c 8h8b+"
)

// TestEdgeClimbs: a piece that moves twice in a row, following the king
// in contact on the edge, is an edge climb whatever its direction; the
// chases of the quality score are edge climbs too. Two pieces taking
// turns, a king that leaves the edge, and a piece that turns at each
// move make none, nor does a piece that follows the king to be taken.
func TestEdgeClimbs(t *testing.T) {
	for _, c := range []struct {
		name, sfen, line string
		want             int
	}{
		{"a gold following the king into the corner", climbSFEN, climbLine, 1},
		{"a gold following the king down the first file (a chase)", chaseSFEN, chaseLine, 2},
		{"a gold and a silver taking turns", twoPiecesSFEN, twoPiecesLine, 0},
		{"a gold following a king that leaves the edge", offEdgeSFEN, offEdgeLine, 0},
		{"a gold following the king to be taken", takenSFEN, takenLine, 0},
		{"a knight and a gold turning at each move", turnSFEN, turnLine, 0},
	} {
		_, pv := line(t, c.sfen, strings.Fields(c.line)...)
		if got := EdgeClimbs(pv); got != c.want {
			t.Errorf("%s (%s): %d edge climbs, want %d", c.name, c.line, got, c.want)
		}
	}
	// The quality score's chase is the narrower rule: the climb into the
	// corner costs nothing there.
	_, pv := line(t, climbSFEN, strings.Fields(climbLine)...)
	if n := chaseMoves(nil, pv); n != 0 {
		t.Errorf("the climb into the corner counts %d chase moves in the score, want 0", n)
	}
}

// TestComposedRefusesEdgeClimb: a line with an edge climb is refused at
// any length in the composed style, kept in the free style; one where two
// pieces take turns is kept.
func TestComposedRefusesEdgeClimb(t *testing.T) {
	j := composedJudge(7)
	checkLines(t, j, []lineCase{
		{"an edge climb", climbSFEN, climbLine, 3, false},
		{"two pieces taking turns", twoPiecesSFEN, twoPiecesLine, 3, true},
	})
	j.o.Style = Free
	checkLines(t, j, []lineCase{{"an edge climb, free style", climbSFEN, climbLine, 3, true}})
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
// 1–3) and never leaves them along the line, a guard, no capture on
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
			if !HasAttackerTheme(p.Themes) || EdgeClimbs(p.Line) > 0 {
				t.Errorf("%s: themes %v, %d edge climbs", sfen, p.Themes, EdgeClimbs(p.Line))
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

// The staircases of the blind reading of issue 26 (tsume generate
// --length 3|5|7 --n 10 --seed 90572559, problems 2, 3, 16, 18, 24 have
// one; 1, 7, 28 have none), as SFEN, main line, steps and staircase.
var stairCases = []struct {
	name, sfen, line string
	steps            int
	stair            bool
}{
	{"problem 2: ▲８一飛打 △同玉 ▲７一飛打", "k2+P5/n8/9/N8/9/9/9/9/9 b 2R2b4g4s2n4l17p 1", "R*8a 9a8a R*7a", 1, true},
	{"problem 3: ▲７二香打 △同玉 ▲７三香打", "2k1G4/G2n5/9/2S6/9/9/9/9/9 b 2L2r2b2g3s3n2l18p 1", "L*7b 7a7b L*7c", 1, true},
	{"problem 16: 歩, 銀, 飛 down the first file", "8k/7l1/6+N2/9/8S/9/9/9/9 b RSPr2b4g2s3n3l17p 1", "P*1b 1a1b S*1c 1b1c R*1d", 2, true},
	{"problem 18: 金, 金, 香 down the ninth file", "k8/1r7/9/9/G8/9/1R7/9/9 b 2GL2bg4s4n3l18p 1", "G*9b 9a9b G*9c 9b9c L*9d", 2, true},
	{"problem 24: 香, 香, 飛, then the king steps aside", "8k/5+B1l1/9/9/8+L/9/9/9/9 b R2Lrb4g4s4n18p 1", "L*1b 1a1b L*1c 1b1c R*1d 1c2c 1e2d", 2, true},
	{"problem 1: a board move sacrifice", "6bSk/9/7L1/6+B2/7N1/9/9/9/9 b 2r4g3s3n3l18p 1", "2c2b+ 1a2b 3d1b", 0, false},
	{"problem 7: 不成, the king steps aside", "5S1ks/9/6G2/9/9/9/9/9/9 b 2r2b3g2s4n4l18p 1", "4a3b 2a1b 3c2c", 0, false},
	{"problem 28: the gold dropped on 2c, after board moves", "6+R2/8n/6P1k/6R1g/9/9/9/9/9 b G2b2g4s3n4l17p 1", "3a2b 1c2b 3c3b+ 2b1c G*2c 1c2c 3d3c+", 0, false},
	{"one step with another piece: a pawn, then the gold on its head", "8k/9/9/9/9/9/9/9/9 b GP 1", "P*1b 1a1b G*1c", 1, false},
}

// TestStaircase: a drop taken by the king, then a drop one square further
// along the king's path, is a step of a staircase; two steps, or one with
// two drops of the same kind, make a staircase. Board moves, drops beside
// the path and kings that step away make no step.
func TestStaircase(t *testing.T) {
	for _, c := range stairCases {
		_, pv := line(t, c.sfen, strings.Fields(c.line)...)
		if got := StairDrops(pv); got != c.steps {
			t.Errorf("%s: %d steps, want %d", c.name, got, c.steps)
		}
		if got := Staircase(pv); got != c.stair {
			t.Errorf("%s: staircase %v, want %v", c.name, got, c.stair)
		}
	}
}

// TestComposedRefusesStaircase: a staircase of drops is refused at any
// length in the composed style and kept in the free style. Problem 28's
// king comes back to 1c, which the composed style refuses too
// (KingReturns).
func TestComposedRefusesStaircase(t *testing.T) {
	j := composedJudge(7)
	for _, c := range stairCases {
		q, pv := line(t, c.sfen, strings.Fields(c.line)...)
		if got := j.lineOK(&q, pv, len(pv)); got != (!c.stair && !KingReturns(pv)) {
			t.Errorf("%s: kept %v in the composed style", c.name, got)
		}
	}
	j.o.Style = Free
	for _, c := range stairCases {
		q, pv := line(t, c.sfen, strings.Fields(c.line)...)
		if !j.lineOK(&q, pv, len(pv)) {
			t.Errorf("%s: refused in the free style", c.name)
		}
	}
}

// TestHeavyBattery: two attacker dragons anywhere, or two rooks or
// dragons one behind the other on a file or rank, are a heavy battery
// (the blind reading's problems 4, 12, 13, 22); a piece between them, a
// defender's rook, or a rook and a dragon on different lines are not.
func TestHeavyBattery(t *testing.T) {
	for _, c := range []struct {
		name, sfen string
		want       bool
	}{
		{"problem 4: rooks on 5e and 5g", "5k3/7G1/6n2/4N4/4R4/9/4R4/9/9 b 2b3g4s2n4l18p 1", true},
		{"problem 12: rook on 7d, dragon on 7i", "1k7/g8/2P6/2R6/9/9/9/9/2+R6 b 2b3g4s4n4l17p 1", true},
		{"problem 13: two dragons", "6k2/7P1/6g2/9/8+R/5+R3/9/9/9 b G2b2g4s4n4l17p 1", true},
		{"problem 22: a lance, a gold, a promoted lance and a rook on one file", "2kp5/1L1+n5/1G7/1+L7/9/1R7/9/9/9 b r2b3g4s3n2l17p 1", false},
		{"two rooks on the second rank", "4k4/9/9/9/9/9/9/1R3R3/9 b - 1", true},
		{"a gold between the rooks", "4k4/9/9/9/9/9/9/1R1G1R3/9 b - 1", false},
		{"a rook and a dragon on different lines", "4k4/9/9/9/9/9/2+R6/9/6R2 b - 1", false},
		{"one rook, the defender's rook behind it", "4k4/9/9/9/4r4/9/4R4/9/9 b - 1", false},
		{"problem 1: no rook", "6bSk/9/7L1/6+B2/7N1/9/9/9/9 b 2r4g3s3n3l18p 1", false},
	} {
		q, err := shogi.ParseSFEN(c.sfen)
		if err != nil {
			t.Fatal(err)
		}
		if got := HeavyBattery(&q); got != c.want {
			t.Errorf("%s: heavy battery %v, want %v", c.name, got, c.want)
		}
		if n := testing.AllocsPerRun(10, func() { HeavyBattery(&q) }); n != 0 {
			t.Errorf("%s: %v allocations, want 0 (every step back at the full length asks)", c.name, n)
		}
	}
}

// TestComposedRefusesHeavyBattery: the composed style turns away a start
// with a heavy battery (shapeFits, before any search), the free style
// keeps it; problems on the way (not final) are not tested.
func TestComposedRefusesHeavyBattery(t *testing.T) {
	q, err := shogi.ParseSFEN("5k3/7G1/6n2/4N4/4R4/9/4R4/9/9 b 2b3g4s2n4l18p 1")
	if err != nil {
		t.Fatal(err)
	}
	o := DefaultOptions()
	if o.shapeFits(&q, true) {
		t.Error("composed: a start with two rooks on the fifth file fits")
	}
	if !o.shapeFits(&q, false) {
		t.Error("composed: a problem on the way with two rooks on the fifth file does not fit")
	}
	o.Style = Free
	if !o.shapeFits(&q, true) {
		t.Error("free: a start with two rooks on the fifth file does not fit")
	}
}

// TestComposedKeepsTheKingInItsCamp: a line that takes the king out of
// ranks 1–3, even for a move, fails the composed style's shape; the same
// line inside them passes; the free style takes both.
func TestComposedKeepsTheKingInItsCamp(t *testing.T) {
	for _, c := range []struct {
		sfen, line string
		inCamp     bool
	}{
		// ▲3一角 △1四玉: the king steps out to rank 4.
		{"9/9/8k/9/9/9/9/9/9 b B 1", "B*3a 1c1d", false},
		// ▲3一角 △1二玉: the king steps back, into rank 2.
		{"9/9/8k/9/9/9/9/9/9 b B 1", "B*3a 1c1b", true},
	} {
		q, line := line(t, c.sfen, strings.Fields(c.line)...)
		composed, free := Options{Style: Composed}, Options{Style: Free}
		if got := composed.shapeOK(&q, line); got != c.inCamp {
			t.Errorf("%s %s: composed shape %v, want %v (farthest rank %d)", c.sfen, c.line, got, c.inCamp, MeasureShape(&q, line).FarthestRank)
		}
		if !free.shapeOK(&q, line) {
			t.Errorf("%s %s: the free style refuses it", c.sfen, c.line)
		}
	}
}

// TestNoGiftsUnderFree: under Free, NoGifts refuses a line whose king
// takes a piece that stood on its square from the start, and one whose
// first move captures; without it the free style takes both; a king
// that takes a piece moved there (a sacrifice) is no gift.
func TestNoGiftsUnderFree(t *testing.T) {
	for _, c := range []struct {
		name, sfen, line string
		ok               bool
	}{
		// ▲8三飛打 △9二玉 (takes the silver that stood on 9二) ▲9三銀打.
		{"gift", "lR7/S1g6/k8/p8/9/9/9/9/9 b RS 1", "R*8c 9c9b S*9c", false},
		// ▲9二銀打 △同玉 ▲9三飛打: the silver moved there, a sacrifice.
		{"sacrifice", "9/9/k8/9/9/9/9/9/9 b SR 1", "S*9b 9c9b R*9c", true},
		// ▲8二飛成 takes the pawn on its first move.
		{"first capture", "k8/1p7/9/9/9/9/9/9/1R7 b G 1", "8i8b+ 9a8b G*8c", false},
	} {
		q, line := line(t, c.sfen, strings.Fields(c.line)...)
		free, noGifts := Options{Style: Free}, Options{Style: Free, NoGifts: true}
		if !free.shapeOK(&q, line) {
			t.Errorf("%s: the free style refuses it", c.name)
		}
		if got := noGifts.shapeOK(&q, line); got != c.ok {
			t.Errorf("%s: free with NoGifts: %v, want %v (%+v)", c.name, got, c.ok, MeasureShape(&q, line))
		}
	}
}

// TestTradesRefusedUpTo5: a composed mate-in-5 whose attacker takes a
// piece before the mate fails the style's shape, the same line in a run
// of 7 plies (where trades are measured, not refused) passes, and the
// free style takes it. The fifty-seventh read's 20, "no" from both
// teachers: ▲１四飛打 △２三玉 ▲３四金 (takes the silver standing there)
// △同歩 ▲２四銀打.
func TestTradesRefusedUpTo5(t *testing.T) {
	q, l := line(t, "9/6gg1/6p1k/5Gs2/8S/9/9/9/9 b Rr2bg2s4n4l17p 1", "R*1d", "1c2c", "4d3d", "3c3d", "S*2d")
	if s := MeasureShape(&q, l); s.Trades != 1 || s.FirstCapture || s.Gifts != 0 || s.IdleMajors != 0 {
		t.Fatalf("shape %+v, want one trade and nothing else the style refuses", s)
	}
	for _, c := range []struct {
		o  Options
		ok bool
	}{
		{Options{Style: Composed, Length: 5}, false},
		{Options{Style: Composed, Length: 7}, true},
		{Options{Style: Free, Length: 5}, true},
	} {
		if got := c.o.shapeOK(&q, l); got != c.ok {
			t.Errorf("%v style, %d plies: shapeOK %v, want %v", c.o.Style, c.o.Length, got, c.ok)
		}
	}
}
