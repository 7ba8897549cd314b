package web

import (
	"context"

	"github.com/tsume-shogi/tsume/mine"
	"github.com/tsume-shogi/tsume/record"
	"github.com/tsume-shogi/tsume/report"
	"github.com/tsume-shogi/tsume/shogi"
)

// This file holds every use of package mine by the server: the "Your
// games" page's mining of one game (POST /api/v1/games).

// The defaults of the games endpoint's Limits: those of tsume mine.
const (
	defaultMineLength = mine.DefaultMaxLength
	defaultMineNodes  = mine.DefaultMaxNodes
)

// miner is a Miner of the games endpoint.
type miner = mine.Miner

// minedGame is what the games endpoint found in one game.
type minedGame struct {
	Findings  []gameFinding
	Problems  []gameProblem
	Undecided int
}

// mineGame mines g with a Miner of the server's options (made on first
// use, one per search slot, which the caller holds).
func (s *Server) mineGame(ctx context.Context, g *record.Game, game int) (*minedGame, error) {
	var m *miner
	select {
	case m = <-s.miners:
	default: // cannot happen while the caller holds a search slot
	}
	if m == nil {
		var err error
		m, err = mine.New(mine.Options{
			MaxLength: s.limits.MineLength, MaxNodes: s.limits.MineNodes,
			Problems: true, ProblemNodes: s.limits.Nodes, HashMB: s.limits.HashMB,
		})
		if err != nil {
			return nil, err
		}
	}
	defer func() {
		select {
		case s.miners <- m:
		default: // a miner made beyond the slots' is dropped
		}
	}()
	res, err := m.MineGame(ctx, g, mine.Source{Game: game})
	if err != nil {
		return nil, err
	}
	out := &minedGame{Undecided: res.Undecided, Findings: []gameFinding{}, Problems: []gameProblem{}}
	for _, f := range res.Findings {
		from := f.Position
		if f.Kind == mine.Allowed { // the line is the opponent's, after the move
			from.DoMove(f.Played)
		}
		usi, ja := report.Line(&from, f.Line)
		sfens := make([]string, 0, len(f.Line)+1)
		q := from
		sfens = append(sfens, q.SFEN())
		for _, mv := range f.Line {
			q.DoMove(mv)
			sfens = append(sfens, q.SFEN())
		}
		out.Findings = append(out.Findings, gameFinding{
			Kind: string(f.Kind), KindJA: kindJA(f.Kind), Ply: f.Ply, MoveNumber: f.MoveNumber,
			Side: f.Side.String(), Played: f.Played.String(), PlayedJA: report.JapaneseMove(&f.Position, f.Played),
			Length: f.Length, Exact: f.Exact, Shortest: f.Shortest, Line: usi, LineJA: ja, LineSFENs: sfens,
		})
	}
	for _, p := range res.Problems {
		usi, ja := report.Line(&p.Position, p.Line)
		out.Problems = append(out.Problems, gameProblem{
			SFEN: p.Position.SFEN(), Plies: len(p.Line), Solution: usi, SolutionJA: ja,
			Ply: p.Provenance.Index, Verdict: p.Verdict,
		})
	}
	return out, nil
}

// kindJA names a kind of finding in Japanese.
func kindJA(k mine.Kind) string {
	switch k {
	case mine.Missed:
		return "詰み逃し"
	case mine.Played:
		return "詰みを指した"
	case mine.Allowed:
		return "詰みを許した"
	}
	return ""
}

// gamePlayers returns g's players, Black's and White's.
func gamePlayers(g *record.Game) (black, white string) {
	return mine.Player(g, shogi.Black), mine.Player(g, shogi.White)
}

// gameDate returns g's date, as mine reports it.
func gameDate(g *record.Game) string { return mine.Date(g) }
