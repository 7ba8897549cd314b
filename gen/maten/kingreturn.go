package maten

import "github.com/tsume-shogi/tsume/shogi"

// KingReturns reports whether the king steps in the main line line onto a
// square it stood on before in it: lured out by a sacrifice and driven
// back, or stepping aside and back. Readers name it "the king is pulled
// out and driven back to its own square" (the twenty-fourth and
// twenty-fifth blind reads, docs/quality-report.md): of the mate-in-5s and
// mate-in-7s of reads 21 and 22 without a bare exchange, readers handed
// out 7 of the 20 with such a return against 32 of the 52 without. The
// composed style refuses it in runs of up to 7 plies (refusesReturns).
func KingReturns(line []shogi.Move) bool {
	var stood shogi.Bitboard
	for _, m := range line {
		if m.IsDrop() || m.Piece().Kind() != shogi.King {
			continue
		}
		if stood.IsEmpty() {
			stood = shogi.SquareBB(m.From())
		}
		if stood.Has(m.To()) {
			return true
		}
		stood = stood.Or(shogi.SquareBB(m.To()))
	}
	return false
}

// returnsUpTo is the longest run whose lines the composed style keeps
// free of a king's return (KingReturns). The blind reads judged problems
// of 3, 5 and 7 plies; at 9 plies the king came back in 59% of 1,000
// composed mate-in-9s of seed 26, and refusing it made 20 of them take
// 2.6 times the CPU (docs/performance.md).
const returnsUpTo = 7

// refusesReturns reports whether the lines of the run must keep the
// king from coming back to a square: the composed style's, up to
// returnsUpTo plies.
func (o *Options) refusesReturns() bool {
	return o.Style == Composed && o.Length <= returnsUpTo
}

// returnFits is the composed style's cheap test of a step back whose
// reply d leads to a problem with main line curPV, made before any search:
// when d is a step of the king, from a square u, the king does not come
// back to u in curPV (KingReturns). Under Free, and in a run of more
// than returnsUpTo plies, it accepts every step.
func (o *Options) returnFits(d shogi.Move, curPV []shogi.Move) bool {
	if !o.refusesReturns() || d.IsDrop() || d.Piece().Kind() != shogi.King {
		return true
	}
	u := d.From()
	for _, m := range curPV {
		if !m.IsDrop() && m.Piece().Kind() == shogi.King && m.To() == u {
			return false
		}
	}
	return true
}
