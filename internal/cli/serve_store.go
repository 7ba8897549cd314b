package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/tsume-shogi/tsume/bank"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/web"
)

// serveStore returns the web configuration of serve's problem store —
// its Store and IsNotFound — and the function that closes it: the bank
// bankFile, which must exist, or the problems of the JSONL file problems
// held in memory, or, with neither, the default bank (openDefaultBank).
func serveStore(ctx context.Context, e *env, bankFile, problems string) (web.Config, func(), error) {
	if problems != "" {
		ps, err := problem.ReadJSONLFile(problems)
		if err != nil {
			return web.Config{}, nil, inputError(err)
		}
		// The themes of problems written before they were found, for the
		// theme filter, as a bank finds them.
		if err := bank.FillThemes(ctx, ps); err != nil {
			return web.Config{}, nil, err
		}
		return web.Config{Store: web.NewMemoryStore(ps)}, func() {}, nil
	}
	var b *bank.Bank
	var err error
	if bankFile != "" {
		if b, err = bank.OpenExisting(ctx, bankFile); err != nil {
			err = bankOpenError("--bank", err, serveMissingHint)
		}
	} else {
		b, err = openDefaultBank(ctx, e, os.LookupEnv, defaultStarter())
	}
	if err != nil {
		return web.Config{}, nil, err
	}
	isNotFound := func(err error) bool { return errors.Is(err, bank.ErrNotFound) }
	return web.Config{Store: b, IsNotFound: isNotFound}, func() { b.Close() }, nil
}

// serveMissingHint follows the message of a --bank file that does not
// exist.
const serveMissingHint = " (create a bank with tsume bank init, import or generate --bank, or leave out --bank to serve the default bank)"

// starterSet is what the default bank is made of on first start: how
// many problems of each length, made by tsume generate with seed 1.
type starterSet []struct{ plies, n int }

// defaultStarter is the starter set of the default bank: a range from
// mate-in-1 to mate-in-7 that the generator makes in seconds (docs/web.md
// gives the time measured).
func defaultStarter() starterSet { return starterSet{{1, 300}, {3, 200}, {5, 50}, {7, 10}} }

// String describes s: "300 problems of 1 ply, 300 of 3 plies, …".
func (s starterSet) String() string {
	parts := make([]string, len(s))
	for i, l := range s {
		unit := "plies"
		if l.plies == 1 {
			unit = "ply"
		}
		parts[i] = fmt.Sprintf("%d of %d %s", l.n, l.plies, unit)
		if i == 0 {
			parts[i] = fmt.Sprintf("%d problem%s of %d %s", l.n, plural(l.n), l.plies, unit)
		}
	}
	return strings.Join(parts, ", ")
}

// dataDir returns the directory for the user's data on the system goos,
// from the environment that lookup reads: $XDG_DATA_HOME (when absolute)
// or ~/.local/share on Unix systems, ~/Library/Application Support on
// macOS, %LocalAppData% on Windows, $home/lib on Plan 9. Go's os package
// knows the directories of configuration and caches but not this one.
func dataDir(goos string, lookup func(string) (string, bool)) (string, error) {
	env := func(name string) (string, error) {
		if v, ok := lookup(name); ok && v != "" {
			return v, nil
		}
		return "", fmt.Errorf("$%s is not set", name)
	}
	switch goos {
	case "windows":
		return env("LocalAppData")
	case "plan9":
		home, err := env("home")
		return filepath.Join(home, "lib"), err
	case "darwin", "ios":
		home, err := env("HOME")
		return filepath.Join(home, "Library", "Application Support"), err
	}
	if v, ok := lookup("XDG_DATA_HOME"); ok && filepath.IsAbs(v) {
		return v, nil
	}
	home, err := env("HOME")
	return filepath.Join(home, ".local", "share"), err
}

// defaultBankPath returns the file of the default bank: tsume/bank.db in
// the user's data directory.
func defaultBankPath(goos string, lookup func(string) (string, bool)) (string, error) {
	dir, err := dataDir(goos, lookup)
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "tsume", "bank.db"), nil
}

// openDefaultBank opens the default bank for serve, making it first with
// the problems of starter when it does not exist, and says on standard
// error which bank it serves and that it made it.
func openDefaultBank(ctx context.Context, e *env, lookup func(string) (string, bool), starter starterSet) (*bank.Bank, error) {
	path, err := defaultBankPath(runtime.GOOS, lookup)
	if err != nil {
		return nil, &exitError{ExitError, fmt.Sprintf("no place for the default bank: %s; give --bank FILE or --problems FILE", err)}
	}
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		fmt.Fprintf(e.stderr, "tsume serve: no --bank: making the default bank %s with a starter set of %s …\n", path, starter)
		start := time.Now()
		if err := makeStarterBank(ctx, path, starter); err != nil {
			return nil, err
		}
		fmt.Fprintf(e.stderr, "tsume serve: made the default bank %s in %s\n", path, time.Since(start).Round(100*time.Millisecond))
	} else {
		fmt.Fprintf(e.stderr, "tsume serve: no --bank: serving the default bank %s\n", path)
	}
	b, err := bank.OpenExisting(ctx, path)
	if err != nil {
		return nil, bankOpenError("the default bank", err, "")
	}
	return b, nil
}

// makeStarterBank makes the bank path with the problems of starter, as
// tsume generate --length L --n N --seed 1 --bank makes them, all at
// once: the bank is built in a new directory beside path and linked into
// place whole, so that an interrupted start leaves no half bank (and an
// interruption by a signal no directory either). When another process
// put a bank at path meanwhile, that one is kept.
func makeStarterBank(ctx context.Context, path string, starter starterSet) (err error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return &exitError{ExitError, fmt.Sprintf("the default bank: %v", err)}
	}
	tmp, err := os.MkdirTemp(dir, ".bank-starter-")
	if err != nil {
		return &exitError{ExitError, fmt.Sprintf("the default bank: %v", err)}
	}
	defer os.RemoveAll(tmp)
	built := filepath.Join(tmp, filepath.Base(path))
	for _, l := range starter {
		if err := generateInto(ctx, built, l.plies, l.n); err != nil {
			return err
		}
	}
	if err := os.Link(built, path); err != nil && !errors.Is(err, fs.ErrExist) {
		// A file system without hard links: rename, which is atomic too.
		if err := os.Rename(built, path); err != nil {
			return &exitError{ExitError, fmt.Sprintf("the default bank: %v", err)}
		}
	}
	return nil
}

// generateInto runs tsume generate --length plies --n n --seed 1 --bank
// path, its messages kept for its error.
func generateInto(ctx context.Context, path string, plies, n int) error {
	c := generateCommand()
	fs := flag.NewFlagSet("tsume generate", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	run := c.setup(fs)
	args := []string{"--length", strconv.Itoa(plies), "--n", strconv.Itoa(n), "--seed", "1", "--progress", "never", "--bank", path}
	if err := fs.Parse(args); err != nil {
		return err
	}
	var stderr strings.Builder
	err := run(ctx, &env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: &stderr}, fs.Args())
	if err == nil || errors.Is(err, context.Canceled) {
		return err
	}
	return &exitError{ExitError, fmt.Sprintf("the default bank: tsume generate %s: %s %s", strings.Join(args[:4], " "), message(err), strings.TrimSpace(stderr.String()))}
}
