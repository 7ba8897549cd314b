package mine

import (
	"context"
	"testing"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/record"
	"github.com/tsume-shogi/tsume/shogi"
)

// gamePositions returns the positions of the game of the KIF file: before
// each move and the last.
func gamePositions(t *testing.T, file string) []shogi.Position {
	t.Helper()
	return positionsOf(readKIFFile(t, file))
}

// positionsOf returns the positions of g: before each move and the last.
func positionsOf(g *record.Game) []shogi.Position {
	pos := []shogi.Position{g.Start}
	for _, mv := range g.Moves {
		p := pos[len(pos)-1]
		p.DoMove(mv)
		pos = append(pos, p)
	}
	return pos
}

// newClassifier returns m's first worker, alone on a pipeline of its own
// (no game), its counts zero, for its kept and classify.
func newClassifier(m *Miner) *worker {
	w := m.workers[0]
	w.pipe, w.c = newPipeline(context.Background(), &record.Game{}, nil, nil, false), counts{}
	return w
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

// gameMissed3: Black has a mate in 3, the shortest (the test checks
// it), and pushes its pawn instead; White holds only pawns.
const gameMissed3 = "position sfen 7k1/9/7+l1/5B3/8+R/P8/9/S8/K8 b R17p 1 moves 9f9e"

// When the shortest mate is as long as MaxLength, the test of a shortest
// mate kept and the test of a mate kept have the same bound: the
// classification makes it once. With a longer MaxLength it makes both.
func TestSameBoundTestedOnce(t *testing.T) {
	g := readUSI(t, gameMissed3)
	pos := positionsOf(g)
	st := []Status{{Mate: mate.Mate, Length: 3, Exact: true, Searched: true}, {Mate: mate.NoMate}}
	s, err := mate.NewSolver(mate.SolverOptions{HashMB: 1, Futile: mate.Count, DefenderHand: mate.AsGiven})
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []mate.Status{mate.NoMate, mate.Mate} {
		if w, err := s.MateWithin(context.Background(), &pos[0], 2*i+1); err != nil || w.Status != want {
			t.Fatalf("%s within %d: %v, %v; want %v", pos[0].SFEN(), 2*i+1, w.Status, err, want)
		}
	}
	for _, c := range []struct {
		maxLength int
		bounds    []int // the bounds of the kept tests made
	}{
		{3, []int{2}},
		{5, []int{2, 4}},
	} {
		m := newMiner(t, Options{MaxLength: c.maxLength})
		want := 0
		for _, plies := range c.bounds {
			cl := newClassifier(m)
			if got := cl.kept(context.Background(), &pos[1], plies, shogi.NoMove, nil); got == mate.Mate {
				t.Fatalf("%s: the mate is kept within %d; the test needs it missed", pos[1].SFEN(), plies)
			}
			if cl.c.searches == 0 {
				t.Fatalf("%s: the test within %d searches nothing; the test needs searches", pos[1].SFEN(), plies)
			}
			want += cl.c.searches
		}
		cl := newClassifier(m)
		v := cl.classify(context.Background(), g, st, pos, 0)
		if len(v.findings) != 1 || v.findings[0].Kind != Missed || v.findings[0].Shortest {
			t.Errorf("MaxLength %d: findings %+v, want one missed mate", c.maxLength, v.findings)
		}
		if cl.c.searches != want {
			t.Errorf("MaxLength %d: %d searches, want %d (the kept tests within %v)", c.maxLength, cl.c.searches, want, c.bounds)
		}
	}
}

// After the first round, the king's moves left open go through the
// other rounds before the other replies: in this position of
// slow-game887 (move 111, Black to reply, the mover's mate tested
// within 14 plies) a king move escapes with more nodes than the second
// round gives, and 80 of the 85 replies are open after the first round;
// the escape is found without the other replies' second round.
func TestKingMovesFirstThroughTheRounds(t *testing.T) {
	after, err := shogi.ParseSFEN("l1S6/r2B2k1l/5gsp1/p1pNp4/1n1P4p/P1P1PG3/1P5PP/+s4SK1L/3+b5 b Lr2g2n6p 111")
	if err != nil {
		t.Fatal(err)
	}
	m := newMiner(t, Options{})
	cl := newClassifier(m)
	replies, kings := 0, 0
	for _, r := range after.LegalMoves(nil) {
		replies++
		if !r.IsDrop() && r.Piece().Kind() == shogi.King {
			kings++
		}
	}
	if got := cl.kept(context.Background(), &after, 14, shogi.NoMove, nil); got != mate.NoMate {
		t.Fatalf("kept within 14: %v, want NoMate", got)
	}
	if limit := replies + 2*kings; cl.c.searches > limit {
		t.Errorf("%d searches; want at most %d (every reply once, the %d king moves twice more)", cl.c.searches, limit, kings)
	}
}

// A round of kept whose replies an idle worker helps to search gives
// the answer, and counts the searches and nodes, of the round searched
// by one worker alone: here the king move of slow-game887 that escapes
// in the last round, the 85 replies of the first round searched by two
// workers, and the replies searched beyond the escape not counted.
func TestHelpedRoundSameCounts(t *testing.T) {
	after, err := shogi.ParseSFEN("l1S6/r2B2k1l/5gsp1/p1pNp4/1n1P4p/P1P1PG3/1P5PP/+s4SK1L/3+b5 b Lr2g2n6p 111")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	alone := newClassifier(newMiner(t, Options{}))
	want := alone.kept(ctx, &after, 14, shogi.NoMove, nil)
	m := newMiner(t, Options{Parallel: 2})
	w := newClassifier(m)
	got := withHelper(w, m.workers[1], func() mate.Status { return w.kept(ctx, &after, 14, shogi.NoMove, nil) })
	if got != want || w.c != alone.c {
		t.Errorf("helped: %v after %+v; alone: %v after %+v", got, w.c, want, alone.c)
	}
}

// withHelper runs f, a call of w's, with helper working on w's pipeline
// meanwhile: with no other task, it helps with w's rounds.
func withHelper[T any](w, helper *worker, f func() T) T {
	p := w.pipe
	p.left = 1 // a task not done: the helper waits for work
	done := make(chan struct{})
	go func() {
		p.work(helper)
		close(done)
	}()
	v := f()
	p.mu.Lock()
	p.left = 0
	p.wake.Broadcast()
	p.mu.Unlock()
	<-done
	return v
}
