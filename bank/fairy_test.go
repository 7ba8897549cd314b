package bank

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
)

// fairyProblems returns one position as three problems: issue 28's 安南
// mate in 3 as a かしこ詰 and as a helpmate under 安南 (its line legal
// only there), and the same position as a standard mate problem.
func fairyProblems(t *testing.T) []problem.Problem {
	t.Helper()
	pos, err := shogi.ParseSFEN("9/2k6/N8/1R7/1B7/4S4/4G4/9/9 b GN 1")
	if err != nil {
		t.Fatal(err)
	}
	line, err := problem.ParseLineRules(&pos, "annan", strings.Fields("G*7c 7b7a N*7b"))
	if err != nil {
		t.Fatal(err)
	}
	prov := problem.Provenance{Method: "fairy", Seed: 1}
	return []problem.Problem{
		// Its themes looked for, none found (TestFairyThemes finds them).
		{Position: pos, Rules: "annan", Stipulation: problem.MateIn(3), Line: line, Verdict: "sound", Provenance: prov, Themes: []problem.Theme{}},
		{Position: pos, Rules: "annan", Stipulation: problem.Stipulation{Goal: problem.Help, Plies: 3}, Line: line, Provenance: prov},
		{Position: pos, Stipulation: problem.Stipulation{Goal: problem.HelpSelf, Plies: 2}, Provenance: prov},
		{Position: pos, Stipulation: problem.MateIn(0), Provenance: prov},
	}
}

// A bank stores each problem's rules and stipulation: one position under
// two rule sets or stipulations is two problems, and each reads back as
// it was added, its line checked under its rules.
func TestFairyRoundTrip(t *testing.T) {
	ctx := context.Background()
	b, _ := openTemp(t)
	ps := fairyProblems(t)
	if n, err := b.Add(ctx, ps...); err != nil || n != len(ps) {
		t.Fatalf("added %d (%v), want %d", n, err, len(ps))
	}
	es, err := b.Query(ctx, Query{})
	if err != nil {
		t.Fatal(err)
	}
	keys := map[string]bool{}
	for i, e := range es {
		sameProblem(t, "read back", e.Problem, ps[i])
		keys[e.Key] = true
		if e.Key != KeyOf(&ps[i]) {
			t.Errorf("entry %d: key %q, want KeyOf's %q", e.ID, e.Key, KeyOf(&ps[i]))
		}
	}
	if len(keys) != len(ps) {
		t.Errorf("%d distinct keys, want %d", len(keys), len(ps))
	}
	if k := KeyOf(&ps[3]); k != Key(&ps[3].Position) {
		t.Errorf("a standard mate problem's key %q is not its position's %q", k, Key(&ps[3].Position))
	}
	if n, err := b.Add(ctx, ps...); err != nil || n != 0 {
		t.Errorf("added again: %d new (%v), want 0", n, err)
	}
}

// Queries select by rules and by stipulation.
func TestFairyQuery(t *testing.T) {
	ctx := context.Background()
	b, _ := openTemp(t)
	if _, err := b.Add(ctx, fairyProblems(t)...); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		q    Query
		want int
	}{
		{Query{}, 4},
		{Query{Rules: "annan"}, 2},
		{Query{Rules: "standard"}, 2},
		{Query{Rules: "tenjiku"}, 0},
		{Query{Stip: "mate"}, 2},
		{Query{Stip: "help"}, 1},
		{Query{Stip: "helpself"}, 1},
		{Query{Rules: "annan", Stip: "mate"}, 1},
		{Query{Rules: "standard", Stip: "mate"}, 1},
	} {
		n, err := b.Count(ctx, tc.q)
		if err != nil || n != tc.want {
			t.Errorf("Count(%+v) = %d, %v; want %d", tc.q, n, err, tc.want)
		}
		es, err := b.Query(ctx, tc.q)
		if err != nil || len(es) != tc.want {
			t.Errorf("Query(%+v): %d entries, %v; want %d", tc.q, len(es), err, tc.want)
		}
		for _, e := range es {
			if tc.q.Rules == "annan" && e.Problem.Rules != "annan" || tc.q.Stip != "" && e.Problem.Stipulation.Goal.String() != tc.q.Stip {
				t.Errorf("Query(%+v) gave %q %v", tc.q, e.Problem.Rules, e.Problem.Stipulation)
			}
		}
	}
	if e, err := b.Pick(ctx, Query{Rules: "annan", Stip: "help"}, 3); err != nil || e.Problem.Stipulation.Goal != problem.Help {
		t.Errorf("Pick(annan help) = %v, %v", e.Problem.Stipulation, err)
	}
}

