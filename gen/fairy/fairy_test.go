package fairy

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/helpmate"
	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/variant"
)

// reread writes p as generate's jsonl and reads it back: what the checks
// below look at is the record, not the generator's memory.
func reread(t *testing.T, p problem.Problem) problem.Problem {
	t.Helper()
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	var q problem.Problem
	if err := json.Unmarshal(b, &q); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	return q
}

// fromSFEN is the record's position as a fresh reader builds it: its
// SFEN parsed by package variant, under the record's rules.
func fromSFEN(t *testing.T, p *problem.Problem, rules string) variant.Position {
	t.Helper()
	v, err := variant.ParseSFEN(p.Position.SFEN())
	if err != nil {
		t.Fatal(err)
	}
	r, err := variant.ParseRules(rules)
	if err != nil {
		t.Fatal(err)
	}
	v.SetRules(r)
	return v
}

// checkMate re-verifies a generated かしこ詰 from its record with a new
// solver and no budget: the shortest mate has the stipulated length,
// the main line is the record's, no other move mates along it, nothing
// is left over; under the standard rules it is no mate of that length.
func checkMate(t *testing.T, p problem.Problem) {
	t.Helper()
	q := reread(t, p)
	v := fromSFEN(t, &q, q.Rules)
	sol, err := solveVariant(&v)
	if err != nil {
		t.Fatal(err)
	}
	if sol.Status != mate.Mate || !sol.LengthExact || sol.Length != q.Stipulation.Plies || !sol.Unique || sol.Leftover {
		t.Errorf("%s (%s): %v in %d (exact %v), unique %v, leftover %v; want a sound mate in %d",
			q.Position.SFEN(), q.Rules, sol.Status, sol.Length, sol.LengthExact, sol.Unique, sol.Leftover, q.Stipulation.Plies)
	}
	if !reflect.DeepEqual(sol.PV, q.Line) {
		t.Errorf("%s: main line %v, the record's %v", q.Position.SFEN(), sol.PV, q.Line)
	}
	// The filter agrees: no cook it can see, a mate within the length
	// (unless only the futile rule makes it one) and none sooner.
	if f := newMateFilter(q.Stipulation.Plies); f.cooked(&v, q.Line) || q.Stipulation.Plies > 1 && f.mates(&v, q.Stipulation.Plies-2) {
		t.Errorf("%s: the filter sees a cook or a shorter mate in a sound problem", q.Position.SFEN())
	}
	std := fromSFEN(t, &q, "")
	alt, err := solveVariant(&std)
	if err == nil && alt.Status == mate.Mate && alt.Length == q.Stipulation.Plies {
		t.Errorf("%s: a mate in %d under the standard rules too: the rules do not matter", q.Position.SFEN(), alt.Length)
	}
}

// checkHelp re-verifies a generated helpmate from its record with the
// helpmate search: exactly one solution, of the stipulated length and the
// shortest, the record's line, nothing left over.
func checkHelp(t *testing.T, p problem.Problem) {
	t.Helper()
	q := reread(t, p)
	v := fromSFEN(t, &q, q.Rules)
	r, err := helpmate.SolveVariant(context.Background(), &v, helpmate.Options{Stip: helpmate.Help})
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != helpmate.Solved || r.Length != q.Stipulation.Plies || r.Count != 1 || r.Leftover() {
		t.Fatalf("%s (%q): %v in %d, %d solutions; want one helpmate in %d", q.Position.SFEN(), q.Rules, r.Status, r.Length, r.Count, q.Stipulation.Plies)
	}
	if !reflect.DeepEqual(r.Solutions[0].Moves, q.Line) {
		t.Errorf("%s: solution %v, the record's %v", q.Position.SFEN(), r.Solutions[0].USI, q.Line)
	}
}

