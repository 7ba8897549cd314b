package bank

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
)

// problemColumns are the columns of problems that Merge copies: all but
// the ID, which the receiving bank gives.
const problemColumns = `key, sfen, name, goal, plies, raw_plies, status, line,
	promotion_ambiguous, legal, checks, replies, tempting, composer, difficulty, verdict, nodes,
	method, seed, seq, version, pieces, mating_piece, king_region, added,
	rating, rd, rated_at, attempts, solves, solve_ns, themes, quality, game, rules, fairy`

// mergeOrder is the order in which Merge adds the problems of all the
// files: by provenance (method, seed, index), then file by file in the
// order given and by ID, so that of the problems with one key the one of
// the lowest index is kept.
const mergeOrder = "method, seed, seq, src, oid"

// Merge adds every problem of the banks in the files otherPaths to b, in
// one transaction, and returns how many were new. It reads all the files
// first and adds their problems together, ordered by their provenance
// (method, seed, index; the files' order and their IDs break ties): of
// the problems with one key, the one that comes first is kept, the others
// are duplicates, and a problem whose key b holds already is kept as b
// has it. So the banks that the shards of one generation wrote (generate
// --shard K/S --bank FILE), merged at once into an empty bank, are the
// bank the single run would have written, problem for problem and ID for
// ID, whatever the order of the files. A new problem comes with what
// players made of it in its file: its sums, its rating and its attempts;
// the sessions of those attempts that b does not know come with their
// ratings. Each other bank is first brought to the current schema
// version (see OpenExisting); it is otherwise only read. A file that is
// missing or not a bank is refused with a *NotBankError before anything
// is done, and left as it is.
func (b *Bank) Merge(ctx context.Context, otherPaths ...string) (added int, err error) {
	if len(otherPaths) == 0 {
		return 0, errors.New("bank: merge: no bank to merge")
	}
	for _, path := range otherPaths {
		other, err := OpenExisting(ctx, path)
		if err != nil {
			return 0, fmt.Errorf("bank: merge: %w", err)
		}
		if err := other.Close(); err != nil {
			return 0, fmt.Errorf("bank: merge: %w", err)
		}
		fi, err := os.Stat(path)
		if err != nil {
			return 0, fmt.Errorf("bank: merge: %w", err)
		}
		if self, err := os.Stat(b.path); err == nil && os.SameFile(fi, self) {
			return 0, fmt.Errorf("bank: merge: %s is the bank itself", path)
		}
	}
	// ATTACH and the temporary tables hold for one connection: do
	// everything on one.
	conn, err := b.db.Conn(ctx)
	if err != nil {
		return 0, fmt.Errorf("bank: merge: %w", err)
	}
	defer conn.Close()
	defer dropMergeTables(context.WithoutCancel(ctx), conn)
	if err := stageMerge(ctx, conn, otherPaths); err != nil {
		return 0, fmt.Errorf("bank: merge: %w", err)
	}
	n, err := commitMerge(ctx, conn)
	if err != nil {
		return 0, fmt.Errorf("bank: merge: %w", err)
	}
	return n, nil
}

