package maten

import (
	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/shogi"
)

// Defence is what the defender may do along a main line, beyond the
// line's own replies (docs/generation.md, "Style").
type Defence struct {
	// ObviousKey: the first move puts a piece next to the king, and the
	// king simply takes it.
	ObviousKey bool
	// Choice: at some ply the defender has a reply other than the line's
	// (a futile interposition aside) after which the attacker's next move
	// of the line does not mate: it must be answered differently.
	Choice bool
	// SpareFlight: after the first move the king may step elsewhere than
	// the line's reply, and the line's next attacker move mates there
	// just the same: the flight changes nothing.
	SpareFlight bool
}

// MeasureDefence replays the main line line from pos and returns its
// Defence; replies is scratch space, returned for reuse.
func MeasureDefence(pos *shogi.Position, line []shogi.Move, replies []shogi.Move) (Defence, []shogi.Move) {
	var d Defence
	if len(line) >= 2 {
		d.ObviousKey = obviousKey(pos, line[0], line[1])
	}
	p := *pos
	for i, m := range line {
		if i%2 == 1 && i+1 < len(line) {
			var choice, spare bool
			choice, spare, replies = otherReplies(&p, m, line[i+1], replies)
			d.Choice = d.Choice || choice
			d.SpareFlight = d.SpareFlight || i == 1 && spare
		}
		p.DoMove(m)
	}
	return d, replies
}

// obviousKey reports whether the key a, played in pos, puts a piece next
// to the defender's king and the reply r is the king taking it.
func obviousKey(pos *shogi.Position, a, r shogi.Move) bool {
	return !r.IsDrop() && r.Piece().Kind() == shogi.King && r.To() == a.To() && adjacent(a.To(), pos.King(shogi.White))
}

// otherReplies looks at the defender's replies in p other than m, a
// futile interposition aside, and the attacker's move next that follows
// m in the line: choice when next does not mate after one of them, spare
// when next mates after a king move among them. replies is scratch
// space, returned for reuse.
func otherReplies(p *shogi.Position, m, next shogi.Move, replies []shogi.Move) (choice, spare bool, _ []shogi.Move) {
	replies = p.Evasions(replies[:0])
	for _, e := range replies {
		if e == m || mate.IsFutileInterposition(p, e) {
			continue
		}
		c := *p
		c.DoMove(e)
		mates := c.IsLegal(next)
		if mates {
			c.DoMove(next)
			mates = c.InCheck() && !c.HasLegalMove()
		}
		if !mates {
			choice = true
		} else if !e.IsDrop() && e.Piece().Kind() == shogi.King {
			spare = true
		}
	}
	return choice, spare, replies
}

// obviousFrom is the shortest length at which the composed style refuses
// an obvious key with no choice: a mate-in-3 has one defender move, the
// king taking the key is its classic shape (8 of the second blind read's
// 10 mate-in-3s, judged 3 yes, 3 perhaps and 2 no), and refusing them
// cost 1.8 times the CPU time of a run of 100 (seed 101: 6.7 CPU s
// against 3.8, one pair of runs at a load of 14).
const obviousFrom = 5

// defenceOK is the composed style's test of the defence along the main
// line pv of q, a problem of the full length (docs/generation.md,
// "Style"): from obviousFrom plies no obvious key (a piece put next to
// the king for the king to take) unless the defender has a choice
// somewhere in the line. A spare flight is measured, not refused: the
// one problem of the second blind read that has one (▲８二銀不成 △６二玉
// ▲７三角成, where △７二玉 is mated the same way) was among its best.
func (j *judge) defenceOK(q *shogi.Position, pv []shogi.Move) bool {
	if len(pv) < obviousFrom {
		return true
	}
	var d Defence
	d, j.defence = MeasureDefence(q, pv, j.defence)
	return !d.ObviousKey || d.Choice
}

// keyFits is the cheap form of defenceOK for a step back, made before
// any search: q, a candidate of the full length, is to be played a, d,
// then the line curPV of cur, the problem it extends. It turns away an
// obvious key a with no choice along that line (from obviousFrom plies):
// such a candidate, once searched, would be refused unless the solver
// found it another main line, and turned away here it does not spend
// the searches of its base (Options.work). Under Free, and below the
// full length, it accepts every step.
func (j *judge) keyFits(q *shogi.Position, a, d shogi.Move, cur *shogi.Position, curPV []shogi.Move, n int) bool {
	o := j.o
	if o.Style != Composed || n != o.Length || n < obviousFrom || len(curPV) == 0 || !obviousKey(q, a, d) {
		return true
	}
	var rest Defence
	rest, j.defence = MeasureDefence(cur, curPV, j.defence)
	if rest.Choice {
		return true
	}
	r := *q
	r.DoMove(a)
	var choice bool
	choice, _, j.defence = otherReplies(&r, d, curPV[0], j.defence)
	return choice
}
