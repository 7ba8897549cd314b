package bank

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// snapshot is what a test knows of a file: its bytes and its times.
type snapshot struct {
	data  []byte
	mtime time.Time
	mode  fs.FileMode
}

// takeSnapshot reads the file path; it is nil when there is none.
func takeSnapshot(t *testing.T, path string) *snapshot {
	t.Helper()
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	s := &snapshot{mtime: fi.ModTime(), mode: fi.Mode()}
	if !fi.IsDir() {
		if s.data, err = os.ReadFile(path); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// checkUntouched fails unless the file path is as before was (nil: no
// file) and SQLite left no journal, WAL or shared-memory file beside it.
func checkUntouched(t *testing.T, what, path string, before *snapshot) {
	t.Helper()
	after := takeSnapshot(t, path)
	switch {
	case before == nil && after != nil:
		t.Errorf("%s: %s was created", what, path)
	case before != nil && after == nil:
		t.Errorf("%s: %s was removed", what, path)
	case before != nil && (!bytes.Equal(before.data, after.data) || !before.mtime.Equal(after.mtime) || before.mode != after.mode):
		t.Errorf("%s: %s was changed", what, path)
	}
	for _, suffix := range []string{"-journal", "-wal", "-shm"} {
		if _, err := os.Stat(path + suffix); err == nil {
			t.Errorf("%s: %s%s was created", what, path, suffix)
		}
	}
}

// sqliteFile makes an SQLite database at path with the statements ddl,
// in rollback-journal mode, as another program might.
func sqliteFile(t *testing.T, path, ddl string) {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(ddl); err != nil {
		t.Fatal(err)
	}
}

// notBanks makes in dir one file of each kind that is not a bank and
// returns them by name with what NotBankError should say each is.
func notBanks(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{
		"empty.kif": "",
		"game.kif":  "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n",
		"game.csa":  "V2.2\nPI\n+\n+7776FU\n",
		"list.sfen": "8k/9/9/7Rs/9/9/9/9/9 b B 1\n4k4/9/4G4/9/9/9/9/9/9 b G 1\n",
		"p.jsonl":   `{"sfen":"4k4/9/4G4/9/9/9/9/9/9 b G2r2b2g4s4n4l18p 1"}` + "\n",
		"notes.txt": "what I did today\n",
		"data.bin":  "\x00\x01\x02 not text",
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "a.db"), 0o755); err != nil {
		t.Fatal(err)
	}
	sqliteFile(t, filepath.Join(dir, "other.db"), "CREATE TABLE notes (x TEXT); INSERT INTO notes VALUES ('mine')")
	sqliteFile(t, filepath.Join(dir, "blank.db"), "CREATE TABLE t (x); DROP TABLE t")
	return map[string]string{
		"empty.kif": "an empty file",
		"game.kif":  "a KIF record",
		"game.csa":  "a CSA record",
		"list.sfen": "SFEN text",
		"p.jsonl":   "JSON text",
		"notes.txt": "text",
		"data.bin":  "binary data",
		"a.db":      "a directory",
		"other.db":  "an SQLite database of another program",
		"blank.db":  "an empty SQLite database",
	}
}

// OpenExisting never creates a file: a missing bank is an error that
// wraps fs.ErrNotExist, and the file is still missing after it.
func TestOpenExistingMissing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "nonexist.db")
	b, err := OpenExisting(context.Background(), path)
	if err == nil {
		b.Close()
		t.Fatal("OpenExisting of a missing file succeeded")
	}
	var nb *NotBankError
	if !errors.As(err, &nb) || !errors.Is(err, fs.ErrNotExist) || nb.Path != path || nb.Message() != path+": no such file" {
		t.Errorf("OpenExisting of a missing file: %v (%T)", err, err)
	}
	checkUntouched(t, "OpenExisting", path, nil)
}

