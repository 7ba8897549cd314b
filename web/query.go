package web

import (
	"math"
	"net/url"
	"strconv"
	"strings"

	"github.com/tsume-shogi/tsume/bank"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/theme"
)

// The query parameters that select problems (bank.Query's fields).
const (
	paramPlies         = "plies"
	paramMinDifficulty = "min_difficulty"
	paramMaxDifficulty = "max_difficulty"
	paramMinRating     = "min_rating"
	paramMaxRating     = "max_rating"
	paramMinPieces     = "min_pieces"
	paramMaxPieces     = "max_pieces"
	paramMatingPiece   = "mating_piece"
	paramKingRegion    = "king_region"
	paramVerdict       = "verdict"
	paramMethod        = "method"
	paramRules         = "rules"
	paramStip          = "stip"
	paramBoard         = "board"
	paramTheme         = "theme"
	paramLimit         = "limit"
	paramOffset        = "offset"
)

// maxLimit is the most problems a list returns at once.
const maxLimit = 100

// matingPieces are the kinds a mating_piece may name.
var matingPieces = map[string]bool{"P": true, "L": true, "N": true, "S": true, "G": true, "B": true, "R": true,
	"+P": true, "+L": true, "+N": true, "+S": true, "+B": true, "+R": true, "(GH)": true, "(LI)": true}

// parseQuery reads the problem query of the parameters v, refusing any
// parameter not named in allowed or in the query's own.
func parseQuery(v url.Values, allowed ...string) (bank.Query, error) {
	var q bank.Query
	for name := range v {
		switch name {
		case paramPlies, paramMinDifficulty, paramMaxDifficulty, paramMinRating, paramMaxRating,
			paramMinPieces, paramMaxPieces, paramMatingPiece, paramKingRegion, paramVerdict, paramMethod, paramTheme, paramLimit, paramOffset,
			paramRules, paramStip, paramBoard:
		default:
			ok := false
			for _, a := range allowed {
				ok = ok || a == name
			}
			if !ok {
				return q, badRequest(name, "unknown parameter %q", name)
			}
		}
		if len(v[name]) > 1 {
			return q, badRequest(name, "parameter %q given %d times", name, len(v[name]))
		}
	}
	var err error
	ints := []struct {
		name     string
		dst      *int
		min, max int
	}{
		{paramPlies, &q.Plies, 1, 255},
		{paramMinPieces, &q.MinPieces, 0, 80},
		{paramMaxPieces, &q.MaxPieces, 0, 80},
		{paramLimit, &q.Limit, 0, maxLimit},
		{paramOffset, &q.Offset, 0, math.MaxInt32},
	}
	for _, f := range ints {
		if *f.dst, err = intParam(v, f.name, f.min, f.max); err != nil {
			return q, err
		}
	}
	if q.Plies > 0 && q.Plies%2 == 0 {
		return q, badRequest(paramPlies, "plies %d: a tsume problem has an odd number of plies", q.Plies)
	}
	floats := []struct {
		name string
		dst  *float64
	}{
		{paramMinDifficulty, &q.MinDifficulty}, {paramMaxDifficulty, &q.MaxDifficulty},
		{paramMinRating, &q.MinRating}, {paramMaxRating, &q.MaxRating},
	}
	for _, f := range floats {
		if *f.dst, err = floatParam(v, f.name); err != nil {
			return q, err
		}
	}
	q.MatingPiece = v.Get(paramMatingPiece)
	if q.MatingPiece != "" && !matingPieces[q.MatingPiece] {
		return q, badRequest(paramMatingPiece, "mating_piece %q: want a kind in SFEN letters, P L N S G B R, promoted +P … +R, or (GH) (LI)", q.MatingPiece)
	}
	q.KingRegion = v.Get(paramKingRegion)
	switch q.KingRegion {
	case "", "corner", "edge", "centre":
	default:
		return q, badRequest(paramKingRegion, "king_region %q: want corner, edge or centre", q.KingRegion)
	}
	if q.Themes, err = theme.ParseNames(v.Get(paramTheme)); err != nil {
		return q, badRequest(paramTheme, "theme: %v", err)
	}
	q.Verdict, q.Method = v.Get(paramVerdict), v.Get(paramMethod)
	if q.Rules = v.Get(paramRules); q.Rules != "" {
		if _, err := problem.CanonicalRules(q.Rules); err != nil {
			return q, badRequest(paramRules, "rules: %v", err)
		}
	}
	if q.Stip = v.Get(paramStip); q.Stip != "" {
		if _, err := problem.ParseGoal(q.Stip); err != nil {
			return q, badRequest(paramStip, "stip: %v", err)
		}
	}
	switch q.Board = v.Get(paramBoard); q.Board {
	case "", bank.BoardStandard, bank.BoardFairy:
	default:
		return q, badRequest(paramBoard, "board %q: want standard or fairy", q.Board)
	}
	for name, s := range map[string]string{paramVerdict: q.Verdict, paramMethod: q.Method} {
		if len(s) > 64 || strings.ContainsFunc(s, func(r rune) bool { return r < ' ' || r == 0x7f }) {
			return q, badRequest(name, "%s: at most 64 characters, no control characters", name)
		}
	}
	return q, nil
}

// intParam reads the whole number parameter name of v, from lo to hi;
// 0 when it is absent.
func intParam(v url.Values, name string, lo, hi int) (int, error) {
	s := v.Get(name)
	if s == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < lo || n > hi {
		return 0, badRequest(name, "%s %q: want a whole number from %d to %d", name, s, lo, hi)
	}
	return n, nil
}

// floatParam reads the number parameter name of v; 0 when it is absent.
func floatParam(v url.Values, name string) (float64, error) {
	s := v.Get(name)
	if s == "" {
		return 0, nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) || math.Abs(f) > 1e9 {
		return 0, badRequest(name, "%s %q: want a number", name, s)
	}
	return f, nil
}
