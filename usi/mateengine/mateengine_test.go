package mateengine

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/usi"
	"github.com/tsume-shogi/tsume/usi/usitest"
)

// Positions of the tests.
const (
	uMate3    = "8k/9/9/7Rs/9/9/9/9/9 b B 1"                                                       // B*3c 1a1b 3c2b+
	uNoMate   = "4k4/9/9/9/9/9/9/9/9 b G 1"                                                        // a gold alone cannot mate
	uLong     = "g3p3+r/3lPG3/1s4ppp/1l1B4P/L2b1kPl1/3+p3+R+p/3+p2+s1S/+NP+p1gS3/1g+p2P3 b 4P3n 1" // 寿, 611 plies: never solved in a test
	uGameMate = "4k4/9/4S4/9/9/9/9/9/4K4 b G 1"                                                    // both kings; G*5b mates
	uMated    = "4k4/4G4/4S4/9/9/9/9/9/4K4 w - 1"
)

const timeout = usitest.Timeout

func newTest() *Handler { return New(usi.ID{Name: "tsume test", Author: "the tests"}) }

// position reads "startpos …" or an SFEN with optional moves.
func position(t *testing.T, s string) usi.Position {
	t.Helper()
	f := strings.Fields(s)
	if f[0] != "startpos" {
		f = append([]string{"sfen"}, f...)
	}
	p, err := usi.ParsePosition(f)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// checkLegal checks that move is a legal move of pos.
func checkLegal(t *testing.T, pos usi.Position, move string) {
	t.Helper()
	if _, err := pos.Current.ParseUSIMove(move); err != nil {
		t.Errorf("bestmove %s: %v", move, err)
	}
}

func TestOptions(t *testing.T) {
	h := newTest()
	if h.cfg != (config{hashMB: 256, futile: mate.Discount, hand: mate.Remaining, threads: 1}) || h.quickMS != 200 {
		t.Errorf("defaults: %+v, quick %d", h.cfg, h.quickMS)
	}
	var hash usi.Option
	for _, o := range h.Options() {
		if o.Name == "USI_Hash" {
			hash = o
		}
	}
	if hash.Type != usi.Spin || hash.Min != 1 || hash.Max != int64(mate.MaxHashMB()) || hash.Default != "256" {
		t.Errorf("USI_Hash declared as %+v", hash)
	}
	for _, c := range []struct {
		name string
		v    usi.Value
	}{
		{"USI_Hash", usi.Value{Int: 16}}, {"MateNodes", usi.Value{Int: 5000}}, {"FutileRule", usi.Value{Text: "count"}},
		{"DefenderHand", usi.Value{Text: "as-given"}}, {"QuickMateMs", usi.Value{Int: 0}}, {"Threads", usi.Value{Int: 2}},
	} {
		if err := h.SetOption(c.name, c.v); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	if h.cfg != (config{hashMB: 16, mateNodes: 5000, futile: mate.Count, hand: mate.AsGiven, threads: 2}) || h.quickMS != 0 {
		t.Errorf("set: %+v, quick %d", h.cfg, h.quickMS)
	}
	if err := h.SetOption("Frob", usi.Value{}); err == nil {
		t.Error("Frob: no error")
	}

	// The solver is built once for a set of options, again when they change.
	if err := h.Ready(); err != nil {
		t.Fatal(err)
	}
	s := h.solver
	if err := h.Ready(); err != nil || h.solver != s {
		t.Errorf("Ready twice: %v, rebuilt %v", err, h.solver != s)
	}
	h.SetOption("MateNodes", usi.Value{Int: 0})
	if err := h.Ready(); err != nil || h.solver == s || h.built != h.cfg {
		t.Errorf("Ready after a change: %v, rebuilt %v", err, h.solver != s)
	}
}

func TestMate(t *testing.T) {
	h := newTest()
	h.SetOption("USI_Hash", usi.Value{Int: 16})
	ctx := context.Background()
	r := h.Mate(ctx, &usi.Request{Position: position(t, uMate3)})
	if r.Status != usi.MateFound {
		t.Fatalf("mate in 3: %+v", r)
	}
	usitest.CheckMateLine(t, uMate3, strings.Fields(usi.MovesText(r.Moves)), 3)
	if r := h.Mate(ctx, &usi.Request{Position: position(t, uNoMate)}); r.Status != usi.NoMate {
		t.Errorf("no mate: %+v", r)
	}
	// The position after the moves is solved.
	r = h.Mate(ctx, &usi.Request{Position: position(t, "7k1/9/9/7Rs/9/9/9/9/9 w B 1 moves 2a1a")})
	usitest.CheckMateLine(t, "8k/9/9/7Rs/9/9/9/9/9 b B 2", strings.Fields(usi.MovesText(r.Moves)), 3)

	// A node limit ends the search.
	h.SetOption("MateNodes", usi.Value{Int: 10000})
	if r := h.Mate(ctx, &usi.Request{Position: position(t, uLong)}); r.Status != usi.MateTimeout {
		t.Errorf("node limit: %+v", r)
	}
	h.SetOption("MateNodes", usi.Value{Int: 0})
	// So does the context.
	tctx, cancel := context.WithTimeout(ctx, 200*time.Millisecond)
	defer cancel()
	if r := h.Mate(tctx, &usi.Request{Position: position(t, uLong)}); r.Status != usi.MateTimeout {
		t.Errorf("timeout: %+v", r)
	}
}

func TestGo(t *testing.T) {
	h := newTest()
	ctx := context.Background()
	for _, c := range []struct{ pos, want string }{
		{uGameMate, "G*5b"},
		{uMated, "resign"},
	} {
		if b := h.Go(ctx, &usi.Request{Position: position(t, c.pos)}); b.Move.String() != c.want && !(c.want == "resign" && b.Move == shogi.NoMove) {
			t.Errorf("%s: %+v, want %s", c.pos, b, c.want)
		}
	}
	pos := position(t, "startpos moves 7g7f 3c3d")
	checkLegal(t, pos, h.Go(ctx, &usi.Request{Position: pos}).Move.String())

	// searchmoves restrict the answer, also a mate.
	pos = position(t, uGameMate)
	only, err := pos.Current.ParseUSIMove("G*4b")
	if err != nil {
		t.Fatal(err)
	}
	if b := h.Go(ctx, &usi.Request{Position: pos, SearchMoves: []shogi.Move{only}}); b.Move != only {
		t.Errorf("searchmoves G*4b: %v", b.Move)
	}
	// Without QuickMateMs, no search: the fallback move.
	h.SetOption("QuickMateMs", usi.Value{Int: 0})
	if b := h.Go(ctx, &usi.Request{Position: position(t, uGameMate)}); b.Move.String() != "G*5b" {
		t.Errorf("no quick search: %v", b.Move)
	}
}

// TestFallbackMove: the move chosen without search is legal, takes a
// free piece, avoids a mate in 1 for the opponent, and is resign only
// without a legal move.
func TestFallbackMove(t *testing.T) {
	for _, c := range []struct{ sfen, want string }{
		{uMated, "resign"},
		{uGameMate, "G*5b"},
		// A free rook on 5e: take it.
		{"4k4/9/9/9/4r4/9/9/4R4/4K4 b - 1", "5h5e"},
		// After 7g7f 3c3d the bishops face each other: trade.
		{"lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 1", "8h2b+"},
	} {
		p, err := shogi.ParseSFEN(c.sfen)
		if err != nil {
			t.Fatal(err)
		}
		if got := moveText(fallbackMove(&p, nil)); got != c.want {
			t.Errorf("%s: %s, want %s", c.sfen, got, c.want)
		}
	}
	// Every position of a game of fallback moves: always legal.
	p := shogi.Startpos()
	for ply := 0; ply < 60; ply++ {
		m := fallbackMove(&p, nil)
		if m == shogi.NoMove {
			if p.HasLegalMove() {
				t.Fatalf("resign with legal moves in %s", p.SFEN())
			}
			break
		}
		mv, err := p.ParseUSIMove(m.String())
		if err != nil || mv != m {
			t.Fatalf("%s: %s: %v", p.SFEN(), m, err)
		}
		p.DoMove(mv)
	}

	// Restricted to searchmoves: one of them, resign if none is legal.
	p, _ = shogi.ParseSFEN("4k4/9/9/9/4r4/9/9/4R4/4K4 b - 1")
	a, _ := p.ParseUSIMove("5h6h")
	b, _ := p.ParseUSIMove("5h5g")
	if got := fallbackMove(&p, []shogi.Move{a, b}); got != b && got != a {
		t.Errorf("searchmoves 5h6h 5h5g: %v", got)
	}
	if got := fallbackMove(&p, []shogi.Move{}); got != shogi.NoMove {
		t.Errorf("no searchmoves: %v", got)
	}
}

// moveText is m in USI, resign for NoMove.
func moveText(m shogi.Move) string {
	if m == shogi.NoMove {
		return "resign"
	}
	return m.String()
}
