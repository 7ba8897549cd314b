package selfplay

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"math"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/tsume-shogi/tsume/engine"
	"github.com/tsume-shogi/tsume/record"
	"github.com/tsume-shogi/tsume/referee"
	"github.com/tsume-shogi/tsume/shogi"
)

// The defaults of a Config's zero fields.
const (
	// DefaultNodes is the search's nodes a move.
	DefaultNodes = 20000
	// DefaultMateNodes is the nodes a move of the df-pn solver, which
	// looks for a mate before the search (engine.Limits.MateNodes).
	DefaultMateNodes = 20000
	// DefaultMaxPlies ends a game as a draw after this many plies from
	// the initial position, the opening's included.
	DefaultMaxPlies = 256
	// DefaultVariedPlies is the number of plies after the opening chosen
	// at random among the best moves.
	DefaultVariedPlies = 12
	// DefaultCandidates is the number of best moves (MultiPV) a varied
	// ply chooses among.
	DefaultCandidates = 4
	// DefaultTemperature is the softmax temperature of a varied ply, in
	// centipawns: a move 40 below the best is chosen 1/e times as often.
	DefaultTemperature = 40
)

// mateTime is the time bound of the root mate search. Self-play limits
// it by nodes; the engine's mate search also takes a deadline on the
// real clock, which would make games depend on the machine's load, so it
// is set far beyond what MateNodes ever takes.
const mateTime = time.Hour

// Config is a run of self-play games. Its zero fields take the defaults.
type Config struct {
	// Games is the number of games.
	Games int
	// Shards, when above 1, plays only the games i of the Games with
	// i mod Shards = Shard, each the same game as in the whole run: a
	// run split among machines.
	Shards, Shard int
	// Seed chooses the openings and the random plies: the same seed
	// gives the same games.
	Seed uint64
	// Nodes bounds the search of each move (DefaultNodes when 0).
	Nodes uint64
	// MateNodes bounds the df-pn mate search that comes before the
	// search of each move (DefaultMateNodes when 0: there is always
	// one, so that a mate the solver can prove is played).
	MateNodes uint64
	// Workers is the number of games played at a time (1 when 0). It
	// changes nothing in the games.
	Workers int
	// MaxPlies ends a game as a draw after this many plies, the
	// opening's included (DefaultMaxPlies when 0).
	MaxPlies int
	// Openings are the lines games start from, one chosen at random for
	// each game (Book when empty).
	Openings []referee.Opening
	// VariedPlies is the number of plies after the opening chosen at
	// random among the Candidates best moves (DefaultVariedPlies when 0;
	// -1: none, the search's best move from the opening on).
	VariedPlies int
	// Candidates is the number of best moves of a varied ply
	// (DefaultCandidates when 0).
	Candidates int
	// Temperature is the softmax temperature of a varied ply in
	// centipawns (DefaultTemperature when 0): the move of score s is
	// chosen with a weight exp((s − best)/Temperature).
	Temperature int
	// HashMB is the table of each side's search (engine.DefaultHashMB
	// when 0).
	HashMB int
	// ResignPlies, when above 0, makes the loser resign once the
	// winner's df-pn mate search (MateNodes) has proven a mate of at most
	// ResignPlies plies, right after the winner's first move of it, as
	// players resign a game whose mate they see; the miner's longest
	// mate (15 by default) keeps that mate in its reach. When 0, nobody
	// resigns: a decisive game is played to its mate.
	ResignPlies int
}

// Game is a game played: its index in the run (from 0), the record and
// how it ended.
type Game struct {
	Index int
	// Record has the opening's start, every move (the opening's first),
	// the headers 棋戦 (the run's seed and the game's number), 戦型 (the
	// opening), 持ち時間 (the nodes a move), 先手 and 後手 ("tsume (nodes
	// N)"), a comment after the last move with the ending's summary, and
	// End, the KIF special move of the ending (詰み, 千日手, …).
	Record *record.Game
	// Opening names the opening's line.
	Opening string
	// OpeningPlies is the number of the opening's moves in Record.Moves.
	OpeningPlies int
	// Ending says who won and why.
	Ending referee.Ending
}

// KIF returns the game as a KIF record (record.KIF), ended with the
// ending's comment, special move and closing line (referee.Ending.KIFEnd).
func (g *Game) KIF() (string, error) {
	r := g.Record
	s, err := record.KIF(&r.Start, r.Moves, r.Headers, false)
	if err != nil {
		return "", err
	}
	return s + g.Ending.KIFEnd(len(r.Moves)), nil
}

// ConfigError reports a Config that cannot be played: the field and
// what is wrong with it.
type ConfigError struct {
	Field string // "Workers", "Openings[2] (name)", …
	Msg   string
}

// Message returns the field and the message, without the package name:
// "Workers: -2 is negative".
func (e *ConfigError) Message() string { return e.Field + ": " + e.Msg }

// Error returns "selfplay: " and the Message.
func (e *ConfigError) Error() string { return "selfplay: " + e.Message() }

