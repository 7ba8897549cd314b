package nnue

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/tsume-shogi/tsume/engine/eval"
	"github.com/tsume-shogi/tsume/shogi"
)

var (
	_ eval.Evaluator   = (*Evaluator)(nil)
	_ eval.Incremental = (*Evaluator)(nil)
)

// pickMove chooses a random legal move of p, preferring the kinds of move
// that change the accumulator in special ways (king moves, captures,
// drops, promotions) half of the time.
func pickMove(r *rand.Rand, p *shogi.Position, buf []shogi.Move) (shogi.Move, bool) {
	moves := p.LegalMoves(buf[:0])
	if len(moves) == 0 {
		return shogi.NoMove, false
	}
	if r.IntN(2) == 0 {
		special := moves[len(moves):]
		for _, m := range moves {
			if m.IsDrop() || m.IsPromotion() || m.Piece().Kind() == shogi.King || p.PieceAt(m.To()) != shogi.NoPiece {
				special = append(special, m)
			}
		}
		if len(special) > 0 {
			return special[r.IntN(len(special))], true
		}
	}
	return moves[r.IntN(len(moves))], true
}

// TestIncremental plays random Push/Pop sequences and checks, after
// every step, that the current ply's accumulators equal the recomputed
// ones and that Current equals Evaluate.
func TestIncremental(t *testing.T) {
	_, net := shared(t)
	e, err := New(net, DefaultFVScale)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(3, 14))
	buf := make([]shogi.Move, 0, 600)
	var kinds struct{ king, kingCapture, capture, drop, promotion, null, pop int }
	roots := randomPositions(t, r, 24)
	for ri := range roots {
		root := roots[ri]
		path := []shogi.Position{root}
		e.SetRoot(&root)
		for range 300 {
			p := &path[len(path)-1]
			if len(path) > 1 && r.IntN(5) < 2 {
				e.Pop()
				path = path[:len(path)-1]
				kinds.pop++
			} else {
				child := *p
				m, ok := shogi.NoMove, false
				if r.IntN(20) != 0 {
					m, ok = pickMove(r, p, buf)
				}
				if ok {
					switch {
					case m.IsDrop():
						kinds.drop++
					case m.Piece().Kind() == shogi.King && p.PieceAt(m.To()) != shogi.NoPiece:
						kinds.kingCapture++
					case m.Piece().Kind() == shogi.King:
						kinds.king++
					case p.PieceAt(m.To()) != shogi.NoPiece:
						kinds.capture++
					}
					if m.IsPromotion() {
						kinds.promotion++
					}
					child.DoMove(m)
				} else {
					m = shogi.NoMove
					child.DoNullMove()
					kinds.null++
				}
				e.Push(p, m, &child)
				path = append(path, child)
			}
			cur := &path[len(path)-1]
			var want ply
			net.full(&want, cur)
			if got := e.stack[e.top]; got != want {
				t.Fatalf("after %d plies from %s: the accumulators differ from the recomputed ones at %s",
					len(path)-1, root.SFEN(), cur.SFEN())
			}
			if got, want := e.Current(), e.Evaluate(cur); got != want {
				t.Fatalf("%s: Current = %d, Evaluate = %d", cur.SFEN(), got, want)
			}
		}
	}
	t.Logf("%+v", kinds)
	if kinds.king == 0 || kinds.kingCapture == 0 || kinds.capture == 0 || kinds.drop == 0 || kinds.promotion == 0 || kinds.null == 0 {
		t.Errorf("the random play missed a kind of move: %+v", kinds)
	}
}

// TestDeepStack pushes past the initial stack and checks Clone.
func TestDeepStack(t *testing.T) {
	_, net := shared(t)
	e, err := New(net, DefaultFVScale)
	if err != nil {
		t.Fatal(err)
	}
	p := shogi.Startpos()
	e.SetRoot(&p)
	for range 3 * stackSize {
		child := p
		child.DoNullMove()
		e.Push(&p, shogi.NoMove, &child)
		p = child
	}
	if got, want := e.Current(), e.Evaluate(&p); got != want {
		t.Errorf("Current = %d, Evaluate = %d", got, want)
	}
	c := e.Clone().(*Evaluator)
	if c.net != e.net || &c.stack[0] == &e.stack[0] {
		t.Error("Clone does not share the network or shares the accumulators")
	}
	if got, want := c.Current(), e.Current(); got != want {
		t.Errorf("the clone's Current = %d, want %d", got, want)
	}
	for range 4 * stackSize {
		e.Pop()
	}
	if e.top != 0 {
		t.Errorf("after popping everything, ply %d", e.top)
	}
}

// TestAllocations checks that Evaluate, Push, Pop and Current allocate
// nothing, on the even start and on a handicap start (absent pieces)
// with a king move (a perspective recomputed).
func TestAllocations(t *testing.T) {
	_, net := shared(t)
	e, err := New(net, DefaultFVScale)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ sfen, move string }{
		{shogi.StartSFEN, "7g7f"},
		{"3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", "5a4b"},
	} {
		p, err := shogi.ParseSFEN(tc.sfen)
		if err != nil {
			t.Fatal(err)
		}
		child := p
		m, err := p.ParseUSIMove(tc.move)
		if err != nil {
			t.Fatal(err)
		}
		child.DoMove(m)
		var sink eval.Score
		if a := testing.AllocsPerRun(100, func() { sink += e.Evaluate(&p) }); a != 0 {
			t.Errorf("%s: Evaluate allocates %v times", tc.sfen, a)
		}
		e.SetRoot(&p)
		if a := testing.AllocsPerRun(100, func() {
			e.Push(&p, m, &child)
			sink += e.Current()
			e.Pop()
		}); a != 0 {
			t.Errorf("%s, %s: Push, Current and Pop allocate %v times", tc.sfen, tc.move, a)
		}
		_ = sink
	}
}

// TestClonesConcurrently evaluates with clones in several goroutines (run
// with -race): the network is shared read-only, the accumulators are not.
func TestClonesConcurrently(t *testing.T) {
	_, net := shared(t)
	e, err := New(net, DefaultFVScale)
	if err != nil {
		t.Fatal(err)
	}
	positions := randomPositions(t, rand.New(rand.NewPCG(5, 14)), 12)
	want := make([]eval.Score, len(positions))
	for i := range positions {
		want[i] = e.Evaluate(&positions[i])
	}
	done := make(chan error)
	for range 3 {
		c := e.Clone()
		go func() {
			for i := range positions {
				if got := c.Evaluate(&positions[i]); got != want[i] {
					done <- fmt.Errorf("a clone scores %s %d, want %d", positions[i].SFEN(), got, want[i])
					return
				}
			}
			done <- nil
		}()
	}
	for range 3 {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}
