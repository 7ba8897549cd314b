package mate

import (
	"context"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

// bruteMate returns the shortest forced mate of p in at most n plies by
// plain minimax (every reply counts; a position repeated on the path is no
// mate), or -1. It is the independent reference for the solver's lengths.
func bruteMate(p *shogi.Position, n int) int {
	for d := 1; d <= n; d += 2 {
		if bruteOr(p, d, map[uint64]bool{}) {
			return d
		}
	}
	return -1
}

func bruteOr(p *shogi.Position, d int, path map[uint64]bool) bool {
	if d < 1 || path[p.Key()] {
		return false
	}
	path[p.Key()] = true
	defer delete(path, p.Key())
	for _, m := range p.Checks(nil) {
		q := *p
		q.DoMove(m)
		if bruteAnd(&q, d-1, path) {
			return true
		}
	}
	return false
}

func bruteAnd(p *shogi.Position, d int, path map[uint64]bool) bool {
	replies := p.LegalMoves(nil)
	if len(replies) == 0 {
		return true
	}
	if d < 2 || path[p.Key()] {
		return false
	}
	path[p.Key()] = true
	defer delete(path, p.Key())
	for _, r := range replies {
		q := *p
		q.DoMove(r)
		if !bruteOr(&q, d-1, path) {
			return false
		}
	}
	return true
}

// TestSolveAgreesWithBruteForce compares the solver (every interposition
// counting) with plain minimax on the random tsume-like corpus: mate or
// not within 5 plies, and the length.
func TestSolveAgreesWithBruteForce(t *testing.T) {
	ps := readCorpus(t)
	n := 150
	if testing.Short() {
		n = 40
	}
	s := NewSolver(SolverOptions{HashMB: 16, DefenderHand: AsGiven, Futile: Count, MaxNodes: 100000, SkipSoundness: true})
	mates := 0
	for _, p := range ps[:n] {
		want := bruteMate(&p, 5)
		sol, err := s.Solve(context.Background(), &p)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case want > 0:
			mates++
			if sol.Status != Mate || sol.Length != want {
				t.Errorf("%s: brute force mates in %d, solver %v in %d (exact %v) %v", p.SFEN(), want, sol.Status, sol.Length, sol.LengthExact, sol.PV)
			}
		case sol.Status == Mate && sol.Length <= 5:
			t.Errorf("%s: brute force finds no mate within 5, solver %v in %d %v", p.SFEN(), sol.Status, sol.Length, sol.PV)
		}
	}
	t.Logf("%d positions, %d mates within 5 plies", n, mates)
}
