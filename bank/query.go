package bank

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/tsume-shogi/tsume/problem"
)

// entryColumns are the columns scanEntry reads, in its order.
const entryColumns = `id, key, sfen, name, goal, plies, raw_plies, status, line, promotion_ambiguous,
	legal, checks, replies, tempting, composer, difficulty, verdict, nodes,
	method, seed, seq, version, added, rating, rd, attempts, solves, solve_ns, themes, quality, game, rules`

// scanner is a *sql.Row or *sql.Rows.
type scanner interface{ Scan(dest ...any) error }

// scanEntry reads one row of entryColumns.
func scanEntry(s scanner) (Entry, error) {
	var (
		e                       Entry
		sfen, line              string
		goal, status            int
		composer, themes, qual  sql.NullString
		game                    sql.NullString
		nodes, seed, added, dur int64
	)
	p := &e.Problem
	err := s.Scan(&e.ID, &e.Key, &sfen, &p.ID, &goal, &p.Stipulation.Plies, &p.RawPlies, &status, &line, &p.PromotionAmbiguous,
		&p.Metrics.Legal, &p.Metrics.Checks, &p.Metrics.Replies, &p.Metrics.Tempting, &composer, &p.Difficulty, &p.Verdict, &nodes,
		&p.Provenance.Method, &seed, &p.Provenance.Index, &p.Provenance.Version, &added,
		&e.Rating.R, &e.Rating.RD, &e.Attempts, &e.Solves, &dur, &themes, &qual, &game, &p.Rules)
	if err != nil {
		return e, err
	}
	p.Stipulation.Goal, p.Status = problem.Goal(goal), problem.Status(status)
	p.Nodes, p.Provenance.Seed = uint64(nodes), uint64(seed)
	e.Added, e.SolveTime = time.Unix(0, added), time.Duration(dur)
	if err := p.SetSFEN(sfen); err != nil {
		return e, fmt.Errorf("entry %d: sfen: %w", e.ID, err)
	}
	if p.Rules != "" {
		if _, err := problem.CanonicalRules(p.Rules); err != nil {
			return e, fmt.Errorf("entry %d: rules: %w", e.ID, err)
		}
	}
	if p.Line, err = p.ParseLine(strings.Fields(line)); err != nil {
		return e, fmt.Errorf("entry %d: line: %w", e.ID, err)
	}
	if composer.Valid {
		p.Composer = new(problem.Composer)
		if err := json.Unmarshal([]byte(composer.String), p.Composer); err != nil {
			return e, fmt.Errorf("entry %d: composer: %w", e.ID, err)
		}
	}
	if qual.Valid {
		p.Quality = new(problem.Quality)
		if err := json.Unmarshal([]byte(qual.String), p.Quality); err != nil {
			return e, fmt.Errorf("entry %d: quality: %w", e.ID, err)
		}
	}
	if game.Valid {
		p.Provenance.Game = new(problem.GameSource)
		if err := json.Unmarshal([]byte(game.String), p.Provenance.Game); err != nil {
			return e, fmt.Errorf("entry %d: game: %w", e.ID, err)
		}
	}
	if themes.Valid {
		p.Themes = []problem.Theme{}
		if err := json.Unmarshal([]byte(themes.String), &p.Themes); err != nil {
			return e, fmt.Errorf("entry %d: themes: %w", e.ID, err)
		}
	}
	return e, nil
}

// Get returns the entry numbered id; an error wrapping ErrNotFound when
// there is none.
func (b *Bank) Get(ctx context.Context, id int64) (Entry, error) {
	e, err := scanEntry(b.db.QueryRowContext(ctx, "SELECT "+entryColumns+" FROM problems WHERE id = ?", id))
	if errors.Is(err, sql.ErrNoRows) {
		return Entry{}, fmt.Errorf("%w: %d", ErrNotFound, id)
	}
	if err != nil {
		return Entry{}, fmt.Errorf("bank: get %d: %w", id, err)
	}
	return e, nil
}

