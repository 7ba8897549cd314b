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

// The problems of the quality tests, each a sound problem of
// theme/testdata/themes.txt with its main line.
const (
	// The gold dropped on 9h is taken by the king, which is mated there
	// (吊り出し): a sacrifice the cautious policy tries late.
	lureSFEN, lureLine = "9/9/9/9/9/9/9/2s6/krB6 b RGb3g3s4n4l18p 1", "G*9h 9i9h R*9g"
	// The knight's check takes nothing and hangs nothing: the policy's
	// first choice.
	plainSFEN, plainLine = "6r1k/6p2/8S/9/6N2/9/9/9/9 b Brb4g3s3n4l17p 1", "3e2c 1a2a B*1b"
	// The gold follows the king down the first file (a chase).
	chaseSFEN, chaseLine = "9/7R1/9/9/9/8k/9/9/8+p b Gr2b3g4s4n4l17p 1", "G*2f 1f1g 2f2g 1g1h 2g2h"
	// The knight and the gold change direction at each move (駒の連続活用).
	turnSFEN, turnLine = "9/9/2+L6/9/2B6/k8/1N7/1G7/9 b 2rb3g4s3n3l18p 1", "8h9g 9f8e 9g8f 8e9d 8f9e"
	// The rook takes the pawn on 1d at once.
	captureSFEN, captureLine = "9/9/8k/8p/8R/9/7R+L/9/9 b L2b4g4s4n2l17p 1", "1e1d 1c1d P*1e 1d1c L*1d"
	// A lone king: the lance promotes to be taken.
	loneSFEN, loneLine = "k8/1L7/1+L7/9/1L7/9/9/9/9 b 2r2b4g4s4nl18p 1", "8b8a+ 9a8a 8c8b"
)

// scored returns the position of sfen, the line and its quality score,
// with the themes theme.Find reports.
func scored(t *testing.T, sfen, line string) (shogi.Position, []shogi.Move, problem.Quality) {
	t.Helper()
	p, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	var ms []shogi.Move
	q := p
	for _, u := range strings.Fields(line) {
		m, err := q.ParseUSIMove(u)
		if err != nil {
			t.Fatal(err)
		}
		ms = append(ms, m)
		q.DoMove(m)
	}
	s, _, err := scoreProblem(context.Background(), &p, ms)
	if err != nil {
		t.Fatal(err)
	}
	return p, ms, s
}

// The score is the sum of its parts.
func TestQualityIsTheSumOfItsParts(t *testing.T) {
	for _, c := range [][2]string{{lureSFEN, lureLine}, {plainSFEN, plainLine}, {chaseSFEN, chaseLine}, {captureSFEN, captureLine}, {loneSFEN, loneLine}} {
		_, _, q := scored(t, c[0], c[1])
		if sum := round2(q.Themes + q.Surprise + q.Economy + q.Crowd + q.Final + q.Guards + q.Chase + q.FirstCapture); q.Score != sum {
			t.Errorf("%s: score %v, parts sum to %v (%+v)", c[1], q.Score, sum, q)
		}
	}
}

// Every theme of the catalogue weighs something but the unpromoted check
// (王手のための不成), which weighs nothing and is no problem's main theme; a
// theme counts once however often it occurs.
func TestQualityThemesWeighted(t *testing.T) {
	for _, th := range theme.Catalogue() {
		if w := ThemeWeight(th.Name); (w <= 0) != (th.Name == theme.UnpromotedCheck) {
			t.Errorf("theme %s weighs %v", th.Name, w)
		}
	}
	if m := MainTheme([]problem.Theme{{Name: theme.UnpromotedCheck, Ply: 1}}); m != "none" {
		t.Errorf("the main theme of an unpromoted check alone is %q, want none", m)
	}
	p, line, _ := scored(t, lureSFEN, lureLine)
	none := Score(&p, line, nil)
	one := Score(&p, line, []problem.Theme{{Name: theme.NonPromotion, Ply: 1}})
	twice := Score(&p, line, []problem.Theme{{Name: theme.NonPromotion, Ply: 1}, {Name: theme.NonPromotion, Ply: 3}})
	if one.Themes != 2.5 || one.Score != none.Score+2.5 {
		t.Errorf("a necessary non-promotion adds %v to the themes, %v to the score: want 2.5", one.Themes, one.Score-none.Score)
	}
	if twice != one {
		t.Errorf("the same theme twice scores %+v, once %+v", twice, one)
	}
	var all []problem.Theme
	for _, th := range theme.Catalogue() {
		all = append(all, problem.Theme{Name: th.Name, Ply: 1})
	}
	if got := Score(&p, line, all).Themes; got != maxThemePoints {
		t.Errorf("every theme scores %v, want the cap %v", got, float64(maxThemePoints))
	}
}

