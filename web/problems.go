package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"

	"github.com/tsume-shogi/tsume/bank"
	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/render"
	"github.com/tsume-shogi/tsume/report"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// maxID is the largest problem id the server reads: ids are counted from
// 1, and a longer number is no id of a bank.
const maxID = 1<<53 - 1

// parseID reads the {id} of the path: digits only, from 1.
func parseID(r *http.Request) (int64, error) {
	s := r.PathValue("id")
	if s == "" || len(s) > 16 {
		return 0, badRequest("id", "bad problem id: want a whole number from 1")
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, badRequest("id", "bad problem id %q: want a whole number from 1", s)
		}
	}
	id, err := strconv.ParseInt(s, 10, 64)
	if err != nil || id < 1 || id > maxID {
		return 0, badRequest("id", "bad problem id %q: want a whole number from 1", s)
	}
	return id, nil
}

// entry returns the problem of the request's {id}.
func (s *Server) entry(r *http.Request) (bank.Entry, error) {
	id, err := parseID(r)
	if err != nil {
		return bank.Entry{}, err
	}
	e, err := s.store.Get(r.Context(), id)
	if err != nil {
		return bank.Entry{}, err
	}
	return e, nil
}

// plies returns the length of e's problem.
func plies(e *bank.Entry) int {
	if n := e.Problem.Stipulation.Plies; n > 0 {
		return n
	}
	return len(e.Problem.Line)
}

// rating is the JSON view of a rating.
type rating struct {
	R  float64 `json:"r"`
	RD float64 `json:"rd"`
}

// summary is the view of a problem in a list: what it is, not what it
// looks like.
type summary struct {
	ID         int64   `json:"id"`
	Plies      int     `json:"plies"`
	SFEN       string  `json:"sfen"`
	Difficulty float64 `json:"difficulty"`
	Rating     rating  `json:"rating"`
	Attempts   int     `json:"attempts"`
	Solves     int     `json:"solves"`
	Verdict    string  `json:"verdict,omitempty"`
	Method     string  `json:"method,omitempty"`
	// Rules and Stip, of a fairy problem: its rules ("annan", …) and
	// stipulation ("help"); absent for a standard mate problem.
	Rules string `json:"rules,omitempty"`
	Stip  string `json:"stip,omitempty"`
	// Board is "fairy" for a position with fairy pieces or royals other
	// than the kings (problem.Problem.Variant); absent else.
	Board string `json:"board,omitempty"`
}

func summaryOf(e *bank.Entry) summary {
	s := summary{
		ID: e.ID, Plies: plies(e), SFEN: e.Problem.SFEN(), Difficulty: e.Problem.Difficulty,
		Rating: rating{e.Rating.R, e.Rating.RD}, Attempts: e.Attempts, Solves: e.Solves,
		Verdict: e.Problem.Verdict, Method: e.Problem.Provenance.Method,
	}
	if fairyProblem(&e.Problem) {
		s.Rules = e.Problem.Rules
		if g := e.Problem.Stipulation.Goal; g != problem.Mate {
			s.Stip = g.String()
		}
	}
	if e.Problem.Variant != nil {
		s.Board = bank.BoardFairy
	}
	return s
}

// problemView is a problem as a player gets it: no solution.
type problemView struct {
	summary
	State state `json:"state"`
}

// problemOf returns the view of e, its picture in the portrait layout or
// not.
func problemOf(e *bank.Entry, portrait bool) problemView {
	if fairyProblem(&e.Problem) {
		if g, err := replayProblem(&e.Problem, nil, "moves"); err == nil {
			return problemView{summary: summaryOf(e), State: fairyStateOf(g, &e.Problem, plies(e), portrait)}
		}
	}
	return problemView{summary: summaryOf(e), State: stateOf(&game{start: e.Problem.Position, pos: e.Problem.Position}, plies(e), portrait)}
}

