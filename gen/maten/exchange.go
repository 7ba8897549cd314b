package maten

import "github.com/tsume-shogi/tsume/shogi"

// Exchanges counts the bare exchanges of the main line line, which the
// composed style refuses at every length (docs/generation.md, "Style"): an
// attacker move to a square s, the defender taking there, the attacker
// taking back on s and the defender taking again, four plies on one square
// that leave the king where the pieces fell (▲９二歩打 △同金 ▲同金 △同玉).
// Readers turn them down as padding, "a thin trade sequence" (the
// twenty-third blind read's problems 11, 21 and 26, docs/quality-report.md):
// of the seven such problems of reads 21 to 23, one was handed out by both
// readers, against 37 of the 83 without. A knight taken back by a promoting
// knight counts the same: the line is still an exchange.
func Exchanges(line []shogi.Move) int {
	n := 0
	for i := 0; i+3 < len(line); i += 2 {
		if exchange(line[i], line[i+1], line[i+2], line[i+3]) {
			n++
		}
	}
	return n
}

// exchange reports whether the attacker move a, the reply d, the attacker
// move b and the reply e are a bare exchange on a's square: d, b and e
// are board moves there, each taking the piece that came before.
func exchange(a, d, b, e shogi.Move) bool {
	s := a.To()
	for _, m := range [...]shogi.Move{d, b, e} {
		if m.IsDrop() || m.To() != s {
			return false
		}
	}
	return true
}

// exchangeFits is the composed style's cheap test of a step back, the check
// a and the reply d that lead to a problem whose main line is curPV, made
// before any search: a, d and curPV's first two plies are no bare
// exchange (Exchanges). Under Free it accepts every step.
func (o *Options) exchangeFits(a, d shogi.Move, curPV []shogi.Move) bool {
	return o.Style != Composed || len(curPV) < 2 || !exchange(a, d, curPV[0], curPV[1])
}