// withDefaults checks c and returns it with its defaults filled in.
func (c Config) withDefaults() (Config, error) {
	switch {
	case c.Games < 0:
		return c, &ConfigError{"Games", fmt.Sprintf("%d is negative", c.Games)}
	case c.Shards < 0:
		return c, &ConfigError{"Shards", fmt.Sprintf("%d is negative", c.Shards)}
	case c.Shards > 1 && (c.Shard < 0 || c.Shard >= c.Shards):
		return c, &ConfigError{"Shard", fmt.Sprintf("%d is not from 0 to %d", c.Shard, c.Shards-1)}
	case c.Workers < 0:
		return c, &ConfigError{"Workers", fmt.Sprintf("%d is negative", c.Workers)}
	case c.MaxPlies < 0:
		return c, &ConfigError{"MaxPlies", fmt.Sprintf("%d is negative", c.MaxPlies)}
	case c.VariedPlies < -1:
		return c, &ConfigError{"VariedPlies", fmt.Sprintf("%d is below -1", c.VariedPlies)}
	case c.Candidates < 0:
		return c, &ConfigError{"Candidates", fmt.Sprintf("%d is negative", c.Candidates)}
	case c.Temperature < 0:
		return c, &ConfigError{"Temperature", fmt.Sprintf("%d is negative", c.Temperature)}
	case c.HashMB < 0:
		return c, &ConfigError{"HashMB", fmt.Sprintf("%d is negative", c.HashMB)}
	case c.ResignPlies < 0:
		return c, &ConfigError{"ResignPlies", fmt.Sprintf("%d is negative", c.ResignPlies)}
	}
	if c.Nodes == 0 {
		c.Nodes = DefaultNodes
	}
	if c.MateNodes == 0 {
		c.MateNodes = DefaultMateNodes
	}
	c.Workers = max(c.Workers, 1)
	if c.MaxPlies == 0 {
		c.MaxPlies = DefaultMaxPlies
	}
	switch c.VariedPlies {
	case 0:
		c.VariedPlies = DefaultVariedPlies
	case -1:
		c.VariedPlies = 0
	}
	if c.Candidates == 0 {
		c.Candidates = DefaultCandidates
	}
	if c.Temperature == 0 {
		c.Temperature = DefaultTemperature
	}
	if len(c.Openings) == 0 {
		ops, err := Book()
		if err != nil {
			return c, err
		}
		c.Openings = ops
	}
	for i, op := range c.Openings {
		field := fmt.Sprintf("Openings[%d] (%s)", i, op.Name)
		if err := op.Start.Validate(); err != nil {
			return c, &ConfigError{field, err.Error()}
		}
		r, err := referee.FromOpening(op)
		if err != nil {
			return c, &ConfigError{field, err.Error()}
		}
		if end := r.Over(0); end != nil {
			return c, &ConfigError{field, "the game is over: " + end.Summary()}
		}
	}
	return c, nil
}

// Play plays the games of c and yields them in the order of their
// index, Workers at a time. A Config that cannot be played yields its
// error (a *ConfigError) and nothing else. When ctx ends, the games in
// progress are dropped, the complete ones up to the first that is not
// are yielded, and then ctx's error; a consumer that stops the loop
// stops the games too. Play returns after every game it started has
// stopped.
func Play(ctx context.Context, c Config) iter.Seq2[*Game, error] {
	return func(yield func(*Game, error) bool) {
		c, err := c.withDefaults()
		if err != nil {
			yield(nil, err)
			return
		}
		var games []int
		for i := range c.Games {
			if c.Shards <= 1 || i%c.Shards == c.Shard {
				games = append(games, i)
			}
		}
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		type result struct {
			g   *Game
			err error
			i   int
		}
		jobs := make(chan int)
		results := make(chan result)
		var wg sync.WaitGroup
		for range min(c.Workers, max(len(games), 1)) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				p, err := newPlayer(&c)
				for i := range jobs {
					var g *Game
					if err == nil {
						g, err = p.play(ctx, games[i])
					}
					select {
					case results <- result{g, err, i}:
					case <-ctx.Done():
						return
					}
					if err != nil {
						return
					}
				}
			}()
		}
		go func() {
			defer close(jobs)
			for i := range games {
				select {
				case jobs <- i:
				case <-ctx.Done():
					return
				}
			}
		}()
		go func() {
			wg.Wait()
			close(results)
		}()
		defer func() {
			cancel()
			for range results {
			}
		}()
		pending := map[int]result{}
		next := 0
		for r := range results {
			pending[r.i] = r
			for {
				r, ok := pending[next]
				if !ok {
					break
				}
				delete(pending, next)
				if r.err != nil {
					if ctx.Err() == nil || !errors.Is(r.err, ctx.Err()) {
						yield(nil, r.err)
						return
					}
					break
				}
				next++
				if !yield(r.g, nil) {
					return
				}
			}
		}
		if next < len(games) {
			err := ctx.Err()
			if err == nil {
				err = context.Canceled
			}
			yield(nil, err)
		}
	}
}

