package web

import (
	"context"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"log/slog"
	"net/http"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
	"time"

	"github.com/tsume-shogi/tsume/mate"
)

// Config configures a Server. Only Store is required.
type Config struct {
	Store Store
	// IsNotFound reports whether an error of the Store means that there
	// is no such problem (the bank's: errors.Is(err, bank.ErrNotFound));
	// such a request is answered 404. Nil: errors.Is(err, ErrNotFound),
	// MemoryStore's.
	IsNotFound func(error) bool
	// Limits bounds the work of each request; zero fields take the
	// defaults of DefaultLimits.
	Limits Limits
	// Log receives the errors the server answers only with "internal
	// error"; nil: slog.Default().
	Log *slog.Logger
	// Version, if set, is shown at the foot of the pages.
	Version string
}

// Limits bounds the searches and the input of the requests.
type Limits struct {
	// Nodes limits each search of the mate solver.
	Nodes uint64
	// Time limits all the searches of one request together.
	Time time.Duration
	// Searches is how many requests may search at once; the others wait
	// for their turn (within Time).
	Searches int
	// HashMB is the table size of each solver (two per search slot).
	HashMB int
	// VerdictNodes limits each search of the verdict on the solve page.
	VerdictNodes uint64
	// Body is the largest request body, in bytes, of every endpoint but
	// solve and games; SolveBody is solve's (a pasted record), GamesBody
	// games' (a record or a file of records).
	Body, SolveBody, GamesBody int64
	// Games is the most records the games endpoint reads from one input;
	// GameMoves the most moves of the game it mines.
	Games, GameMoves int
	// MineLength is the longest mate the games endpoint looks for, in
	// plies; MineNodes the node budget of each search of a game's
	// positions (and of each judging of a mined problem); MineTime limits
	// the mining of one game.
	MineLength int
	MineNodes  uint64
	MineTime   time.Duration
}

// DefaultLimits are the limits a zero field of Config.Limits takes.
func DefaultLimits() Limits {
	return Limits{
		Nodes:        500_000,
		Time:         5 * time.Second,
		Searches:     max(runtime.GOMAXPROCS(0), 1),
		HashMB:       16,
		VerdictNodes: 200_000,
		Body:         16 << 10,
		SolveBody:    256 << 10,
		GamesBody:    1 << 20,
		Games:        500,
		GameMoves:    600,
		MineLength:   defaultMineLength,
		MineNodes:    defaultMineNodes,
		MineTime:     30 * time.Second,
	}
}

// withDefaults returns l with its zero fields set from DefaultLimits.
func (l Limits) withDefaults() Limits {
	d := DefaultLimits()
	if l.Nodes == 0 {
		l.Nodes = d.Nodes
	}
	if l.Time <= 0 {
		l.Time = d.Time
	}
	if l.Searches <= 0 {
		l.Searches = d.Searches
	}
	if l.HashMB <= 0 {
		l.HashMB = d.HashMB
	}
	if l.VerdictNodes == 0 {
		l.VerdictNodes = d.VerdictNodes
	}
	if l.Body <= 0 {
		l.Body = d.Body
	}
	if l.SolveBody <= 0 {
		l.SolveBody = d.SolveBody
	}
	if l.GamesBody <= 0 {
		l.GamesBody = d.GamesBody
	}
	if l.Games <= 0 {
		l.Games = d.Games
	}
	if l.GameMoves <= 0 {
		l.GameMoves = d.GameMoves
	}
	if l.MineLength <= 0 {
		l.MineLength = d.MineLength
	}
	if l.MineNodes == 0 {
		l.MineNodes = d.MineNodes
	}
	if l.MineTime <= 0 {
		l.MineTime = d.MineTime
	}
	return l
}

// Server is the web server of tsume serve: an http.Handler.
type Server struct {
	store      Store
	isNotFound func(error) bool
	limits     Limits
	log        *slog.Logger
	version    string
	mux        *http.ServeMux
	pages      *template.Template
	static     fs.FS
	// slots holds one searcher per request allowed to search at once;
	// a nil searcher is made on first use.
	slots chan *searcher
	// miners holds the games endpoint's miners, one per search slot; a
	// nil miner is made on first use.
	miners chan *miner
	cache  judgeCache // the judgements and hints searched
}

// searcher is one search slot's solvers: with and without the
// soundness search.
type searcher struct {
	full, quick *mate.Solver
}

