package shogigraph

import (
	"context"
	"flag"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/gen/mate1"
	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/shogi"
)

// The full cross-check (docs/graphs.md):
//
//	go test ./graph/shogigraph -run TestCrossCheckSolver -crosscheck.full -timeout 10h -v
var (
	crossFull  = flag.Bool("crosscheck.full", false, "cross-check the graph with the df-pn solver on the whole corpus and 300 generated problems, at 1, 3, 5 and 7 plies")
	crossTime  = flag.Duration("crosscheck.time", 5*time.Second, "with -crosscheck.full: the solver's time limit per position")
	crossPlies = flag.Int("crosscheck.plies", 7, "with -crosscheck.full: the largest ply limit (1, 3, 5 or 7)")
)

// crossCase is one position of the cross-check.
type crossCase struct {
	name  string // where it comes from, for messages
	pos   shogi.Position
	group int // crossCorpus, crossKnown or crossProblem
	index int // its place in its group
}

// The groups of positions of the cross-check.
const (
	crossCorpus  = iota // mate/testdata/tsume-like.sfen
	crossKnown          // knownMates: every run takes them all
	crossProblem        // generated mate-in-1 problems
)

// crossAnswer is "mate within N plies, and its length" by one method:
// the length, or -1 for no mate within N.
type crossAnswer int

func (a crossAnswer) String() string {
	if a < 0 {
		return "no mate"
	}
	return fmt.Sprintf("mate in %d", int(a))
}

// solverAnswer returns the df-pn solver's answer sol restricted to N
// plies, and whether it is conclusive.
func solverAnswer(sol *mate.Solution, plies int) (crossAnswer, bool) {
	switch {
	case sol.Status == mate.NoMate:
		return -1, true
	case sol.Status != mate.Mate:
		return -1, false // a limit
	case sol.Length <= plies:
		return crossAnswer(sol.Length), sol.LengthExact
	case sol.LengthExact:
		return -1, true // a mate, but longer than N
	}
	return -1, false // a mate of unknown length beyond N: not conclusive
}

// solverDisagreement is a position where the solver and the graph differ
// and the brute force sides with the graph.
type solverDisagreement struct {
	name, sfen    string
	plies         int
	graph, solver crossAnswer
}

