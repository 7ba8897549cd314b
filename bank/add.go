package bank

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/theme"
)

// insertColumns are the columns rowOf gives values for.
const insertColumns = `key, sfen, name, goal, plies, raw_plies, status, line,
	promotion_ambiguous, legal, checks, replies, tempting, composer, difficulty, verdict, nodes,
	method, seed, seq, version, pieces, mating_piece, king_region, added, themes, quality, game, rules, fairy`

// numInsertColumns is the number of insertColumns.
const numInsertColumns = 30

// insertProblems returns the statement that adds n problems, each unless
// its key is there already.
func insertProblems(n int) string {
	row := "(?" + strings.Repeat(", ?", numInsertColumns-1) + ")"
	return "INSERT INTO problems (" + insertColumns + ") VALUES " + row + strings.Repeat(", "+row, n-1) +
		" ON CONFLICT (key) DO NOTHING"
}

// insertTheme is the statement that indexes one theme of a problem.
const insertTheme = "INSERT OR IGNORE INTO problem_themes (name, problem_id, ply) VALUES (?, ?, ?)"

// indexThemesAfter is the statement that indexes the themes of the
// problems numbered above its argument, from their column themes (Merge).
const indexThemesAfter = `INSERT OR IGNORE INTO main.problem_themes (name, problem_id, ply)
	SELECT json_extract(t.value, '$.name'), p.id, coalesce(json_extract(t.value, '$.ply'), 0)
	FROM main.problems p, json_each(p.themes) t
	WHERE p.id > ? AND p.themes IS NOT NULL AND json_valid(p.themes) AND json_type(t.value, '$.name') = 'text'`

