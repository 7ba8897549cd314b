package eval

import (
	"math/rand/v2"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

// Along random lines of play — moves, null moves and returns to a lower
// ply — Current equals Evaluate of the position of the current ply.
func TestIncrementalMatchesEvaluate(t *testing.T) {
	e := NewDefault()
	r := rand.New(rand.NewPCG(7, 14))
	var buf []shogi.Move
	for game := range 40 {
		line := make([]shogi.Position, 1, 300)
		line[0] = shogi.Startpos()
		e.SetRoot(&line[0])
		for step := range 400 {
			top := &line[len(line)-1]
			if got, want := e.Current(), e.Evaluate(top); got != want {
				t.Fatalf("game %d step %d ply %d: Current = %d, Evaluate(%s) = %d", game, step, len(line)-1, got, top.SFEN(), want)
			}
			buf = top.LegalMoves(buf[:0])
			switch x := r.IntN(10); {
			case len(line) > 1 && (x == 0 || len(buf) == 0 || len(line) == cap(line)):
				e.Pop()
				line = line[:len(line)-1]
			case x == 1 && !top.InCheck():
				line = append(line, *top)
				child := &line[len(line)-1]
				child.DoNullMove()
				e.Push(top, shogi.NoMove, child)
			case len(buf) > 0:
				m := buf[r.IntN(len(buf))]
				line = append(line, *top)
				child := &line[len(line)-1]
				child.DoMove(m)
				e.Push(top, m, child)
			}
		}
	}
}

// A clone scores as the original does and keeps a line of its own: moves
// pushed on one do not change the other's Current.
func TestCloneIndependence(t *testing.T) {
	e := NewDefault()
	positions := randomPositions(9, 200)
	c := e.Clone()
	for i := range positions {
		if a, b := e.Evaluate(&positions[i]), c.Evaluate(&positions[i]); a != b {
			t.Fatalf("%s: original scores %d, clone %d", positions[i].SFEN(), a, b)
		}
	}
	ci := c.(Incremental)
	root := shogi.Startpos()
	e.SetRoot(&root)
	ci.SetRoot(&root)
	want := e.Current()
	var buf []shogi.Move
	children := make([]shogi.Position, 0, 8)
	parent := &root
	for range 8 {
		buf = parent.LegalMoves(buf[:0])
		children = append(children, *parent)
		child := &children[len(children)-1]
		child.DoMove(buf[len(buf)/2])
		ci.Push(parent, buf[len(buf)/2], child)
		if got := e.Current(); got != want {
			t.Fatalf("after a push on the clone the original's Current is %d, want %d", got, want)
		}
		parent = child
	}
	if got, want := ci.Current(), e.Evaluate(parent); got != want {
		t.Fatalf("clone's Current = %d, want %d", got, want)
	}
	// Clones scoring concurrently (run with -race).
	done := make(chan Score)
	for range 2 {
		go func(ev Evaluator) {
			var s Score
			for i := range positions {
				s += ev.Evaluate(&positions[i])
			}
			done <- s
		}(e.Clone())
	}
	if a, b := <-done, <-done; a != b {
		t.Fatalf("two clones sum to %d and %d over the same positions", a, b)
	}
}
