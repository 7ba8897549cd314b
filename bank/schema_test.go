package bank

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/problem"
)

// TestMigrateFromVersion1 makes a bank of schema version 1 from its DDL,
// with a problem in it, and checks that Open brings it to the current
// version with the problem intact and ready for attempts.
func TestMigrateFromVersion1(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "v1.db")
	ps := append(generated(t, 3, 9), generated3(t, 1)...)
	oldBank(t, path, 1, ps)
	b, es := openMigrated(t, path, ps)
	for _, e := range es {
		if e.Rating != DefaultRating {
			t.Errorf("migrated entry %d rated %v", e.ID, e.Rating)
		}
	}
	if _, _, err := b.Record(ctx, Attempt{ProblemID: 1, Session: "a", Solved: true}); err != nil {
		t.Fatal(err)
	}
	if n, err := b.Count(ctx, Query{MinRating: 1300, MaxRating: 1400}); err != nil || n != 1 {
		t.Errorf("the problem solved once: %d problems rated 1300 to 1400 (%v), want 1", n, err)
	}
	// A file from a newer tsume is refused.
	if _, err := b.db.Exec("PRAGMA user_version = 99"); err != nil {
		t.Fatal(err)
	}
	b.Close()
	if b2, err := Open(ctx, path); err == nil {
		b2.Close()
		t.Error("a bank of schema version 99 was opened")
	}
}

// TestGlicko checks the rating updates against numbers worked out by
// hand from Glickman's formulas.
func TestGlicko(t *testing.T) {
	// Two newcomers: the winner gains what the loser loses.
	w := update(DefaultRating, DefaultRating, 1)
	l := update(DefaultRating, DefaultRating, 0)
	// q = ln10/400, g(350) = 0.6690, E = 0.5, d² = 1/(q²·g²·0.25),
	// 1/RD'² = 1/350² + 1/d²: RD' = 290.3, r' = 1500 + q·RD'²·g·0.5 = 1662.3.
	if math.Abs(w.R-1662.3) > 0.1 || math.Abs(w.RD-290.3) > 0.1 || math.Abs(l.R-1337.7) > 0.1 || l.RD != w.RD {
		t.Errorf("winner %v, loser %v; want 1662.3/290.3 and 1337.7/290.3", w, l)
	}
	// Glickman's example (1995): a 1500 ± 200 player beating a 1400 ± 30
	// opponent alone: E = 0.639, g = 0.9955.
	r := update(Rating{1500, 200}, Rating{1400, 30}, 1)
	if r.R <= 1500 || r.R > 1600 || r.RD >= 200 {
		t.Errorf("win over a weaker player: %v", r)
	}
	// The deviation grows with idle time, to 350 at most.
	if a := aged(Rating{1500, 50}, 100*day); math.Abs(a.RD-350) > 1e-6 {
		t.Errorf("after 100 days RD %v, want 350", a.RD)
	}
	if a := aged(Rating{1500, 50}, 1000*day); a.RD != 350 {
		t.Errorf("after 1000 days RD %v, want 350", a.RD)
	}
	if e := Expected(DefaultRating, DefaultRating); e != 0.5 {
		t.Errorf("Expected of equals %v", e)
	}
}

// TestOpenErrors checks that what is not a bank is refused, and the file
// name is in the error.
func TestOpenErrors(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	text := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(text, []byte(strings.Repeat("not a database\n", 100)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{text, filepath.Join(dir, "a?b.db"), "", filepath.Join(dir, "missing", "x.db")} {
		b, err := Open(ctx, path)
		if err == nil {
			b.Close()
			t.Errorf("Open(%q) succeeded", path)
			continue
		}
		if path != "" && !strings.Contains(err.Error(), path) {
			t.Errorf("Open(%q): %v does not name the file", path, err)
		}
	}
}

// laterColumns are the last columns of insertColumns, in order, each
// with the schema version that added it.
var laterColumns = []struct {
	name    string
	version int
}{{"themes", 3}, {"quality", 5}, {"game", 6}, {"rules", 7}, {"fairy", 8}}

// oldBank writes a bank of schema version v from the first v steps of the
// DDL, holding ps: each row is today's insert without the columns later
// versions added (laterColumns), and those fields of ps are cleared, as
// such a bank has them. ps must be standard mate problems.
func oldBank(t *testing.T, path string, v int, ps []problem.Problem) {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for i := range v {
		if _, err := db.Exec(migrations[i]); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.Exec(fmt.Sprintf("PRAGMA user_version = %d", v)); err != nil {
		t.Fatal(err)
	}
	columns, later := insertColumns, 0
	for i := len(laterColumns) - 1; i >= 0 && laterColumns[i].version > v; i-- {
		columns, later = strings.TrimSuffix(columns, ", "+laterColumns[i].name), later+1
	}
	insert := "INSERT INTO problems (" + columns + ") VALUES (?" + strings.Repeat(", ?", numInsertColumns-later-1) + ")"
	var line strings.Builder
	for i := range ps {
		if ps[i].Rules != "" || ps[i].Stipulation.Goal != problem.Mate {
			t.Fatalf("problem %d: an old bank holds standard mate problems only", i)
		}
		if v < 6 {
			ps[i].Provenance.Game = nil
		}
		if v < 5 {
			ps[i].Quality = nil
		}
		if v < 3 {
			ps[i].Themes = nil
		}
		args, err := appendRow(nil, &ps[i], &line, time.Now().UnixNano())
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec(insert, args[:len(args)-later]...); err != nil {
			t.Fatal(err)
		}
	}
}

// openMigrated opens the bank at path, which Open migrates, and checks
// that it is of the current version and holds ps, in order. The bank is
// closed at the end of the test.
func openMigrated(t *testing.T, path string, ps []problem.Problem) (*Bank, []Entry) {
	t.Helper()
	ctx := context.Background()
	b, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	if v, err := b.Version(ctx); err != nil || v != CurrentVersion {
		t.Fatalf("version %d (%v), want %d", v, err, CurrentVersion)
	}
	es, err := b.Query(ctx, Query{})
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != len(ps) {
		t.Fatalf("%d entries after the migration, want %d", len(es), len(ps))
	}
	for i, e := range es {
		sameProblem(t, "migrated", e.Problem, ps[i])
	}
	return b, es
}