// Add adds the problems ps in one transaction, in order, and returns how
// many were new: a problem whose key (see Key) is in the bank already, or
// earlier in ps, is a duplicate, passed over without error. Either every
// problem is added or, on error, none; the error names the problem at
// fault by its place in ps.
//
// A transaction costs a write to the disk: adding many problems, add them
// by thousands (docs/performance.md has the rate).
func (b *Bank) Add(ctx context.Context, ps ...problem.Problem) (added int, err error) {
	if len(ps) == 0 {
		return 0, nil
	}
	themes, err := missingThemes(ctx, ps)
	if err != nil {
		return 0, fmt.Errorf("bank: add: %w", err)
	}
	tx, err := b.db.BeginTx(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("bank: add: %w", err)
	}
	defer func() {
		if err != nil {
			rollback(tx)
			added = 0
		}
	}()
	// One row a statement: measured, statements of 8 to 64 rows were no
	// faster with this driver.
	st, err := tx.PrepareContext(ctx, insertProblems(1))
	if err != nil {
		return 0, fmt.Errorf("bank: add: %w", err)
	}
	defer st.Close()
	stTheme, err := tx.PrepareContext(ctx, insertTheme)
	if err != nil {
		return 0, fmt.Errorf("bank: add: %w", err)
	}
	defer stTheme.Close()
	now := time.Now().UnixNano()
	var line strings.Builder
	args := make([]any, 0, numInsertColumns)
	for i := range ps {
		p := &ps[i]
		if themes[i] != nil {
			q := *p
			q.Themes = themes[i]
			p = &q
		}
		if args, err = appendRow(args[:0], p, &line, now); err != nil {
			return 0, fmt.Errorf("bank: add: problem %d (%s): %w", i+1, ps[i].SFEN(), err)
		}
		res, err := st.ExecContext(ctx, args...)
		if err != nil {
			return 0, fmt.Errorf("bank: add: problem %d (%s): %w", i+1, ps[i].SFEN(), err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return 0, fmt.Errorf("bank: add: %w", err)
		}
		added += int(n)
		if n == 0 || len(p.Themes) == 0 {
			continue
		}
		id, err := res.LastInsertId()
		if err != nil {
			return 0, fmt.Errorf("bank: add: %w", err)
		}
		for _, t := range p.Themes {
			if _, err := stTheme.ExecContext(ctx, t.Name, id, t.Ply); err != nil {
				return 0, fmt.Errorf("bank: add: problem %d (%s): themes: %w", i+1, ps[i].SFEN(), err)
			}
		}
	}
	if err := tx.Commit(); err != nil {
		return 0, fmt.Errorf("bank: add: %w", err)
	}
	return added, nil
}

// appendRow appends the values of insertColumns for p, added at now, to
// args; line is scratch space.
func appendRow(args []any, p *problem.Problem, line *strings.Builder, now int64) ([]any, error) {
	switch p.Stipulation.Goal {
	case problem.Mate, problem.Help, problem.HelpSelf:
	default:
		return args, fmt.Errorf("stipulation %v cannot be stored", p.Stipulation)
	}
	var composer any // NULL when not measured
	if p.Composer != nil {
		b, err := json.Marshal(p.Composer)
		if err != nil {
			return args, err
		}
		composer = string(b)
	}
	var themes any // NULL when not looked for
	if p.Themes != nil {
		b, err := json.Marshal(p.Themes)
		if err != nil {
			return args, err
		}
		themes = string(b)
	}
	var game any // NULL when not mined
	if p.Provenance.Game != nil {
		b, err := json.Marshal(p.Provenance.Game)
		if err != nil {
			return args, err
		}
		game = string(b)
	}
	var quality any // NULL when not scored
	if p.Quality != nil {
		b, err := json.Marshal(p.Quality)
		if err != nil {
			return args, err
		}
		quality = string(b)
	}
	line.Reset()
	for i, m := range p.Line {
		if i > 0 {
			line.WriteByte(' ')
		}
		line.WriteString(m.String())
	}
	if p.Rules != "" {
		if _, err := problem.CanonicalRules(p.Rules); err != nil {
			return args, fmt.Errorf("rules: %w", err)
		}
	}
	sfen := p.SFEN()
	if p.Variant != nil {
		line.Reset()
		line.WriteString(p.LineUSI())
	}
	return append(args,
		keyOf(p, positionKey(p, sfen)), sfen, p.ID, int(p.Stipulation.Goal), p.Stipulation.Plies, p.RawPlies, int(p.Status), line.String(),
		p.PromotionAmbiguous, p.Metrics.Legal, p.Metrics.Checks, p.Metrics.Replies, p.Metrics.Tempting,
		composer, p.Difficulty, p.Verdict, int64(p.Nodes),
		p.Provenance.Method, int64(p.Provenance.Seed), p.Provenance.Index, p.Provenance.Version,
		p.Pieces(), MatingPieceOf(p), KingRegionOf(p), now, themes, quality, game, p.Rules, p.Variant != nil,
	), nil
}

// FillThemes gives each problem of ps that comes without its themes
// (Themes nil) those of its main line, as Add does before it stores a
// problem: a store that holds problems without a bank (tsume serve
// --problems) filters them by theme alike. A line that is not a tsume
// solution keeps none; the error is only ctx's.
func FillThemes(ctx context.Context, ps []problem.Problem) error {
	found, err := missingThemes(ctx, ps)
	if err != nil {
		return err
	}
	for i := range ps {
		if found[i] != nil {
			ps[i].Themes = found[i]
		}
	}
	return nil
}

// missingThemes finds the themes of the problems of ps that come without
// them (Themes nil: a problem list, a record that does not name them), so
// that every problem with a tsume solution has them in the bank; the
// others stay nil. A problem under fairy rules or with fairy pieces has
// them from theme.FindVariant; a helpmate has none. A line that is not a
// tsume solution (theme.LineError), or rules no one knows, leave the
// problem without themes; an error is only ctx's.
func missingThemes(ctx context.Context, ps []problem.Problem) ([][]problem.Theme, error) {
	out := make([][]problem.Theme, len(ps))
	for i := range ps {
		p := &ps[i]
		if p.Themes != nil || len(p.Line) == 0 || p.Stipulation.Goal != problem.Mate {
			continue
		}
		var found []theme.Found
		var err error
		if p.IsFairy() {
			v, verr := p.VariantPosition()
			if verr != nil {
				continue // Add refuses the rules by name
			}
			found, err = theme.FindVariant(ctx, &v, p.Line, theme.Options{})
		} else {
			found, err = theme.Find(ctx, &p.Position, p.Line, theme.Options{})
		}
		var le *theme.LineError
		switch {
		case errors.As(err, &le):
			continue
		case err != nil:
			return nil, err
		}
		out[i] = make([]problem.Theme, len(found))
		for j, f := range found {
			out[i][j] = problem.Theme(f)
		}
	}
	return out, nil
}
