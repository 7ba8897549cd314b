package verdict

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/shogi"
)

// judgeLine judges the stated line moves (USI) of sfen, the hands as
// given, under countOpts.
func judgeLine(t *testing.T, sfen, moves string) (*shogi.Position, []shogi.Move, *Verdict) {
	t.Helper()
	p, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	var line []shogi.Move
	q := p
	for _, s := range strings.Fields(moves) {
		m, err := q.ParseUSIMove(s)
		if err != nil {
			t.Fatal(err)
		}
		line = append(line, m)
		q.DoMove(m)
	}
	v, err := JudgeLine(context.Background(), &p, line, countOpts)
	if err != nil {
		t.Fatal(err)
	}
	return &p, line, v
}

func TestLineEscapeAndLonger(t *testing.T) {
	// ▲1二竜 △3一玉 ▲4二飛成 is a mating line, but ▲1二竜 is no mate:
	// △同玉 takes the dragon (不詰), and △3三玉 lasts longer (変長).
	// ▲4二飛成 mates at once instead (余詰 of the failed first move).
	p, line, v := judgeLine(t, "9/7k1/9/8+R/5R3/9/9/9/9 b - 1", "1d1b 2b3a 4e4b+")
	checkFindings(t, v, Unsound, []want{
		{Cook, Flaw, 1, "4e4b+"},
		{Escape, Flaw, 2, "2b1b"},
		{LongerVariation, Flaw, 2, "2b3c"},
	})
	if f := v.Findings[2]; f.Length != 12 || f.MainLength != 2 {
		t.Errorf("変長: %d plies against %d, want 12 against 2", f.Length, f.MainLength)
	}
	q := after(t, p, line, 1, "2b1b")
	if n := bruteLength(&q, shogi.Black, 5); n != -1 {
		t.Errorf("after △同玉: brute force mates in %d", n)
	}
}

func TestLineShorterMate(t *testing.T) {
	// A 7-ply mating line of a 3-ply problem: 早詰 at ply 1. The 変同 at
	// ply 2 is 5 plies before the end (a blemish), those at plies 4 and
	// 6 are not.
	p, line, v := judgeLine(t, "9/7k1/9/8+R/5R3/9/9/9/9 b - 1", "1d2d 2b3b 2d3d 3b2a 4e2e 2a1a 3d1d")
	checkFindings(t, v, Unsound, []want{
		{ShorterMate, Flaw, 1, "4e4b+"},
		{EqualVariation, Blemish, 2, "2b3a"},
		{EqualVariation, Tolerated, 4, "3b2b"},
		{EqualVariation, Tolerated, 6, "2a1b"},
	})
	if f := v.Findings[0]; f.Length != 3 || f.MainLength != 7 {
		t.Errorf("早詰: %d plies against %d, want 3 against 7", f.Length, f.MainLength)
	}
	if n := bruteLength(p, shogi.Black, 7); n != 3 {
		t.Errorf("brute force: mate in %d, want 3", n)
	}
	q := after(t, p, line, 1, "2b3a")
	if n := bruteLength(&q, shogi.Black, 5); n != 5 {
		t.Errorf("after △3一玉: brute force mates in %d more plies, want 5", n)
	}
}

func TestLineTwoLongerWithSpare(t *testing.T) {
	// After ▲3一飛, △2三玉 and △2四玉 last 2 plies longer than the stated
	// △4二玉 but leave a knight in hand: 2手長駒余り, tolerated.
	p, line, v := judgeLine(t, "7n1/5L3/6k2/4+B1g2/9/8+R/9/9/9 b R 1", "R*3a 3c4b 1f1b 4b3a 5d3b")
	checkFindings(t, v, Sound, []want{
		{LongerVariation, Tolerated, 2, "3c2c"},
		{LongerVariation, Tolerated, 2, "3c2d"},
		{LastMoveCook, Tolerated, 5, "1b3b"},
	})
	for _, r := range []string{"3c2c", "3c2d"} {
		q := after(t, p, line, 1, r)
		if n := bruteLength(&q, shogi.Black, 5); n != 5 {
			t.Errorf("after %s: brute force mates in %d more plies, want 5", r, n)
		}
	}
	if f := v.Findings[0]; f.Spare.String() != "N" {
		t.Errorf("spare %s, want N", f.Spare)
	}
	q := after(t, p, line, 4, "1b3b")
	if bruteLength(&q, shogi.Black, 0) != 0 {
		t.Error("the other final move does not mate by brute force")
	}
}

func TestLineNotAMate(t *testing.T) {
	p, err := shogi.ParseSFEN("9/7k1/9/8+R/5R3/9/9/9/9 b - 1")
	if err != nil {
		t.Fatal(err)
	}
	m, _ := p.ParseUSIMove("1d1c")
	_, err = JudgeLine(context.Background(), &p, []shogi.Move{m}, countOpts)
	if err == nil || errors.Is(err, mate.ErrNotAProblem) {
		t.Errorf("a line that does not mate: error %v", err)
	}
}

// TestVariationLine: a defender alternative decided exactly carries the
// line after it to the mate (what an answer key shows beside a 変同):
// the alternative and that line together take the finding's length, and
// end in mate. In the 7-ply line of TestLineShorterMate every 変同 has
// one; 早詰, an attacker's alternative, has none.
func TestVariationLine(t *testing.T) {
	p, line, v := judgeLine(t, "9/7k1/9/8+R/5R3/9/9/9/9 b - 1", "1d2d 2b3b 2d3d 3b2a 4e2e 2a1a 3d1d")
	lines := 0
	for _, f := range v.Findings {
		if f.Class != EqualVariation {
			if f.Line != nil {
				t.Errorf("%s at ply %d: a line %v", f.Class, f.Ply, f.Line)
			}
			continue
		}
		q := after(t, p, line, f.Ply-1, f.Move.String())
		for _, m := range f.Line {
			if !q.IsLegal(m) {
				t.Fatalf("変同 at ply %d: %s is not legal in %s", f.Ply, m, q.SFEN())
			}
			q.DoMove(m)
		}
		if len(f.Line)+1 != f.Length || bruteLength(&q, shogi.Black, 0) != 0 {
			t.Errorf("変同 at ply %d (%s): the line %v does not mate in %d plies", f.Ply, f.Move, f.Line, f.Length)
		}
		lines++
	}
	if lines != 3 {
		t.Errorf("%d variations with a line, want 3", lines)
	}
}
