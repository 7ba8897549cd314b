package theme

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
)

// line parses a USI line from pos.
func parseLine(t *testing.T, pos shogi.Position, moves ...string) []shogi.Move {
	t.Helper()
	var line []shogi.Move
	for _, s := range moves {
		m, err := pos.ParseUSIMove(s)
		if err != nil {
			t.Fatal(err)
		}
		line = append(line, m)
		pos.DoMove(m)
	}
	return line
}

// TestFindRefusesBadLines: a line that is not a tsume solution is an
// error naming the ply, never a guess.
func TestFindRefusesBadLines(t *testing.T) {
	pos, err := shogi.ParseSFEN("9/9/9/9/9/9/9/2s6/krB6 b RGb3g3s4n4l18p 1")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		moves []string
		ply   int
	}{
		{"even length", []string{"G*9h", "9i9h"}, 0},
		{"no mate at the end", []string{"R*9g"}, 0},
		{"not a check", []string{"7i6h", "9i9h", "R*9g"}, 1},
		{"illegal", []string{"7i7h"}, 1}, // a bishop does not step forward
	} {
		t.Run(tc.name, func(t *testing.T) {
			q := pos
			var line []shogi.Move
			for _, s := range tc.moves {
				m, err := q.ParseUSIMove(s)
				if err != nil { // an illegal move, made by hand
					from, _ := shogi.ParseSquare(s[:2])
					to, _ := shogi.ParseSquare(s[2:])
					m = shogi.NewBoardMove(q.PieceAt(from), from, to, false)
				}
				line = append(line, m)
				if q.IsLegal(m) {
					q.DoMove(m)
				}
			}
			_, err := Find(context.Background(), &pos, line, Options{})
			var le *LineError
			if !errors.As(err, &le) {
				t.Fatalf("got %v, want a *LineError", err)
			}
			if le.Ply != tc.ply {
				t.Errorf("error at ply %d, want %d: %v", le.Ply, tc.ply, err)
			}
		})
	}
}

// TestFindAcceptsFutileByCaptureEnd: a line may end where the defender
// can only interpose pieces that are taken with mate at once, futile by
// capture though not by the plain rule: the solver's lines end so
// (mate.VerifyLine), and Find takes them. The last move of 将棋無双
// 第81番's 23-ply solution: after ▲６二馬 a piece dropped on 8d is
// taken with mate.
func TestFindAcceptsFutileByCaptureEnd(t *testing.T) {
	pos, err := shogi.ParseSFEN("9/2+B1s4/1+R7/3n1p3/kn7/3+Rp4/1P2+p4/4N1B2/9 b 4g3sn4l14p 23")
	if err != nil {
		t.Fatal(err)
	}
	line := parseLine(t, pos, "7b6b")
	end := pos
	end.DoMove(line[0])
	plain := true
	for _, r := range end.LegalMoves(nil) {
		plain = plain && mate.IsFutileInterposition(&end, r)
	}
	if plain || !end.HasLegalMove() {
		t.Fatal("the test wants an end with a reply that is not futile by the plain rule")
	}
	if err := mate.VerifyLine(&pos, line, mate.Discount); err != nil {
		t.Fatalf("mate.VerifyLine: %v", err)
	}
	if _, err := Find(context.Background(), &pos, line, Options{}); err != nil {
		t.Errorf("Find: %v", err)
	}
}

