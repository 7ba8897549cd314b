package realistic

import (
	"context"
	"fmt"
	"strings"

	"github.com/tsume-shogi/tsume/mine"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/selfplay"
	"github.com/tsume-shogi/tsume/shogi"
)

// Castle is a defender's king among its castle, cut out of a game: the
// king and every piece of its side within two king steps of it
// (selfplay.Shelter's squares), turned round when the king was Black's
// so that the defender is White, as in every tsume problem. Nothing else
// stands on the board; the hands are empty and Black is to move.
type Castle struct {
	Position shogi.Position
	// Source is the game position the castle comes from: the file
	// ("selfplay seed S" for the games of a self-play run, as tsume mine
	// --selfplay names them), the game's index, the move number of the
	// position, the players, and Flipped when the castle was Black's.
	Source problem.GameSource
}

// CastleOf cuts the castle of c's king out of p: the king and c's pieces
// within two king steps, turned round (mine.Flip) when c is Black. It
// reports false when c's king is not in its own camp (ranks 1–3 from its
// side) or has fewer than selfplay.CastleGuards pieces within two steps:
// a king that is not castled.
func CastleOf(p *shogi.Position, c shogi.Color) (shogi.Position, bool) {
	in, guards := selfplay.Shelter(p, c)
	if !in || guards < selfplay.CastleGuards {
		return shogi.Position{}, false
	}
	k := p.King(c)
	var q shogi.Position
	for s := range shogi.Square(shogi.NumSquares) {
		if pc := p.PieceAt(s); pc != shogi.NoPiece && pc.Color() == c && distance(s, k) <= 2 {
			q.Put(s, pc)
		}
	}
	q.SetSideToMove(c.Opp())
	if c == shogi.Black {
		q = mine.Flip(&q)
	}
	q.SetMoveNumber(1)
	return q, true
}

// GameCastles plays the self-play games of cfg (selfplay.Play) and
// returns the castles of their losing kings near the end: in every
// decisive game, in the positions 1, 3, …, selfplay.NearPlies plies
// before the last move (the winner to move, where the mates of a game
// start), the loser's king when it is castled (CastleOf), in game order
// and from the end back, each castle once (the first time it occurs).
// It fails with cfg's error (a *selfplay.ConfigError) or ctx's.
func GameCastles(ctx context.Context, cfg selfplay.Config) ([]Castle, error) {
	var cs []Castle
	seen := map[string]bool{}
	for g, err := range selfplay.Play(ctx, cfg) {
		if err != nil {
			return nil, err
		}
		loser, ok := g.Ending.Loser()
		if !ok {
			continue
		}
		r := g.Record
		n := len(r.Moves)
		for back := 1; back <= selfplay.NearPlies && back <= n; back += 2 {
			p, err := r.PositionAt(n - back)
			if err != nil {
				return nil, fmt.Errorf("realistic: game %d, ply %d: %w", g.Index, n-back, err)
			}
			if p.SideToMove() == loser {
				continue
			}
			q, ok := CastleOf(&p, loser)
			if !ok {
				continue
			}
			key := castleKey(&q)
			if seen[key] {
				continue
			}
			seen[key] = true
			cs = append(cs, Castle{q, problem.GameSource{
				File: fmt.Sprintf("selfplay seed %d", cfg.Seed), Game: g.Index, Move: p.MoveNumber(),
				Black: mine.Player(r, shogi.Black), White: mine.Player(r, shogi.White),
				Flipped: loser == shogi.Black,
			}})
		}
	}
	return cs, nil
}

// castleKey identifies the White pieces of p exactly: each piece and its
// square, in square order.
func castleKey(p *shogi.Position) string {
	var b strings.Builder
	for occ := p.ByColor(shogi.White); occ.Any(); {
		s := occ.PopLSB()
		b.WriteByte(byte(s))
		b.WriteByte(byte(p.PieceAt(s)))
	}
	return b.String()
}
