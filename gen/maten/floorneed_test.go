package maten

import (
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

// floorStepsMet reports whether every step back that would have built the
// problem p of reads.tsv, from its last three plies up, meets what
// floorNeedOf asks of it under the composed style of its length.
func floorStepsMet(p *readProblem) bool {
	l := len(p.line)
	o := DefaultOptions()
	o.Length = l
	for n := 5; n <= l; n += 2 {
		// cur is the problem of n-2 plies the step back started from.
		cur := p.pos
		for _, m := range p.line[:l-n+2] {
			cur.DoMove(m)
		}
		switch o.floorNeedOf(&cur, p.line[l-n+2:], n) {
		case needHopeless:
			return false
		case needSacrifice:
			if !sacrificed(p.line, l-n) { // the step's check
				return false
			}
		}
	}
	return true
}

// TestFloorNeedReads: of the reads' problems of 5 and 7 plies, the bound
// that steers the construction (floorNeedOf) turns away at most one in a
// hundred of those the appeal floor keeps, and at least a fifth of those it
// refuses (a quarter since the model reads the start's material, which
// only the last steps decide).
func TestFloorNeedReads(t *testing.T) {
	var kept, keptTurned, refused, refusedTurned int
	for _, p := range loadReads(t) {
		if len(p.line) < 5 {
			continue
		}
		met := floorStepsMet(&p)
		if appeal.predict(&p.features) >= composedMinAppeal {
			kept++
			if !met {
				keptTurned++
				t.Logf("read %s, %s: kept by the floor, turned away by the bound", p.read, p.pos.SFEN())
			}
			continue
		}
		refused++
		if !met {
			refusedTurned++
		}
	}
	t.Logf("the bound turns away %d of %d problems the floor keeps, %d of %d it refuses", keptTurned, kept, refusedTurned, refused)
	if kept == 0 || refused == 0 || keptTurned*100 > kept || refusedTurned*5 < refused {
		t.Errorf("the bound turns away %d of %d problems the floor keeps (at most 1%% allowed), %d of %d it refuses (at least a fifth wanted)", keptTurned, kept, refusedTurned, refused)
	}
}

// TestFloorNeed: what the appeal floor asks of the step back from a
// mate-in-3 (the king's moves at its reply, its sacrifices, the
// attacker's material) by the style and the length.
func TestFloorNeed(t *testing.T) {
	const (
		// A bishop dropped and taken (a sacrifice), then the mate: no
		// king move at the reply.
		sacrifice = "2g6/l8/k8/n8/2S6/9/1L7/9/9 b B2rb3g3s3n2l18p 1"
		// The king steps away from a knight's check: one king move, no
		// sacrifice.
		oneMove = "8k/6ss1/9/9/8N/8L/9/9/9 b B2rb4g2s3n3l18p 1"
		// A horse's check the king steps from: three king moves, no
		// sacrifice, two pieces of material.
		threeMoves = "3s1k1n1/9/3p5/9/9/5+B3/5R3/9/9 b rb4g3s3n4l17p 1"
		// The same with a pawn more, far off: three pieces of material.
		threeMovesPawn = "3s1k1n1/9/3p5/9/9/5+B3/5R3/9/P8 b rb4g3s3n4l16p 1"
		// A horse given up to the king: three king moves, one
		// sacrifice.
		threeSacrificed = "6k1s/8g/9/2+B4+B1/9/9/9/9/9 b G2r2g3s4n4l18p 1"
	)
	lines := map[string]string{
		sacrifice:       "B*8b 7a8b 7e8d",
		oneMove:         "1e2c 1a2a B*1b",
		threeMoves:      "4f2d 4a3a 4g4b+",
		threeMovesPawn:  "4f2d 4a3a 4g4b+",
		threeSacrificed: "7d4a 3a4a G*4b",
	}
	for _, c := range []struct {
		name      string
		sfen      string
		style     Style
		length, n int
		want      floorNeed
	}{
		{"no king move, a sacrifice: any step", sacrifice, Composed, 7, 5, needNothing},
		{"one king move at 5 plies: the step must sacrifice", oneMove, Composed, 5, 5, needSacrifice},
		{"one king move at 7 plies: one sacrifice in two steps reaches the floor", oneMove, Composed, 7, 5, needNothing},
		{"three king moves, a sacrifice, at 5 plies: the step must sacrifice", threeSacrificed, Composed, 5, 5, needSacrifice},
		{"three king moves, no sacrifice, at 5 plies: one more cannot reach the floor", threeMovesPawn, Composed, 5, 5, needHopeless},
		{"three king moves, no sacrifice, at 7 plies: this step must sacrifice", threeMovesPawn, Composed, 7, 5, needSacrifice},
		{"the same with two pieces of material: too light to reach the floor", threeMoves, Composed, 7, 5, needHopeless},
		{"free style: no floor", threeMoves, Free, 7, 5, needNothing},
		{"9 plies: the model does not speak for them", threeMoves, Composed, 9, 5, needNothing},
	} {
		t.Run(c.name, func(t *testing.T) {
			pos, pv := line(t, c.sfen, strings.Fields(lines[c.sfen])...)
			o := DefaultOptions()
			o.Style, o.Length = c.style, c.length
			if got := o.floorNeedOf(&pos, pv, c.n); got != c.want {
				t.Errorf("floorNeedOf = %d, want %d", got, c.want)
			}
		})
	}
	// Under needSacrifice a step back is a sacrifice: the reply takes
	// the piece the check moved (here the bishop dropped on 8b).
	pos, _ := shogi.ParseSFEN(sacrifice)
	a, err := pos.ParseUSIMove("B*8b")
	if err != nil {
		t.Fatal(err)
	}
	pos.DoMove(a)
	takes, err := pos.ParseUSIMove("7a8b")
	if err != nil {
		t.Fatal(err)
	}
	// A king's step, whether legal here or not.
	steps := shogi.NewBoardMove(shogi.NewPiece(shogi.White, shogi.King), shogi.NewSquare(9, 3), shogi.NewSquare(8, 3), false)
	for _, c := range []struct {
		need floorNeed
		d    shogi.Move
		want bool
	}{
		{needSacrifice, takes, true},
		{needSacrifice, steps, false},
		{needNothing, steps, true},
	} {
		if got := c.need.allows(a, c.d); got != c.want {
			t.Errorf("need %d allows %v after %v: %v, want %v", c.need, c.d, a, got, c.want)
		}
	}
	// Before the mate-in-3, a mate-in-1 tells nothing of the king's moves.
	pos, _ = shogi.ParseSFEN(threeMoves)
	m, _ := pos.ParseUSIMove("4f2d")
	o := DefaultOptions()
	o.Length = 7
	if got := o.floorNeedOf(&pos, []shogi.Move{m}, 3); got != needNothing {
		t.Errorf("from a mate-in-1: %d, want nothing", got)
	}
}

// TestStartBounds: each step back raises the attacker's material by one
// at most and lowers its pieces and lances on the board by one at most,
// so a problem built from the position by that many steps has at least
// these Crowd, Light and Lances.
func TestStartBounds(t *testing.T) {
	for _, c := range []struct {
		name                 string
		sfen                 string
		length, steps        int
		crowd, light, lances int
	}{
		// Two pieces on the board, a bishop in hand.
		{"three pieces of material, one step to 5 plies", "8k/6ss1/9/9/8N/8L/9/9/9 b B2rb4g2s3n3l18p 1", 5, 1, 0, 0, 0},
		{"two steps to 9: light by one", "8k/6ss1/9/9/8N/8L/9/9/9 b B2rb4g2s3n3l18p 1", 9, 2, 0, 1, 0},
		{"one step to 9: light by two", "8k/6ss1/9/9/8N/8L/9/9/9 b B2rb4g2s3n3l18p 1", 9, 1, 0, 2, 0},
		// Seven pieces on the board, three of them lances.
		{"seven pieces, one step", "7k1/9/6GGP/6LLL/6N2/9/9/9/9 b 2r2b2g4s3nl17p 1", 7, 1, 2, 0, 1},
		{"seven pieces, three steps", "7k1/9/6GGP/6LLL/6N2/9/9/9/9 b 2r2b2g4s3nl17p 1", 7, 3, 0, 0, 0},
	} {
		pos, err := shogi.ParseSFEN(c.sfen)
		if err != nil {
			t.Fatal(err)
		}
		got := startBounds(&pos, c.length, c.steps)
		if got.Crowd != c.crowd || got.Light != c.light || got.Lances != c.lances {
			t.Errorf("%s: Crowd %d, Light %d, Lances %d; want %d, %d, %d", c.name, got.Crowd, got.Light, got.Lances, c.crowd, c.light, c.lances)
		}
	}
}