// Unknown rules and stipulations are refused by name.
func TestFairyQueryErrors(t *testing.T) {
	ctx := context.Background()
	b, _ := openTemp(t)
	for _, q := range []Query{{Rules: "anan"}, {Stip: "selfmate"}} {
		if _, err := b.Count(ctx, q); err == nil || !strings.Contains(err.Error(), q.Rules+q.Stip) {
			t.Errorf("Count(%+v): %v, want an error naming it", q, err)
		}
		if _, err := b.Query(ctx, q); err == nil {
			t.Errorf("Query(%+v): no error", q)
		}
		if _, err := b.Pick(ctx, q, 1); err == nil {
			t.Errorf("Pick(%+v): no error", q)
		}
	}
}

// A bank of version 6, before the rules column, or of version 7, before
// the column fairy, opens with its problems intact, every one standard
// (selected by Rules "standard" and Board "standard", none by "annan"),
// and takes fairy problems and fairy positions after.
func TestMigrateFromVersions6And7(t *testing.T) {
	ctx := context.Background()
	for _, v := range []int{6, 7} {
		path := filepath.Join(t.TempDir(), fmt.Sprintf("v%d.db", v))
		ps := generated(t, 3, uint64(5+v))
		oldBank(t, path, v, ps)
		b, _ := openMigrated(t, path, ps)
		for _, tc := range []struct {
			q    Query
			want int
		}{
			{Query{Rules: "standard", Stip: "mate"}, len(ps)},
			{Query{Board: BoardStandard}, len(ps)},
			{Query{Rules: "annan"}, 0},
			{Query{Board: BoardFairy}, 0},
		} {
			if n, err := b.Count(ctx, tc.q); err != nil || n != tc.want {
				t.Errorf("version %d: Count(%+v) = %d (%v), want %d", v, tc.q, n, err, tc.want)
			}
		}
		if n, err := b.Add(ctx, append(fairyProblems(t)[:1], fairyBoardProblems(t)...)...); err != nil || n != 4 {
			t.Errorf("version %d: adding fairy problems to the migrated bank: %d (%v), want 4", v, n, err)
		}
		if n, err := b.Count(ctx, Query{Board: BoardFairy}); err != nil || n != 3 {
			t.Errorf("version %d: fairy positions: %d (%v), want 3", v, n, err)
		}
	}
}

// Merge carries the rules, the stipulation and fairy positions (the
// column fairy).
func TestFairyMerge(t *testing.T) {
	ctx := context.Background()
	other, path := openTemp(t)
	ps := append(fairyProblems(t), fairyBoardProblems(t)...)
	if _, err := other.Add(ctx, ps...); err != nil {
		t.Fatal(err)
	}
	other.Close()
	b, _ := openTemp(t)
	if n, err := b.Merge(ctx, path); err != nil || n != len(ps) {
		t.Fatalf("merged %d (%v), want %d", n, err, len(ps))
	}
	es, err := b.Query(ctx, Query{Rules: "annan", Stip: "help"})
	if err != nil || len(es) != 1 {
		t.Fatalf("annan helpmates after the merge: %d (%v), want 1", len(es), err)
	}
	sameProblem(t, "merged", es[0].Problem, ps[1])
	es, err = b.Query(ctx, Query{Board: BoardFairy})
	if err != nil || len(es) != 3 {
		t.Fatalf("fairy positions after the merge: %d (%v), want 3", len(es), err)
	}
	for i := range es {
		sameJSON(t, "merged", es[i].Problem, ps[len(ps)-3+i])
	}
}
