package mine

import (
	"bytes"
	"context"
	"reflect"
	"testing"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/record"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/verdict"
)

// mineProblems mines the game text with problems, from a file a.kif as
// game 2, the 7th of the collection.
func mineProblems(t *testing.T, text string, headers ...record.KIFHeader) *Result {
	t.Helper()
	g := readUSI(t, text)
	g.Headers = headers
	res, err := newMiner(t, Options{Problems: true}).MineGame(context.Background(), g, Source{File: "a.kif", Game: 2, Ordinal: 7})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// checkSound re-judges a mined problem from its position alone: a mate of
// its length under the tsume conventions, its line a solution, the
// verdict sound or with blemishes, a 駒余り allowed only when the problem
// declares it (leftover).
func checkSound(t *testing.T, p *problemLike) {
	t.Helper()
	s, err := mate.NewSolver(mate.SolverOptions{HashMB: 16, DefenderHand: mate.AsGiven})
	if err != nil {
		t.Fatal(err)
	}
	sol, err := s.Solve(context.Background(), &p.pos)
	if err != nil || sol.Status != mate.Mate || !sol.LengthExact || sol.Length != len(p.line) || !sol.Unique {
		t.Fatalf("%s: solved again %+v, %v; want a unique mate of %d", p.pos.SFEN(), sol, err, len(p.line))
	}
	if err := mate.VerifyLine(&p.pos, p.line, mate.Discount); err != nil {
		t.Error(err)
	}
	v, err := verdict.Judge(context.Background(), sol, verdict.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range v.Findings {
		if f.Severity == verdict.Flaw && (f.Class != verdict.Leftover || f.Spare.String() != p.leftover) || f.Undecided {
			t.Errorf("%s: %s (%s), declared leftover %q", p.pos.SFEN(), f.Class, f.Severity, p.leftover)
		}
	}
}

type problemLike struct {
	pos      shogi.Position
	line     []shogi.Move
	leftover string
}

// Each mate found is a candidate; a sound one is kept with its themes,
// quality score and provenance: the file, the game, the move, the players
// and the date.
func TestProblemOfPlayedMate(t *testing.T) {
	res := mineProblems(t, gameMate1, record.KIFHeader{Key: "先手", Value: "甲"}, record.KIFHeader{Key: "後手", Value: "乙"},
		record.KIFHeader{Key: "開始日時", Value: "2026/12/01"})
	if res.Candidates != 1 || len(res.Problems) != 1 {
		t.Fatalf("%d candidates, %d problems; want 1 and 1", res.Candidates, len(res.Problems))
	}
	p := res.Problems[0]
	checkSound(t, &problemLike{p.Position, p.Line, p.Provenance.Game.Leftover})
	if p.Position.SFEN() != "4k4/9/p3P3p/9/9/9/9/9/4K4 b G 1" || p.Line[0].String() != "G*5b" {
		t.Errorf("problem %s %v, want the game's position and G*5b", p.Position.SFEN(), p.Line)
	}
	if p.Quality == nil || p.Themes == nil || p.Verdict != "sound" {
		t.Errorf("quality %v themes %v verdict %q; want a score, the themes, sound", p.Quality, p.Themes, p.Verdict)
	}
	pv := p.Provenance
	if pv.Method != "mine" || pv.Seed != 7 || pv.Index != 0 || pv.Game == nil ||
		*pv.Game != (problem.GameSource{File: "a.kif", Game: 2, Move: 1, Black: "甲", White: "乙", Date: "2026/12/01"}) {
		t.Errorf("provenance %+v %+v", pv, pv.Game)
	}
}

// A mate by White is turned into a problem with Black to move: the
// position flipped, the mate the same.
func TestProblemFlipped(t *testing.T) {
	res := mineProblems(t, gameAllowed)
	if len(res.Problems) != 1 {
		t.Fatalf("%d problems, want 1", len(res.Problems))
	}
	p := res.Problems[0]
	checkSound(t, &problemLike{p.Position, p.Line, p.Provenance.Game.Leftover})
	if p.Position.SideToMove() != shogi.Black || !p.Provenance.Game.Flipped || p.Provenance.Game.Move != 2 || p.Provenance.Index != 1 {
		t.Errorf("problem %s, provenance %+v; want Black to move, flipped, move 2", p.Position.SFEN(), *p.Provenance.Game)
	}
	if got, want := p.Position.SFEN(), "4k4/9/4P4/9/9/9/9/9/4K4 b G 2"; got != want {
		t.Errorf("flipped position %s, want %s", got, want)
	}
}

// A mate that leaves the attacker pieces in hand (駒余り) has the
// pieces it held and did not need taken out: the problem of a game
// position with two golds in hand and a mate by one is the position with
// one, its provenance saying which piece went.
func TestLeftoverRemoved(t *testing.T) {
	res := mineProblems(t, "position sfen 4k4/9/p3P3p/9/9/9/9/9/4K4 b 2G 1 moves G*5b")
	if res.Candidates != 1 || len(res.Problems) != 1 {
		t.Fatalf("%d candidates, %d problems; want 1 and 1", res.Candidates, len(res.Problems))
	}
	p := res.Problems[0]
	checkSound(t, &problemLike{p.Position, p.Line, p.Provenance.Game.Leftover})
	if got := p.Position.SFEN(); got != "4k4/9/p3P3p/9/9/9/9/9/4K4 b G 1" || p.Provenance.Game.Removed != "G" {
		t.Errorf("problem %s, removed %q; want one gold in hand, G removed", got, p.Provenance.Game.Removed)
	}
}

// Flip turned twice is the position again, and a mate of the side to move
// is a mate of the flipped position's side to move.
func TestFlip(t *testing.T) {
	for _, sfen := range []string{"4k4/9/9/9/9/9/4p4/9/4K4 w g 2", "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2",
		"7k1/9/7S1/9/9/9/9/9/K8 b Rr2b4g3s4n4l18p 1"} {
		p, err := shogi.ParseSFEN(sfen)
		if err != nil {
			t.Fatal(err)
		}
		f := Flip(&p)
		if back := Flip(&f); back.SFEN() != sfen {
			t.Errorf("Flip(Flip(%s)) = %s", sfen, back.SFEN())
		}
		if f.SideToMove() == p.SideToMove() || f.Validate() != nil {
			t.Errorf("Flip(%s) = %s: side %v, %v", sfen, f.SFEN(), f.SideToMove(), f.Validate())
		}
		s, _ := mate.NewSolver(mate.SolverOptions{HashMB: 1, DefenderHand: mate.AsGiven})
		a, _ := s.MateWithin(context.Background(), &p, 5)
		b, _ := s.MateWithin(context.Background(), &f, 5)
		if a.Status != b.Status || a.Length != b.Length {
			t.Errorf("%s: %v in %d, flipped %v in %d", sfen, a.Status, a.Length, b.Status, b.Length)
		}
	}
}

// A report survives its JSON form: findings of the three kinds and
// problems.
func TestReportJSONRoundTrip(t *testing.T) {
	var reps []Report
	for i, text := range []string{gameMissed, gameAllowed, gameLonger} {
		g := readUSI(t, text)
		g.Headers = []record.KIFHeader{{Key: "先手", Value: "甲"}, {Key: "後手", Value: "乙"}}
		src := Source{File: "games.kif", Game: i, Ordinal: i}
		res, err := newMiner(t, Options{Problems: true}).MineGame(context.Background(), g, src)
		if err != nil {
			t.Fatal(err)
		}
		reps = append(reps, NewReport(g, src, res))
	}
	var b bytes.Buffer
	if err := WriteJSONL(&b, reps); err != nil {
		t.Fatal(err)
	}
	back, err := ReadJSONL(bytes.NewReader(b.Bytes()), "reports")
	if err != nil {
		t.Fatal(err)
	}
	if len(back) != len(reps) {
		t.Fatalf("read back %d reports, want %d", len(back), len(reps))
	}
	for i := range reps {
		if !reflect.DeepEqual(reps[i], back[i]) {
			t.Errorf("report %d read back as\n%+v\nwant\n%+v", i, back[i], reps[i])
		}
	}
	for _, bad := range []string{`{"findings":[{"kind":"lost"}]}`, `{"findings":[{"kind":"missed","sfen":"4k4/9/9/9/9/9/9/9/4K4 b G 1","side":"black","played":"5a5b"}]}`} {
		if _, err := ReadJSONL(bytes.NewReader([]byte(bad)), "bad"); err == nil {
			t.Errorf("%s read without error", bad)
		}
	}
}

// Games of tsume's engine against itself (tsume match --nodes 20000
// --random-plies 8 --seed 1): the mates found, each verified from its
// position, and the problems, each judged again.
func TestSelfPlayGames(t *testing.T) {
	want := map[string][]string{
		"testdata/selfplay-1.kif": {"played@69", "played@71", "played@73"},
		"testdata/selfplay-3.kif": {"missed@81", "played@83"},
	}
	m := newMiner(t, Options{Problems: true})
	problems := 0
	for file, kindsWant := range want {
		g := readKIFFile(t, file)
		res, err := m.MineGame(context.Background(), g, Source{File: file})
		if err != nil {
			t.Fatal(err)
		}
		if got := kinds(res); !equal(got, kindsWant) {
			t.Errorf("%s: findings %v, want %v", file, got, kindsWant)
		}
		for _, f := range res.Findings {
			verify(t, f, m.Options().MaxLength)
		}
		problems += len(res.Problems)
		for _, p := range res.Problems {
			checkSound(t, &problemLike{p.Position, p.Line, p.Provenance.Game.Leftover})
			if p.Provenance.Game.Black != "tsume" || p.Provenance.Game.Date == "" {
				t.Errorf("%s: provenance %+v", file, *p.Provenance.Game)
			}
		}
	}
	if problems == 0 {
		t.Error("no problem of the two games")
	}
}

// The candidate problems judged by two workers, while they mine the
// game, are the problems judged one after another by one worker once
// the game is mined: the same problems in the same order, and each the
// problem Judge makes of its position alone.
func TestParallelSameProblems(t *testing.T) {
	one, two := newMiner(t, Options{Problems: true}), newMiner(t, Options{Problems: true, Parallel: 2})
	problems := 0
	for _, file := range []string{"testdata/selfplay-1.kif", "testdata/selfplay-3.kif"} {
		g := readKIFFile(t, file)
		a, err := one.MineGame(context.Background(), g, Source{File: file})
		if err != nil {
			t.Fatal(err)
		}
		b, err := two.MineGame(context.Background(), g, Source{File: file})
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%s: one worker: %d problems of %d candidates; two: %d of %d", file, len(a.Problems), a.Candidates, len(b.Problems), b.Candidates)
		}
		for _, p := range b.Problems {
			pos := g.Start
			for _, mv := range g.Moves[:p.Provenance.Index] {
				pos.DoMove(mv)
			}
			alone, _, _, ok := newMiner(t, Options{Problems: true}).Judge(context.Background(), &pos)
			alone.Provenance = p.Provenance
			if !ok || !reflect.DeepEqual(alone, p) {
				t.Errorf("%s, ply %d: judged alone %v, a problem %v; want the mined one", file, p.Provenance.Index, ok, alone.Position.SFEN())
			}
		}
		problems += len(b.Problems)
	}
	if problems == 0 {
		t.Error("no problem: the judgements are not tested")
	}
}
