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
