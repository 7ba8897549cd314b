package selfplay

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/referee"
)

// testConfig is a short run: few nodes and plies, so that the tests are
// quick; the rules checked do not depend on the strength of play.
func testConfig(games, workers int) Config {
	return Config{Games: games, Seed: 7, Nodes: 1500, MateNodes: 1500, Workers: workers, MaxPlies: 120, VariedPlies: 6, HashMB: 1}
}

func playAll(t *testing.T, c Config) []*Game {
	t.Helper()
	var games []*Game
	for g, err := range Play(context.Background(), c) {
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, g)
	}
	return games
}

// fingerprint is what makes two games the same: the opening, every move
// and the ending.
func fingerprint(g *Game) string {
	return fmt.Sprintf("%d %s %v %+v", g.Index, g.Opening, g.Record.Moves, g.Ending)
}

// The same seed gives the same games, with one worker or two, in the
// order of their index; another seed gives other games.
func TestDeterministic(t *testing.T) {
	one := playAll(t, testConfig(4, 1))
	two := playAll(t, testConfig(4, 2))
	if len(one) != 4 || len(two) != 4 {
		t.Fatalf("%d and %d games; want 4", len(one), len(two))
	}
	for i := range one {
		if one[i].Index != i {
			t.Errorf("game %d has index %d", i, one[i].Index)
		}
		if a, b := fingerprint(one[i]), fingerprint(two[i]); a != b {
			t.Errorf("game %d differs with two workers:\n%s\n%s", i, a, b)
		}
	}
	c := testConfig(4, 2)
	c.Seed = 8
	other := playAll(t, c)
	same := 0
	for i := range other {
		if slices.Equal(other[i].Record.Moves, one[i].Record.Moves) {
			same++
		}
	}
	if same == len(other) {
		t.Error("seeds 7 and 8 gave the same games")
	}
}

// A shard plays the games of its indices, each the same game as in the
// whole run.
func TestShardPlaysItsGames(t *testing.T) {
	all := playAll(t, testConfig(5, 2))
	c := testConfig(5, 2)
	c.Shards, c.Shard = 2, 1
	part := playAll(t, c)
	if len(part) != 2 {
		t.Fatalf("shard 1/2 of 5 games played %d; want 2", len(part))
	}
	for k, g := range part {
		want := all[1+2*k]
		if g.Index != want.Index || fingerprint(g) != fingerprint(want) {
			t.Errorf("shard game %d:\n%s\nwant\n%s", k, fingerprint(g), fingerprint(want))
		}
	}
}

// Every move of every game is legal, replayed through the referee from
// the record's start, and the game ends where and as the rules say: a
// mate is a position without a legal move, a ply limit is reached, a
// repetition is a position come back a fourth time.
func TestGamesEndByTheRules(t *testing.T) {
	c := testConfig(6, 2)
	c.ResignPlies = 15
	for _, g := range playAll(t, c) {
		rec := g.Record
		r := referee.New(rec.Start)
		var end *referee.Ending
		for i, m := range rec.Moves {
			if end != nil {
				t.Fatalf("game %d: the game ended at ply %d (%+v) and went on", g.Index, i, end)
			}
			p := r.Position()
			if !p.IsLegal(m) {
				t.Fatalf("game %d: ply %d (%s) is not legal", g.Index, i+1, m)
			}
			end = r.Play(m)
		}
		if end == nil {
			end = r.Over(c.MaxPlies)
		}
		if end == nil {
			p := r.Position()
			if p.CanDeclare() == nil {
				end = r.Declare()
			}
		}
		if end == nil && g.Ending.Reason == referee.ReasonResign {
			// The resignation rule is TestResignToAProvenMate's.
			end = r.Resign()
			end.Detail = g.Ending.Detail
		}
		if end == nil {
			t.Fatalf("game %d: the rules do not end it after %d plies; it says %+v", g.Index, len(rec.Moves), g.Ending)
		}
		if *end != g.Ending {
			t.Errorf("game %d: the referee says %+v; the game says %+v", g.Index, *end, g.Ending)
		}
		if g.Ending.Reason == referee.ReasonMate {
			p := r.Position()
			if p.HasLegalMove() || !p.InCheck() {
				t.Errorf("game %d: declared mate, but the side to move has a legal move or is not in check: %s", g.Index, p.SFEN())
			}
		}
		if rec.End != g.Ending.KIFSpecial() || len(g.Record.Headers) == 0 {
			t.Errorf("game %d: End %q, headers %v", g.Index, rec.End, rec.Headers)
		}
		if g.OpeningPlies == 0 || g.OpeningPlies > len(rec.Moves) {
			t.Errorf("game %d: %d opening plies of %d", g.Index, g.OpeningPlies, len(rec.Moves))
		}
	}
}

