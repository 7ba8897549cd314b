package shogigraph

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/graph"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
)

// corpusFile holds random tsume-like positions: Black to move, White's
// hand already holding the remaining pieces (so hands are used as given).
const corpusFile = "../../mate/testdata/tsume-like.sfen"

func readCorpus(t testing.TB) []shogi.Position {
	t.Helper()
	ps, err := problem.ReadSFENFile(corpusFile)
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

// knownMates are corpus positions with short mates found by the graph
// (and confirmed by the brute force below): mates in 3 and in 5 with
// small graphs, so that the fast tests see real 5-ply mates. The comment
// gives the corpus line, the length and a main line.
var knownMates = []string{
	"4k4/9/4S4/9/9/9/9/9/9 b G 1",                        // not from the corpus: 1, G*5b
	"7gk/7L1/8S/9/9/9/9/9/9 b 2r2b3g3s4n3l18p 1",         // line 7: 3, 2b2a+ 1a2a G*2b
	"6SkB/5s2P/5l2b/8+L/9/9/9/9/9 b 2G2r2g2s4n2l17p 1",   // 3
	"9/7Lk/5n3/8B/8+s/9/9/9/9 b GS2rb3g2s3n3l18p 1",      // 3
	"5+L2k/8p/8R/8G/9/9/9/9/9 b SPr2b3g3s4n3l16p 1",      // line 414: 5, S*2b 1a2b 1d2c 2b1a 2c1b
	"g2+N5/k8/+n1+L6/1+N7/9/9/9/9/9 b GN2r2b2g4s3l18p 1", // line 1460: 5, G*8c 9c8c 7c8c 9b8a N*7c
	"k2B5/3B5/9/G8/9/9/9/9/9 b 2G2rg4s4n4l18p 1",         // line 1215: 5, G*8a 9a8a 6b7a+ 8a7a G*7b
	"9/8L/6+B1k/9/8+B/7G1/9/9/9 b SP2r3g3s4n3l17p 1",     // line 1830: 5, 1e2d 1c1b 2d2c 1b2a 2c2b
	"S3p4/2k6/9/G8/B8/9/9/9/9 b G2rb2g3s4n4l17p 1",       // line 673: 5, G*7c 7b7a 9a8b+ 7a6a 7c6b
}

func parse(t testing.TB, sfen string) shogi.Position {
	t.Helper()
	p, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// bruteMateWithin reports whether the side to move in p mates within n
// plies by plain minimax over the game tree: no graph, no transpositions,
// no tables. It is the arbiter of the cross-checks.
func bruteMateWithin(p *shogi.Position, n int) bool {
	if n < 1 {
		return false
	}
	for _, m := range p.Checks(nil) {
		c := *p
		c.DoMove(m)
		if bruteDefenderLoses(&c, n-1) {
			return true
		}
	}
	return false
}

// bruteDefenderLoses reports whether the defender to move in p is mated
// within n more plies whatever it replies.
func bruteDefenderLoses(p *shogi.Position, n int) bool {
	replies := p.Evasions(nil)
	if len(replies) == 0 {
		return true
	}
	if n < 2 {
		return false
	}
	for _, r := range replies {
		c := *p
		c.DoMove(r)
		if !bruteMateWithin(&c, n-1) {
			return false
		}
	}
	return true
}

// bruteMateLength returns the length of the shortest forced mate of p
// within n plies, or -1.
func bruteMateLength(p *shogi.Position, n int) int {
	for k := 1; k <= n; k += 2 {
		if bruteMateWithin(p, k) {
			return k
		}
	}
	return -1
}

// checkLine checks that pv is a forced mate line of p: legal moves,
// attacker moves that check, and a mate at its end.
func checkLine(t *testing.T, p shogi.Position, pv []shogi.Move) {
	t.Helper()
	for i, m := range pv {
		var moves []shogi.Move
		if i%2 == 0 {
			moves = p.Checks(nil)
		} else {
			moves = p.Evasions(nil)
		}
		found := false
		for _, x := range moves {
			found = found || x == m
		}
		if !found {
			t.Fatalf("%s: move %d %s is not a %s", p.SFEN(), i+1, m, map[bool]string{true: "check", false: "reply"}[i%2 == 0])
		}
		p.DoMove(m)
	}
	if len(pv)%2 != 1 || len(p.Evasions(nil)) != 0 {
		t.Fatalf("the line %v does not end in a mate", pv)
	}
}

func analyze(t *testing.T, p shogi.Position, plies int) *Analysis {
	t.Helper()
	a, err := Analyze(context.Background(), &p, Options{Plies: plies})
	if err != nil {
		t.Fatalf("%s: %v", p.SFEN(), err)
	}
	return a
}

func TestMateInOne(t *testing.T) {
	p := parse(t, "4k4/9/4S4/9/9/9/9/9/9 b G 1")
	for _, plies := range []int{1, 2, 3, 4} {
		a := analyze(t, p, plies)
		if !a.Forced || a.Rank != 1 || len(a.PV) != 1 || a.PV[0].String() != "G*5b" {
			t.Errorf("plies %d: forced %v rank %d pv %v; want mate in 1 by G*5b", plies, a.Forced, a.Rank, a.PV)
		}
	}
}

// TestKnownMates checks a few positions whose mate lengths the brute
// force gives, including ones where the defender's hand makes the mate
// longer by interpositions.
func TestKnownMates(t *testing.T) {
	cases := []struct {
		sfen string
		n    int
	}{
		{"4k4/9/4S4/9/9/9/9/9/9 b G 1", 5},
		{"3lkl3/3p1p3/9/4p4/9/9/9/9/9 b L 1", 5},
		{"7lk/7p1/8P/9/9/9/9/9/8L b - 1", 3},
	}
	for _, c := range cases {
		p := parse(t, c.sfen)
		want := bruteMateLength(&p, c.n)
		a := analyze(t, p, c.n)
		if got := map[bool]int{true: a.Rank, false: -1}[a.Forced]; got != want {
			t.Errorf("%s: rank %d, brute force %d", c.sfen, got, want)
		}
		if a.Forced {
			checkLine(t, p, a.PV)
		}
	}
}

// TestAgainstBruteForce compares the graph with plain minimax on the
// corpus: mate within N and the exact length, for N = 1 to 5, and that
// the graph's forced set passes graph.Check.
func TestAgainstBruteForce(t *testing.T) {
	positions := readCorpus(t)
	n := 40
	if testing.Short() {
		n = 15
	}
	positions = positions[:n]
	for _, sfen := range knownMates {
		positions = append(positions, parse(t, sfen))
	}
	mates := map[int]int{}
	for i, p := range positions {
		for plies := 1; plies <= 5; plies++ {
			sg, err := Build(context.Background(), &p, Options{Plies: plies})
			if err != nil {
				t.Fatalf("position %d %s: %v", i, p.SFEN(), err)
			}
			f := sg.Graph().Forced()
			if err := sg.Graph().Check(f); err != nil {
				t.Fatalf("position %d: %v", i, err)
			}
			got := -1
			if f.Winning(0) && int(f.Rank[0]) <= plies {
				got = int(f.Rank[0])
			}
			want := bruteMateLength(&p, plies)
			if got != want {
				t.Fatalf("position %d %s, %d plies: graph %d, brute force %d", i, p.SFEN(), plies, got, want)
			}
			if got > 0 {
				pv := sg.MainLine(f)
				if len(pv) != got {
					t.Fatalf("position %d: main line %v, rank %d", i, pv, got)
				}
				checkLine(t, p, pv)
				mates[plies]++
			}
		}
	}
	if mates[1] == 0 || mates[3] <= mates[1] || mates[5] <= mates[3] {
		t.Errorf("too few mates to be a test: %v", mates)
	}
	t.Logf("mates by ply limit over %d positions: %v", len(positions), mates)
}

// TestEvenPliesMatchOdd: the attacker mates on its own moves, so a limit
// of 2k plies finds what 2k-1 does, and the graph of 2k plies has the
// cut attacker states of depth 2k besides.
func TestEvenPliesMatchOdd(t *testing.T) {
	for i, p := range readCorpus(t)[:40] {
		for _, plies := range []int{2, 4} {
			even, odd := analyze(t, p, plies), analyze(t, p, plies-1)
			if even.Forced != odd.Forced || even.Rank != odd.Rank {
				t.Errorf("position %d: %d plies %v/%d, %d plies %v/%d", i, plies, even.Forced, even.Rank, plies-1, odd.Forced, odd.Rank)
			}
			if even.States < odd.States {
				t.Errorf("position %d: %d states at %d plies, %d at %d", i, even.States, plies, odd.States, plies-1)
			}
		}
	}
}

// TestGraphShape checks the structure Build promises: breadth-first
// depths, the root first, the positions replayed from the parent links,
// and the counts.
func TestGraphShape(t *testing.T) {
	p := readCorpus(t)[3]
	sg, err := Build(context.Background(), &p, Options{Plies: 3})
	if err != nil {
		t.Fatal(err)
	}
	g := sg.Graph()
	st := sg.Stats()
	if st.States != g.Len() || st.Edges != g.Edges() || g.Len() < 2 {
		t.Fatalf("stats %+v for %d states, %d transitions", st, g.Len(), g.Edges())
	}
	counts := Stats{States: g.Len(), Edges: g.Edges()}
	for s := range g.Len() {
		q := sg.Position(s)
		if q.Key() != sg.keys[s] {
			t.Fatalf("state %d: position does not match its key", s)
		}
		if s > 0 && sg.Depth(s) < sg.Depth(s-1) {
			t.Fatalf("state %d: depth %d after %d", s, sg.Depth(s), sg.Depth(s-1))
		}
		switch g.Kind(s) {
		case graph.Mate:
			counts.Mates++
		case graph.Terminal:
			counts.NoCheck++
		default:
			if len(g.Successors(s)) == 0 {
				counts.Cut++
			}
		}
		for _, u := range g.Successors(s) {
			if sg.Depth(int(u)) > sg.Depth(s)+1 {
				t.Fatalf("state %d at depth %d has successor %d at depth %d", s, sg.Depth(s), u, sg.Depth(int(u)))
			}
		}
	}
	if counts != st {
		t.Errorf("counted %+v, stats %+v", counts, st)
	}
}

func TestMaxStates(t *testing.T) {
	p := parse(t, benchPosition)
	_, err := Build(context.Background(), &p, Options{Plies: 5, MaxStates: 10})
	var le *LimitError
	if !errors.As(err, &le) || le.MaxStates != 10 || le.Plies != 5 {
		t.Fatalf("got %v, want a *LimitError", err)
	}
	if !strings.Contains(err.Error(), "more than 10 states") {
		t.Errorf("message %q", err)
	}
}

func TestBadInput(t *testing.T) {
	p := parse(t, "4k4/9/4S4/9/9/9/9/9/9 b G 1")
	for _, plies := range []int{0, -1, MaxPlies + 1} {
		if _, err := Build(context.Background(), &p, Options{Plies: plies}); err == nil {
			t.Errorf("plies %d accepted", plies)
		}
	}
	for _, sfen := range []string{
		"9/9/4S4/9/9/9/9/9/9 b G 1",       // no defender king
		"4k4/9/9/9/4P4/9/4P4/9/4K4 b - 1", // 二歩
		"4k4/9/4S4/9/9/9/9/9/4K3r w G 1",  // the side not to move is in check
	} {
		q := parse(t, sfen)
		if _, err := Build(context.Background(), &q, Options{Plies: 1}); !errors.Is(err, ErrNotAProblem) {
			t.Errorf("%s: %v, want ErrNotAProblem", sfen, err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Build(ctx, &p, Options{Plies: 3}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

// TestProgress: the callback sees the build grow.
func TestProgress(t *testing.T) {
	p := readCorpus(t)[0]
	var calls []Progress
	sg, err := Build(context.Background(), &p, Options{Plies: 5, Progress: func(pr Progress) { calls = append(calls, pr) }})
	if err != nil {
		t.Fatal(err)
	}
	if sg.Stats().States > 65536 && len(calls) == 0 {
		t.Errorf("%d states and no progress", sg.Stats().States)
	}
	for i := 1; i < len(calls); i++ {
		if calls[i].States < calls[i-1].States || calls[i].Ply < calls[i-1].Ply {
			t.Errorf("progress goes back: %+v then %+v", calls[i-1], calls[i])
		}
	}
}
