package bank

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/tsume-shogi/tsume/record"
)

// NotBankError reports a file that is not a bank: missing, to
// OpenExisting, or holding something else, to Open and OpenExisting,
// which leave such a file as it is.
type NotBankError struct {
	// Path is the file name as given.
	Path string
	// What says what the file is, for a person: "no such file", "a
	// directory", "an empty file", "a KIF record", "JSON text", "an SQLite
	// database of another program", ….
	What string
	// Err is fs.ErrNotExist for a missing file, else nil.
	Err error
}

// Error returns "bank: " and Message.
func (e *NotBankError) Error() string { return "bank: " + e.Message() }

// Message returns the file name and what it is, without the package
// name: "x.db: no such file", "game.kif: not a tsume bank (a KIF record)".
func (e *NotBankError) Message() string {
	if errors.Is(e.Err, fs.ErrNotExist) {
		return e.Path + ": " + e.What
	}
	return e.Path + ": not a tsume bank (" + e.What + ")"
}

// Unwrap returns Err.
func (e *NotBankError) Unwrap() error { return e.Err }

// sqliteMagic is how every SQLite database file begins (the header
// string of the file format, https://www.sqlite.org/fileformat.html).
var sqliteMagic = []byte("SQLite format 3\x00")

// sniffBytes is how much of a file inspect reads to tell what it is.
const sniffBytes = 4096

// inspect tells whether the file path exists and, when it does, whether
// SQLite may open it as a bank, from its first bytes alone: a
// *NotBankError for a directory, an empty file or a file that is not an
// SQLite database. (Open writes a bank's header as it creates the file.)
// Nothing is written.
func inspect(path string) (exists bool, err error) {
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("bank: %w", err)
	}
	if fi.IsDir() {
		return true, &NotBankError{Path: path, What: "a directory"}
	}
	f, err := os.Open(path)
	if err != nil {
		return true, fmt.Errorf("bank: %w", err)
	}
	defer f.Close()
	head := make([]byte, sniffBytes)
	n, err := io.ReadFull(f, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return true, fmt.Errorf("bank: %w", err)
	}
	head = head[:n]
	switch {
	case n == 0:
		return true, &NotBankError{Path: path, What: "an empty file"}
	case bytes.HasPrefix(head, sqliteMagic):
		return true, nil
	}
	return true, &NotBankError{Path: path, What: describe(head, n == sniffBytes)}
}

// describe names what the first bytes of a file that is not an SQLite
// database hold, for the message of a NotBankError; cut says the bytes
// are only the file's first.
func describe(head []byte, cut bool) string {
	if bytes.IndexByte(head, 0) >= 0 {
		return "binary data"
	}
	if cut {
		// The last line may be cut inside a character.
		if i := bytes.LastIndexByte(head, '\n'); i > 0 {
			head = head[:i+1]
		}
	}
	switch f := record.Detect(head); f {
	case record.FormatKIF, record.FormatKI2, record.FormatCSA:
		return "a " + f.String() + " record"
	case record.FormatSFEN:
		return "SFEN text"
	case record.FormatUSI:
		return "a USI position command"
	}
	if t := bytes.TrimLeft(head, " \t\r\n\ufeff"); len(t) > 0 && (t[0] == '{' || t[0] == '[') {
		return "JSON text"
	}
	return "text"
}

// checkSchema checks that the SQLite database b opened is a bank: its
// schema version is one of tsume's and its tables are the bank's. A
// database with no tables at all, at version 0, is a bank about to be
// made, which Open (create) fills and OpenExisting refuses. Nothing is
// written.
func (b *Bank) checkSchema(ctx context.Context, create bool) error {
	var v, tables, problems int
	err := b.db.QueryRowContext(ctx, `SELECT (SELECT user_version FROM pragma_user_version),
		(SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\_%' ESCAPE '\'),
		(SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'problems')`).Scan(&v, &tables, &problems)
	if err != nil {
		return fmt.Errorf("bank: %s: %w", b.path, err)
	}
	switch {
	case v > CurrentVersion:
		return fmt.Errorf("bank: %s: schema version %d is newer than this tsume's %d", b.path, v, CurrentVersion)
	case v == 0 && tables == 0 && create:
		return nil
	case v == 0 && tables == 0:
		return &NotBankError{Path: b.path, What: "an empty SQLite database"}
	case v == 0 || problems == 0:
		return &NotBankError{Path: b.path, What: "an SQLite database of another program"}
	}
	return nil
}
