package bank

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"strings"

	_ "modernc.org/sqlite" // the pure-Go SQLite driver, registered as "sqlite"
)

// ErrNotFound is returned (possibly wrapped) by Get, Pick and Record when
// no problem answers.
var ErrNotFound = errors.New("bank: no such problem")

// DefaultRating is the rating of a new problem and of a new session:
// Glicko's newcomer, 1500 ± 350. It is a value to copy, never to change.
var DefaultRating = Rating{R: 1500, RD: 350}

// Bank is an open problem bank. Its methods are safe for concurrent use,
// and several Banks, in one process or in several, may share a file: one
// writer at a time (the others wait up to the busy timeout), readers at
// any time, as SQLite's WAL mode allows.
type Bank struct {
	db   *sql.DB
	path string
}

// busyTimeoutMS is how long a writer waits for another's transaction.
const busyTimeoutMS = 10000

// Open opens the bank in the file path, creating it when it does not
// exist, and brings its schema to the current version (see Version). The
// file is in WAL mode with foreign keys on; write transactions begin
// IMMEDIATE, so that two writers queue instead of failing. A file that
// exists but is not a bank (an empty file, a record, an SQLite database
// of another program) is refused with a *NotBankError and left as it
// is; so is a file made by a newer tsume (a higher schema version).
func Open(ctx context.Context, path string) (*Bank, error) {
	return open(ctx, path, true)
}

// OpenExisting opens the bank in the file path as Open does, but never
// creates one: a missing file is refused with a *NotBankError that wraps
// fs.ErrNotExist, and what is not a bank with a *NotBankError, the file
// left as it is. It is the open of the commands that only read a bank.
// A bank of an older schema version is brought to the current one.
func OpenExisting(ctx context.Context, path string) (*Bank, error) {
	return open(ctx, path, false)
}

// open opens the bank in path, creating it when create is set and the
// file does not exist. The pragmas of every connection leave the file as
// it is; journal_mode, which SQLite records in the file, is set only once
// the file is known to be a bank.
func open(ctx context.Context, path string, create bool) (*Bank, error) {
	if path == "" {
		return nil, errors.New("bank: empty file name")
	}
	if strings.ContainsAny(path, "?#") {
		return nil, fmt.Errorf("bank: %s: the file name may not hold ? or #", path)
	}
	exists, err := inspect(path)
	if err != nil {
		return nil, err
	}
	if !exists && !create {
		return nil, &NotBankError{Path: path, What: "no such file", Err: fs.ErrNotExist}
	}
	name := path
	if strings.HasPrefix(name, "file:") {
		name = "./" + name // a plain file name, not an SQLite URI
	}
	dsn := name + "?_txlock=immediate" +
		fmt.Sprintf("&_pragma=busy_timeout(%d)", busyTimeoutMS) +
		"&_pragma=synchronous(NORMAL)&_pragma=foreign_keys(1)"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("bank: %s: %w", path, err)
	}
	b := &Bank{db: db, path: path}
	if exists {
		if err := b.checkSchema(ctx, create); err != nil {
			db.Close()
			return nil, err
		}
	}
	if _, err := db.ExecContext(ctx, "PRAGMA journal_mode=WAL"); err != nil {
		db.Close()
		return nil, fmt.Errorf("bank: %s: %w", path, err)
	}
	if err := b.migrate(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("bank: %s: %w", path, err)
	}
	return b, nil
}

// Path returns the file name the bank was opened with.
func (b *Bank) Path() string { return b.path }

// Close closes the bank. A WAL file left by an earlier crash is folded
// back into the database by the next Open; Close checkpoints it itself.
func (b *Bank) Close() error { return b.db.Close() }

// Version returns the schema version of the bank's file (PRAGMA
// user_version): CurrentVersion once Open has migrated it.
func (b *Bank) Version(ctx context.Context) (int, error) {
	var v int
	if err := b.db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v); err != nil {
		return 0, fmt.Errorf("bank: %w", err)
	}
	return v, nil
}

// IntegrityCheck runs SQLite's PRAGMA integrity_check and returns its
// answer: "ok" for a sound file, else the first problems found.
func (b *Bank) IntegrityCheck(ctx context.Context) (string, error) {
	rows, err := b.db.QueryContext(ctx, "PRAGMA integrity_check")
	if err != nil {
		return "", fmt.Errorf("bank: %w", err)
	}
	defer rows.Close()
	var lines []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return "", fmt.Errorf("bank: %w", err)
		}
		lines = append(lines, s)
	}
	if err := rows.Err(); err != nil {
		return "", fmt.Errorf("bank: %w", err)
	}
	return strings.Join(lines, "\n"), nil
}

// rollback ends tx after a failure; the failure is what matters.
func rollback(tx *sql.Tx) { _ = tx.Rollback() }
