package mate

import (
	"bufio"
	"context"
	"os"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

// plainValue is a mate's length and spare pieces, by plainMinimax.
type plainValue struct {
	length, spare int
	ok            bool // mated within the budget
}

// plainMinimax values q, the attacker to move, with every reply counted
// (the count rule) and at most plies plies, by plain minimax with the
// rules core alone: the attacker takes the shortest mate, then the one
// with the fewest spare pieces; the defender the longest, then the one
// with the fewest spare pieces (the tsume convention's choice between
// equally long defences). nodes counts the positions visited; the search
// gives up (ok false, *nodes above max) past max.
func plainMinimax(q *shogi.Position, plies int, nodes *int, max int) plainValue {
	best := plainValue{}
	if plies < 1 {
		return best
	}
	for _, c := range q.Checks(nil) {
		r := *q
		r.DoMove(c)
		*nodes++
		if *nodes > max {
			return plainValue{}
		}
		replies := r.LegalMoves(nil)
		var v plainValue
		if len(replies) == 0 {
			if c.IsDrop() && c.Piece().Kind() == shogi.Pawn {
				continue // drop-pawn mate: not a legal move
			}
			v = plainValue{length: 1, spare: r.Hand(q.SideToMove()).Total(), ok: true}
		} else {
			v = plainValue{ok: true}
			for _, d := range replies {
				x := r
				x.DoMove(d)
				w := plainMinimax(&x, plies-2, nodes, max)
				if !w.ok {
					v.ok = false
					break
				}
				if w.length+2 > v.length || w.length+2 == v.length && w.spare < v.spare {
					v.length, v.spare = w.length+2, w.spare
				}
			}
			if !v.ok {
				continue
			}
		}
		if !best.ok || v.length < best.length || v.length == best.length && v.spare < best.spare {
			best = v
		}
	}
	return best
}

// TestSpareAgainstPlainMinimax checks the spare pieces of the solver's
// main line (and so Solution.Leftover) against plain minimax, under the
// count rule, on problems where the defender chooses between equally long
// defences that do and do not leave the attacker a piece
// (testdata/spare.txt: candidates of the generator, where a proof found
// with a smaller hand once served a larger one with the smaller hand's
// spare pieces, and the main line took the defence that leaves a piece).
func TestSpareAgainstPlainMinimax(t *testing.T) {
	f, err := os.Open("testdata/spare.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s, err := NewSolver(SolverOptions{HashMB: 16, Futile: Count, SkipSoundness: true})
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(f)
	checked, withSpare := 0, 0
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		p, err := shogi.ParseSFEN(text)
		if err != nil {
			t.Fatalf("testdata/spare.txt:%d: %v", line, err)
		}
		sol, err := s.Solve(context.Background(), &p)
		if err != nil {
			t.Fatalf("testdata/spare.txt:%d: %v", line, err)
		}
		q, err := WithRemainingHand(&p)
		if err != nil {
			t.Fatalf("testdata/spare.txt:%d: %v", line, err)
		}
		nodes := 0
		want := plainMinimax(&q, sol.Length, &nodes, 2_000_000)
		if !want.ok {
			t.Errorf("testdata/spare.txt:%d: %s: plain minimax finds no mate in %d plies", line, text, sol.Length)
			continue
		}
		checked++
		if want.spare > 0 {
			withSpare++
		}
		if sol.Status != Mate || !sol.LengthExact || sol.Length != want.length || sol.Leftover != (want.spare > 0) {
			t.Errorf("testdata/spare.txt:%d: %s: solver %v in %d (exact %v), leftover %v, line %v; plain minimax %d plies, %d spare",
				line, text, sol.Status, sol.Length, sol.LengthExact, sol.Leftover, sol.PV, want.length, want.spare)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if checked == 0 || withSpare == checked {
		t.Fatalf("%d problems checked, %d with spare pieces: the file tests no choice", checked, withSpare)
	}
}

// A limit the walk reaches leaves the line read: still a mate of the
// exact length, ending with its spare piece.
func TestSpareWalkStoppedKeepsTheLineRead(t *testing.T) {
	p, err := shogi.ParseSFEN("4k1s2/9/3G5/5B3/1R7/9/9/9/9 b rb3g3s4n4l18p 1")
	if err != nil {
		t.Fatal(err)
	}
	solve := func(o SolverOptions) *Solution {
		t.Helper()
		o.HashMB, o.Futile, o.SkipSoundness = 16, Count, true
		s, err := NewSolver(o)
		if err != nil {
			t.Fatal(err)
		}
		sol, err := s.Solve(context.Background(), &p)
		if err != nil {
			t.Fatal(err)
		}
		return sol
	}
	read := solve(SolverOptions{ProofSpare: true})
	walked := solve(SolverOptions{})
	if !read.Leftover || walked.Leftover || walked.Nodes <= read.Nodes {
		t.Fatalf("the line read leftover %v in %d nodes, walked leftover %v in %d: want the walk to find a line that leaves nothing, at a cost",
			read.Leftover, read.Nodes, walked.Leftover, walked.Nodes)
	}
	stopped := solve(SolverOptions{MaxNodes: read.Nodes + 1})
	if stopped.Status != Mate || !stopped.LengthExact || stopped.Length != read.Length || !stopped.Leftover {
		t.Errorf("with the walk stopped: %v in %d (exact %v), leftover %v; want the line read, %d plies with its spare piece",
			stopped.Status, stopped.Length, stopped.LengthExact, stopped.Leftover, read.Length)
	}
}
