package match

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/record"
	"github.com/tsume-shogi/tsume/referee"
	"github.com/tsume-shogi/tsume/shogi"
)

// testTime is generous beyond the byoyomi, so that a loaded machine
// does not make the random mover lose on time.
var testTime = TimeControl{Byoyomi: 200 * time.Millisecond, Margin: 300 * time.Millisecond}

// TestGameFaults plays a game between a faulty script, black, and the
// random mover, and checks that the script loses for the right reason.
func TestGameFaults(t *testing.T) {
	cases := []struct {
		mode   string
		reason referee.Reason
	}{
		{"illegal@2", referee.ReasonIllegal},
		{"badmove", referee.ReasonGarbage},
		{"timeout@1", referee.ReasonTime},
		{"slow", referee.ReasonTime},
		{"crash@3", referee.ReasonCrash},
		{"resign@2", referee.ReasonResign},
		{"garbage", referee.ReasonGarbage},
		{"flood", referee.ReasonGarbage},
		{"win@1", referee.ReasonBadDeclare},
	}
	for _, c := range cases {
		t.Run(c.mode, func(t *testing.T) {
			black, err := Start(context.Background(), fake(c.mode))
			if err != nil {
				t.Fatal(err)
			}
			defer black.Close()
			white, err := Start(context.Background(), fake("random"))
			if err != nil {
				t.Fatal(err)
			}
			defer white.Close()
			g, err := PlayGame(context.Background(), black, white, referee.Opening{Start: shogi.Startpos(), Name: "startpos"}, GameConfig{Time: testTime, MaxPlies: 100})
			if err != nil {
				t.Fatal(err)
			}
			if g.Winner != referee.WhiteWins || g.Reason != c.reason {
				t.Errorf("%s (%d plies); want white to win by %s", g.Summary(), len(g.Moves), c.reason)
			}
			if g.Reason == referee.ReasonTime && !strings.Contains(g.Detail, "fake-") {
				t.Errorf("detail %q does not name the engine", g.Detail)
			}
			// The records are complete and read back.
			checkRecords(t, g)
		})
	}
}

// TestNotReadyBeforeGame checks that an engine that stops answering
// isready loses the game without a move played.
func TestNotReadyBeforeGame(t *testing.T) {
	black, err := Start(context.Background(), fake("random"))
	if err != nil {
		t.Fatal(err)
	}
	defer black.Close()
	white, err := Start(context.Background(), fake("random"))
	if err != nil {
		t.Fatal(err)
	}
	defer white.Close()
	white.cfg.StartTimeout = 200 * time.Millisecond
	white.in.Write([]byte("quit\n")) // the process ends: isready goes unanswered
	g, err := PlayGame(context.Background(), black, white, referee.Opening{Start: shogi.Startpos(), Name: "startpos"}, GameConfig{Time: testTime})
	if err != nil {
		t.Fatal(err)
	}
	if g.Winner != referee.BlackWins || g.Reason != referee.ReasonNotReady || len(g.Moves) != 0 {
		t.Errorf("%s (%d plies); want black to win, white not ready", g.Summary(), len(g.Moves))
	}
}

// checkRecords writes a game as KIF and CSA and reads both back: the
// same start, the same moves and an ending.
func checkRecords(t *testing.T, g *Game) {
	t.Helper()
	kif, err := g.KIF("test", testTime)
	if err != nil {
		t.Fatal(err)
	}
	csa, err := g.CSA("test", testTime)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []struct {
		name string
		read func([]byte) (*record.Game, error)
		text string
	}{{"KIF", record.ReadKIF, kif}, {"CSA", record.ReadCSA, csa}} {
		rg, err := r.read([]byte(r.text))
		if err != nil {
			t.Errorf("%s does not read back: %v\n%s", r.name, err, r.text)
			continue
		}
		if rg.Start.SFEN() != g.Opening.Start.SFEN() || len(rg.Moves) != len(g.Moves) || rg.End == "" {
			t.Errorf("%s reads back as %s, %d moves, end %q; want %s, %d moves and an end\n%s",
				r.name, rg.Start.SFEN(), len(rg.Moves), rg.End, g.Opening.Start.SFEN(), len(g.Moves), r.text)
			continue
		}
		times := 0
		for _, c := range rg.Comments {
			if strings.HasPrefix(c.Text, "time ") {
				times++
				if k := c.Ply - len(g.Opening.Moves) - 1; k < 0 || k >= len(g.Times) || !strings.HasPrefix(c.Text, fmt.Sprintf("time %dms", g.Times[k].Milliseconds())) {
					t.Errorf("%s: comment %q after ply %d", r.name, c.Text, c.Ply)
				}
			}
		}
		if times != len(g.Times) || len(g.Times) != len(g.Moves)-len(g.Opening.Moves) {
			t.Errorf("%s: %d time comments, %d times, %d moves after the opening", r.name, times, len(g.Times), len(g.Moves)-len(g.Opening.Moves))
		}
		for i := range rg.Moves {
			if rg.Moves[i] != g.Moves[i] {
				t.Errorf("%s move %d reads back as %s; want %s", r.name, i+1, rg.Moves[i], g.Moves[i])
				break
			}
		}
	}
}