// The loser resigns only to a mate: after the winner's last move, every
// reply of the loser leaves the winner a mate within ResignPlies-2 plies
// (each proven by the game's solver, every interposition counted, the
// game's hands). With ResignPlies 0 nobody resigns.
func TestResignToAProvenMate(t *testing.T) {
	s, err := mate.NewSolver(mate.SolverOptions{HashMB: 4, MaxNodes: 2_000_000, Futile: mate.Count, DefenderHand: mate.AsGiven, SkipSoundness: true})
	if err != nil {
		t.Fatal(err)
	}
	c := testConfig(8, 2)
	c.ResignPlies = 15
	resigned := 0
	for _, g := range playAll(t, c) {
		if g.Ending.Reason != referee.ReasonResign {
			continue
		}
		resigned++
		end, err := g.Record.PositionAt(len(g.Record.Moves))
		if err != nil {
			t.Fatal(err)
		}
		if loser, _ := g.Ending.Loser(); loser != end.SideToMove() {
			t.Errorf("game %d: %s resigned, %s to move", g.Index, loser, end.SideToMove())
		}
		if !end.HasLegalMove() {
			t.Errorf("game %d: resigned in a mate", g.Index)
		}
		for _, reply := range end.LegalMoves(nil) {
			q := end
			q.DoMove(reply)
			w, err := s.MateWithin(context.Background(), &q, c.ResignPlies-2)
			if err != nil || w.Status != mate.Mate {
				t.Errorf("game %d: after %s and the reply %s (%s), the winner's mate within %d plies: %v, %v", g.Index, g.Record.Moves[len(g.Record.Moves)-1], reply, q.SFEN(), c.ResignPlies-2, w.Status, err)
			}
		}
	}
	if resigned == 0 {
		t.Fatal("no game ended by resignation: the rule is not tested")
	}
	c.ResignPlies = 0
	for _, g := range playAll(t, c) {
		if g.Ending.Reason == referee.ReasonResign {
			t.Errorf("game %d: resigned with ResignPlies 0", g.Index)
		}
	}
}

// A run that is stopped yields complete games only, in order, and then
// the context's error; the games it yields are those of the full run.
func TestCancelLeavesCompleteGames(t *testing.T) {
	full := playAll(t, testConfig(2, 1))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var games []*Game
	var last error
	for g, err := range Play(ctx, testConfig(6, 2)) {
		if last != nil {
			t.Fatalf("a yield after the error %v", last)
		}
		if err != nil {
			last = err
			continue
		}
		games = append(games, g)
		cancel() // after the first game
	}
	if !errors.Is(last, context.Canceled) {
		t.Errorf("the last yield is %v; want context.Canceled", last)
	}
	if len(games) == 0 || len(games) == 6 {
		t.Fatalf("%d games before the error; want at least one and fewer than 6", len(games))
	}
	for i, g := range games {
		if i < len(full) && fingerprint(g) != fingerprint(full[i]) {
			t.Errorf("game %d of the stopped run differs from the full run's", i)
		}
	}
	// A context ended before the run: no game, only its error.
	for g, err := range Play(ctx, testConfig(2, 1)) {
		if g != nil || !errors.Is(err, context.Canceled) {
			t.Errorf("an ended context yields %v, %v", g, err)
		}
	}
}

// A consumer that stops the loop stops the run: Play returns.
func TestStopLoop(t *testing.T) {
	n := 0
	for _, err := range Play(context.Background(), testConfig(6, 2)) {
		if err != nil {
			t.Fatal(err)
		}
		n++
		break
	}
	if n != 1 {
		t.Errorf("%d games", n)
	}
}

func TestBadConfig(t *testing.T) {
	bad := []Config{
		{Games: -1},
		{Games: 1, Workers: -2},
		{Games: 1, Shards: -1},
		{Games: 1, Shards: 2, Shard: 2},
		{Games: 1, MaxPlies: -1},
		{Games: 1, VariedPlies: -2},
		{Games: 1, Temperature: -5},
		{Games: 1, ResignPlies: -1},
		{Games: 1, Openings: []referee.Opening{{Name: "empty"}}},
	}
	for _, c := range bad {
		n := 0
		for g, err := range Play(context.Background(), c) {
			n++
			var ce *ConfigError
			if g != nil || !errors.As(err, &ce) {
				t.Errorf("%+v: %v, %v; want a *ConfigError", c, g, err)
			}
		}
		if n != 1 {
			t.Errorf("%+v: %d yields; want the error alone", c, n)
		}
	}
}
