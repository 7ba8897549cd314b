package mate

import (
	"bytes"
	"context"
	"errors"
	"testing"

	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// MateWithin agrees with Solve on the bench problems: a mate within the
// shortest length and every length above, none within two plies less.
func TestMateWithin(t *testing.T) {
	ps, err := problem.ReadTSV(bytes.NewReader(BenchList()), "bench")
	if err != nil {
		t.Fatal(err)
	}
	s := newSolver(t, SolverOptions{HashMB: 16, SkipSoundness: true})
	for _, p := range upTo9(ps) {
		sol, err := s.Solve(context.Background(), &p.Position)
		if err != nil {
			t.Fatal(err)
		}
		if sol.Status != Mate {
			w, err := s.MateWithin(context.Background(), &p.Position, 9)
			if err != nil || w.Status != NoMate {
				t.Errorf("%s: no mate, but MateWithin 9 gives %+v, %v", p.ID, w, err)
			}
			continue
		}
		for _, c := range []struct {
			plies int
			want  Status
		}{{sol.Length, Mate}, {sol.Length + 2, Mate}, {sol.Length - 2, NoMate}} {
			w, err := s.MateWithin(context.Background(), &p.Position, c.plies)
			if err != nil || w.Status != c.want || w.Status == Mate && (w.Length > c.plies || w.Length < sol.Length) {
				t.Errorf("%s (mate in %d): MateWithin %d gives %+v, %v; want %v", p.ID, sol.Length, c.plies, w, err, c.want)
			}
		}
	}
	nodes := newSolver(t, SolverOptions{HashMB: 16, MaxNodes: 1})
	for _, p := range ps {
		if p.ID == "zukou-085" {
			if w, _ := nodes.MateWithin(context.Background(), &p.Position, 15); w.Status != Unknown {
				t.Errorf("%s with a budget of 1 node: %+v", p.ID, w)
			}
		}
	}
}

// SolveWithin agrees with Solve on the bench problems of 9 plies or
// fewer, under both futile rules and the game's hands: within the
// shortest length or more it finds the same exact length and a mating
// line of that length; within two plies less it finds no mate
// (NoMate, not Unknown); and its status is MateWithin's.
func TestSolveWithin(t *testing.T) {
	ps, err := problem.ReadTSV(bytes.NewReader(BenchList()), "bench")
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range []SolverOptions{
		{HashMB: 16, SkipSoundness: true},
		{HashMB: 16, SkipSoundness: true, Futile: Count, DefenderHand: AsGiven},
	} {
		s := newSolver(t, o)
		checked := 0
		for _, p := range upTo9(ps) {
			sol, err := s.Solve(context.Background(), &p.Position)
			if err != nil {
				t.Fatal(err)
			}
			if sol.Status != Mate || !sol.LengthExact {
				continue
			}
			checked++
			for _, plies := range []int{sol.Length, sol.Length + 2, 15} {
				got, err := s.SolveWithin(context.Background(), &p.Position, plies)
				// (The line may differ among equal choices: table contents
				// differ. It must be a mate of the length.)
				if err != nil || got.Status != Mate || !got.LengthExact || got.Length != sol.Length ||
					!matesBy(got.Position, got.PV) || len(got.PV) != sol.Length {
					t.Errorf("%s (%+v): SolveWithin %d gives %v %d exact %v [%s], %v; Solve gives %d [%s]", p.ID, o.Futile, plies,
						got.Status, got.Length, got.LengthExact, usiList(got.PV), err, sol.Length, usiList(sol.PV))
				}
				w, _ := s.MateWithin(context.Background(), &p.Position, plies)
				if w.Status != got.Status {
					t.Errorf("%s: SolveWithin %d says %v, MateWithin %v", p.ID, plies, got.Status, w.Status)
				}
			}
			if sol.Length >= 3 {
				got, err := s.SolveWithin(context.Background(), &p.Position, sol.Length-2)
				if err != nil || got.Status != NoMate {
					t.Errorf("%s (mate in %d): SolveWithin %d gives %v, %v; want no mate", p.ID, sol.Length, sol.Length-2, got.Status, err)
				}
			}
		}
		if checked < 5 {
			t.Errorf("only %d bench problems checked", checked)
		}
	}
	s := newSolver(t, SolverOptions{HashMB: 16})
	p := ps[0].Position
	if got, err := s.SolveWithin(context.Background(), &p, 0); err != nil || got.Status != NoMate {
		t.Errorf("SolveWithin 0 plies: %+v, %v; want no mate", got, err)
	}
	one := newSolver(t, SolverOptions{HashMB: 16, MaxNodes: 1})
	for _, p := range ps {
		if p.ID == "zukou-085" {
			if got, _ := one.SolveWithin(context.Background(), &p.Position, 15); got.Status != Unknown {
				t.Errorf("%s with a budget of 1 node: %v", p.ID, got.Status)
			}
		}
	}
}

// MateWithinVariant gives MateWithin's statuses on the short bench
// problems read by package variant under no rules, and decides a 天竺
// problem that has no mate under the standard rules.
func TestMateWithinVariant(t *testing.T) {
	ps, err := problem.ReadTSV(bytes.NewReader(BenchList()), "bench")
	if err != nil {
		t.Fatal(err)
	}
	s := newSolver(t, SolverOptions{HashMB: 16, SkipSoundness: true})
	for _, p := range ps {
		if p.Stipulation.Plies > 7 {
			continue
		}
		vp, err := variant.ParseSFEN(p.Position.SFEN())
		if err != nil {
			t.Fatal(err)
		}
		for _, plies := range []int{p.Stipulation.Plies - 2, p.Stipulation.Plies} {
			want, err := s.MateWithin(context.Background(), &p.Position, plies)
			if err != nil {
				t.Fatal(err)
			}
			got, err := s.MateWithinVariant(context.Background(), &vp, plies)
			if err != nil || got.Status != want.Status {
				t.Errorf("%s within %d: MateWithinVariant %v (%v), MateWithin %v", p.ID, plies, got.Status, err, want.Status)
			}
		}
	}
	p := fairyPosition(t, "9/6k2/6nR1/7P1/9/9/9/9/9 b R 1", "tenjiku")
	for _, c := range []struct {
		plies int
		want  Status
	}{{3, NoMate}, {5, Mate}} {
		if w, err := s.MateWithinVariant(context.Background(), &p, c.plies); err != nil || w.Status != c.want {
			t.Errorf("天竺 within %d: %+v, %v; want %v", c.plies, w, err, c.want)
		}
	}
	if _, err := s.MateWithinVariant(context.Background(), new(variant.Position), 3); !errors.As(err, new(*NotAProblemError)) {
		t.Errorf("an empty board: %v, want a *NotAProblemError", err)
	}
}

// matesBy reports whether line, played from p, is legal and ends in mate.
func matesBy(p shogi.Position, line []shogi.Move) bool {
	for _, m := range line {
		if !p.IsLegal(m) {
			return false
		}
		p.DoMove(m)
	}
	return p.InCheck() && !p.HasLegalMove()
}

// upTo9 returns the problems of ps of 9 plies or fewer.
func upTo9(ps []problem.Problem) []problem.Problem {
	var short []problem.Problem
	for _, p := range ps {
		if p.Stipulation.Plies <= 9 {
			short = append(short, p)
		}
	}
	return short
}

// MatedWithin from the position after each bench problem's first move
// agrees with Solve: the defender is mated within the main line's
// remaining plies and not within two fewer; a position not in check is
// refused.
func TestMatedWithin(t *testing.T) {
	ps, err := problem.ReadTSV(bytes.NewReader(BenchList()), "bench")
	if err != nil {
		t.Fatal(err)
	}
	s := newSolver(t, SolverOptions{HashMB: 16, SkipSoundness: true})
	tried := 0
	for _, p := range upTo9(ps) {
		sol, err := s.Solve(context.Background(), &p.Position)
		if err != nil {
			t.Fatal(err)
		}
		if sol.Status != Mate || !sol.LengthExact || sol.Length < 3 {
			continue
		}
		tried++
		d := sol.Position
		d.DoMove(sol.PV[0])
		rem := sol.Length - 1
		for _, c := range []struct {
			plies int
			want  Status
		}{{rem, Mate}, {rem - 2, NoMate}} {
			w, err := s.MatedWithin(context.Background(), &d, c.plies)
			if err != nil || w.Status != c.want || w.Status == Mate && w.Length > c.plies {
				t.Errorf("%s (mated in %d after %s): MatedWithin %d gives %+v, %v; want %v", p.ID, rem, sol.PV[0], c.plies, w, err, c.want)
			}
		}
		if _, err := s.MatedWithin(context.Background(), &sol.Position, rem); !errors.As(err, new(*NotAProblemError)) {
			t.Errorf("%s: MatedWithin of the attacker's node: %v, want a NotAProblemError", p.ID, err)
		}
	}
	if tried < 3 {
		t.Fatalf("only %d problems tried", tried)
	}
}
