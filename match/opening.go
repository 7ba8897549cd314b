package match

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/record"
	"github.com/tsume-shogi/tsume/referee"
	"github.com/tsume-shogi/tsume/shogi"
)

// ReadOpenings reads openings from the text of a file: any records
// record.ReadRecords reads — one SFEN or USI position command a line
// ("position startpos moves 7g7f 3c3d", "sfen … moves …", "startpos
// moves …"), or KIF, KI2 or CSA records one after another. Each opening
// is named "name:LINE" after the line where it begins. A text that
// cannot be read gives the reader's error (a *record.ParseError); an
// opening whose position is already over (a side without a legal move)
// is an error too.
func ReadOpenings(name string, data []byte) ([]referee.Opening, error) {
	games, err := record.ReadRecords(data)
	if err != nil {
		return nil, err
	}
	ops := make([]referee.Opening, 0, len(games))
	for _, g := range games {
		op := referee.Opening{Start: g.Start, Moves: g.Moves, Name: fmt.Sprintf("%s:%d", name, g.Line)}
		p, err := g.PositionAt(len(g.Moves))
		if err != nil {
			return nil, err
		}
		if !p.HasLegalMove() {
			return nil, fmt.Errorf("match: opening %s: the game is over: %s has no legal move", op.Name, p.SideToMove())
		}
		ops = append(ops, op)
	}
	return ops, nil
}

// RandomOpenings returns n openings of the given number of random legal
// plies each from the initial position, the same for the same seed. A
// ply is never one after which the side to move has no legal move or
// can mate at once, so that no opening is lost before the engines play.
func RandomOpenings(seed uint64, n, plies int) ([]referee.Opening, error) {
	if n < 0 || plies < 0 {
		return nil, errors.New("match: negative number of openings or plies")
	}
	rng := rand.New(rand.NewPCG(seed, 0x6d61746368)) // "match"
	ops := make([]referee.Opening, 0, n)
	var buf []shogi.Move
	for i := range n {
		start := shogi.Startpos()
	retry:
		for {
			p := start
			moves := make([]shogi.Move, 0, plies)
			for len(moves) < plies {
				buf = p.LegalMoves(buf[:0])
				rng.Shuffle(len(buf), func(a, b int) { buf[a], buf[b] = buf[b], buf[a] })
				played := false
				for _, m := range buf {
					q := p
					q.DoMove(m)
					if q.HasLegalMove() && len(mate.Mate1(&q)) == 0 {
						p = q
						moves = append(moves, m)
						played = true
						break
					}
				}
				if !played {
					continue retry
				}
			}
			ops = append(ops, referee.Opening{Start: start, Moves: moves, Name: fmt.Sprintf("random %d", i+1)})
			break
		}
	}
	return ops, nil
}
