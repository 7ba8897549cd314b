package bank

import (
	"context"
	"fmt"
)

// migrations are the steps of the schema, in order: migrations[i] brings a
// file from version i to version i+1 (PRAGMA user_version; a new file is
// at 0). A step, once released, is never edited: a change of the schema
// is a new step at the end.
var migrations = [...]string{
	// Version 1: the problems and the derived columns of the queries.
	`CREATE TABLE problems (
		id          INTEGER PRIMARY KEY,
		key         TEXT    NOT NULL UNIQUE,
		sfen        TEXT    NOT NULL,
		name        TEXT    NOT NULL DEFAULT '',
		goal        INTEGER NOT NULL DEFAULT 0,
		plies       INTEGER NOT NULL,
		raw_plies   INTEGER NOT NULL DEFAULT 0,
		status      INTEGER NOT NULL DEFAULT 0,
		line        TEXT    NOT NULL DEFAULT '',
		promotion_ambiguous INTEGER NOT NULL DEFAULT 0,
		legal       INTEGER NOT NULL DEFAULT 0,
		checks      INTEGER NOT NULL DEFAULT 0,
		replies     INTEGER NOT NULL DEFAULT 0,
		tempting    INTEGER NOT NULL DEFAULT 0,
		composer    TEXT,
		difficulty  REAL    NOT NULL DEFAULT 0,
		verdict     TEXT    NOT NULL DEFAULT '',
		nodes       INTEGER NOT NULL DEFAULT 0,
		method      TEXT    NOT NULL DEFAULT '',
		seed        INTEGER NOT NULL DEFAULT 0,
		seq         INTEGER NOT NULL DEFAULT 0,
		version     TEXT    NOT NULL DEFAULT '',
		pieces      INTEGER NOT NULL,
		mating_piece TEXT   NOT NULL DEFAULT '',
		king_region TEXT    NOT NULL DEFAULT '',
		added       INTEGER NOT NULL
	);
	CREATE INDEX problems_plies ON problems (plies, difficulty);
	CREATE INDEX problems_difficulty ON problems (difficulty);
	CREATE INDEX problems_pieces ON problems (pieces);
	CREATE INDEX problems_mating_piece ON problems (mating_piece);
	CREATE INDEX problems_king_region ON problems (king_region);`,

	// Version 2: what players make of the problems: the attempts, their
	// sums per problem and the Glicko ratings of problems and sessions.
	`ALTER TABLE problems ADD COLUMN rating REAL NOT NULL DEFAULT 1500;
	ALTER TABLE problems ADD COLUMN rd REAL NOT NULL DEFAULT 350;
	ALTER TABLE problems ADD COLUMN rated_at INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE problems ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE problems ADD COLUMN solves INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE problems ADD COLUMN solve_ns INTEGER NOT NULL DEFAULT 0;
	CREATE INDEX problems_rating ON problems (rating);
	CREATE TABLE sessions (
		name     TEXT PRIMARY KEY,
		rating   REAL    NOT NULL,
		rd       REAL    NOT NULL,
		rated_at INTEGER NOT NULL
	);
	CREATE TABLE attempts (
		id          INTEGER PRIMARY KEY,
		problem_id  INTEGER NOT NULL REFERENCES problems (id),
		session     TEXT    NOT NULL REFERENCES sessions (name),
		solved      INTEGER NOT NULL,
		duration_ns INTEGER NOT NULL,
		at          INTEGER NOT NULL
	);
	CREATE INDEX attempts_problem ON attempts (problem_id);
	CREATE INDEX attempts_session ON attempts (session);`,

	// Version 3: the themes of a problem's main line (docs/themes.md), as
	// the JSON list of problem.Theme; NULL when they were not looked for.
	`ALTER TABLE problems ADD COLUMN themes TEXT;`,

	// Version 4: the themes indexed, one row per theme and ply, filled from
	// the column for the problems there already; Add and Merge add the
	// rows of the problems they add (indexThemes).
	//
	// One B-tree, ordered by theme name: the lookups by name read a range
	// of it. Neither triggers nor an index by problem: measured, both made
	// an insert cost twice the CPU time (a trigger makes each INSERT keep
	// a statement journal, written to a file).
	`CREATE TABLE problem_themes (
		name       TEXT    NOT NULL,
		problem_id INTEGER NOT NULL,
		ply        INTEGER NOT NULL,
		PRIMARY KEY (name, problem_id, ply)
	) WITHOUT ROWID;
	INSERT OR IGNORE INTO problem_themes (name, problem_id, ply)
		SELECT json_extract(t.value, '$.name'), p.id, coalesce(json_extract(t.value, '$.ply'), 0)
		FROM problems p, json_each(p.themes) t
		WHERE p.themes IS NOT NULL AND json_valid(p.themes) AND json_type(t.value, '$.name') = 'text';`,
	// Version 5: the quality score of a generated problem and its parts
	// (docs/quality.md), as the JSON object of problem.Quality; NULL when
	// it was not scored.
	`ALTER TABLE problems ADD COLUMN quality TEXT;`,
	// Version 6: where a problem mined from a game record comes from
	// (tsume mine, docs/mining.md), as the JSON object of
	// problem.GameSource; NULL for a problem not mined.
	`ALTER TABLE problems ADD COLUMN game TEXT;`,
	// Version 7: the rules a problem is played under (problem.Problem.Rules:
	// "annan", "tenjiku", …; '' for the standard rules, which every problem
	// of an older bank has). The stipulation is the column goal (0 mate,
	// 1 help, 2 helpself: problem.Goal) since version 1.
	`ALTER TABLE problems ADD COLUMN rules TEXT NOT NULL DEFAULT '';
	CREATE INDEX problems_rules ON problems (rules, goal);`,
	// Version 8: whether the position holds what package shogi cannot, a
	// fairy piece or a royal other than the kings (problem.Problem.Variant:
	// 1, its sfen then a fairy SFEN), 0 for a position of standard pieces,
	// which every problem of an older bank has. A tsume of version 7
	// cannot read a fairy SFEN: it refuses the file by its version, before
	// it meets one.
	`ALTER TABLE problems ADD COLUMN fairy INTEGER NOT NULL DEFAULT 0;`,
}

// CurrentVersion is the schema version Open brings a bank to.
const CurrentVersion = len(migrations)

// migrate runs the steps from the file's version to CurrentVersion, each
// in a transaction of its own with the version it reaches.
func (b *Bank) migrate(ctx context.Context) error {
	for {
		tx, err := b.db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		var v int
		if err := tx.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v); err != nil {
			rollback(tx)
			return err
		}
		if v > CurrentVersion {
			rollback(tx)
			return fmt.Errorf("schema version %d is newer than this tsume's %d", v, CurrentVersion)
		}
		if v == CurrentVersion {
			return tx.Commit()
		}
		if _, err := tx.ExecContext(ctx, migrations[v]); err != nil {
			rollback(tx)
			return fmt.Errorf("migration to version %d: %w", v+1, err)
		}
		if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", v+1)); err != nil {
			rollback(tx)
			return fmt.Errorf("migration to version %d: %w", v+1, err)
		}
		if err := tx.Commit(); err != nil {
			return fmt.Errorf("migration to version %d: %w", v+1, err)
		}
	}
}