// A key move the cautious policy tries late (a sacrifice) is a surprise;
// its first choice is none.
func TestQualitySurprise(t *testing.T) {
	_, _, lure := scored(t, lureSFEN, lureLine)
	_, _, plain := scored(t, plainSFEN, plainLine)
	if lure.KeyRank <= 4 || lure.Surprise != maxSurprise {
		t.Errorf("the sacrifice G*9h ranks %d of %d checks, surprise %v: want below the 4th, %v", lure.KeyRank, lure.Checks, lure.Surprise, float64(maxSurprise))
	}
	if plain.KeyRank != 1 || plain.Surprise != 0 {
		t.Errorf("the safe knight check ranks %d, surprise %v: want 1, 0", plain.KeyRank, plain.Surprise)
	}
}

// Each attacker piece beyond four, board and hand, costs half a point;
// the defender's pieces cost nothing.
func TestQualityEconomy(t *testing.T) {
	_, _, lean := scored(t, lureSFEN, lureLine)
	// The same problem with three idle attacker pawns far from the king:
	// six attacker pieces.
	_, _, heavy := scored(t, "9/9/3P5/5P3/9/4P4/9/2s6/krB6 b RGb3g3s4n4l15p 1", lureLine)
	// With three defender pawns instead: the castle costs nothing.
	_, _, castle := scored(t, "9/9/3p5/5p3/9/4p4/9/2s6/krB6 b RGb3g3s4n4l15p 1", lureLine)
	if lean.Economy != 0 || heavy.Economy != -1 || castle.Economy != 0 {
		t.Errorf("economy %v for 3 attacker pieces, %v for 6, %v with three more defender pieces: want 0, -1 and 0", lean.Economy, heavy.Economy, castle.Economy)
	}
}

// Few attacker pieces at the mate make a crisp final position; many cost.
func TestQualityFinal(t *testing.T) {
	_, _, crisp := scored(t, lureSFEN, lureLine)
	// The same mate with three more Black pieces standing about.
	_, _, heavy := scored(t, "9/9/4P4/4P4/9/4P4/9/2s6/krB6 b RGb3g3s4n4l15p 1", lureLine)
	if crisp.Final != 1.5 || heavy.Final != -0.5 {
		t.Errorf("final %v with 2 Black pieces at the mate, %v with 5: want 1.5 and -0.5", crisp.Final, heavy.Final)
	}
}

// A defender's king with fewer than two castle guards costs a point, a
// lone one as much as one with a silver; two guards cost nothing, and a
// major piece of its own is no castle guard.
func TestQualityGuards(t *testing.T) {
	for _, c := range []struct {
		what, sfen, line string
		want             float64
	}{
		{"a lone king", loneSFEN, loneLine, -1},
		{"a silver", lureSFEN, lureLine, -1},
		{"a silver and a pawn", "9/9/9/9/9/9/1p7/2s6/krB6 b RGb3g3s4n4l17p 1", lureLine, 0},
		{"a silver and a bishop", "9/9/9/9/9/9/1b7/2s6/krB6 b RG3g3s4n4l18p 1", lureLine, -1},
	} {
		if _, _, q := scored(t, c.sfen, c.line); q.Guards != c.want {
			t.Errorf("%s: guards %v, want %v", c.what, q.Guards, c.want)
		}
	}
}

// An attacker piece within two king steps of the defender's king costs a
// point beyond two: the eleventh blind read (docs/quality-report.md)
// found no problem with three or more worth handing out to both readers.
func TestQualityCrowd(t *testing.T) {
	for _, c := range []struct {
		what, sfen, line string
		want             float64
	}{
		{"one, the bishop", lureSFEN, lureLine, 0},
		{"two", "9/9/9/9/9/9/2P6/2s6/krB6 b RGb3g3s4n4l17p 1", lureLine, 0},
		{"three", "9/9/9/9/9/9/1PP6/2s6/krB6 b RGb3g3s4n4l16p 1", lureLine, -1},
		{"four, one out of reach", "9/9/9/9/P8/9/1PP6/2s6/krB6 b RGb3g3s4n4l15p 1", lureLine, -1},
		{"four", "9/9/9/9/9/9/1PP6/2G6/krB6 b RGb2g4s4n4l16p 1", lureLine, -2},
	} {
		if _, _, q := scored(t, c.sfen, c.line); q.Crowd != c.want {
			t.Errorf("%s: crowd %v, want %v", c.what, q.Crowd, c.want)
		}
	}
}

