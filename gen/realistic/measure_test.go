package realistic_test

import (
	"context"
	"flag"
	"strings"
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/gen/realistic"
	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/mine"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/selfplay"
	"github.com/tsume-shogi/tsume/shogi"
)

var (
	measureGames = flag.Int("realistic.games", 0, "TestMeasureCrops: the self-play games to crop (0: skip the measurement)")
	measureSeed  = flag.Uint64("realistic.seed", 1, "TestMeasureCrops: the self-play seed")
	measureNodes = flag.Uint64("realistic.nodes", 5000, "TestMeasureCrops: the self-play nodes a move")
)

// TestMeasureCrops is a measurement, run only with -realistic.games N:
// it plays N self-play games, crops the positions 1, 3, …, 15 plies
// before the end of each decisive game (the winner to move) with radius
// 3, gives the defender the remaining pieces, and judges each crop with
// the miner's judge, logging the sound ones and the counts
// (docs/performance.md, "Realistic problems"). It fails only on an error.
func TestMeasureCrops(t *testing.T) {
	if *measureGames == 0 {
		t.Skip("a measurement: run with -realistic.games N")
	}
	ctx := context.Background()
	m, err := mine.New(mine.Options{Problems: true})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	var cands, games, sound, inCamp, castled, gameSound int
	byLen := map[int]int{}
	var score float64
	for g, err := range selfplay.Play(ctx, selfplay.Config{Games: *measureGames, Seed: *measureSeed, Nodes: *measureNodes, MateNodes: *measureNodes, Workers: 2}) {
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := g.Ending.Loser(); !ok {
			continue
		}
		games++
		pos := []shogi.Position{g.Record.Start}
		p := g.Record.Start
		for _, mv := range g.Record.Moves {
			p.DoMove(mv)
			pos = append(pos, p)
		}
		end := len(pos) - 1
		for back := 1; back <= selfplay.NearPlies && end-back >= 0; back += 2 {
			gp := pos[end-back]
			if _, _, _, ok := m.Judge(ctx, &gp); ok {
				gameSound++
			}
			c, err := realistic.Crop(&gp, 3)
			if err != nil {
				t.Logf("game %d, %d plies before the end: %v", g.Index, back, err)
				continue
			}
			cands++
			if c.SideToMove() == shogi.White {
				c = mine.Flip(&c)
			}
			if c, err = mate.WithRemainingHand(&c); err != nil {
				t.Logf("game %d, %d plies before the end: %v", g.Index, back, err)
				continue
			}
			pr, _, _, ok := m.Judge(ctx, &c)
			if !ok {
				continue
			}
			sound++
			byLen[len(pr.Line)]++
			if pr.Quality != nil {
				score += pr.Quality.Score
			}
			in, guards := selfplay.Shelter(&pr.Position, shogi.White)
			if in {
				inCamp++
			}
			if guards >= selfplay.CastleGuards {
				castled++
			}
			t.Logf("game %d, %d plies before the end: %s, %d plies, in camp %v, %d guards", g.Index, back, pr.Position.SFEN(), len(pr.Line), in, guards)
		}
	}
	t.Logf("%d decisive games, %d positions: %d sound as in the game, %d crops sound (by length %v), king in camp %d, %d+ guards %d, mean quality %.1f; %v",
		games, cands, gameSound, sound, byLen, inCamp, selfplay.CastleGuards, castled, score/float64(max(sound, 1)), time.Since(start).Round(time.Second))
}

var reportFiles = flag.String("realistic.files", "", "TestRealisticReport: the JSONL files of generate --style realistic to sum up, comma-separated (empty: skip)")

// TestRealisticReport is a measurement, run only with -realistic.files
// F,…: for each JSONL file of generate --style realistic it logs the
// problems, their lengths, the share whose king stands in its own camp
// and the share with selfplay.CastleGuards pieces or more within two
// steps of it (selfplay.Shelter), the castles (game and move) they were
// built on and the most problems on one castle (docs/performance.md,
// "Realistic problems"). It fails only on a file it cannot read.
func TestRealisticReport(t *testing.T) {
	if *reportFiles == "" {
		t.Skip("a measurement: run with -realistic.files F,…")
	}
	for _, name := range strings.Split(*reportFiles, ",") {
		ps, err := problem.ReadJSONLFile(name)
		if err != nil {
			t.Fatal(err)
		}
		lengths := map[int]int{}
		castles := map[[2]int]int{}
		inCamp, castled, top := 0, 0, 0
		for _, p := range ps {
			lengths[len(p.Line)]++
			in, guards := selfplay.Shelter(&p.Position, shogi.White)
			if in {
				inCamp++
			}
			if guards >= selfplay.CastleGuards {
				castled++
			}
			if g := p.Provenance.Game; g != nil {
				k := [2]int{g.Game, g.Move}
				castles[k]++
				top = max(top, castles[k])
			}
		}
		n := max(len(ps), 1)
		t.Logf("%s: %d problems, lengths %v; king in its camp %d (%.0f%%), %d+ guards %d (%.0f%%); %d castles, at most %d problems on one",
			name, len(ps), lengths, inCamp, 100*float64(inCamp)/float64(n), selfplay.CastleGuards, castled, 100*float64(castled)/float64(n), len(castles), top)
	}
}