// where returns the WHERE clause of q (empty when q selects everything)
// and its arguments. The limit and offset are not part of it. Unknown
// rules or stipulations are an error that names them.
func (q *Query) where() (string, []any, error) {
	var conds []string
	var args []any
	add := func(cond string, arg any) {
		conds = append(conds, cond)
		args = append(args, arg)
	}
	if q.Plies != 0 {
		add("plies = ?", q.Plies)
	}
	if q.MinDifficulty != 0 {
		add("difficulty >= ?", q.MinDifficulty)
	}
	if q.MaxDifficulty != 0 {
		add("difficulty <= ?", q.MaxDifficulty)
	}
	if q.MinRating != 0 {
		add("rating >= ?", q.MinRating)
	}
	if q.MaxRating != 0 {
		add("rating <= ?", q.MaxRating)
	}
	if q.MinPieces != 0 {
		add("pieces >= ?", q.MinPieces)
	}
	if q.MaxPieces != 0 {
		add("pieces <= ?", q.MaxPieces)
	}
	if q.MatingPiece != "" {
		add("mating_piece = ?", q.MatingPiece)
	}
	if q.KingRegion != "" {
		add("king_region = ?", q.KingRegion)
	}
	if q.Verdict != "" {
		add("verdict = ?", q.Verdict)
	}
	if q.Method != "" {
		conds = append(conds, "(method = ? OR substr(method, 1, ?) = ?)")
		args = append(args, q.Method, len(q.Method)+1, q.Method+"-")
	}
	if q.Rules != "" {
		rules, err := problem.CanonicalRules(q.Rules)
		if err != nil {
			return "", nil, fmt.Errorf("rules: %w", err)
		}
		add("rules = ?", rules)
	}
	switch q.Board {
	case "":
	case BoardStandard:
		add("fairy = ?", 0)
	case BoardFairy:
		add("fairy = ?", 1)
	default:
		return "", nil, fmt.Errorf("board %q: want %s or %s", q.Board, BoardStandard, BoardFairy)
	}
	if q.Stip != "" {
		g, err := problem.ParseGoal(q.Stip)
		if err != nil {
			return "", nil, err
		}
		add("goal = ?", int(g))
	}
	for _, t := range q.Themes {
		add("id IN (SELECT problem_id FROM problem_themes WHERE name = ?)", t)
	}
	if len(conds) == 0 {
		return "", nil, nil
	}
	return " WHERE " + strings.Join(conds, " AND "), args, nil
}

// Query returns the entries q selects, in the order of their IDs, from
// q.Offset on and at most q.Limit of them (0: all).
func (b *Bank) Query(ctx context.Context, q Query) ([]Entry, error) {
	if q.Limit < 0 || q.Offset < 0 {
		return nil, fmt.Errorf("bank: query: negative limit %d or offset %d", q.Limit, q.Offset)
	}
	w, args, err := q.where()
	if err != nil {
		return nil, fmt.Errorf("bank: query: %w", err)
	}
	limit := -1 // SQLite's no limit
	if q.Limit > 0 {
		limit = q.Limit
	}
	args = append(args, limit, q.Offset)
	rows, err := b.db.QueryContext(ctx, "SELECT "+entryColumns+" FROM problems"+w+" ORDER BY id LIMIT ? OFFSET ?", args...)
	if err != nil {
		return nil, fmt.Errorf("bank: query: %w", err)
	}
	defer rows.Close()
	var out []Entry
	for rows.Next() {
		e, err := scanEntry(rows)
		if err != nil {
			return nil, fmt.Errorf("bank: query: %w", err)
		}
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("bank: query: %w", err)
	}
	return out, nil
}

// Count returns the number of entries q selects, its limit and offset
// aside.
func (b *Bank) Count(ctx context.Context, q Query) (int, error) {
	w, args, err := q.where()
	if err != nil {
		return 0, fmt.Errorf("bank: count: %w", err)
	}
	var n int
	if err := b.db.QueryRowContext(ctx, "SELECT count(*) FROM problems"+w, args...).Scan(&n); err != nil {
		return 0, fmt.Errorf("bank: count: %w", err)
	}
	return n, nil
}