// listProblems answers GET /api/v1/problems: the problems a query
// selects, and how many there are in all.
func (s *Server) listProblems(w http.ResponseWriter, r *http.Request) error {
	q, err := parseQuery(r.URL.Query())
	if err != nil {
		return err
	}
	if q.Limit == 0 {
		q.Limit = 20
	}
	total, err := s.store.Count(r.Context(), q)
	if err != nil {
		return err
	}
	es, err := s.store.Query(r.Context(), q)
	if err != nil {
		return err
	}
	out := struct {
		Count    int       `json:"count"`
		Problems []summary `json:"problems"`
	}{Count: total, Problems: make([]summary, 0, len(es))}
	for i := range es {
		out.Problems = append(out.Problems, summaryOf(&es[i]))
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// randomProblem answers GET /api/v1/problems/random: a problem picked
// at random (by seed, when given) among those a query selects.
func (s *Server) randomProblem(w http.ResponseWriter, r *http.Request) error {
	v := r.URL.Query()
	q, err := parseQuery(v, "seed", paramLayout)
	if err != nil {
		return err
	}
	portrait, err := layoutParam(r)
	if err != nil {
		return err
	}
	seed := rand.Uint64()
	if t := v.Get("seed"); t != "" {
		if seed, err = strconv.ParseUint(t, 10, 64); err != nil {
			return badRequest("seed", "seed %q: want a whole number from 0 to %d", t, uint64(1<<64-1))
		}
	}
	e, err := s.store.Pick(r.Context(), q, seed)
	if err != nil {
		if s.isNotFound(err) {
			return &apiError{Status: http.StatusNotFound, Msg: "no problem matches the query", Field: "query"}
		}
		return err
	}
	writeJSON(w, http.StatusOK, problemOf(&e, portrait))
	return nil
}

// getProblem answers GET /api/v1/problems/{id}.
func (s *Server) getProblem(w http.ResponseWriter, r *http.Request) error {
	e, err := s.entry(r)
	if err != nil {
		return err
	}
	portrait, err := layoutParam(r)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, problemOf(&e, portrait))
	return nil
}

// boardSVG answers GET /api/v1/problems/{id}/board.svg: the picture of
// the problem, or of the position after the moves parameter.
func (s *Server) boardSVG(w http.ResponseWriter, r *http.Request) error {
	e, g, err := s.entryAfterMoves(r)
	if err != nil {
		return err
	}
	portrait, err := layoutParam(r)
	if err != nil {
		return err
	}
	title := ""
	if len(g.moves) == 0 {
		title = fmt.Sprintf("第%d問", e.ID)
	}
	opts := render.SVGOptions{Title: title, Highlight: lastOf(g.moves), Portrait: portrait}
	var pic []byte
	if g.fairy != nil {
		opts.Title = strings.TrimPrefix(title+" · "+rulesTitle(&e.Problem), " · ")
		pic = render.FairySVG(&g.fairy.pos, opts)
	} else {
		pic = render.SVG(&g.pos, opts)
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`inline; filename="tsume-%d.svg"`, e.ID))
	w.Write(pic)
	return nil
}

// entryAfterMoves returns the problem the request names and the game of
// its moves parameter played from it.
func (s *Server) entryAfterMoves(r *http.Request) (bank.Entry, *game, error) {
	e, err := s.entry(r)
	if err != nil {
		return e, nil, err
	}
	ms, err := movesParam(r.URL)
	if err != nil {
		return e, nil, err
	}
	g, err := replayProblem(&e.Problem, ms, "moves")
	return e, g, err
}

// mainLine returns the rest of e's main line after g's moves when they
// followed it and e is judged sound, else nil.
func mainLine(e *bank.Entry, g *game) []shogi.Move {
	line := e.Problem.Line
	if e.Problem.Verdict != "sound" || len(g.moves) >= len(line) {
		return nil
	}
	for i, m := range g.moves {
		if line[i] != m {
			return nil
		}
	}
	return line[len(g.moves):]
}

