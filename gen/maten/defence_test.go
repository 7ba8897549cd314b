package maten

import (
	"strings"
	"testing"
)

// The lines of the defence rules, composed mate-in-5s and a mate-in-3 of
// seed 101 made before the rules.
const (
	// ▲９一飛打 △同玉 ▲８二銀打 △９二玉 ▲８四桂打: the rook dropped next
	// to the king, which takes it; every later reply is the only one.
	noChoiceSFEN, noChoiceLine = "9/k1G6/1b7/9/9/9/9/9/9 b RSNrb3g3s3n4l18p 1", "R*9a 9b9a S*8b 9a9b N*8d"
	// ▲７二金打 △同玉 ▲７三桂成 △同玉 ▲６三金打: the same kind of key, but
	// after ▲７三桂成 the king may also step away, and ▲６三金打 does not
	// mate it there.
	choiceSFEN, choiceLine = "2k6/1p7/9/3R5/1N7/9/1+R7/9/9 b 2G2b2g4s3n4l17p 1", "G*7b 7a7b 8e7c+ 7b7c G*6c"
	// ▲２二銀不成 △３二玉 ▲３三馬: after the key the king may step to
	// another square as well, where ▲３三馬 mates it just the same.
	spareSFEN, spareLine = "5pk1S/4g4/4+s4/9/9/9/9/9/+B8 b 2rb3g2s4n4l17p 1", "1a2b 3a3b 9i3c"
)

// TestMeasureDefence: an obvious key is a piece put next to the king for
// the king to take; a choice is another reply the line's next move does
// not answer; a spare flight is another king move after the key that the
// line's next move mates just the same.
func TestMeasureDefence(t *testing.T) {
	for _, c := range []struct {
		name, sfen, line string
		want             Defence
	}{
		{"an obvious key, every reply forced", noChoiceSFEN, noChoiceLine, Defence{ObviousKey: true}},
		{"an obvious key, a choice later", choiceSFEN, choiceLine, Defence{ObviousKey: true, Choice: true}},
		{"a spare flight after a quiet key", spareSFEN, spareLine, Defence{SpareFlight: true}},
	} {
		q, pv := line(t, c.sfen, strings.Fields(c.line)...)
		if got, _ := MeasureDefence(&q, pv, nil); got != c.want {
			t.Errorf("%s (%s): %+v, want %+v", c.name, c.line, got, c.want)
		}
	}
}

// TestComposedRefusesObviousKeyWithoutChoice: from 5 plies a composed
// problem whose key the king simply takes needs a defence with a choice
// somewhere; the step back turns such a key away before any search
// (keyFits). The free style keeps it.
func TestComposedRefusesObviousKeyWithoutChoice(t *testing.T) {
	j := composedJudge(5)
	checkLines(t, j, []lineCase{
		{"an obvious key, every reply forced", noChoiceSFEN, noChoiceLine, 5, false},
		{"an obvious key, a choice later", choiceSFEN, choiceLine, 5, true},
	})
	for _, c := range []struct {
		sfen, line string
		want       bool
	}{{noChoiceSFEN, noChoiceLine, false}, {choiceSFEN, choiceLine, true}} {
		q, pv := line(t, c.sfen, strings.Fields(c.line)...)
		cur := q
		cur.DoMove(pv[0])
		cur.DoMove(pv[1])
		if got := j.keyFits(&q, pv[0], pv[1], &cur, pv[2:], 5); got != c.want {
			t.Errorf("keyFits(%s): %v, want %v", c.line, got, c.want)
		}
	}
	j.o.Style = Free
	checkLines(t, j, []lineCase{{"an obvious key, free style", noChoiceSFEN, noChoiceLine, 5, true}})
}

// TestMayBeThemed: before any search, a key may carry a theme of its own
// when it is a sacrifice, uncovers a check, stays unpromoted where it
// could promote, or drops a ranged piece away from the king; a plain
// check the king steps away from may not. The keys without a theme are
// those of composed problems of seed 27 made before the rule.
func TestMayBeThemed(t *testing.T) {
	for _, c := range []struct {
		name, sfen, line string
		want             bool
	}{
		{"a gold dropped for the king to take", choiceSFEN, "G*7b 7a7b", true},
		{"a rook dropped two squares from the king", "k8/9/ls7/9/9/6+B2/9/9/9 b Rrb4g3s4n3l18p 1", "R*7a 9a8b", true},
		{"a silver that stays unpromoted in the zone", "gsk6/l8/3GS4/P8/9/9/9/9/9 b 2r2b2g2s4n3l17p 1", "5c6b 7a8b", true},
		{"a gold that uncovers the dragon's check", "1nk1G3+R/1g7/1n1p5/9/9/9/9/9/9 b SNr2b2g3sn4l17p 1", "5a5b 7a7b", true},
		{"a gold dropped, the king steps away", "1s7/k8/9/g8/1L7/9/9/9/9 b RGr2b2g3s4n3l18p 1", "G*8c 9b9a", false},
		{"a rook dropped next to the king", "1gk6/9/1g7/9/9/9/3L5/9/R8 b RG2bg4s4n3l18p 1", "R*6a 7a8b", false},
		{"a dragon's plain check", "2G6/2g1k4/2s6/6+R2/7B1/9/9/9/9 b rb2g3s4n4l18p 1", "3d4c 5b6b", false},
		{"a silver dropped, the king steps away", "8l/6G2/7nk/7gl/8R/9/9/9/9 b Sr2b2g3s3n2l18p 1", "S*2b 1c1b", false},
	} {
		q, pv := line(t, c.sfen, strings.Fields(c.line)...)
		if got := mayBeThemed(&q, pv[0], pv[1]); got != c.want {
			t.Errorf("%s (%s): %v, want %v", c.name, c.line, got, c.want)
		}
	}
}

// TestComposedKeyHasTheme: from 5 plies every composed problem names a
// theme at its key (ply 1); before the rule, 21 of 100 mate-in-5s of seed
// 27 named none. A key that cannot carry one is turned away before any
// search (keyFits); the free style keeps it.
func TestComposedKeyHasTheme(t *testing.T) {
	for _, p := range generate(t, newTestGenerator(t, 5, Backward, 27, nil), 20, 2) {
		if !themedKey(p.Themes) {
			t.Errorf("%s %v: no theme at the key (%v)", p.Position.SFEN(), p.Line, p.Themes)
		}
	}
	j := composedJudge(5)
	q, pv := line(t, "1s7/k8/9/g8/1L7/9/9/9/9 b RGr2b2g3s4n3l18p 1", "G*8c", "9b9a", "R*9b", "8a9b", "8c8b")
	cur := q
	cur.DoMove(pv[0])
	cur.DoMove(pv[1])
	if j.keyFits(&q, pv[0], pv[1], &cur, pv[2:], 5) {
		t.Errorf("keyFits: a plain gold drop the king steps away from is let through")
	}
	j.o.Style = Free
	if !j.keyFits(&q, pv[0], pv[1], &cur, pv[2:], 5) {
		t.Errorf("keyFits: the free style turns away a plain key")
	}
}
