package web

import (
	"context"
	"errors"
	"math"
	"slices"
	"sync"
	"time"

	"github.com/tsume-shogi/tsume/bank"
	"github.com/tsume-shogi/tsume/problem"
)

// ErrNotFound is the error MemoryStore returns for a problem it does not
// hold.
var ErrNotFound = errors.New("web: no such problem")

// MemoryStore is a Store held in memory: a fixed list of problems, with
// the attempts recorded against them while it lives. It stands in for
// the bank where none is at hand (tsume serve --problems FILE, tests).
// It is safe for concurrent use.
type MemoryStore struct {
	mu       sync.Mutex
	entries  []bank.Entry // entry i has ID i+1
	sessions map[string]bank.Rating
	attempts []bank.Attempt
}

// The rating of a newcomer, problem or session.
const (
	newRating = 1500
	newRD     = 350
	minRD     = 30 // the deviation never falls below it
)

// NewMemoryStore returns a store of ps, numbered from 1 in order.
func NewMemoryStore(ps []problem.Problem) *MemoryStore {
	s := &MemoryStore{sessions: map[string]bank.Rating{}}
	now := time.Now()
	for i, p := range ps {
		s.entries = append(s.entries, bank.Entry{ID: int64(i + 1), Key: p.Position.SFEN(), Problem: p,
			Rating: bank.Rating{R: newRating, RD: newRD}, Added: now})
	}
	return s
}

// Get returns the problem id, or ErrNotFound.
func (s *MemoryStore) Get(ctx context.Context, id int64) (bank.Entry, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if id < 1 || id > int64(len(s.entries)) {
		return bank.Entry{}, ErrNotFound
	}
	return s.entries[id-1], nil
}

// Query returns the problems q selects, by ID.
func (s *MemoryStore) Query(ctx context.Context, q bank.Query) ([]bank.Entry, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []bank.Entry
	skip := q.Offset
	for i := range s.entries {
		if !matches(&s.entries[i], &q) {
			continue
		}
		if skip > 0 {
			skip--
			continue
		}
		if q.Limit > 0 && len(out) == q.Limit {
			break
		}
		out = append(out, s.entries[i])
	}
	return out, nil
}

// Count returns how many problems q selects, Limit and Offset aside.
func (s *MemoryStore) Count(ctx context.Context, q bank.Query) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for i := range s.entries {
		if matches(&s.entries[i], &q) {
			n++
		}
	}
	return n, nil
}

// Pick returns the problem number seed modulo their count among those q
// selects, or ErrNotFound when there is none.
func (s *MemoryStore) Pick(ctx context.Context, q bank.Query, seed uint64) (bank.Entry, error) {
	q.Limit, q.Offset = 0, 0
	es, err := s.Query(ctx, q)
	if err != nil {
		return bank.Entry{}, err
	}
	if len(es) == 0 {
		return bank.Entry{}, ErrNotFound
	}
	return es[seed%uint64(len(es))], nil
}

// Record stores a and updates the ratings of its problem and session by
// the Glicko formulas, the attempt a game the session wins when it
// solves the problem.
func (s *MemoryStore) Record(ctx context.Context, a bank.Attempt) (problem, session bank.Rating, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if a.ProblemID < 1 || a.ProblemID > int64(len(s.entries)) {
		return bank.Rating{}, bank.Rating{}, ErrNotFound
	}
	e := &s.entries[a.ProblemID-1]
	sr, ok := s.sessions[a.Session]
	if !ok {
		sr = bank.Rating{R: newRating, RD: newRD}
	}
	score := 0.0
	if a.Solved {
		score = 1
		e.Solves++
		e.SolveTime += a.Duration
	}
	e.Attempts++
	e.Rating, sr = glicko(e.Rating, sr, 1-score), glicko(sr, e.Rating, score)
	s.sessions[a.Session] = sr
	s.attempts = append(s.attempts, a)
	return e.Rating, sr, nil
}

// Attempts returns how many attempts the store has recorded.
func (s *MemoryStore) Attempts() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.attempts)
}

// glicko returns the rating r after one game against o with the score
// (1 a win, 0 a loss), by Glickman's Glicko system ("The Glicko system",
// 1999: one game as a rating period).
func glicko(r, o bank.Rating, score float64) bank.Rating {
	const q = math.Ln10 / 400
	g := 1 / math.Sqrt(1+3*q*q*o.RD*o.RD/(math.Pi*math.Pi))
	e := 1 / (1 + math.Pow(10, -g*(r.R-o.R)/400))
	d2 := 1 / (q * q * g * g * e * (1 - e))
	inv := 1/(r.RD*r.RD) + 1/d2
	return bank.Rating{R: r.R + q/inv*g*(score-e), RD: max(math.Sqrt(1/inv), minRD)}
}

// matches reports whether e is one of the problems q selects.
func matches(e *bank.Entry, q *bank.Query) bool {
	p := &e.Problem
	n := plies(e)
	pieces := p.Pieces()
	switch {
	case q.Plies > 0 && n != q.Plies,
		q.MinDifficulty != 0 && p.Difficulty < q.MinDifficulty,
		q.MaxDifficulty != 0 && p.Difficulty > q.MaxDifficulty,
		q.MinRating != 0 && e.Rating.R < q.MinRating,
		q.MaxRating != 0 && e.Rating.R > q.MaxRating,
		q.MinPieces != 0 && pieces < q.MinPieces,
		q.MaxPieces != 0 && pieces > q.MaxPieces,
		q.Verdict != "" && p.Verdict != q.Verdict,
		q.Method != "" && !bank.MethodMatches(p.Provenance.Method, q.Method),
		q.Stip != "" && p.Stipulation.Goal.String() != q.Stip:
		return false
	}
	if q.Rules != "" {
		if rules, err := problem.CanonicalRules(q.Rules); err != nil || rules != p.Rules {
			return false
		}
	}
	if q.MatingPiece != "" && bank.MatingPieceOf(p) != q.MatingPiece {
		return false
	}
	switch q.Board {
	case bank.BoardStandard:
		if p.Variant != nil {
			return false
		}
	case bank.BoardFairy:
		if p.Variant == nil {
			return false
		}
	}
	for _, name := range q.Themes {
		if !slices.ContainsFunc(p.Themes, func(t problem.Theme) bool { return t.Name == name }) {
			return false
		}
	}
	if q.KingRegion != "" && bank.KingRegionOf(p) != q.KingRegion {
		return false
	}
	return true
}