// TestRandomMatch plays the random mover against itself from random
// openings and checks the score, the colours and the files.
func TestRandomMatch(t *testing.T) {
	ops, err := RandomOpenings(7, 2, 6)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var progress strings.Builder
	res, err := Run(context.Background(), Config{
		Engines:  [2]EngineConfig{fake("random"), fake("random")},
		Games:    4,
		Openings: ops,
		Game:     GameConfig{Time: TimeControl{Main: 2 * time.Second, Increment: 100 * time.Millisecond, Margin: 50 * time.Millisecond}, MaxPlies: 80},
		OutDir:   dir,
		Progress: &progress,
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Games) != 4 || res.Stats.Games() != 4 {
		t.Fatalf("%d games, stats %v; want 4", len(res.Games), res.Stats)
	}
	if strings.Count(progress.String(), "\n") != 4 {
		t.Errorf("progress:\n%s", progress.String())
	}
	for i, g := range res.Games {
		if res.FirstBlack[i] != (i%2 == 0) {
			t.Errorf("game %d: first engine black %v", i+1, res.FirstBlack[i])
		}
		op := ops[i/2]
		if len(g.Moves) < len(op.Moves) || usiText(g.Moves[:len(op.Moves)]) != usiText(op.Moves) {
			t.Errorf("game %d does not start with opening %s", i+1, op.Name)
		}
		if g.Reason != referee.ReasonMaxPlies && g.Reason != referee.ReasonMate && g.Reason != referee.ReasonRepetition && g.Reason != referee.ReasonPerpetualCheck {
			t.Errorf("game %d: %s; want an ending by the rules", i+1, g.Summary())
		}
		for _, ext := range []string{".kif", ".csa"} {
			data, err := os.ReadFile(filepath.Join(dir, "game-00"+string(rune('1'+i))+ext))
			if err != nil {
				t.Fatal(err)
			}
			rg, err := record.ReadAny(data)
			if err != nil || len(rg.Moves) != len(g.Moves) {
				t.Errorf("game %d%s: %v", i+1, ext, err)
			}
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 8 {
		t.Errorf("%d files in the output directory; want 8", len(entries))
	}
}

func usiText(ms []shogi.Move) string {
	var s []string
	for _, m := range ms {
		s = append(s, m.String())
	}
	return strings.Join(s, " ")
}

// TestRunRestartsBrokenEngine checks that an engine that crashed is
// started again for the next game.
func TestRunRestartsBrokenEngine(t *testing.T) {
	res, err := Run(context.Background(), Config{
		Engines: [2]EngineConfig{fake("crash@1"), fake("random")},
		Games:   2,
		Game:    GameConfig{Time: testTime, MaxPlies: 20},
	})
	if err != nil {
		t.Fatal(err)
	}
	for i, g := range res.Games {
		if g.Reason != referee.ReasonCrash {
			t.Errorf("game %d: %s; want a crash", i+1, g.Summary())
		}
	}
	if res.Stats != (Stats{Losses: 2}) {
		t.Errorf("stats %v; want 2 losses", res.Stats)
	}
}

// TestRunInterrupted cancels a match during its second game: Run returns
// the first, its files are complete and nothing else is left behind.
func TestRunInterrupted(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var progress strings.Builder
	w := &cancelAfter{Builder: &progress, cancel: cancel}
	res, err := Run(ctx, Config{
		Engines:  [2]EngineConfig{fake("random"), fake("random")},
		Games:    10,
		Game:     GameConfig{Time: testTime, MaxPlies: 30},
		OutDir:   dir,
		Progress: w,
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Run = %v; want context.Canceled", err)
	}
	if len(res.Games) != 1 {
		t.Fatalf("%d games; want 1", len(res.Games))
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if strings.Join(names, " ") != "game-001.csa game-001.kif" {
		t.Errorf("files %v; want game-001.csa game-001.kif", names)
	}
}

// cancelAfter cancels when the first progress line is written.
type cancelAfter struct {
	*strings.Builder
	cancel func()
}

func (c *cancelAfter) Write(p []byte) (int, error) {
	c.cancel()
	return c.Builder.Write(p)
}

func TestRandomOpenings(t *testing.T) {
	a, _ := RandomOpenings(1, 5, 8)
	b, _ := RandomOpenings(1, 5, 8)
	c, _ := RandomOpenings(2, 5, 8)
	if len(a) != 5 {
		t.Fatalf("%d openings", len(a))
	}
	same := true
	for i := range a {
		if len(a[i].Moves) != 8 || usiText(a[i].Moves) != usiText(b[i].Moves) {
			t.Errorf("opening %d: %s and %s from the same seed", i, usiText(a[i].Moves), usiText(b[i].Moves))
		}
		same = same && usiText(a[i].Moves) == usiText(c[i].Moves)
		p := a[i].Start
		for _, m := range a[i].Moves {
			if !p.IsLegal(m) {
				t.Fatalf("opening %d: %s is illegal", i, m)
			}
			p.DoMove(m)
		}
	}
	if same {
		t.Error("seeds 1 and 2 give the same openings")
	}
}

func TestReadOpenings(t *testing.T) {
	text := "# openings\nposition startpos moves 7g7f 3c3d\n\nsfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2 moves 3c3d\n"
	ops, err := ReadOpenings("book.txt", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	if len(ops) != 2 || ops[0].Name != "book.txt:2" || len(ops[0].Moves) != 2 || ops[1].Name != "book.txt:4" || ops[1].Start.SideToMove() != shogi.White {
		t.Errorf("%+v", ops)
	}
	if _, err := ReadOpenings("bad.txt", []byte("position startpos moves 7g7f 7g7f\n")); err == nil {
		t.Error("an illegal opening is read")
	}
	if _, err := ReadOpenings("over.txt", []byte("4k4/4G4/4S4/9/9/9/9/9/4K4 w - 1\n")); err == nil {
		t.Error("a lost position is read as an opening")
	}
}

func TestElo(t *testing.T) {
	near := func(a, b float64) bool { return math.Abs(a-b) < 0.05 }
	// 75%: 400·log10(3) = 190.85.
	if e := EloFromScore(0.75); !near(e, 190.85) {
		t.Errorf("EloFromScore(0.75) = %v", e)
	}
	if e := EloFromScore(0.5); e != 0 {
		t.Errorf("EloFromScore(0.5) = %v", e)
	}
	// 6 wins, 1 draw, 3 losses: mean 0.65; per-game variance
	// (6·0.35² + 0.15² + 3·0.65²)/10 = 0.2025, standard error
	// √(0.2025/10) = 0.1423; the interval 0.65 ∓ 0.2789.
	s := Stats{Wins: 6, Draws: 1, Losses: 3}
	elo, low, high := s.Elo()
	if !near(elo, EloFromScore(0.65)) || !near(low, EloFromScore(0.65-1.96*math.Sqrt(0.02025))) || !near(high, EloFromScore(0.65+1.96*math.Sqrt(0.02025))) {
		t.Errorf("Elo() = %v, %v, %v", elo, low, high)
	}
	// docs/match.md's example: 30 wins, 10 losses.
	if elo, low, high := (Stats{Wins: 30, Losses: 10}).Elo(); !near(elo, 190.85) || !near(low, 81.96) || !near(high, 353.12) {
		t.Errorf("30-0-10: Elo() = %v, %v, %v; want 190.85, 81.96, 353.12", elo, low, high)
	}
	if got := (Stats{Wins: 1, Losses: 1}).String(); !strings.Contains(got, "score 50.0%, Elo +0.0 [-inf, +inf]") {
		t.Errorf("String() = %q", got)
	}
}

// TestEloAllLost: losses only have no point estimate but a finite upper
// bound, from the scores under which n losses in a row have a
// probability of 2.5% or more: 1 − 0.025^(1/n), 84.2% for two games
// (+290.5 Elo), 30.8% for ten (−140.2 Elo).
func TestEloAllLost(t *testing.T) {
	near := func(a, b float64) bool { return math.Abs(a-b) < 0.05 }
	elo, low, high := (Stats{Losses: 2}).Elo()
	if !math.IsInf(elo, -1) || !math.IsInf(low, -1) || !near(high, 290.51) {
		t.Errorf("0-0-2: Elo() = %v, %v, %v; want -Inf, -Inf, +290.51", elo, low, high)
	}
	if _, _, high := (Stats{Losses: 10}).Elo(); !near(high, -140.22) {
		t.Errorf("0-0-10: upper bound %v; want -140.22", high)
	}
	want := "W 0, D 0, L 2 (2 games), score 0.0%, Elo at most +290.5 (95%; no wins and no draws: no point estimate)"
	if got := (Stats{Losses: 2}).String(); got != want {
		t.Errorf("String() = %q\nwant %q", got, want)
	}
}

// TestEloAllWon: wins only mirror losses only.
func TestEloAllWon(t *testing.T) {
	near := func(a, b float64) bool { return math.Abs(a-b) < 0.05 }
	elo, low, high := (Stats{Wins: 2}).Elo()
	if !math.IsInf(elo, 1) || !near(low, -290.51) || !math.IsInf(high, 1) {
		t.Errorf("2-0-0: Elo() = %v, %v, %v; want +Inf, -290.51, +Inf", elo, low, high)
	}
	want := "W 2, D 0, L 0 (2 games), score 100.0%, Elo at least -290.5 (95%; no losses and no draws: no point estimate)"
	if got := (Stats{Wins: 2}).String(); got != want {
		t.Errorf("String() = %q\nwant %q", got, want)
	}
}

// TestEloAllDrawn: draws only give 0 with an interval, not a point: the
// draw rate is at least q = 0.025^(1/n), the score within [q/2, 1 − q/2].
func TestEloAllDrawn(t *testing.T) {
	near := func(a, b float64) bool { return math.Abs(a-b) < 0.05 }
	elo, low, high := (Stats{Draws: 2}).Elo()
	if elo != 0 || !near(low, -426.52) || !near(high, 426.52) {
		t.Errorf("0-2-0: Elo() = %v, %v, %v; want 0, -426.52, +426.52", elo, low, high)
	}
	if got := (Stats{Draws: 2}).String(); !strings.HasSuffix(got, "score 50.0%, Elo +0.0 [-426.5, +426.5] (95%)") {
		t.Errorf("String() = %q", got)
	}
}

// TestEloNoGames: no games, no numbers.
func TestEloNoGames(t *testing.T) {
	elo, low, high := (Stats{}).Elo()
	if !math.IsNaN(elo) || !math.IsNaN(low) || !math.IsNaN(high) {
		t.Errorf("0-0-0: Elo() = %v, %v, %v; want NaN", elo, low, high)
	}
	if got := (Stats{}).String(); got != "no games" {
		t.Errorf("String() = %q", got)
	}
}

func TestClock(t *testing.T) {
	c := newClock(TimeControl{Main: time.Second, Byoyomi: 500 * time.Millisecond, Margin: 10 * time.Millisecond})
	if got := c.goCommand(); got != "go btime 1000 wtime 1000 byoyomi 500" {
		t.Errorf("%q", got)
	}
	if !c.spend(shogi.Black, 1200*time.Millisecond) || c.left[shogi.Black] != 0 {
		t.Errorf("1.2s of 1s + 0.5s: left %v", c.left[shogi.Black])
	}
	if c.limit(shogi.Black) != 510*time.Millisecond || c.spend(shogi.Black, 511*time.Millisecond) {
		t.Errorf("byoyomi alone: limit %v", c.limit(shogi.Black))
	}
	f := newClock(TimeControl{Main: time.Second, Increment: 100 * time.Millisecond})
	f.spend(shogi.White, 300*time.Millisecond)
	if f.left[shogi.White] != 800*time.Millisecond || f.goCommand() != "go btime 1000 wtime 800 binc 100 winc 100" {
		t.Errorf("%q", f.goCommand())
	}
	n := newClock(TimeControl{Nodes: 20000, Margin: 10 * time.Millisecond})
	if got := n.goCommand(); got != "go nodes 20000" || n.limit(shogi.Black) != NodesTimeout+10*time.Millisecond {
		t.Errorf("by nodes: %q, limit %v", got, n.limit(shogi.Black))
	}
	if !n.spend(shogi.Black, 5*time.Second) || n.goCommand() != "go nodes 20000" {
		t.Errorf("a slow move by nodes: %q", n.goCommand())
	}
	nb := newClock(TimeControl{Nodes: 20000, Byoyomi: time.Second})
	if nb.limit(shogi.White) != time.Second || nb.spend(shogi.White, 1001*time.Millisecond) {
		t.Errorf("by nodes within a byoyomi: limit %v", nb.limit(shogi.White))
	}
	if s := (TimeControl{Nodes: 20000}).String(); s != "20000 nodes a move" {
		t.Errorf("String() = %q", s)
	}
	for _, bad := range []TimeControl{{}, {Byoyomi: 1, Increment: 1}, {Main: -1}, {Nodes: 1, Main: 1}, {Nodes: 1, Increment: 1}} {
		if bad.Check() == nil {
			t.Errorf("%+v passes Check", bad)
		}
	}
}
