package bank

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"time"
)

// The constants of the Glicko system (M. E. Glickman, "The Glicko
// system", 1995; "Parameter estimation in large dynamic paired comparison
// experiments", Applied Statistics 48, 1999). A rating period is a day.
const (
	glickoQ = math.Ln10 / 400
	// maxRD is the deviation of a newcomer, which no rating exceeds.
	maxRD = 350
	// minRD keeps a rating that has seen many attempts able to move.
	minRD = 30
	// glickoC makes a deviation of 50 grow back to 350 in 100 idle days:
	// c² = (350² − 50²) / 100.
	glickoC2 = (maxRD*maxRD - 50*50) / 100.0
	day      = 24 * time.Hour
)

// glickoG is Glickman's g(RD), which discounts a result against an
// uncertain opponent.
func glickoG(rd float64) float64 {
	return 1 / math.Sqrt(1+3*glickoQ*glickoQ*rd*rd/(math.Pi*math.Pi))
}

// aged returns r with its deviation grown for the time idle since it was
// last updated (step 1 of Glicko): RD' = min(√(RD² + c²·t), 350), t in
// rating periods.
func aged(r Rating, idle time.Duration) Rating {
	if idle <= 0 {
		return r
	}
	t := float64(idle) / float64(day)
	r.RD = min(math.Sqrt(r.RD*r.RD+glickoC2*t), maxRD)
	return r
}

// update returns r after one game against opp with the score s (1 a win,
// 0 a loss): step 2 of Glicko for a period of one game,
//
//	E  = 1 / (1 + 10^(−g(RDj)(r − rj)/400))
//	d² = 1 / (q² g(RDj)² E (1 − E))
//	r' = r + q / (1/RD² + 1/d²) · g(RDj) (s − E)
//	RD' = √(1 / (1/RD² + 1/d²))
//
// RD' is kept at minRD at least.
func update(r, opp Rating, s float64) Rating {
	g := glickoG(opp.RD)
	e := 1 / (1 + math.Pow(10, -g*(r.R-opp.R)/400))
	d2inv := glickoQ * glickoQ * g * g * e * (1 - e)
	den := 1/(r.RD*r.RD) + d2inv
	return Rating{
		R:  r.R + glickoQ/den*g*(s-e),
		RD: max(math.Sqrt(1/den), minRD),
	}
}

// Expected returns the probability, by the Glicko model, that a player of
// rating session solves a problem of rating problem.
func Expected(session, problem Rating) float64 {
	rd := math.Sqrt(session.RD*session.RD + problem.RD*problem.RD)
	return 1 / (1 + math.Pow(10, -glickoG(rd)*(session.R-problem.R)/400))
}

// Record stores the attempt a and updates, in one transaction, the
// problem's sums (attempts, solves, solve time) and the Glicko ratings of
// the problem and of the session: the session wins the game when it
// solves, the problem when it is not solved, so that a problem's rating
// is its difficulty. Both are updated from their ratings before the game,
// their deviations first grown for the days since their last update. A
// zero a.At means now. It returns the two new ratings; an unknown problem
// gives an error wrapping ErrNotFound.
func (b *Bank) Record(ctx context.Context, a Attempt) (problem, session Rating, err error) {
	if a.Session == "" {
		return problem, session, errors.New("bank: record: empty session name")
	}
	if a.Duration < 0 {
		return problem, session, fmt.Errorf("bank: record: negative duration %v", a.Duration)
	}
	at := a.At
	if at.IsZero() {
		at = time.Now()
	}
	tx, err := b.db.BeginTx(ctx, nil)
	if err != nil {
		return problem, session, fmt.Errorf("bank: record: %w", err)
	}
	defer func() {
		if err != nil {
			rollback(tx)
		}
	}()
	var p, s Rating
	var pAt, sAt int64
	err = tx.QueryRowContext(ctx, "SELECT rating, rd, rated_at FROM problems WHERE id = ?", a.ProblemID).Scan(&p.R, &p.RD, &pAt)
	if errors.Is(err, sql.ErrNoRows) {
		return problem, session, fmt.Errorf("%w: %d", ErrNotFound, a.ProblemID)
	}
	if err != nil {
		return problem, session, fmt.Errorf("bank: record: %w", err)
	}
	err = tx.QueryRowContext(ctx, "SELECT rating, rd, rated_at FROM sessions WHERE name = ?", a.Session).Scan(&s.R, &s.RD, &sAt)
	if errors.Is(err, sql.ErrNoRows) {
		s, sAt, err = DefaultRating, 0, nil
	}
	if err != nil {
		return problem, session, fmt.Errorf("bank: record: %w", err)
	}
	if pAt != 0 {
		p = aged(p, at.Sub(time.Unix(0, pAt)))
	}
	if sAt != 0 {
		s = aged(s, at.Sub(time.Unix(0, sAt)))
	}
	score := 0.0
	if a.Solved {
		score = 1
	}
	problem, session = update(p, s, 1-score), update(s, p, score)
	solveNS := int64(0)
	if a.Solved {
		solveNS = int64(a.Duration)
	}
	stmts := []struct {
		sql  string
		args []any
	}{
		{`INSERT INTO sessions (name, rating, rd, rated_at) VALUES (?, ?, ?, ?)
			ON CONFLICT (name) DO UPDATE SET rating = excluded.rating, rd = excluded.rd, rated_at = excluded.rated_at`,
			[]any{a.Session, session.R, session.RD, at.UnixNano()}},
		{`UPDATE problems SET rating = ?, rd = ?, rated_at = ?, attempts = attempts + 1,
			solves = solves + ?, solve_ns = solve_ns + ? WHERE id = ?`,
			[]any{problem.R, problem.RD, at.UnixNano(), int(score), solveNS, a.ProblemID}},
		{`INSERT INTO attempts (problem_id, session, solved, duration_ns, at) VALUES (?, ?, ?, ?, ?)`,
			[]any{a.ProblemID, a.Session, a.Solved, int64(a.Duration), at.UnixNano()}},
	}
	for _, st := range stmts {
		if _, err = tx.ExecContext(ctx, st.sql, st.args...); err != nil {
			return Rating{}, Rating{}, fmt.Errorf("bank: record: %w", err)
		}
	}
	if err = tx.Commit(); err != nil {
		return Rating{}, Rating{}, fmt.Errorf("bank: record: %w", err)
	}
	return problem, session, nil
}

// SessionRating returns the rating of a session as of its last attempt;
// DefaultRating for a session that has made none.
func (b *Bank) SessionRating(ctx context.Context, session string) (Rating, error) {
	var r Rating
	err := b.db.QueryRowContext(ctx, "SELECT rating, rd FROM sessions WHERE name = ?", session).Scan(&r.R, &r.RD)
	if errors.Is(err, sql.ErrNoRows) {
		return DefaultRating, nil
	}
	if err != nil {
		return Rating{}, fmt.Errorf("bank: session rating: %w", err)
	}
	return r, nil
}