// Neither Open nor OpenExisting turns a file that is not a bank into one:
// each is refused with a NotBankError saying what it is, and left byte
// for byte as it was, its time included. Open fills only an empty SQLite
// database, which holds nothing.
func TestNotBankUntouched(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	for name, what := range notBanks(t, dir) {
		path := filepath.Join(dir, name)
		opens := map[string]func(context.Context, string) (*Bank, error){"OpenExisting": OpenExisting, "Open": Open}
		if name == "blank.db" {
			delete(opens, "Open")
		}
		for fn, open := range opens {
			before := takeSnapshot(t, path)
			b, err := open(ctx, path)
			if err == nil {
				b.Close()
				t.Errorf("%s(%s) succeeded", fn, name)
				continue
			}
			var nb *NotBankError
			if !errors.As(err, &nb) || nb.What != what || nb.Path != path || errors.Is(err, fs.ErrNotExist) {
				t.Errorf("%s(%s): %v (%T), want a NotBankError: %s", fn, name, err, err, what)
			}
			checkUntouched(t, fn+"("+name+")", path, before)
		}
	}
	b, err := Open(ctx, filepath.Join(dir, "blank.db"))
	if err != nil {
		t.Fatalf("Open of an empty SQLite database: %v", err)
	}
	defer b.Close()
	if v, err := b.Version(ctx); err != nil || v != CurrentVersion {
		t.Errorf("Open of an empty SQLite database: version %d (%v)", v, err)
	}
}

// The message of a NotBankError names the file and what it is.
func TestNotBankMessage(t *testing.T) {
	for _, c := range []struct {
		err  NotBankError
		want string
	}{
		{NotBankError{Path: "x.db", What: "no such file", Err: fs.ErrNotExist}, "x.db: no such file"},
		{NotBankError{Path: "f/empty.kif", What: "an empty file"}, "f/empty.kif: not a tsume bank (an empty file)"},
	} {
		if got := c.err.Message(); got != c.want {
			t.Errorf("Message %q, want %q", got, c.want)
		}
		if got := c.err.Error(); got != "bank: "+c.want {
			t.Errorf("Error %q, want %q", got, "bank: "+c.want)
		}
	}
}

// OpenExisting opens a bank Open made, with its problems, and a bank of
// an older schema, which it brings to the current one.
func TestOpenExistingBank(t *testing.T) {
	ctx := context.Background()
	b, path := openTemp(t)
	ps := synthetic(5)
	if _, err := b.Add(ctx, ps...); err != nil {
		t.Fatal(err)
	}
	b.Close()
	r, err := OpenExisting(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if n, err := r.Count(ctx, Query{}); err != nil || n != len(ps) {
		t.Errorf("OpenExisting: %d problems (%v), want %d", n, err, len(ps))
	}
	v1 := filepath.Join(t.TempDir(), "v1.db")
	sqliteFile(t, v1, migrations[0]+"; PRAGMA user_version = 1")
	o, err := OpenExisting(ctx, v1)
	if err != nil {
		t.Fatalf("OpenExisting of a version 1 bank: %v", err)
	}
	defer o.Close()
	if v, err := o.Version(ctx); err != nil || v != CurrentVersion {
		t.Errorf("OpenExisting of a version 1 bank: version %d (%v), want %d", v, err, CurrentVersion)
	}
}

// Merge reads its other banks with OpenExisting: a missing one is not
// created, one that is not a bank is left as it is, and the bank merged
// into is unchanged.
func TestMergeNotBank(t *testing.T) {
	ctx := context.Background()
	b, _ := openTemp(t)
	if _, err := b.Add(ctx, synthetic(3)...); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	notBanks(t, dir)
	for _, name := range []string{"missing.db", "empty.kif", "other.db"} {
		path := filepath.Join(dir, name)
		before := takeSnapshot(t, path)
		n, err := b.Merge(ctx, path)
		var nb *NotBankError
		if err == nil || !errors.As(err, &nb) || nb.Path != path {
			t.Errorf("Merge(%s): %d added, %v; want a NotBankError", name, n, err)
		}
		checkUntouched(t, "Merge("+name+")", path, before)
	}
	if n, err := b.Count(ctx, Query{}); err != nil || n != 3 {
		t.Errorf("the bank holds %d problems (%v) after the failed merges, want 3", n, err)
	}
}