// stageMerge copies the problems, attempts and sessions of the files into
// temporary tables, each row with the number of its file (src) and its
// ID there (oid). ATTACH and DETACH cannot be run in a transaction, so
// this is done before the one that changes the bank.
func stageMerge(ctx context.Context, conn *sql.Conn, paths []string) error {
	dropMergeTables(ctx, conn)
	for _, q := range []string{
		"CREATE TEMP TABLE merge_problems AS SELECT 0 AS src, id AS oid, " + problemColumns + " FROM main.problems WHERE false",
		"CREATE TEMP TABLE merge_attempts AS SELECT 0 AS src, id AS oid, problem_id, session, solved, duration_ns, at FROM main.attempts WHERE false",
		"CREATE TEMP TABLE merge_sessions AS SELECT 0 AS src, name, rating, rd, rated_at FROM main.sessions WHERE false",
	} {
		if _, err := conn.ExecContext(ctx, q); err != nil {
			return err
		}
	}
	for src, path := range paths {
		if _, err := conn.ExecContext(ctx, "ATTACH DATABASE ? AS other", path); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		var err error
		for _, q := range []string{
			"INSERT INTO temp.merge_problems SELECT ?, id, " + problemColumns + " FROM other.problems",
			"INSERT INTO temp.merge_attempts SELECT ?, id, problem_id, session, solved, duration_ns, at FROM other.attempts",
			"INSERT INTO temp.merge_sessions SELECT ?, name, rating, rd, rated_at FROM other.sessions",
		} {
			if _, err = conn.ExecContext(ctx, q, src); err != nil {
				err = fmt.Errorf("%s: %w", path, err)
				break
			}
		}
		if _, derr := conn.ExecContext(context.WithoutCancel(ctx), "DETACH DATABASE other"); err == nil && derr != nil {
			err = fmt.Errorf("%s: %w", path, derr)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// commitMerge adds the staged problems to the bank in mergeOrder, with
// the attempts and sessions of the rows kept, in one transaction, and
// returns how many problems were new.
func commitMerge(ctx context.Context, conn *sql.Conn) (added int, err error) {
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return 0, err
	}
	defer func() {
		if err != nil {
			rollback(tx)
			added = 0
		}
	}()
	var last int64
	if err = tx.QueryRowContext(ctx, "SELECT coalesce(max(id), 0) FROM main.problems").Scan(&last); err != nil {
		return 0, err
	}
	res, err := tx.ExecContext(ctx, "INSERT INTO main.problems ("+problemColumns+") SELECT "+problemColumns+
		" FROM temp.merge_problems WHERE true ORDER BY "+mergeOrder+" ON CONFLICT (key) DO NOTHING")
	if err != nil {
		return 0, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, err
	}
	if _, err = tx.ExecContext(ctx, indexThemesAfter, last); err != nil {
		return 0, err
	}
	// The staged row each new problem came from: the first of its key.
	for i, q := range []string{
		`CREATE TEMP TABLE merge_kept AS
			SELECT s.src, s.oid, p.id FROM main.problems p
			JOIN (SELECT src, oid, key, row_number() OVER (PARTITION BY key ORDER BY ` + mergeOrder + `) AS rank
				FROM temp.merge_problems) s ON s.key = p.key AND s.rank = 1
			WHERE p.id > ?`,
		`INSERT INTO main.sessions (name, rating, rd, rated_at)
			SELECT s.name, s.rating, s.rd, s.rated_at FROM temp.merge_sessions s
			WHERE EXISTS (SELECT 1 FROM temp.merge_attempts a JOIN temp.merge_kept k ON k.src = a.src AND k.oid = a.problem_id
				WHERE a.src = s.src AND a.session = s.name)
			ORDER BY s.src, s.name
			ON CONFLICT (name) DO NOTHING`,
		`INSERT INTO main.attempts (problem_id, session, solved, duration_ns, at)
			SELECT k.id, a.session, a.solved, a.duration_ns, a.at FROM temp.merge_attempts a
			JOIN temp.merge_kept k ON k.src = a.src AND k.oid = a.problem_id
			ORDER BY a.src, a.oid`,
	} {
		var args []any
		if i == 0 {
			args = []any{last} // only the problems this merge added
		}
		if _, err = tx.ExecContext(ctx, q, args...); err != nil {
			return 0, err
		}
	}
	if err = tx.Commit(); err != nil {
		return 0, err
	}
	return int(n), nil
}

// dropMergeTables drops Merge's temporary tables, if there are any.
func dropMergeTables(ctx context.Context, conn *sql.Conn) {
	for _, t := range []string{"merge_problems", "merge_attempts", "merge_sessions", "merge_kept"} {
		_, _ = conn.ExecContext(ctx, "DROP TABLE IF EXISTS temp."+t)
	}
}