// Pick returns one of the entries q selects (its limit and offset aside),
// chosen at random by seed: the same seed picks the same entry of the
// same bank. It fails with ErrNotFound when q selects none.
func (b *Bank) Pick(ctx context.Context, q Query, seed uint64) (Entry, error) {
	w, args, err := q.where()
	if err != nil {
		return Entry{}, fmt.Errorf("bank: pick: %w", err)
	}
	// One statement, so that the count and the row come from one snapshot.
	h := int64(mix(seed) >> 1)
	args = append(args, h)
	args = append(args, args[:len(args)-1]...)
	e, err := scanEntry(b.db.QueryRowContext(ctx, "SELECT "+entryColumns+" FROM problems"+w+
		" ORDER BY id LIMIT 1 OFFSET ? % max(1, (SELECT count(*) FROM problems"+w+"))", args...))
	if errors.Is(err, sql.ErrNoRows) {
		return Entry{}, ErrNotFound
	}
	if err != nil {
		return Entry{}, fmt.Errorf("bank: pick: %w", err)
	}
	return e, nil
}

// byColumn returns the query that counts the problems per value of col.
func byColumn(col string) string {
	return "SELECT " + col + ", count(*) FROM problems GROUP BY 1"
}

// mix is SplitMix64's finaliser: nearby seeds pick unrelated entries.
func mix(z uint64) uint64 {
	z += 0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// Stats sums up a bank.
type Stats struct {
	Problems  int
	ByLength  map[int]int    // problems per length in plies
	ByVerdict map[string]int // per verdict ("" when not judged)
	ByMethod  map[string]int // per generation method ("" when not generated)
	ByTheme   map[string]int // problems with the theme, at any ply; a problem counts under each of its themes
	Attempts  int            // attempts recorded
	Solves    int            // of which solved
	Sessions  int            // sessions that made them
}

// Stats returns the counts of the bank.
func (b *Bank) Stats(ctx context.Context) (Stats, error) {
	s := Stats{ByLength: map[int]int{}, ByVerdict: map[string]int{}, ByMethod: map[string]int{}, ByTheme: map[string]int{}}
	// One read transaction: every count from one snapshot.
	tx, err := b.db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return s, fmt.Errorf("bank: stats: %w", err)
	}
	defer rollback(tx)
	// group runs a query of (key, count) rows.
	group := func(q string, put func(k any, n int)) error {
		rows, err := tx.QueryContext(ctx, q)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var k any
			var n int
			if err := rows.Scan(&k, &n); err != nil {
				return err
			}
			put(k, n)
		}
		return rows.Err()
	}
	err = group(byColumn("plies"), func(k any, n int) { s.ByLength[int(k.(int64))] = n; s.Problems += n })
	if err == nil {
		err = group(byColumn("verdict"), func(k any, n int) { s.ByVerdict[k.(string)] = n })
	}
	if err == nil {
		err = group(byColumn("method"), func(k any, n int) { s.ByMethod[k.(string)] = n })
	}
	if err == nil {
		err = group("SELECT name, count(DISTINCT problem_id) FROM problem_themes GROUP BY 1", func(k any, n int) { s.ByTheme[k.(string)] = n })
	}
	if err == nil {
		err = tx.QueryRowContext(ctx, "SELECT count(*), coalesce(sum(solved), 0) FROM attempts").Scan(&s.Attempts, &s.Solves)
	}
	if err == nil {
		err = tx.QueryRowContext(ctx, "SELECT count(*) FROM sessions").Scan(&s.Sessions)
	}
	if err != nil {
		return s, fmt.Errorf("bank: stats: %w", err)
	}
	return s, nil
}

// MethodMatches reports whether a problem made by method is one a query
// for the method q selects: q itself, or a family of methods named by
// their common prefix before a hyphen ("realistic" selects realistic-3,
// realistic-5, …, "backward" backward-3, …).
func MethodMatches(method, q string) bool {
	return method == q || len(method) > len(q) && method[len(q)] == '-' && method[:len(q)] == q
}
