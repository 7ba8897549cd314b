package mate

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
)

// alongSolver is the solver of the BoundAlong tests: a small table, no
// soundness search, a node limit instead of a clock.
func alongSolver(t *testing.T, rule FutileRule) *Solver {
	t.Helper()
	s, err := NewSolver(SolverOptions{HashMB: 16, MaxNodes: 2_000_000, SkipSoundness: true, Futile: rule})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// alongProblems are the problems of the bench list of 9 plies or fewer.
func alongProblems(t *testing.T) []*shogi.Position {
	t.Helper()
	list, err := problem.ReadTSV(bytes.NewReader(BenchList()), "bench")
	if err != nil {
		t.Fatal(err)
	}
	var ps []*shogi.Position
	for _, p := range upTo9(list) {
		ps = append(ps, &p.Position)
	}
	if len(ps) < 5 {
		t.Fatalf("only %d problems", len(ps))
	}
	return ps
}

// alongSFEN parses sfen.
func alongSFEN(t *testing.T, sfen string) shogi.Position {
	t.Helper()
	p, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// alongMove parses the USI move s in p.
func alongMove(t *testing.T, p *shogi.Position, s string) shogi.Move {
	t.Helper()
	m, err := p.ParseUSIMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// The main line, or any start of it, bounds the mate by its exact length:
// what the line leaves out is solved exactly.
func TestBoundAlongMainLine(t *testing.T) {
	for _, rule := range []FutileRule{Discount, Count} {
		s := alongSolver(t, rule)
		for _, p := range alongProblems(t) {
			sol, err := s.Solve(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			if sol.Status != Mate || !sol.LengthExact {
				continue
			}
			for k := 0; k <= len(sol.PV); k++ {
				r, err := s.BoundAlong(context.Background(), p, sol.PV[:k], nil)
				if err != nil {
					t.Fatalf("%s along %v: %v", p.SFEN(), sol.PV[:k], err)
				}
				if r.Status != Mate || r.Length != sol.Length || !r.Exact || len(r.Longer) != 0 {
					t.Errorf("%s (%v) along the first %d plies of %v: %v in %d (exact %v, longer defences %v), want %d and none longer", p.SFEN(), rule, k, sol.PV, r.Status, r.Length, r.Exact, r.Longer, sol.Length)
				}
			}
		}
	}
}

// Along a main line the alternatives are the soundness search's: the
// bound from each attacker move is the main line's remaining length, and
// the same checks mate within it.
func TestAlternativesAlongMainLine(t *testing.T) {
	s, err := NewSolver(SolverOptions{HashMB: 16, MaxNodes: 2_000_000})
	if err != nil {
		t.Fatal(err)
	}
	along := alongSolver(t, Discount)
	withAlts := 0
	for _, p := range alongProblems(t) {
		sol, err := s.Solve(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		if sol.Status != Mate || !sol.LengthExact || !sol.SoundnessChecked {
			continue
		}
		r, err := along.BoundAlong(context.Background(), p, sol.PV, nil)
		if err != nil || r.Status != Mate {
			t.Fatalf("%s: %+v, %v", p.SFEN(), r, err)
		}
		for i, n := range r.Rest {
			if n != len(sol.PV)-2*i {
				t.Errorf("%s: the bound from ply %d is %d, want %d", p.SFEN(), 2*i+1, n, len(sol.PV)-2*i)
			}
		}
		alts, checked, err := along.AlternativesAlong(context.Background(), p, sol.PV, r.Rest)
		if err != nil || !checked {
			t.Fatalf("%s: %v, checked %v", p.SFEN(), err, checked)
		}
		if len(alts) > 0 {
			withAlts++
		}
		if !slices.Equal(alts, sol.Alternatives) {
			t.Errorf("%s: alternatives along the main line %+v, Solve's %+v", p.SFEN(), alts, sol.Alternatives)
		}
		for _, a := range alts {
			// The mate proven after it, the move included: within the
			// rest, an odd number of plies, and never shorter than the
			// exact line from there (the main line is the shortest).
			if rest := r.Rest[a.Ply/2]; a.Length > rest || a.Length%2 != 1 || a.Length < len(sol.PV)-a.Ply {
				t.Errorf("%s: alternative %s at ply %d proven in %d plies, the rest %d", p.SFEN(), a.Move, a.Ply+1, a.Length, rest)
			}
		}
	}
	if withAlts == 0 {
		t.Error("no problem with an alternative: the test proves nothing")
	}
}

// A line that follows a shorter defence still bounds the mate by its
// longest: the main line's own defence, off the line now, is solved.
func TestBoundAlongShorterDefence(t *testing.T) {
	s := alongSolver(t, Count)
	tried := 0
	for _, p := range alongProblems(t) {
		sol, err := s.Solve(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		if sol.Status != Mate || !sol.LengthExact || sol.Length < 3 {
			continue
		}
		q, _ := WithRemainingHand(p)
		q.DoMove(sol.PV[0])
		for _, e := range q.Evasions(nil) {
			if e == sol.PV[1] {
				continue
			}
			after := q
			after.DoMove(e)
			other, err := s.Solve(context.Background(), &after)
			if err != nil {
				t.Fatal(err)
			}
			if other.Status != Mate || !other.LengthExact || 2+other.Length >= sol.Length {
				continue
			}
			line := append([]shogi.Move{sol.PV[0], e}, other.PV...)
			var seen []shogi.Move
			r, err := s.BoundAlong(context.Background(), p, line, func(ply int, m shogi.Move, sol *Solution) {
				if ply == 1 {
					seen = append(seen, m)
				}
			})
			if err != nil {
				t.Fatal(err)
			}
			if n := len(q.Evasions(nil)) - 1; len(seen) != n || !slices.Contains(seen, sol.PV[1]) || slices.Contains(seen, e) {
				t.Errorf("%s along %v: searched after %v at ply 1, want the %d replies but %v, %v among them", p.SFEN(), line, seen, n, e, sol.PV[1])
			}
			tried++
			if r.Status != Mate || r.Length != sol.Length {
				t.Errorf("%s along %v (a mate of %d): %v in %d, want the longest defence's %d", p.SFEN(), line, len(line), r.Status, r.Length, sol.Length)
			}
			// The longer defence is named at ply 1, against the line's own.
			if len(r.Longer) != 1 || r.Longer[0].Ply != 1 || r.Longer[0].Mate != sol.Length-2 || r.Longer[0].Line != other.Length {
				t.Errorf("%s along %v: longer defences %+v, want one at ply 1 with a mate of %d against the line's %d", p.SFEN(), line, r.Longer, sol.Length-2, other.Length)
			}
		}
	}
	if tried == 0 {
		t.Fatal("no problem has a shorter defence at ply 2")
	}
}

// A line whose move mates is a bound of that ply.
func TestBoundAlongMateInOne(t *testing.T) {
	s := alongSolver(t, Discount)
	p := alongSFEN(t, "4k4/9/4S4/9/9/9/9/9/9 b G 1")
	r, err := s.BoundAlong(context.Background(), &p, []shogi.Move{alongMove(t, &p, "G*5b")}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != Mate || r.Length != 1 || r.Searches != 0 {
		t.Errorf("G*5b: %+v, want a mate in 1 with no search", r)
	}
}

// A defence after which no mate is left refutes the line: no bound, and
// the ply and the defence are named.
func TestBoundAlongRefuted(t *testing.T) {
	s := alongSolver(t, Discount)
	p := alongSFEN(t, "4k4/9/9/9/9/9/9/9/9 b G 1")
	r, err := s.BoundAlong(context.Background(), &p, []shogi.Move{alongMove(t, &p, "G*5b")}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != Unknown || !r.Refuted || r.Ply != 1 || r.Move.String() != "5a5b" {
		t.Errorf("G*5b, the king takes: %+v, want refuted at ply 1 by 5a5b", r)
	}
}

// A move of the line that is not legal, or an attacker's move that does
// not check, is a *LineError naming its ply.
func TestBoundAlongBadLine(t *testing.T) {
	s := alongSolver(t, Discount)
	p := alongSFEN(t, "4k4/9/4S4/9/9/9/9/9/9 b G 1")
	quiet := alongMove(t, &p, "G*1i")
	check := alongMove(t, &p, "G*4b")
	after := p
	after.DoMove(check)
	for _, c := range []struct {
		line []shogi.Move
		ply  int
	}{
		{[]shogi.Move{quiet}, 0},
		{[]shogi.Move{check, shogi.NewBoardMove(after.PieceAt(shogi.NewSquare(5, 1)), shogi.NewSquare(5, 1), shogi.NewSquare(4, 1), false)}, 1}, // 5a4a, into the gold's reach: not legal
	} {
		_, err := s.BoundAlong(context.Background(), &p, c.line, nil)
		var le *LineError
		if !errors.As(err, &le) || le.Ply != c.ply {
			t.Errorf("%v: %v, want a LineError at ply %d", c.line, err, c.ply)
		}
	}
}

// A position without the defender's king is no problem: the error says
// so before any move of the line is read.
func TestBoundAlongNoKing(t *testing.T) {
	s := alongSolver(t, Discount)
	p := alongSFEN(t, "9/9/4S4/9/9/9/9/9/9 b G 1")
	var np *NotAProblemError
	if _, err := s.BoundAlong(context.Background(), &p, nil, nil); !errors.As(err, &np) {
		t.Errorf("no defender's king: %v, want a NotAProblemError", err)
	}
}

// A cancelled context ends the proof with its error.
func TestBoundAlongCancelled(t *testing.T) {
	s := alongSolver(t, Discount)
	p := alongSFEN(t, "4k4/9/4S4/9/9/9/9/9/9 b G 1")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.BoundAlong(ctx, &p, nil, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v, want context.Canceled", err)
	}
}
