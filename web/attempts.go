package web

import (
	"net/http"
	"time"

	"github.com/tsume-shogi/tsume/bank"
)

// attemptRequest is the body of POST /api/v1/attempts.
type attemptRequest struct {
	ProblemID  int64  `json:"problem_id"`
	Session    string `json:"session"`     // the browser session's opaque name: 8 to 64 letters, digits, - or _
	Solved     bool   `json:"solved"`      // solved without revealing the solution
	DurationMS int64  `json:"duration_ms"` // from showing the problem to the last move
}

// maxAttempt is the longest attempt recorded.
const maxAttempt = 24 * time.Hour

// recordAttempt answers POST /api/v1/attempts: the attempt stored, the
// ratings it changed.
func (s *Server) recordAttempt(w http.ResponseWriter, r *http.Request) error {
	var req attemptRequest
	if err := decodeBody(r, &req); err != nil {
		return err
	}
	if req.ProblemID < 1 || req.ProblemID > maxID {
		return badRequest("problem_id", "bad problem id %d: want a whole number from 1", req.ProblemID)
	}
	if !validSession(req.Session) {
		return badRequest("session", "bad session: want 8 to 64 letters, digits, - or _")
	}
	d := time.Duration(req.DurationMS) * time.Millisecond
	if req.DurationMS < 0 || d > maxAttempt {
		return badRequest("duration_ms", "duration_ms %d: want 0 to %d", req.DurationMS, maxAttempt.Milliseconds())
	}
	if _, err := s.store.Get(r.Context(), req.ProblemID); err != nil {
		if s.isNotFound(err) {
			return &apiError{Status: http.StatusNotFound, Msg: "no such problem", Field: "problem_id"}
		}
		return err
	}
	a := bankAttempt(req.ProblemID, req.Session, req.Solved, d, time.Now())
	pr, sr, err := s.store.Record(r.Context(), a)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, struct {
		Problem rating `json:"problem_rating"`
		Session rating `json:"session_rating"`
	}{rating{pr.R, pr.RD}, rating{sr.R, sr.RD}})
	return nil
}

// validSession reports whether s is a session name: 8 to 64 ASCII
// letters, digits, - or _.
func validSession(s string) bool {
	if len(s) < 8 || len(s) > 64 {
		return false
	}
	for _, c := range []byte(s) {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '-', c == '_':
		default:
			return false
		}
	}
	return true
}

// bankAttempt returns the attempt to record.
func bankAttempt(id int64, session string, solved bool, d time.Duration, at time.Time) bank.Attempt {
	return bank.Attempt{ProblemID: id, Session: session, Solved: solved, Duration: d, At: at}
}
