package mine

import (
	"context"
	"flag"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/record"
)

var perGameFile = flag.String("mine.pergame", "", "BenchmarkPerGameTimes: a file of game records to mine one game at a time")

// BenchmarkPerGameTimes measures what issue 27's bar for one game is about:
// each game of -mine.pergame mined alone with two solvers (as `tsume
// mine --workers 2 FILE` mines a file of one game), its wall time, and
// the distribution over the file (median, 90th, 99th percentile, the
// slowest, the games over one second), for the games of 110–130 plies
// (the bar's "120-move game") and for all.
// docs/performance.md ("Mining game records") reports its figures.
//
//	go test ./mine -run '^$' -bench PerGameTimes -benchtime 1x -timeout 60m -mine.pergame FILE
func BenchmarkPerGameTimes(b *testing.B) {
	if *perGameFile == "" {
		b.Skip("no -mine.pergame file")
	}
	for b.Loop() {
		perGameTimes(b)
	}
}

// perGameTimes mines each game of -mine.pergame and logs the distribution.
func perGameTimes(b *testing.B) {
	data, err := os.ReadFile(*perGameFile)
	if err != nil {
		b.Fatal(err)
	}
	games, errs := record.ReadRecordsSkipping(data)
	if len(errs) > 0 {
		b.Fatalf("%s: %v", *perGameFile, errs[0])
	}
	m, err := New(Options{Parallel: 2})
	if err != nil {
		b.Fatal(err)
	}
	type timed struct {
		game, plies int
		wall        time.Duration
	}
	var all []timed
	var total time.Duration
	for i, g := range games {
		start := time.Now()
		if _, err := m.MineGame(context.Background(), g, Source{File: *perGameFile, Game: i}); err != nil {
			b.Fatalf("game %d: %v", i+1, err)
		}
		d := time.Since(start)
		total += d
		all = append(all, timed{i + 1, len(g.Moves), d})
	}
	b.Logf("%d games in %.1f s", len(games), total.Seconds())
	slices.SortFunc(all, func(a, b timed) int { return int(a.wall - b.wall) })
	report := func(name string, ts []timed) {
		if len(ts) == 0 {
			b.Logf("%s: no game", name)
			return
		}
		at := func(q float64) time.Duration { return ts[min(len(ts)-1, int(q*float64(len(ts))))].wall }
		over := 0
		for _, x := range ts {
			if x.wall >= time.Second {
				over++
			}
		}
		last := ts[len(ts)-1]
		b.Logf("%s: %d games, median %.3f s, 90th %.3f s, 99th %.3f s, slowest %.3f s (game %d, %d plies); %d over 1 s",
			name, len(ts), at(0.5).Seconds(), at(0.9).Seconds(), at(0.99).Seconds(), last.wall.Seconds(), last.game, last.plies, over)
		for _, x := range ts[max(0, len(ts)-5):] {
			b.Logf("  game %d (%d plies): %.3f s", x.game, x.plies, x.wall.Seconds())
		}
	}
	report("every game", all)
	report("110–130 plies", slices.DeleteFunc(slices.Clone(all), func(x timed) bool { return x.plies < 110 || x.plies > 130 }))
}
