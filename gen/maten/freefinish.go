package maten

import "github.com/tsume-shogi/tsume/shogi"

// FreeFinish reports whether the defender's last move in the main line
// line, the reply before the mate, is a free step of the king: a step to
// a square the attacker's move before it did not move to, not the capture
// of a sacrifice. The line then ends as a chase: the king walks out and a
// plain drop or step follows it to mate (▲９二香成 △７一玉 ▲６一金打, a
// 送りの金 on the edge). The thirty-third blind read named this ending in
// seven of its thirty problems (docs/quality-report.md), and over the
// verdicts of sessions 21–35 a mate-in-5 without a free step of the king
// was handed out by 83% of its readers, one with a step by 55%. The
// composed style refuses it in runs of freeFinishAt plies
// (refusesFreeFinish).
func FreeFinish(line []shogi.Move) bool {
	i := len(line) - 2
	if i < 1 {
		return false
	}
	return freeStep(line[i-1], line[i])
}

// freeStep reports whether the defender's reply d to the attacker's move
// a is a step of the king to a square a did not move to.
func freeStep(a, d shogi.Move) bool {
	return !d.IsDrop() && d.Piece().Kind() == shogi.King && d.To() != a.To()
}

// freeFinishAt is the one length whose runs the composed style keeps free
// of a free finish (FreeFinish). At 5 plies it costs 1.65 times the CPU
// of 100 problems of seed 26 (the share without any free step of the king
// 36% → 51%); at 7 plies 2.2 times, which would take the run under its
// rate of one problem a second; at 3 plies a free finish is any step of
// the king, and refusing it cost 1.47 times, under the rate of 50 a second
// (docs/performance.md, "Session 36").
const freeFinishAt = 5

// refusesFreeFinish reports whether the lines of the run must not end
// with a free step of the king: the composed style's, in runs of
// freeFinishAt plies.
func (o *Options) refusesFreeFinish() bool {
	return o.Style == Composed && o.Length == freeFinishAt
}

// finishFits is the composed style's cheap test of a step back, the
// check a and the reply d that make a candidate of n plies, made before
// any search: the reply of a mate-in-3, which becomes the last reply of
// every problem built on it, is no free step of the king (FreeFinish).
// Under Free, and in runs of other lengths, it accepts every step.
func (o *Options) finishFits(a, d shogi.Move, n int) bool {
	return n != 3 || !o.refusesFreeFinish() || !freeStep(a, d)
}