// A piece following the king along the edge is a chase; one that turns at
// each move is not.
func TestQualityChase(t *testing.T) {
	_, _, chase := scored(t, chaseSFEN, chaseLine)
	_, _, turns := scored(t, turnSFEN, turnLine)
	if chase.Chase != -2*chasePenalty || turns.Chase != 0 {
		t.Errorf("chase %v for the gold down the first file, %v for the knight and gold turning: want %v and 0", chase.Chase, turns.Chase, -2*chasePenalty)
	}
}

// A first move that captures costs two points.
func TestQualityFirstCapture(t *testing.T) {
	_, _, capture := scored(t, captureSFEN, captureLine)
	_, _, quiet := scored(t, lureSFEN, lureLine)
	if capture.FirstCapture != -capturePenalty || quiet.FirstCapture != 0 {
		t.Errorf("first capture %v for 1e1d (takes a pawn), %v for a drop: want %v and 0", capture.FirstCapture, quiet.FirstCapture, -float64(capturePenalty))
	}
}

// The main theme is the heaviest, the first among equals.
func TestMainTheme(t *testing.T) {
	for _, c := range []struct {
		themes []problem.Theme
		want   string
	}{
		{nil, "none"},
		{[]problem.Theme{{Name: theme.HeadGold, Ply: 3}}, theme.HeadGold},
		{[]problem.Theme{{Name: theme.Sacrifice, Ply: 1}, {Name: theme.Lure, Ply: 1}, {Name: theme.HeadGold, Ply: 3}}, theme.Sacrifice},
		{[]problem.Theme{{Name: theme.Sacrifice, Ply: 1}, {Name: theme.NonPromotion, Ply: 3}}, theme.NonPromotion},
	} {
		if got := MainTheme(c.themes); got != c.want {
			t.Errorf("MainTheme(%v) = %s, want %s", c.themes, got, c.want)
		}
	}
}

// TestComposedQualityFloor: the composed style passes over a problem
// whose quality score is under composedMinQuality. Problem 20 of the
// twenty-first blind read (a silver dropped for the king to take, a pawn
// that promotes, a gold dropped on the same square: heavy material and
// the plain first move) scores 0 and is turned away; problem 22 scores
// 5 and is kept, its score and themes kept for accept. Every problem of
// a composed run scores at least the floor, and its appeal (Appeal, which
// its quality carries) is at least composedMinAppeal.
func TestComposedQualityFloor(t *testing.T) {
	o := DefaultOptions()
	o.Length = 5
	j, err := o.newJudgeState(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, sfen, line string
		want             bool
	}{
		{"read 21, problem 20", "k8/l1s6/N8/BGP6/9/9/9/9/9 b GS2rb2g2s3n3l17p 1", "S*8b 9a8b 7d7c+ 8b9a G*8b", false},
		{"read 21, problem 22", "k1s6/s1g6/p1N6/9/3B5/9/9/9/9 b BG2r2g2s3n4l17p 1", "G*8a 9b8a 7c8a+ 9a8a S*9b 8a8b B*9a", true},
	} {
		q, pv := line(t, c.sfen, strings.Fields(c.line)...)
		f := found{sol: &mate.Solution{PV: pv}}
		if got := j.scoredAbove(&q, &f, composedMinQuality); got != c.want {
			t.Errorf("%s: above the floor %v (score %v), want %v", c.name, got, f.quality.Score, c.want)
		}
		if f.quality == nil || len(f.themes) == 0 {
			t.Errorf("%s: no score or themes kept: %v, %v", c.name, f.quality, f.themes)
		}
	}
	for _, p := range generate(t, newTestGenerator(t, 5, Backward, 10, nil), 20, 2) {
		if p.Quality.Score < composedMinQuality {
			t.Errorf("%s: quality %v, under the floor %v", p.Position.SFEN(), p.Quality.Score, composedMinQuality)
		}
		if p.Quality.Appeal < composedMinAppeal || p.Quality.Appeal != round2(Appeal(&p.Position, p.Line)) {
			t.Errorf("%s: appeal %v (Appeal %v), under the floor %v or not the problem's", p.Position.SFEN(), p.Quality.Appeal, Appeal(&p.Position, p.Line), composedMinAppeal)
		}
	}
}
