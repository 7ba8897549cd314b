package bank

import (
	"context"
	"fmt"
	"os"
)

// problemColumns are the columns of problems that Merge copies: all but
// the ID, which the receiving bank gives.
const problemColumns = `key, sfen, name, goal, plies, raw_plies, status, line,
	promotion_ambiguous, legal, checks, replies, tempting, composer, difficulty, verdict, nodes,
	method, seed, seq, version, pieces, mating_piece, king_region, added,
	rating, rd, rated_at, attempts, solves, solve_ns`

// Merge adds every problem of the bank in the file otherPath, in the order
// of its IDs, to b, in one transaction, and returns how many were new: a
// problem whose key is in b already is a duplicate, kept as b has it. A
// new problem comes with what players made of it in the other bank: its
// sums, its rating and its attempts; the sessions of those attempts that
// b does not know come with their ratings. The other bank is first
// brought to the current schema version (see Open); it is otherwise only
// read.
func (b *Bank) Merge(ctx context.Context, otherPath string) (added int, err error) {
	fi, err := os.Stat(otherPath)
	if err != nil {
		return 0, fmt.Errorf("bank: merge: %w", err)
	}
	if self, err := os.Stat(b.path); err == nil && os.SameFile(fi, self) {
		return 0, fmt.Errorf("bank: merge: %s is the bank itself", otherPath)
	}
	other, err := Open(ctx, otherPath)
	if err != nil {
		return 0, fmt.Errorf("bank: merge: %w", err)
	}
	if err := other.Close(); err != nil {
		return 0, fmt.Errorf("bank: merge: %w", err)
	}
	// ATTACH holds for one connection: do everything on one.
	conn, err := b.db.Conn(ctx)
	if err != nil {
		return 0, fmt.Errorf("bank: merge: %w", err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "ATTACH DATABASE ? AS other", otherPath); err != nil {
		return 0, fmt.Errorf("bank: merge: %s: %w", otherPath, err)
	}
	defer conn.ExecContext(context.WithoutCancel(ctx), "DETACH DATABASE other")
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("bank: merge: %w", err)
	}
	defer func() {
		if err != nil {
			rollback(tx)
			added = 0
		}
	}()
	var last int64
	if err = tx.QueryRowContext(ctx, "SELECT coalesce(max(id), 0) FROM main.problems").Scan(&last); err != nil {
		return 0, fmt.Errorf("bank: merge: %w", err)
	}
	res, err := tx.ExecContext(ctx, "INSERT INTO main.problems ("+problemColumns+") SELECT "+problemColumns+
		" FROM other.problems WHERE true ORDER BY id ON CONFLICT (key) DO NOTHING")
	if err != nil {
		return 0, fmt.Errorf("bank: merge: %s: %w", otherPath, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, fmt.Errorf("bank: merge: %w", err)
	}
	// The attempts at the problems just added, and their sessions.
	for _, q := range []string{
		`INSERT INTO main.sessions (name, rating, rd, rated_at)
			SELECT name, rating, rd, rated_at FROM other.sessions WHERE name IN
			(SELECT a.session FROM other.attempts a JOIN other.problems op ON op.id = a.problem_id
			 JOIN main.problems p ON p.key = op.key WHERE p.id > ?)
			ON CONFLICT (name) DO NOTHING`,
		`INSERT INTO main.attempts (problem_id, session, solved, duration_ns, at)
			SELECT p.id, a.session, a.solved, a.duration_ns, a.at FROM other.attempts a
			JOIN other.problems op ON op.id = a.problem_id JOIN main.problems p ON p.key = op.key
			WHERE p.id > ? ORDER BY a.id`,
	} {
		if _, err = tx.ExecContext(ctx, q, last); err != nil {
			return 0, fmt.Errorf("bank: merge: %s: %w", otherPath, err)
		}
	}
	if err = tx.Commit(); err != nil {
		return 0, fmt.Errorf("bank: merge: %w", err)
	}
	return int(n), nil
}