// New returns a Server over cfg.Store.
func New(cfg Config) (*Server, error) {
	if cfg.Store == nil {
		return nil, errors.New("web: no store")
	}
	s := &Server{
		store:      cfg.Store,
		isNotFound: cfg.IsNotFound,
		limits:     cfg.Limits.withDefaults(),
		log:        cfg.Log,
		version:    cfg.Version,
		mux:        http.NewServeMux(),
	}
	if s.isNotFound == nil {
		s.isNotFound = func(err error) bool { return errors.Is(err, ErrNotFound) }
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	s.slots = make(chan *searcher, s.limits.Searches)
	s.miners = make(chan *miner, s.limits.Searches)
	for range s.limits.Searches {
		s.slots <- nil
		s.miners <- nil
	}
	if err := s.loadAssets(); err != nil {
		return nil, err
	}
	s.routes()
	return s, nil
}

// routes registers the endpoints.
func (s *Server) routes() {
	api := func(path string, h map[string]apiHandler) { s.mux.Handle(path, s.api(h)) }
	api("/api/v1/problems", map[string]apiHandler{http.MethodGet: s.listProblems})
	api("/api/v1/problems/random", map[string]apiHandler{http.MethodGet: s.randomProblem})
	api("/api/v1/problems/{id}", map[string]apiHandler{http.MethodGet: s.getProblem})
	api("/api/v1/problems/{id}/board.svg", map[string]apiHandler{http.MethodGet: s.boardSVG})
	api("/api/v1/problems/{id}/move", map[string]apiHandler{http.MethodPost: s.playMove})
	api("/api/v1/problems/{id}/hint", map[string]apiHandler{http.MethodGet: s.hint})
	api("/api/v1/problems/{id}/solution", map[string]apiHandler{http.MethodGet: s.solution})
	api("/api/v1/attempts", map[string]apiHandler{http.MethodPost: s.recordAttempt})
	api("/api/v1/solve", map[string]apiHandler{http.MethodPost: s.solve})
	api("/api/v1/games", map[string]apiHandler{http.MethodPost: s.games})
	api("/api/v1/worksheet", map[string]apiHandler{http.MethodGet: s.worksheet})
	api("/api/v1/board.svg", map[string]apiHandler{http.MethodGet: s.boardPicture})
	api("/api/", map[string]apiHandler{}) // every other API path: 404
	s.pageRoutes()
}

// ServeHTTP answers a request. A path with a "." or ".." segment, or a
// backslash or NUL byte, is refused before any routing.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	defer func() {
		if v := recover(); v != nil {
			if v == http.ErrAbortHandler {
				panic(v)
			}
			s.log.Error("web: panic", "path", r.URL.Path, "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
			writeError(w, &apiError{Status: http.StatusInternalServerError, Msg: "internal error"})
		}
	}()
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Frame-Options", "DENY")
	if badPath(r.URL.Path) || badPath(r.URL.RawPath) {
		writeError(w, badRequest("path", "bad path: it may not hold . or .. segments, backslashes or NUL bytes"))
		return
	}
	s.mux.ServeHTTP(w, r)
}

// badPath reports whether p has a "." or ".." segment (also written
// %2e), a backslash or a NUL byte.
func badPath(p string) bool {
	if strings.ContainsAny(p, "\\\x00") {
		return true
	}
	for seg := range strings.SplitSeq(p, "/") {
		switch strings.ToLower(seg) {
		case ".", "..", "%2e", "%2e%2e", ".%2e", "%2e.":
			return true
		}
	}
	return false
}

// apiHandler answers an API request: it writes the answer and returns
// nil, or returns the error to answer with.
type apiHandler func(w http.ResponseWriter, r *http.Request) error

// api returns the handler of an API path with the handlers of its
// methods: another method is answered 405, an error as JSON.
func (s *Server) api(methods map[string]apiHandler) http.Handler {
	allow := make([]string, 0, len(methods))
	for m := range methods {
		allow = append(allow, m)
	}
	sort.Strings(allow)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if len(methods) == 0 {
			writeError(w, &apiError{Status: http.StatusNotFound, Msg: "no such endpoint", Field: "path"})
			return
		}
		h, ok := methods[r.Method]
		if !ok {
			w.Header().Set("Allow", strings.Join(allow, ", "))
			writeError(w, &apiError{Status: http.StatusMethodNotAllowed, Msg: "method " + r.Method + " not allowed: use " + strings.Join(allow, " or "), Field: "method"})
			return
		}
		limit := s.limits.Body
		switch r.URL.Path {
		case "/api/v1/solve":
			limit = s.limits.SolveBody
		case "/api/v1/games":
			limit = s.limits.GamesBody
		}
		r.Body = http.MaxBytesReader(w, r.Body, limit)
		if err := h(w, r); err != nil {
			writeError(w, s.answer(r, err))
		}
	})
}

// answer turns err into the error a request is answered with.
func (s *Server) answer(r *http.Request, err error) *apiError {
	var ae *apiError
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &ae):
		return ae
	case errors.As(err, &mbe):
		return &apiError{Status: http.StatusRequestEntityTooLarge, Msg: fmt.Sprintf("the request body is larger than %d bytes", mbe.Limit), Field: "body"}
	case s.isNotFound(err):
		return &apiError{Status: http.StatusNotFound, Msg: "no such problem", Field: "id"}
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		return &apiError{Status: http.StatusServiceUnavailable, Msg: "the server could not answer in time; try again"}
	}
	s.log.Error("web: internal error", "path", r.URL.Path, "err", err)
	return &apiError{Status: http.StatusInternalServerError, Msg: "internal error"}
}

// acquire waits for a search slot and returns its searcher, made on
// first use.
func (s *Server) acquire(ctx context.Context) (*searcher, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var sr *searcher
	select {
	case sr = <-s.slots:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	if sr != nil {
		return sr, nil
	}
	opts := mate.SolverOptions{
		HashMB: s.limits.HashMB, MaxNodes: s.limits.Nodes, MaxTime: s.limits.Time,
		Futile: mate.Discount, DefenderHand: mate.AsGiven,
	}
	full, err := mate.NewSolver(opts)
	if err != nil {
		s.slots <- nil
		return nil, err
	}
	opts.SkipSoundness = true
	quick, err := mate.NewSolver(opts)
	if err != nil {
		s.slots <- nil
		return nil, err
	}
	return &searcher{full: full, quick: quick}, nil
}

// release gives sr's slot back.
func (s *Server) release(sr *searcher) { s.slots <- sr }
