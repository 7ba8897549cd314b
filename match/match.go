package match

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/tsume-shogi/tsume/referee"
	"github.com/tsume-shogi/tsume/shogi"
)

// Config is a match: two engines, the number of games, the openings and
// the rules of each game.
type Config struct {
	Engines [2]EngineConfig
	// Games is the number of games. Game i (from 0) plays opening i/2,
	// the first engine black in the even games and white in the odd
	// ones: each opening twice, colours swapped. The openings are used
	// again from the first when there are fewer than Games/2.
	Games int
	// Openings are the starting positions; none: the initial position.
	Openings []referee.Opening
	Game     GameConfig
	// OutDir, when not empty, receives every game as game-NNN.kif and
	// game-NNN.csa (the directory is created if need be).
	OutDir string
	// Event names the match in the records (棋戦, $EVENT); "tsume match"
	// when empty.
	Event string
	// Progress, when not nil, receives a line as each game ends.
	Progress io.Writer
}

// Result is what a match played: the games in order, the score from the
// first engine's view, and the names the engines gave.
type Result struct {
	Names [2]string
	Games []*Game
	// FirstBlack[i] says whether the first engine had black in game i.
	FirstBlack []bool
	Stats      Stats
}

// Run plays the match. Each engine is started once and restarted for the
// next game after a fault (a crash, garbage, a timeout it did not
// recover from). It returns what was played when ctx is cancelled (with
// ctx's error; the game in progress is not counted and not written) or
// when an engine cannot be started or restarted (with its
// *EngineError). The records already written are complete files.
func Run(ctx context.Context, cfg Config) (*Result, error) {
	if cfg.Games < 1 {
		return nil, errors.New("match: want at least one game")
	}
	if err := cfg.Game.Time.Check(); err != nil {
		return nil, fmt.Errorf("match: %w", err)
	}
	if cfg.Event == "" {
		cfg.Event = "tsume match"
	}
	ops := cfg.Openings
	if len(ops) == 0 {
		ops = []referee.Opening{{Start: shogi.Startpos(), Name: "startpos"}}
	}
	if cfg.OutDir != "" {
		if err := os.MkdirAll(cfg.OutDir, 0o755); err != nil {
			return nil, fmt.Errorf("match: %w", err)
		}
	}
	res := &Result{}
	var engines [2]*Engine
	defer func() {
		for _, e := range engines {
			if e != nil {
				e.Close()
			}
		}
	}()
	for i := range cfg.Games {
		for k := range engines {
			if engines[k] != nil && engines[k].Broken() != nil {
				engines[k].Close()
				engines[k] = nil
			}
			if engines[k] == nil {
				e, err := Start(ctx, cfg.Engines[k])
				if err != nil {
					if ctx.Err() != nil {
						return res, ctx.Err()
					}
					return res, err
				}
				engines[k] = e
				res.Names[k] = e.Name
			}
		}
		firstBlack := i%2 == 0
		black, white := engines[0], engines[1]
		if !firstBlack {
			black, white = white, black
		}
		op := ops[(i/2)%len(ops)]
		g, err := PlayGame(ctx, black, white, op, cfg.Game)
		if err != nil {
			return res, err
		}
		res.Games = append(res.Games, g)
		res.FirstBlack = append(res.FirstBlack, firstBlack)
		res.Stats.add(g, firstBlack)
		if cfg.OutDir != "" {
			if err := writeGame(cfg, i, g); err != nil {
				return res, err
			}
		}
		if cfg.Progress != nil {
			fmt.Fprintf(cfg.Progress, "game %d/%d: %s (%d plies); %s\n", i+1, cfg.Games, g.Summary(), len(g.Moves), res.Stats)
		}
	}
	return res, nil
}

// add counts a game for the first engine, black in it or not.
func (s *Stats) add(g *Game, firstBlack bool) {
	switch {
	case g.Winner == referee.Draw:
		s.Draws++
	case (g.Winner == referee.BlackWins) == firstBlack:
		s.Wins++
	default:
		s.Losses++
	}
}

// writeGame writes game i (from 0) as KIF and CSA to the output directory.
func writeGame(cfg Config, i int, g *Game) error {
	base := filepath.Join(cfg.OutDir, fmt.Sprintf("game-%03d", i+1))
	event := fmt.Sprintf("%s, game %d, opening %s", cfg.Event, i+1, g.Opening.Name)
	kif, err := g.KIF(event, cfg.Game.Time)
	if err != nil {
		return fmt.Errorf("match: game %d: %w", i+1, err)
	}
	csa, err := g.CSA(event, cfg.Game.Time)
	if err != nil {
		return fmt.Errorf("match: game %d: %w", i+1, err)
	}
	if err := writeFile(base+".kif", kif); err != nil {
		return fmt.Errorf("match: %w", err)
	}
	if err := writeFile(base+".csa", csa); err != nil {
		return fmt.Errorf("match: %w", err)
	}
	return nil
}
