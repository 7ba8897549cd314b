package report

import "github.com/tsume-shogi/tsume/shogi"

// japanese is the style of every Japanese move of a report: with the turn
// mark (▲ or △).
var japanese = shogi.JapaneseStyle{Mark: true}

// JapaneseMove writes m, a move of p, in Japanese with its turn mark, such
// as "▲５二金打". It does not write 同: use [Line] for a sequence.
func JapaneseMove(p *shogi.Position, m shogi.Move) string {
	return p.JapaneseMove(m, shogi.NoSquare, japanese)
}

// Line plays moves from p (which it does not change) and returns them in
// USI and in Japanese with turn marks, a move to the square of the one
// before written with 同: ["B*3c" "3b3c"] and ["▲３三角打" "△同　銀"]. The
// moves must be legal in turn; both lists are empty, not nil, for no moves.
func Line(p *shogi.Position, moves []shogi.Move) (usi, ja []string) {
	usi, ja = make([]string, 0, len(moves)), make([]string, 0, len(moves))
	q, prevTo := *p, shogi.NoSquare
	for _, m := range moves {
		usi = append(usi, m.String())
		ja = append(ja, q.JapaneseMove(m, prevTo, japanese))
		prevTo = m.To()
		q.DoMove(m)
	}
	return usi, ja
}
