package mine

import (
	"context"
	"testing"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/shogi"
)

// gamePositions returns the positions of the game of the KIF file: before
// each move and the last.
func gamePositions(t *testing.T, file string) []shogi.Position {
	t.Helper()
	g := readKIFFile(t, file)
	pos := []shogi.Position{g.Start}
	for _, mv := range g.Moves {
		p := pos[len(pos)-1]
		p.DoMove(mv)
		pos = append(pos, p)
	}
	return pos
}

// newClassifier returns a classifier with m's first solvers.
func newClassifier(m *Miner) *classifier {
	return &classifier{s: m.game[0], rounds: m.rounds[0], max: m.opts.MaxLength}
}

// A reply after which the side that moved has no check decides that its
// mate is not kept, with no search: on the positions of two recorded
// games, wherever the side to move has such a reply, kept says NoMate
// and searches nothing.
func TestNoCheckReplyDecidesWithoutSearch(t *testing.T) {
	m := newMiner(t, Options{})
	cl := newClassifier(m)
	tested := 0
	for _, file := range []string{"testdata/selfplay-1.kif", "testdata/selfplay-3.kif"} {
		for i, p := range gamePositions(t, file) {
			if i == 0 || !hasQuietReply(&p) {
				continue
			}
			cl.c = counts{}
			if got := cl.kept(context.Background(), &p, m.opts.MaxLength-1, shogi.NoMove, nil); got != mate.NoMate || cl.c.searches != 0 {
				t.Errorf("%s, position %d (%s): kept %v after %d searches, want NoMate after none", file, i, p.SFEN(), got, cl.c.searches)
			}
			tested++
		}
	}
	if tested == 0 {
		t.Error("no position with a reply that leaves no check: nothing tested")
	}
}

// hasQuietReply reports whether p's side to move has a legal move after
// which the other side has no check.
func hasQuietReply(p *shogi.Position) bool {
	for _, r := range p.LegalMoves(nil) {
		q := *p
		q.DoMove(r)
		if q.CountChecks() == 0 {
			return true
		}
	}
	return false
}

// After the reply played, a mate proven shortest (Exact) and longer than
// the plies left is an escape: kept says NoMate with no search. A mate
// that is only an upper bound decides nothing, and the replies are
// searched (here one of them, a king move, escapes).
func TestShortestMateLongerThanTheBoundDecides(t *testing.T) {
	m := newMiner(t, Options{})
	cl := newClassifier(m)
	// After Black's 5i5h, White to move: is Black's mate kept within 2
	// plies? Black holds a gold, so every reply leaves it a check.
	g := readUSI(t, gameMissed)
	after := g.Start
	after.DoMove(g.Moves[0])
	reply := g.Moves[1]
	if hasQuietReply(&after) {
		t.Fatalf("%s: a reply leaves Black no check; the test needs none", after.SFEN())
	}
	for _, c := range []struct {
		next     Status
		searched bool
	}{
		{Status{Mate: mate.Mate, Length: 3, Exact: true, Searched: true}, false},
		{Status{Mate: mate.Mate, Length: 3, Exact: false, Searched: true}, true},
	} {
		cl.c = counts{}
		got := cl.kept(context.Background(), &after, 2, reply, &c.next)
		if got != mate.NoMate || (cl.c.searches > 0) != c.searched {
			t.Errorf("next %+v: kept within 2 gives %v after %d searches; want NoMate, searched %v", c.next, got, cl.c.searches, c.searched)
		}
	}
}