// TestFindStopsWithContext: an ended context ends Find with its error.
func TestFindStopsWithContext(t *testing.T) {
	pos, _ := shogi.ParseSFEN("9/9/9/9/9/9/5G3/6+Lg1/5k1+s1 b RGr2bg3s4n3l18p 1")
	line := parseLine(t, pos, "R*6i", "4i3h", "G*3g")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Find(ctx, &pos, line, Options{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
}

// TestCatalogue: every name is distinct, has a Japanese term, and is
// found by Japanese.
func TestCatalogue(t *testing.T) {
	seen := map[string]bool{}
	for _, th := range Catalogue() {
		if seen[th.Name] || th.Japanese == "" || Japanese(th.Name) != th.Japanese {
			t.Errorf("theme %+v: duplicate or without a Japanese term", th)
		}
		seen[th.Name] = true
	}
	if Japanese("no-such-theme") != "" {
		t.Error("an unknown name has a Japanese term")
	}
}

// A three-ply problem: the gold dropped on 9h is taken by the king, which
// is mated on that square by the rook dropped next to it.
func ExampleFind() {
	pos, _ := shogi.ParseSFEN("9/9/9/9/9/9/9/2s6/krB6 b RGb3g3s4n4l18p 1")
	var line []shogi.Move
	q := pos
	for _, s := range []string{"G*9h", "9i9h", "R*9g"} {
		m, _ := q.ParseUSIMove(s)
		line = append(line, m)
		q.DoMove(m)
	}
	found, err := Find(context.Background(), &pos, line, Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range found {
		fmt.Println(f.Ply, f.Name, Japanese(f.Name))
	}
	// Output:
	// 1 sacrifice 捨て駒
	// 1 drop-sacrifice 打ち捨て
	// 1 lure 吊り出し
}

// generated reads testdata/generated.tsv, sound problems of 3, 5 and 7
// plies made by tsume generate.
func generated(tb testing.TB) []problem.Problem {
	tb.Helper()
	ps, err := problem.ReadTSVFile("testdata/generated.tsv")
	if err != nil {
		tb.Fatal(err)
	}
	return ps
}

// TestFindOnGenerated: every generated problem's line is accepted, and
// the same line gives the same themes with a solver of the caller's as
// with the one Find makes.
func TestFindOnGenerated(t *testing.T) {
	solver, err := mate.NewSolver(mate.SolverOptions{HashMB: 16, MaxNodes: DefaultMaxNodes})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range generated(t) {
		own, err := Find(context.Background(), &p.Position, p.Line, Options{})
		if err != nil {
			t.Fatalf("%s: %v", p.ID, err)
		}
		shared, err := Find(context.Background(), &p.Position, p.Line, Options{Solver: solver})
		if err != nil {
			t.Fatalf("%s: %v", p.ID, err)
		}
		if !slices.Equal(own, shared) {
			t.Errorf("%s: %v with its own solver, %v with a shared one", p.ID, own, shared)
		}
	}
}

// BenchmarkFind finds the themes of the generated problems of each
// length, one Find a problem (ns/op is per problem), with the solver
// Find makes for itself (-bench Find/own) or one kept across calls
// (Find/shared).
func BenchmarkFind(b *testing.B) {
	byLength := map[int][]problem.Problem{}
	for _, p := range generated(b) {
		byLength[len(p.Line)] = append(byLength[len(p.Line)], p)
	}
	solver, err := mate.NewSolver(mate.SolverOptions{HashMB: 16, MaxNodes: DefaultMaxNodes})
	if err != nil {
		b.Fatal(err)
	}
	for _, mode := range []string{"own", "shared"} {
		for _, n := range []int{3, 5, 7} {
			b.Run(fmt.Sprintf("%s/plies=%d", mode, n), func(b *testing.B) {
				opts := Options{}
				if mode == "shared" {
					opts.Solver = solver
				}
				ps := byLength[n]
				for i := 0; b.Loop(); i++ {
					p := &ps[i%len(ps)]
					if _, err := Find(context.Background(), &p.Position, p.Line, opts); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// TestSummary: the themes in Japanese, grouped by ply.
func TestSummary(t *testing.T) {
	got := Summary([]Found{{Sacrifice, 1}, {Lure, 1}, {HeadGold, 3}, {"no-such-theme", 3}})
	if want := "1手目 捨て駒・吊り出し、3手目 頭金・no-such-theme"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if Summary(nil) != "" {
		t.Error("no themes: not empty")
	}
}

// TestParseNames: a filter's list of themes is read against the
// catalogue; a name it does not have is an error that lists the names.
func TestParseNames(t *testing.T) {
	got, err := ParseNames(" lure, head-gold,lure")
	if err != nil || !slices.Equal(got, []string{Lure, HeadGold}) {
		t.Errorf("ParseNames: %v, %v; want [lure head-gold]", got, err)
	}
	if got, err := ParseNames(""); got != nil || err != nil {
		t.Errorf("ParseNames(\"\"): %v, %v; want nothing", got, err)
	}
	for _, bad := range []string{"lure,flying", "lure,,head-gold", "Lure"} {
		_, err := ParseNames(bad)
		var u *UnknownNameError
		if !errors.As(err, &u) {
			t.Errorf("ParseNames(%q): %v, want an *UnknownNameError", bad, err)
			continue
		}
		if !strings.Contains(err.Error(), "focal-sacrifice") || !strings.Contains(err.Error(), "pin-mate") {
			t.Errorf("ParseNames(%q): %v does not list the themes", bad, err)
		}
	}
}