// player plays games one after the other, with a searcher for each side.
type player struct {
	c *Config
	s [2]*engine.Searcher
}

func newPlayer(c *Config) (*player, error) {
	p := &player{c: c}
	for i := range p.s {
		s, err := engine.NewSearcher(engine.Options{HashMB: c.HashMB})
		if err != nil {
			return nil, err
		}
		p.s[i] = s
	}
	return p, nil
}

// play plays game i. Its random choices come from a generator of the
// seed and i alone, and both searchers start it empty, so that it is the
// same whichever worker plays it.
func (p *player) play(ctx context.Context, i int) (*Game, error) {
	c := p.c
	rng := rand.New(rand.NewPCG(c.Seed, uint64(i)))
	op := c.Openings[rng.IntN(len(c.Openings))]
	r, err := referee.FromOpening(op)
	if err != nil {
		return nil, err
	}
	for _, s := range p.s {
		s.NewGame()
	}
	lim := engine.Limits{Nodes: c.Nodes, MateNodes: c.MateNodes, MateTime: mateTime}
	var end *referee.Ending
	mated := 0 // the plies of the winner's proven mate, once the loser is to resign
	for {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if end = r.Over(c.MaxPlies); end != nil {
			break
		}
		pos := r.Position()
		if pos.CanDeclare() == nil {
			end = r.Declare()
			break
		}
		if mated > 0 {
			// The rules above first: a mate, the ply limit, a repetition
			// or a declaration ends the game before the resignation.
			end = r.Resign()
			end.Detail = fmt.Sprintf("mated within %d plies", mated)
			break
		}
		g := engine.Game{Start: op.Start, Moves: r.Moves()}
		s := p.s[pos.SideToMove()]
		var res engine.Result
		if len(r.Moves())-len(op.Moves) < c.VariedPlies {
			res = p.varied(ctx, s, g, lim, rng)
		} else {
			res = s.Search(ctx, g, lim, nil)
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if end = r.Play(res.Move); end != nil {
			break
		}
		if n := len(res.PV); res.ByMateSolver && n <= c.ResignPlies {
			mated = n - 1
		}
	}
	moves := append([]shogi.Move(nil), r.Moves()...)
	players := fmt.Sprintf("tsume (nodes %d)", c.Nodes)
	rec := &record.Game{
		Start: op.Start,
		Moves: moves,
		Headers: []record.KIFHeader{
			{Key: "棋戦", Value: fmt.Sprintf("tsume selfplay, seed %d, game %d", c.Seed, i+1)},
			{Key: "戦型", Value: op.Name},
			{Key: "持ち時間", Value: fmt.Sprintf("%d nodes a move", c.Nodes)},
			{Key: "先手", Value: players},
			{Key: "後手", Value: players},
		},
		Comments: []record.Comment{{Ply: len(moves), Text: end.Summary()}},
		End:      end.KIFSpecial(),
	}
	return &Game{Index: i, Record: rec, Opening: op.Name, OpeningPlies: len(op.Moves), Ending: *end}, nil
}

// candidate is a root move with its score.
type candidate struct {
	move  shogi.Move
	score engine.Score
}

// varied searches g's position with Candidates lines (or as many as it
// has moves) and chooses among
// the lines of the deepest iteration that completed them all, with
// weights exp((score − best)/Temperature): a mate found is played (the
// search's result is returned as it is), a move that is mated is chosen
// only when every move is. A move chosen at random is returned in a
// Result of its own, with nothing else set.
func (p *player) varied(ctx context.Context, s *engine.Searcher, g engine.Game, lim engine.Limits, rng *rand.Rand) engine.Result {
	c := p.c
	pos := g.Start
	for _, m := range g.Moves {
		pos.DoMove(m)
	}
	k := min(c.Candidates, pos.LegalMoveCount()) // the lines an iteration reports
	lim.MultiPV = k
	var cur, done []candidate
	res := s.Search(ctx, g, lim, func(in engine.Info) {
		if in.MultiPV == 1 {
			cur = cur[:0]
		}
		if len(in.PV) > 0 && in.MultiPV == len(cur)+1 {
			cur = append(cur, candidate{in.PV[0], in.Score})
		}
		if len(cur) == k {
			done = append(done[:0], cur...)
		}
	})
	if len(done) == 0 || res.ByMateSolver || res.Score.IsWin() {
		return res
	}
	best := done[0].score
	for _, cd := range done {
		best = max(best, cd.score)
	}
	weights := make([]float64, len(done))
	sum := 0.0
	for i, cd := range done {
		if cd.score.IsLoss() && !best.IsLoss() {
			continue
		}
		weights[i] = math.Exp(float64(cd.score-best) / float64(c.Temperature))
		sum += weights[i]
	}
	x := rng.Float64() * sum
	for i, w := range weights {
		if x < w {
			return engine.Result{Move: done[i].move}
		}
		x -= w
	}
	return res
}
