package match

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/tsume-shogi/tsume/referee"
	"github.com/tsume-shogi/tsume/shogi"
)

// Game is a game played: the players, where it started, the moves
// (those of the opening first) and how it ended.
type Game struct {
	Black, White string // the engines' names
	Opening      referee.Opening
	Moves        []shogi.Move    // the moves from Opening.Start, the opening's included
	Times        []time.Duration // the time of each move after the opening
	Infos        []string        // for each move after the opening, the engine's last info line with a score ("" if none)
	Winner       referee.Winner
	Reason       referee.Reason
	Detail       string // more about the ending: which move was illegal, which engine crashed, …
	Started      time.Time
	Ended        time.Time
}

// Loser returns the colour of the side that lost and true, or false for a
// draw.
func (g *Game) Loser() (shogi.Color, bool) {
	return g.ending().Loser()
}

// ending returns how g ended.
func (g *Game) ending() referee.Ending {
	return referee.Ending{Winner: g.Winner, Reason: g.Reason, Detail: g.Detail}
}

// GameConfig is what a game is played with.
type GameConfig struct {
	Time TimeControl
	// MaxPlies ends the game as a draw after this many plies from the
	// opening's start, the opening's own included (0: no limit).
	MaxPlies int
}

// PlayGame plays a game between two started engines, black first to move
// in the opening's start position or not as the position says. It ends
// when the rules end it (see referee.Reason); an engine's failure ends it with
// that engine's loss. Each engine is told the result with gameover
// unless it failed. It returns an error only when ctx is cancelled, or
// when the opening itself is not playable.
func PlayGame(ctx context.Context, black, white *Engine, op referee.Opening, cfg GameConfig) (*Game, error) {
	g := &Game{Black: black.Name, White: white.Name, Opening: op, Started: time.Now()}
	r, err := referee.FromOpening(op)
	if err != nil {
		return nil, err
	}
	engines := [2]*Engine{shogi.Black: black, shogi.White: white}
	end := startGame(ctx, engines)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	clk := newClock(cfg.Time)
	for end == nil {
		if end = r.Over(cfg.MaxPlies); end != nil {
			break
		}
		pos := r.Position()
		side := pos.SideToMove()
		a, err := engines[side].Go(ctx, positionCommand(r), clk.goCommand(), clk.limit(side))
		if cerr := ctx.Err(); cerr != nil {
			return nil, cerr
		}
		if err != nil {
			end = faultEnding(side, err)
			break
		}
		if !clk.spend(side, a.Elapsed) {
			end = &referee.Ending{Winner: referee.WinnerOf(side.Opp()), Reason: referee.ReasonTime, Detail: fmt.Sprintf("%s answered after %v", engines[side].Name, a.Elapsed.Round(time.Millisecond))}
			break
		}
		played := len(r.Moves())
		end = r.Answer(a.Move)
		if len(r.Moves()) > played {
			g.Times = append(g.Times, a.Elapsed)
			g.Infos = append(g.Infos, a.Info)
		}
	}
	g.Moves, g.Winner, g.Reason, g.Detail, g.Ended = r.Moves(), end.Winner, end.Reason, end.Detail, time.Now()
	for c, e := range engines {
		if e.Broken() != nil {
			continue
		}
		result := "draw"
		switch {
		case end.Winner == referee.WinnerOf(shogi.Color(c)):
			result = "win"
		case end.Winner != referee.Draw:
			result = "lose"
		}
		e.GameOver(result)
	}
	return g, nil
}

// startGame readies both engines for a game; an engine that fails loses
// it (both failing: a draw).
func startGame(ctx context.Context, engines [2]*Engine) *referee.Ending {
	var errs [2]error
	for c, e := range engines {
		errs[c] = e.NewGame(ctx)
	}
	switch {
	case errs[0] != nil && errs[1] != nil:
		return &referee.Ending{Winner: referee.Draw, Reason: referee.ReasonNotReady, Detail: message(errs[0]) + "; " + message(errs[1])}
	case errs[0] != nil:
		return &referee.Ending{Winner: referee.WhiteWins, Reason: referee.ReasonNotReady, Detail: message(errs[0])}
	case errs[1] != nil:
		return &referee.Ending{Winner: referee.BlackWins, Reason: referee.ReasonNotReady, Detail: message(errs[1])}
	}
	return nil
}

// faultEnding returns the ending of a game in which side's engine failed.
func faultEnding(side shogi.Color, err error) *referee.Ending {
	reason := referee.ReasonCrash
	var ee *EngineError
	if errors.As(err, &ee) {
		switch ee.Fault {
		case FaultTimeout:
			reason = referee.ReasonTime
		case FaultGarbage:
			reason = referee.ReasonGarbage
		}
	}
	return &referee.Ending{Winner: referee.WinnerOf(side.Opp()), Reason: reason, Detail: message(err)}
}

// message returns an error's text without the package name.
func message(err error) string {
	var ee *EngineError
	if errors.As(err, &ee) {
		return ee.Message()
	}
	return err.Error()
}

// positionCommand returns the position command of the game so far:
// "position startpos" when it started from the initial position, else
// "position sfen …", with the moves.
func positionCommand(r *referee.Referee) string {
	start := r.Start()
	s := "position sfen " + start.SFEN()
	if start.SFEN() == shogi.StartSFEN {
		s = "position startpos"
	}
	if len(r.Moves()) == 0 {
		return s
	}
	var b strings.Builder
	b.WriteString(s + " moves")
	for _, m := range r.Moves() {
		b.WriteString(" " + m.String())
	}
	return b.String()
}
