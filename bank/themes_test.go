package bank

import (
	"context"
	"errors"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/problem"
)

// themed returns problems whose main lines have themes: mate-in-1s and
// mate-in-3s of the generators, their themes found.
func themed(t *testing.T) []problem.Problem {
	t.Helper()
	ps := append(generated(t, 30, 21), generated3(t, 8)...)
	if err := FillThemes(context.Background(), ps); err != nil {
		t.Fatal(err)
	}
	for i := range ps {
		if ps[i].Themes == nil {
			t.Fatalf("problem %d: no themes filled in", i+1)
		}
	}
	return ps
}

// withThemes returns the IDs of the entries whose themes include every
// one of names, read from the entries themselves: what a query by theme
// must select.
func withThemes(es []Entry, names ...string) []int64 {
	var ids []int64
	for _, e := range es {
		all := true
		for _, n := range names {
			if !slices.ContainsFunc(e.Problem.Themes, func(th problem.Theme) bool { return th.Name == n }) {
				all = false
			}
		}
		if all {
			ids = append(ids, e.ID)
		}
	}
	return ids
}

// ids returns the IDs of es.
func ids(es []Entry) []int64 {
	var out []int64
	for _, e := range es {
		out = append(out, e.ID)
	}
	return out
}

// themeCounts counts the entries per theme name, a problem once per name.
func themeCounts(es []Entry) map[string]int {
	m := map[string]int{}
	for _, e := range es {
		seen := map[string]bool{}
		for _, th := range e.Problem.Themes {
			if !seen[th.Name] {
				seen[th.Name] = true
				m[th.Name]++
			}
		}
	}
	return m
}

// checkThemeIndex checks that b's queries by theme, one name and pairs of
// names, and its statistics per theme, agree with the themes of its
// entries; it returns the counts per theme.
func checkThemeIndex(t *testing.T, b *Bank) map[string]int {
	t.Helper()
	ctx := context.Background()
	all, err := b.Query(ctx, Query{})
	if err != nil {
		t.Fatal(err)
	}
	counts := themeCounts(all)
	if len(counts) < 3 {
		t.Fatalf("only %d themes among %d problems: too few to test", len(counts), len(all))
	}
	var names []string
	for n := range counts {
		names = append(names, n)
	}
	slices.Sort(names)
	for i, n := range names {
		for _, q := range [][]string{{n}, {n, names[(i+1)%len(names)]}} {
			got, err := b.Query(ctx, Query{Themes: q})
			if err != nil {
				t.Fatal(err)
			}
			if want := withThemes(all, q...); !reflect.DeepEqual(ids(got), want) {
				t.Errorf("query --theme %s: entries %v, want %v", strings.Join(q, ","), ids(got), want)
			}
			if c, err := b.Count(ctx, Query{Themes: q}); err != nil || c != len(withThemes(all, q...)) {
				t.Errorf("count --theme %s: %d (%v), want %d", strings.Join(q, ","), c, err, len(withThemes(all, q...)))
			}
			for seed := range uint64(3) {
				e, err := b.Pick(ctx, Query{Themes: q}, seed)
				if len(withThemes(all, q...)) == 0 {
					if !errors.Is(err, ErrNotFound) {
						t.Errorf("pick --theme %s: %v, want ErrNotFound", strings.Join(q, ","), err)
					}
					continue
				}
				if err != nil || !slices.Contains(withThemes(all, q...), e.ID) {
					t.Errorf("pick --theme %s (seed %d): entry %d (%v), want one of %v", strings.Join(q, ","), seed, e.ID, err, withThemes(all, q...))
				}
			}
		}
	}
	s, err := b.Stats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(s.ByTheme, counts) {
		t.Errorf("stats per theme %v, want %v", s.ByTheme, counts)
	}
	return counts
}

// TestQueryByTheme: a query by themes selects the problems whose main
// line has all of them, and the statistics count the problems per theme.
func TestQueryByTheme(t *testing.T) {
	ctx := context.Background()
	b, _ := openTemp(t)
	ps := themed(t)
	if _, err := b.Add(ctx, ps...); err != nil {
		t.Fatal(err)
	}
	checkThemeIndex(t, b)
	if n, err := b.Count(ctx, Query{Themes: []string{"no-such-theme"}}); err != nil || n != 0 {
		t.Errorf("a theme no problem has: %d problems (%v)", n, err)
	}
	// Adding a problem again (a duplicate) does not index its themes twice.
	before, _ := b.Stats(ctx)
	if _, err := b.Add(ctx, ps...); err != nil {
		t.Fatal(err)
	}
	if after, _ := b.Stats(ctx); !reflect.DeepEqual(after.ByTheme, before.ByTheme) {
		t.Errorf("after adding duplicates: %v, before %v", after.ByTheme, before.ByTheme)
	}
}

// TestMergeIndexesThemes: the problems a merge brings in are found by
// their themes.
func TestMergeIndexesThemes(t *testing.T) {
	ctx := context.Background()
	src, srcPath := openTemp(t)
	if _, err := src.Add(ctx, themed(t)...); err != nil {
		t.Fatal(err)
	}
	src.Close()
	dst, _ := openTemp(t)
	if _, err := dst.Merge(ctx, srcPath); err != nil {
		t.Fatal(err)
	}
	checkThemeIndex(t, dst)
}

// TestMigrateThemesIndex makes a bank of schema version 3 with problems
// (with themes, and without: NULL) and checks that the migration indexes
// the themes the column holds.
func TestMigrateThemesIndex(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "v3.db")
	ps := themed(t)
	ps[0].Themes = nil // not looked for
	oldBank(t, path, 3, ps)
	b, _ := openMigrated(t, path, ps)
	checkThemeIndex(t, b)
	// And problems added after the migration are indexed as well.
	if _, err := b.Add(ctx, generated(t, 20, 22)...); err != nil {
		t.Fatal(err)
	}
	checkThemeIndex(t, b)
}