// hint answers GET /api/v1/problems/{id}/hint?moves=…: which piece the
// next attacker move moves (its square, or the kind it drops).
func (s *Server) hint(w http.ResponseWriter, r *http.Request) error {
	e, g, err := s.entryAfterMoves(r)
	if err != nil {
		return err
	}
	if len(g.moves)%2 == 1 {
		return unprocessable("moves", "it is the defender's turn: a hint is for the attacker's move")
	}
	m := shogi.NoMove
	if main := mainLine(&e, g); main != nil {
		m = main[0]
	} else if g.fairy != nil {
		return unprocessable("moves", "the moves left the solution: take them back")
	} else if m, err = s.bestMove(r.Context(), &g.pos); err != nil {
		return err
	}
	out := struct {
		Drop   bool   `json:"drop"`
		Square string `json:"square,omitempty"` // the square of the piece that moves
		Piece  string `json:"piece"`            // its kind in SFEN letters, "G", "+R"
		Text   string `json:"text"`
	}{Drop: m.IsDrop(), Piece: m.Piece().Kind().Letter()}
	if g.fairy != nil {
		out.Piece = variant.KindToken(variant.MoveKind(m))
	}
	if m.IsDrop() {
		out.Text = "drop " + out.Piece
	} else {
		out.Square = m.From().String()
		out.Text = out.Square
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// bestMove returns the first move of the main line from p, the attacker
// to move.
func (s *Server) bestMove(ctx context.Context, p *shogi.Position) (shogi.Move, error) {
	key := newJudgeKey(p, shogi.NoMove, 0)
	if j, ok := s.cache.get(key); ok {
		return j.reply, nil
	}
	ctx, cancel := context.WithTimeout(ctx, s.limits.Time)
	defer cancel()
	sr, err := s.acquire(ctx)
	if err != nil {
		return shogi.NoMove, err
	}
	defer s.release(sr)
	sol, err := sr.quick.Solve(ctx, p)
	switch {
	case err != nil:
		return shogi.NoMove, unprocessable("moves", "%s", message(err))
	case sol.Status == mate.NoMate:
		return shogi.NoMove, unprocessable("moves", "there is no mate from this position: take back the moves that led here")
	case sol.Status != mate.Mate || len(sol.PV) == 0:
		if err := ctx.Err(); err != nil {
			return shogi.NoMove, err
		}
		return shogi.NoMove, errBudget
	}
	s.cache.put(key, judgement{reply: sol.PV[0]})
	return sol.PV[0], nil
}

// solution answers GET /api/v1/problems/{id}/solution: the main line.
func (s *Server) solution(w http.ResponseWriter, r *http.Request) error {
	e, err := s.entry(r)
	if err != nil {
		return err
	}
	var usi, ja []string
	if fairyProblem(&e.Problem) {
		v, err := e.Problem.VariantPosition()
		if err != nil {
			return err
		}
		usi, ja = report.FairyLine(&v, e.Problem.Line)
	} else {
		usi, ja = report.Line(&e.Problem.Position, e.Problem.Line)
	}
	writeJSON(w, http.StatusOK, struct {
		ID    int64    `json:"id"`
		Plies int      `json:"plies"`
		USI   []string `json:"usi"`
		JA    []string `json:"ja"`
	}{e.ID, plies(&e), usi, ja})
	return nil
}

// decodeBody reads the JSON body of r into v: one object, no unknown
// field, nothing after it.
func decodeBody(r *http.Request, v any) error {
	if !jsonType(r.Header.Get("Content-Type")) {
		return &apiError{Status: http.StatusUnsupportedMediaType, Msg: "the body must be JSON (Content-Type: application/json)", Field: "body"}
	}
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return bodyError(err)
	}
	if dec.More() {
		return badRequest("body", "the body holds more than one JSON value")
	}
	return nil
}

// jsonType reports whether the content type ct is JSON.
func jsonType(ct string) bool {
	for i := 0; i < len(ct); i++ {
		if ct[i] == ';' {
			ct = ct[:i]
			break
		}
	}
	return strings.TrimSpace(strings.ToLower(ct)) == "application/json"
}

// bodyError returns the answer to a body that could not be decoded.
func bodyError(err error) error {
	var mbe *http.MaxBytesError
	var ute *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &mbe):
		return err
	case errors.Is(err, io.EOF):
		return badRequest("body", "the body is empty: want a JSON object")
	case errors.As(err, &ute) && ute.Field != "":
		return badRequest(ute.Field, "%s: want a JSON %s", ute.Field, ute.Type.Kind())
	case errors.As(err, &se):
		return badRequest("body", "the body is not valid JSON (at byte %d)", se.Offset)
	}
	return badRequest("body", "the body is not the JSON object expected: %s", err.Error())
}
