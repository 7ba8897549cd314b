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
	return lineOf(*p, shogi.NoSquare, moves, shogi.Move.String, japaneseMove)
}

// lineOf is Line from root, a position of type T, reached by a move to
// prevTo (NoSquare for none: the first move is then never 同), with usi
// and ja writing a move (ja after the move to prevTo).
func lineOf[T any, P interface {
	*T
	DoMove(shogi.Move)
}](root T, prevTo shogi.Square, moves []shogi.Move, usi func(shogi.Move) string, ja func(P, shogi.Move, shogi.Square) string) (u, j []string) {
	u, j = make([]string, 0, len(moves)), make([]string, 0, len(moves))
	q := root
	for _, m := range moves {
		u = append(u, usi(m))
		j = append(j, ja(&q, m, prevTo))
		prevTo = m.To()
		P(&q).DoMove(m)
	}
	return u, j
}
