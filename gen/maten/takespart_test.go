package maten

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

// TestDefenderMoves: a board move of a defender's piece other than the
// king counts (it takes the sacrifice, or it interposes by moving); the
// king's moves and a piece dropped from the hand to interpose do not.
func TestDefenderMoves(t *testing.T) {
	for _, c := range []struct {
		what, sfen, line string
		want             int
	}{
		{"the gold takes the silver", "7gk/9/9/9/9/9/9/9/9 b SN 1", "S*2b 2a2b N*2c", 1},
		{"the king takes the silver", "8k/9/9/9/9/9/9/9/9 b SG 1", "S*2b 1a2b G*2c", 0},
		{"a gold moves between", "8k/7g1/9/9/9/9/9/9/8L b L 1", "1i1c 2b1b", 1},
		{"a pawn dropped between", "8k/9/9/9/9/9/9/9/8L b p 1", "1i1c P*1b", 0},
	} {
		_, pv := line(t, c.sfen, strings.Fields(c.line)...)
		if got := DefenderMoves(pv); got != c.want {
			t.Errorf("%s (%s %s): %d moves of the defence, want %d", c.what, c.sfen, c.line, got, c.want)
		}
	}
}

// TestShapeTrades: an attacker capture before the last move is a trade
// (measured by MeasureShape); the mate may capture.
func TestShapeTrades(t *testing.T) {
	const sfen = "6p1k/9/9/9/9/9/9/9/6R2 b SG 1"
	for _, c := range []struct {
		line  string
		want  int
		first bool
	}{
		{"S*2b 1a2b 3i3a+ 2b2c G*2d", 1, false},
		{"S*2b 1a2b 3i3a+", 0, false},
		{"3i3a+ 1a1b G*1c", 1, true},
	} {
		q, pv := line(t, sfen, strings.Fields(c.line)...)
		s := MeasureShape(&q, pv)
		if s.Trades != c.want || s.FirstCapture != c.first {
			t.Errorf("%s: %d trades, first capture %v; want %d, %v", c.line, s.Trades, s.FirstCapture, c.want, c.first)
		}
	}
}

// TestUnmoveComposed: the composed style's steps back move a piece of
// the defence in their reply more often than the free style's, and such
// a piece starts within two king steps of the king.
func TestUnmoveComposed(t *testing.T) {
	composed := backwardOptions(t, 5, 11, nil)
	free := composed
	free.Style = Free
	problems := generateIndices(t, newTestGenerator(t, 3, Backward, 11, nil), 10, 2)
	share := func(o *Options) float64 {
		rng := rand.New(rand.NewPCG(11, 11))
		steps, defence := 0, 0
		for _, p := range problems {
			for range 2000 {
				q, _, d, ok := o.unmove(rng, &p.Position, true)
				if !ok {
					continue
				}
				steps++
				if o.Style == Free {
					if defenderMove(d) {
						defence++
					}
					continue
				}
				if !defenderMove(d) {
					continue
				}
				defence++
				k := q.King(shogi.White)
				if max(abs(d.From().File()-k.File()), abs(d.From().Rank()-k.Rank())) > guardDistance {
					t.Fatalf("%s: the defence's piece comes from %v, far from the king on %v", q.SFEN(), d.From(), k)
				}
			}
		}
		if steps == 0 {
			t.Fatalf("%v: no step back", o.Style)
		}
		return float64(defence) / float64(steps)
	}
	c, f := share(&composed), share(&free)
	if c <= f {
		t.Errorf("steps back with a move of the defence: composed %.2f, free %.2f; want more under composed", c, f)
	}
	t.Logf("steps back with a move of the defence: composed %.2f, free %.2f", c, f)
}

// TestLeansAboveTheBottomStep: the composed style leans towards a reply
// of the defence at every step of a mate-in-3 or 5, and from 7 plies at
// every step but the bottom one (3 plies); the free style never does.
func TestLeansAboveTheBottomStep(t *testing.T) {
	for _, c := range []struct {
		style     Style
		length, n int
		want      bool
	}{
		{Composed, 3, 3, true},
		{Composed, 5, 3, true},
		{Composed, 5, 5, true},
		{Composed, 7, 3, false},
		{Composed, 7, 5, true},
		{Composed, 7, 7, true},
		{Composed, 9, 3, false},
		{Composed, 9, 9, true},
		{Free, 3, 3, false},
		{Free, 7, 5, false},
	} {
		o := Options{Style: c.style, Length: c.length}
		if got := o.leans(c.n); got != c.want {
			t.Errorf("%v, %d plies, the step to %d: leans %v, want %v", c.style, c.length, c.n, got, c.want)
		}
	}
}

// TestReplyMixes: the share of each kind of reply a step back draws,
// per mix and style; the mix the appeal floor asks for draws only the
// replies that take the checking piece.
func TestReplyMixes(t *testing.T) {
	for _, c := range []struct {
		style Style
		mix   replies
		want  [4]int // percent: king takes, king steps, interposes, defender takes
	}{
		{Composed, repliesAny, [4]int{45, 20, 20, 15}},
		{Composed, repliesLean, [4]int{15, 10, 35, 40}},
		{Composed, repliesTake, [4]int{27, 0, 0, 73}},
		{Free, repliesLean, [4]int{45, 20, 20, 15}},
		{Free, repliesTake, [4]int{45, 20, 20, 15}},
	} {
		o := Options{Style: c.style}
		var got [4]int
		for r := range 100 {
			got[o.replyKind(r, c.mix)]++
		}
		if got != c.want {
			t.Errorf("%v, mix %d: %v, want %v", c.style, c.mix, got, c.want)
		}
	}
}

// TestUnmoveNoPromotedDefender: a step back of the composed style never
// puts a promoted piece of the defender's on the board (a capture taken
// back returns an unpromoted piece); the free style's steps do, now and
// then.
func TestUnmoveNoPromotedDefender(t *testing.T) {
	composed := backwardOptions(t, 5, 11, nil)
	free := composed
	free.Style = Free
	problems := generateIndices(t, newTestGenerator(t, 3, Backward, 11, nil), 10, 2)
	promoted := func(p *shogi.Position) int {
		n := 0
		for b := p.ByColor(shogi.White); b.Any(); {
			if p.PieceAt(b.PopLSB()).Kind().IsPromoted() {
				n++
			}
		}
		return n
	}
	count := func(o *Options) int {
		rng := rand.New(rand.NewPCG(11, 12))
		n := 0
		for _, p := range problems {
			before := promoted(&p.Position)
			for range 3000 {
				if q, _, _, ok := o.unmove(rng, &p.Position, true); ok && promoted(&q) > before {
					n++
				}
			}
		}
		return n
	}
	if n := count(&composed); n != 0 {
		t.Errorf("composed: %d steps back put a promoted defender's piece on the board", n)
	}
	if n := count(&free); n == 0 {
		t.Errorf("free: no step back put a promoted defender's piece on the board (the test sees nothing)")
	}
}
