package cli

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// fileState is what a test knows of a file: its bytes and its time; nil
// for no file.
type fileState struct {
	data  []byte
	mtime time.Time
}

func stateOf(t *testing.T, path string) *fileState {
	t.Helper()
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return &fileState{data, fi.ModTime()}
}

// checkFileUntouched fails unless path is as before (nil: still missing)
// and SQLite made no file beside it.
func checkFileUntouched(t *testing.T, what, path string, before *fileState) {
	t.Helper()
	after := stateOf(t, path)
	switch {
	case before == nil && after != nil:
		t.Errorf("%s: created %s", what, path)
	case before != nil && (after == nil || !bytes.Equal(before.data, after.data) || !before.mtime.Equal(after.mtime)):
		t.Errorf("%s: changed %s", what, path)
	}
	for _, suffix := range []string{"-journal", "-wal", "-shm"} {
		if _, err := os.Stat(path + suffix); err == nil {
			t.Errorf("%s: created %s%s", what, path, suffix)
		}
	}
}

// A command that only reads a bank — query, stats, export, the inputs of
// merge, serve --bank — never creates one: on a missing file or one that
// is not a bank it says in one line which file and what it is, exits 2
// and leaves the file as it was.
func TestBankReadersCreateNothing(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.db")
	mustRun(t, "bank", "init", "--bank", good)
	files := map[string]string{
		"nonexist.db": "no such file (create a bank with tsume bank init",
		"empty.kif":   "not a tsume bank (an empty file)",
		"game.kif":    "not a tsume bank (a KIF record)",
	}
	if err := os.WriteFile(filepath.Join(dir, "empty.kif"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "game.kif"), []byte("手合割：平手\n   1 ７六歩(77)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for name, what := range files {
		path := filepath.Join(dir, name)
		for _, args := range [][]string{
			{"bank", "query", "--bank", path},
			{"bank", "stats", "--bank", path},
			{"bank", "export", "--bank", path},
			{"bank", "merge", "--bank", good, path},
			{"bank", "merge", "--bank", filepath.Join(dir, "new.db"), path},
			{"serve", "--addr", "127.0.0.1:0", "--bank", path},
		} {
			want := what
			switch {
			case name != "nonexist.db":
			case args[0] == "serve":
				want = "no such file (create a bank with tsume bank init, import or generate --bank, or leave out --bank"
			case args[1] == "merge":
				want = "no such file\n" // an input of merge: no hint
			}
			before := stateOf(t, path)
			// A serve that started would run until its context ends.
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			stdout, stderr, code := runBankCLI(t, ctx, "", args...)
			cancel()
			cmd := strings.Join(args, " ")
			if code != ExitError || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, path+": "+want) {
				t.Errorf("tsume %s: exit %d, stdout %q, stderr %q; want exit 2 and one line: %s: %s", cmd, code, stdout, stderr, path, want)
			}
			checkFileUntouched(t, cmd, path, before)
			checkFileUntouched(t, cmd, filepath.Join(dir, "new.db"), nil)
		}
	}
}

// init, add, import and generate --bank create a bank where there is
// none, and refuse a file that is something else, leaving it as it was.
func TestBankWritersCreate(t *testing.T) {
	dir := t.TempDir()
	sfen := "4k4/9/4G4/9/9/9/9/9/9 b G2r2b2g4s4n4l18p 1"
	jsonl := filepath.Join("..", "..", "web", "testdata", "problems.jsonl")
	for _, args := range [][]string{
		{"bank", "init"},
		{"bank", "add", "--sfen", sfen},
		{"bank", "import", jsonl},
		{"generate", "--n", "2", "--bank"},
	} {
		cmd := strings.Join(args, " ")
		made := filepath.Join(dir, args[1]+".db")
		kif := filepath.Join(dir, args[1]+".kif")
		if err := os.WriteFile(kif, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		at := func(path string) []string {
			if args[0] == "generate" {
				return append(append([]string{}, args...), path)
			}
			return append([]string{args[0], args[1], "--bank", path}, args[2:]...)
		}
		if _, stderr, code := runBankCLI(t, context.Background(), "", at(made)...); code != ExitOK {
			t.Errorf("tsume %s --bank %s: exit %d, %s", cmd, made, code, stderr)
		} else if _, stderr, code := runBankCLI(t, context.Background(), "", "bank", "stats", "--bank", made); code != ExitOK {
			t.Errorf("tsume %s made %s, which stats cannot read: %s", cmd, made, stderr)
		}
		before := stateOf(t, kif)
		_, stderr, code := runBankCLI(t, context.Background(), "", at(kif)...)
		if code != ExitError || !strings.Contains(stderr, kif+": not a tsume bank (an empty file)") {
			t.Errorf("tsume %s --bank %s: exit %d, %q; want exit 2: not a tsume bank (an empty file)", cmd, kif, code, stderr)
		}
		checkFileUntouched(t, cmd, kif, before)
	}
}
