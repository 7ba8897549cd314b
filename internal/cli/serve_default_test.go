package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/bank"
)

// lookupIn returns a lookup of the environment vars.
func lookupIn(vars map[string]string) func(string) (string, bool) {
	return func(name string) (string, bool) {
		v, ok := vars[name]
		return v, ok
	}
}

// The default bank lives in the user's data directory of each system:
// $XDG_DATA_HOME when it is an absolute path, else ~/.local/share.
func TestDefaultBankPath(t *testing.T) {
	for _, c := range []struct {
		goos string
		env  map[string]string
		want string
		err  string
	}{
		{"linux", map[string]string{"XDG_DATA_HOME": "/x/data", "HOME": "/home/u"}, "/x/data/tsume/bank.db", ""},
		{"linux", map[string]string{"XDG_DATA_HOME": "rel/data", "HOME": "/home/u"}, "/home/u/.local/share/tsume/bank.db", ""},
		{"freebsd", map[string]string{"HOME": "/home/u"}, "/home/u/.local/share/tsume/bank.db", ""},
		{"darwin", map[string]string{"XDG_DATA_HOME": "/x/data", "HOME": "/Users/u"}, "/Users/u/Library/Application Support/tsume/bank.db", ""},
		{"windows", map[string]string{"LocalAppData": "/c/AppData/Local"}, "/c/AppData/Local/tsume/bank.db", ""},
		{"plan9", map[string]string{"home": "/usr/u"}, "/usr/u/lib/tsume/bank.db", ""},
		{"linux", map[string]string{"HOME": ""}, "", "$HOME is not set"},
		{"windows", nil, "", "$LocalAppData is not set"},
	} {
		got, err := defaultBankPath(c.goos, lookupIn(c.env))
		if filepath.ToSlash(got) != c.want || (err == nil) != (c.err == "") || err != nil && err.Error() != c.err {
			t.Errorf("%s %v: %q, %v; want %q, %q", c.goos, c.env, got, err, c.want, c.err)
		}
	}
}

// smallStarter is a starter set small enough for a test.
func smallStarter() starterSet { return starterSet{{1, 4}, {3, 2}} }

// dataEnv returns a lookup that puts the user's data directory, on every
// system, in a new temporary directory, and the default bank's path.
func dataEnv(t *testing.T) (func(string) (string, bool), string) {
	dir := t.TempDir()
	lookup := lookupIn(map[string]string{"XDG_DATA_HOME": dir, "HOME": dir, "LocalAppData": dir, "home": dir})
	path, err := defaultBankPath(runtime.GOOS, lookup)
	if err != nil {
		t.Fatal(err)
	}
	return lookup, path
}

// On first start the default bank is made with the starter set, which is
// what tsume generate makes with seed 1, and standard error says where it
// is and that it was made; on the next start it is served as it is.
func TestDefaultBankMadeOnce(t *testing.T) {
	ctx := context.Background()
	lookup, path := dataEnv(t)
	var stderr bytes.Buffer
	b, err := openDefaultBank(ctx, &env{stderr: &stderr}, lookup, smallStarter())
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range smallStarter() {
		if n, err := b.Count(ctx, bank.Query{Plies: l.plies}); err != nil || n != l.n {
			t.Errorf("the starter bank holds %d problems of %d plies (%v), want %d", n, l.plies, err, l.n)
		}
	}
	es, err := b.Query(ctx, bank.Query{Limit: 1})
	if err != nil || len(es) != 1 || es[0].Problem.Provenance.Seed != 1 {
		t.Errorf("the first problem of the starter bank: %+v (%v), want one of seed 1", es, err)
	}
	b.Close()
	want := "tsume serve: no --bank: making the default bank " + path + " with a starter set of 4 problems of 1 ply, 2 of 3 plies …\n"
	if first, _, _ := strings.Cut(stderr.String(), "\n"); first+"\n" != want || !strings.Contains(stderr.String(), "tsume serve: made the default bank "+path+" in ") {
		t.Errorf("first start: stderr %q, want %q and the time it took", stderr.String(), want)
	}
	entries, err := os.ReadDir(filepath.Dir(path))
	if err != nil || len(entries) != 1 || entries[0].Name() != "bank.db" {
		t.Errorf("the data directory holds %v (%v), want bank.db alone", entries, err)
	}

	stderr.Reset()
	b, err = openDefaultBank(ctx, &env{stderr: &stderr}, lookup, starterSet{{1, 7}})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if n, err := b.Count(ctx, bank.Query{}); err != nil || n != 6 {
		t.Errorf("second start: %d problems (%v), want the 6 made on the first", n, err)
	}
	if got := stderr.String(); got != "tsume serve: no --bank: serving the default bank "+path+"\n" {
		t.Errorf("second start: stderr %q", got)
	}
}

// A first start that stops while it makes the bank — interrupted, or
// failing after some problems are in — leaves no bank, whole or half,
// and nothing else in the data directory.
func TestDefaultBankAllOrNothing(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, c := range []struct {
		name    string
		ctx     context.Context
		starter starterSet
		want    string
	}{
		{"interrupted", cancelled, smallStarter(), "context canceled"},
		{"failing", context.Background(), starterSet{{1, 4}, {2, 1}}, "the default bank: tsume generate --length 2 --n 1: "},
	} {
		lookup, path := dataEnv(t)
		b, err := openDefaultBank(c.ctx, &env{stderr: new(bytes.Buffer)}, lookup, c.starter)
		if err == nil {
			b.Close()
			t.Errorf("%s: the first start opened a bank", c.name)
			continue
		}
		if !strings.Contains(message(err), c.want) {
			t.Errorf("%s: %v, want %q", c.name, message(err), c.want)
		}
		if entries, err := os.ReadDir(filepath.Dir(path)); err != nil || len(entries) != 0 {
			t.Errorf("%s: the data directory holds %v (%v), want nothing", c.name, entries, err)
		}
	}
}

// tsume serve with neither --bank nor --problems serves the default bank.
func TestServeDefaultBank(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"XDG_DATA_HOME", "HOME", "LocalAppData", "home"} {
		t.Setenv(name, dir)
	}
	path, err := defaultBankPath(runtime.GOOS, os.LookupEnv)
	if err != nil {
		t.Fatal(err)
	}
	b, err := openDefaultBank(context.Background(), &env{stderr: new(bytes.Buffer)}, os.LookupEnv, smallStarter())
	if err != nil {
		t.Fatal(err)
	}
	b.Close()
	stderr := serveOnce(t, nil)
	if !strings.Contains(stderr, "serving the default bank "+path+"\n") {
		t.Errorf("serve: stderr %q does not name the default bank %s", stderr, path)
	}
}