// TestCrossCheckSolver compares the graph's answer (mate within N plies,
// and the exact length) with the df-pn solver's (mate.Count: every
// interposition counts, which is the graph's game) on tsume-like
// positions (hands as given) and on generated problems. A disagreement is
// settled by plain minimax (bruteMateLength): if the graph is wrong the
// test fails; if the solver is, the test reports the positions and is
// skipped, so that the suite stays green while the solver is being
// worked on.
func TestCrossCheckSolver(t *testing.T) {
	corpus := readCorpus(t)
	// Each run takes the first corpus positions, the known mates and the
	// first generated problems; the solver solves each position once, with no depth limit,
	// and its answer is compared at every ply limit. maxStates 0 is the
	// default limit; beyond the limit a position is skipped.
	type run struct {
		plies, corpus, problems, maxStates int
	}
	runs := []run{{1, 60, 20, 0}, {3, 60, 20, 0}, {5, 10, 5, 100_000}}
	opts := mate.SolverOptions{HashMB: 32, MaxNodes: 20_000, Futile: mate.Count, DefenderHand: mate.AsGiven, SkipSoundness: true}
	if *crossFull {
		runs = nil
		for n := 1; n <= *crossPlies; n += 2 {
			runs = append(runs, run{n, len(corpus), 300, 0})
		}
		opts.MaxNodes, opts.MaxTime, opts.HashMB = 0, *crossTime, 256
	} else if testing.Short() {
		runs = runs[:2]
	}
	nCorpus, nProblems := 0, 0
	for _, r := range runs {
		nCorpus, nProblems = max(nCorpus, r.corpus), max(nProblems, r.problems)
	}
	var cases []crossCase
	for i := range min(nCorpus, len(corpus)) {
		cases = append(cases, crossCase{fmt.Sprintf("corpus line %d", i+2), corpus[i], crossCorpus, i})
	}
	for i, sfen := range knownMates {
		cases = append(cases, crossCase{fmt.Sprintf("known mate %d", i), parse(t, sfen), crossKnown, i})
	}
	g, err := mate1.New(mate1.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	for i := range nProblems {
		pr, err := g.Problem(context.Background(), i)
		if err != nil {
			t.Fatalf("problem %d: %v", i, err)
		}
		cases = append(cases, crossCase{fmt.Sprintf("generated problem %d", i), pr.Position, crossProblem, i})
	}

	type tally struct{ agree, mates, disagree, inconclusive, skipped, total int }
	tallies := make([]tally, len(runs))
	solver, err := mate.NewSolver(opts)
	if err != nil {
		t.Fatal(err)
	}
	var wrong []solverDisagreement
	for ci, c := range cases {
		if *crossFull && ci%100 == 0 {
			t.Logf("%d of %d positions done, %d solver disagreements so far", ci, len(cases), len(wrong))
		}
		p := c.pos
		var sol *mate.Solution
		for ri, r := range runs {
			if c.group == crossCorpus && c.index >= r.corpus || c.group == crossProblem && c.index >= r.problems {
				continue
			}
			tl := &tallies[ri]
			tl.total++
			a, err := Analyze(context.Background(), &p, Options{Plies: r.plies, MaxStates: r.maxStates})
			if _, ok := err.(*LimitError); ok {
				tl.skipped++
				continue
			}
			if err != nil {
				t.Fatalf("%s %s: %v", c.name, p.SFEN(), err)
			}
			graphAns := crossAnswer(-1)
			if a.Forced {
				graphAns = crossAnswer(a.Rank)
				tl.mates++
			}
			if sol == nil {
				if sol, err = solver.Solve(context.Background(), &p); err != nil {
					t.Fatalf("%s %s: solver: %v", c.name, p.SFEN(), err)
				}
			}
			solverAns, ok := solverAnswer(sol, r.plies)
			bound := sol.Status == mate.Mate && !sol.LengthExact && sol.Length <= r.plies
			switch {
			case bound && graphAns > 0 && int(graphAns) <= sol.Length:
				// The solver's mate is within N but maybe not the
				// shortest: the graph must find one at least as short.
				tl.agree++
				continue
			case !ok && !bound:
				tl.inconclusive++
				continue
			case ok && graphAns == solverAns:
				tl.agree++
				continue
			}
			if bound {
				solverAns = crossAnswer(sol.Length) // a mate within N, of at most this length
			}
			tl.disagree++
			// Settle it with plain minimax, and ask a fresh solver again
			// in case the shared table is to blame.
			freshSolver, err := mate.NewSolver(opts)
			if err != nil {
				t.Fatal(err)
			}
			fresh, err := freshSolver.Solve(context.Background(), &p)
			if err != nil {
				t.Fatal(err)
			}
			freshAns, freshOK := solverAnswer(fresh, r.plies)
			brute := crossAnswer(bruteMateLength(&p, r.plies))
			t.Logf("%s, %d plies: graph %v, solver %v (%s, length %d, exact %v; fresh solver %v, conclusive %v), brute force %v: %s",
				c.name, r.plies, graphAns, solverAns, sol.Status, sol.Length, sol.LengthExact, freshAns, freshOK, brute, p.SFEN())
			if brute != graphAns {
				t.Fatalf("the graph is wrong: %s %s, %d plies: graph %v, brute force %v", c.name, p.SFEN(), r.plies, graphAns, brute)
			}
			wrong = append(wrong, solverDisagreement{c.name, p.SFEN(), r.plies, graphAns, solverAns})
		}
	}
	for ri, r := range runs {
		tl := tallies[ri]
		t.Logf("%d plies: %d positions: %d agree (%d mates within the limit), %d disagree, %d inconclusive (solver limit), %d skipped (graph too large)",
			r.plies, tl.total, tl.agree, tl.mates, tl.disagree, tl.inconclusive, tl.skipped)
		if tl.agree < tl.total/2 {
			t.Errorf("%d plies: only %d of %d positions compared", r.plies, tl.agree, tl.total)
		}
	}
	if len(wrong) > 0 {
		var b strings.Builder
		for _, w := range wrong {
			fmt.Fprintf(&b, "\n  %s, N=%d: graph and brute force %v, solver %v: %s", w.name, w.plies, w.graph, w.solver, w.sfen)
		}
		t.Skipf("the solver (mate.Count) disagrees with the graph and plain minimax on %d cases:%s", len(wrong), b.String())
	}
}