// Each problem is sound under its rules, re-verified from its record,
// and carries its rules and stipulation.
func TestSoundFromTheRecord(t *testing.T) {
	for _, tc := range []struct {
		rules  string
		goal   problem.Goal
		length int
		n      int
	}{
		{"annan", problem.Mate, 1, 4},
		{"tenjiku", problem.Mate, 1, 4},
		{"", problem.Help, 3, 4},
		{"annan", problem.Help, 3, 2},
	} {
		ps, _ := run(t, newGen(t, tc.rules, tc.goal, tc.length, 3, 5), tc.n, 2)
		for _, p := range ps {
			if p.Rules != tc.rules || p.Stipulation.Goal != tc.goal || p.Stipulation.Plies != tc.length || len(p.Line) != tc.length {
				t.Errorf("%s: rules %q, %v, line of %d; want %q, %v in %d", p.Position.SFEN(), p.Rules, p.Stipulation, len(p.Line), tc.rules, tc.goal, tc.length)
			}
			if tc.goal == problem.Mate {
				checkMate(t, p)
			} else {
				checkHelp(t, p)
			}
		}
	}
}

// A 安南 mate in 3, the filter and the solver at full length.
func TestAnnanMate3(t *testing.T) {
	if testing.Short() {
		t.Skip("a mate in 3 takes some seconds of CPU")
	}
	ps, _ := run(t, newGen(t, "annan", problem.Mate, 3, 1, 5), 1, 2)
	checkMate(t, ps[0])
}

// The output does not depend on the number of workers.
func TestWorkersAgree(t *testing.T) {
	for _, tc := range []struct {
		rules string
		goal  problem.Goal
		n     int
	}{{"annan", problem.Mate, 6}, {"", problem.Help, 6}} {
		length := 1
		if tc.goal == problem.Help {
			length = 3
		}
		one, _ := run(t, newGen(t, tc.rules, tc.goal, length, 7, 5), tc.n, 1)
		two, _ := run(t, newGen(t, tc.rules, tc.goal, length, 7, 5), tc.n, 2)
		if !sameRun(one, two) {
			t.Errorf("%q %v: 1 and 2 workers differ", tc.rules, tc.goal)
		}
		other, _ := run(t, newGen(t, tc.rules, tc.goal, length, 8, 5), tc.n, 2)
		if sameRun(one, other) {
			t.Errorf("%q %v: seeds 7 and 8 give the same problems", tc.rules, tc.goal)
		}
	}
}

func sameRun(a, b []problem.Problem) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, _ := json.Marshal(a[i])
		y, _ := json.Marshal(b[i])
		if string(x) != string(y) {
			return false
		}
	}
	return true
}

// A run interrupted after two problems has emitted a prefix of the full
// run's output, and ends with the context's error.
func TestInterrupted(t *testing.T) {
	full, _ := run(t, newGen(t, "", problem.Help, 3, 5, 5), 5, 2)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var got []problem.Problem
	_, err := newGen(t, "", problem.Help, 3, 5, 5).Run(ctx, 5, 2, func(p problem.Problem) error {
		got = append(got, p)
		if len(got) == 2 {
			cancel()
		}
		return nil
	})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("interrupted run: %v, want context.Canceled", err)
	}
	if len(got) < 2 || !sameRun(got, full[:len(got)]) {
		t.Errorf("interrupted run emitted %d problems, not a prefix of the full run", len(got))
	}
}

// Options no problem can satisfy are refused, each named.
func TestValidate(t *testing.T) {
	base := newGen(t, "annan", problem.Mate, 1, 1, 5)
	for _, tc := range []struct {
		o    Options
		want string
	}{
		{Options{Rules: "", Goal: problem.Mate, Length: 3, Base: base}, "gen/maten"},
		{Options{Rules: "standard", Goal: problem.Mate, Length: 3, Base: base}, "gen/maten"},
		{Options{Rules: "anan", Goal: problem.Help, Length: 3, Base: base}, "anan"},
		{Options{Rules: "annan", Goal: problem.HelpSelf, Length: 2, Base: base}, "helpself"},
		{Options{Rules: "annan", Goal: problem.Mate, Length: 4, Base: base}, "length 4"},
		{Options{Rules: "annan", Goal: problem.Mate, Length: 3}, "Base"},
	} {
		if _, err := New(tc.o); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("New(%+v): %v, want an error naming %q", tc.o, err, tc.want)
		}
	}
}

// solveVariant solves v with a new solver, a 16 MB table, both hands as
// given and no limit.
func solveVariant(v *variant.Position) (*mate.VariantSolution, error) {
	s, err := mate.NewSolver(mate.SolverOptions{HashMB: 16, DefenderHand: mate.AsGiven})
	if err != nil {
		return nil, err
	}
	return s.SolveVariant(context.Background(), v)
}
