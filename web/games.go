package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/tsume-shogi/tsume/record"
	"github.com/tsume-shogi/tsume/report"
)

// gamesRequest is the body of POST /api/v1/games.
type gamesRequest struct {
	// Input is a KIF, KI2 or CSA record, or a file of several (also SFEN
	// or USI "position … moves" lines, one a line).
	Input string `json:"input"`
	// Game is the 0-based number of the record of Input to mine; the
	// first by default.
	Game *int `json:"game"`
}

// gamesAnswer is its answer: the records of the input, and the game
// mined, its positions and what was found in it.
type gamesAnswer struct {
	Format string     `json:"format"` // the input's format: KIF, KI2, CSA, SFEN or USI
	Games  []gameInfo `json:"games"`  // every record read, in the order of the input
	// Errors are the records that could not be read (each with its
	// line); the others are still listed.
	Errors []string `json:"errors"`
	Game   int      `json:"game"` // the record mined, an index of Games
	Black  string   `json:"black"`
	White  string   `json:"white"`
	Date   string   `json:"date"`
	// FirstMove is the number the record gives its first move (1 unless
	// it starts from a position with another move number).
	FirstMove int `json:"first_move"`
	// SFENs are the positions of the game: SFENs[k] after its first k
	// moves, from the start (k = 0) to the end.
	SFENs   []string `json:"sfens"`
	Moves   []string `json:"moves"`    // the moves, in USI
	MovesJA []string `json:"moves_ja"` // and in Japanese
	// MaxLength is the longest mate looked for, in plies.
	MaxLength int           `json:"max_length"`
	Findings  []gameFinding `json:"findings"`
	Problems  []gameProblem `json:"problems"`
	// Undecided counts the claims not made because a search ran out of
	// its node budget.
	Undecided int `json:"undecided"`
}

// gameInfo describes one record of the input.
type gameInfo struct {
	Index int    `json:"index"`
	Line  int    `json:"line"` // the line on which the record begins
	Black string `json:"black"`
	White string `json:"white"`
	Date  string `json:"date"`
	Moves int    `json:"moves"`
}

// gameFinding is a missed, played or allowed mate of the game mined.
type gameFinding struct {
	Kind   string `json:"kind"`    // missed, played or allowed
	KindJA string `json:"kind_ja"` // 詰み逃し, 詰みを指した, 詰みを許した
	// Ply is the index of the move in Moves (the position before it is
	// SFENs[Ply]), MoveNumber its number as the record counts moves, Side
	// the side that played it (black or white).
	Ply        int    `json:"ply"`
	MoveNumber int    `json:"move_number"`
	Side       string `json:"side"`
	Played     string `json:"played"`
	PlayedJA   string `json:"played_ja"`
	// Length is the mate's length: the mover's before the move (missed,
	// played), the opponent's after it (allowed); Exact whether it is
	// proven the shortest; Shortest, of a played mate, whether the move
	// starts a shortest one. Line is the mate, from SFENs[Ply] (missed,
	// played) or from SFENs[Ply+1] (allowed).
	Length   int      `json:"length"`
	Exact    bool     `json:"exact"`
	Shortest bool     `json:"shortest"`
	Line     []string `json:"line"`
	LineJA   []string `json:"line_ja"`
	// LineSFENs are the positions of the mate: LineSFENs[k] after its
	// first k moves, from where it starts (k = 0) to the mate.
	LineSFENs []string `json:"line_sfens"`
}

// gameProblem is a sound problem mined from the game: Black to move
// and mate, the defender's hand as in the game (solve it "as given").
type gameProblem struct {
	SFEN       string   `json:"sfen"`
	Plies      int      `json:"plies"`
	Solution   []string `json:"solution"`
	SolutionJA []string `json:"solution_ja"`
	Ply        int      `json:"ply"` // the position's ply in the game
	Verdict    string   `json:"verdict"`
}

// games answers POST /api/v1/games: a record read, one of its games
// mined for its missed, played and allowed mates.
func (s *Server) games(w http.ResponseWriter, r *http.Request) error {
	var req gamesRequest
	if err := decodeBody(r, &req); err != nil {
		return err
	}
	if strings.TrimSpace(req.Input) == "" {
		return badRequest("input", "no input: paste or upload a KIF, KI2 or CSA record")
	}
	all, errs := record.ReadRecordsSkipping([]byte(req.Input))
	if len(all) == 0 {
		if len(errs) == 0 {
			return unprocessable("input", "no game record in the input")
		}
		return unprocessable("input", "%s", message(errs[0]))
	}
	if len(all)+len(errs) > s.limits.Games {
		return &apiError{Status: http.StatusRequestEntityTooLarge, Field: "input",
			Msg: fmt.Sprintf("the input holds %d records: at most %d are read at once", len(all)+len(errs), s.limits.Games)}
	}
	k := 0
	if req.Game != nil {
		if *req.Game < 0 || *req.Game >= len(all) {
			return badRequest("game", "game %d: the input has %d game%s that could be read (0 to %d)", *req.Game, len(all), plural(len(all)), len(all)-1)
		}
		k = *req.Game
	}
	g := all[k]
	if len(g.Moves) > s.limits.GameMoves {
		return &apiError{Status: http.StatusRequestEntityTooLarge, Field: "input",
			Msg: fmt.Sprintf("game %d (line %d) has %d moves: at most %d are mined", k+1, g.Line, len(g.Moves), s.limits.GameMoves)}
	}
	ans := gamesAnswer{
		Format: g.Format.String(), Games: make([]gameInfo, len(all)), Errors: make([]string, len(errs)),
		Game: k, Date: gameDate(g), FirstMove: g.Start.MoveNumber(), MaxLength: s.limits.MineLength,
	}
	for i, gi := range all {
		b, w := gamePlayers(gi)
		ans.Games[i] = gameInfo{Index: i, Line: gi.Line, Black: b, White: w, Date: gameDate(gi), Moves: len(gi.Moves)}
	}
	for i, err := range errs {
		ans.Errors[i] = message(err)
	}
	ans.Black, ans.White = gamePlayers(g)
	ans.Moves, ans.MovesJA = report.Line(&g.Start, g.Moves)
	ans.SFENs = make([]string, 0, len(g.Moves)+1)
	q := g.Start
	ans.SFENs = append(ans.SFENs, q.SFEN())
	for _, m := range g.Moves {
		q.DoMove(m)
		ans.SFENs = append(ans.SFENs, q.SFEN())
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.limits.MineTime)
	defer cancel()
	mg, err := s.mineInSlot(ctx, g, k)
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) && r.Context().Err() == nil {
			return &apiError{Status: http.StatusServiceUnavailable, Field: "input",
				Msg: "mining the game took longer than " + s.limits.MineTime.String() + ": try a shorter game, or again later"}
		}
		return err
	}
	ans.Findings, ans.Problems, ans.Undecided = mg.Findings, mg.Problems, mg.Undecided
	writeJSON(w, http.StatusOK, ans)
	return nil
}

// mineInSlot mines g in a search slot, waiting for one within ctx.
func (s *Server) mineInSlot(ctx context.Context, g *record.Game, game int) (*minedGame, error) {
	sr, err := s.acquire(ctx)
	if err != nil {
		return nil, err
	}
	defer s.release(sr)
	return s.mineGame(ctx, g, game)
}
