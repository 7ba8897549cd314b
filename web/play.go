package web

import (
	"context"
	"fmt"
	"net/http"

	"github.com/tsume-shogi/tsume/shogi"
)

// moveRequest is the body of POST /api/v1/problems/{id}/move.
type moveRequest struct {
	Moves []string `json:"moves"` // the moves played so far, in USI
	Move  string   `json:"move"`  // the attacker's next move, in USI
	// Layout is the picture's: landscape (the default) or portrait.
	Layout string `json:"layout"`
}

// moveAnswer is its answer.
type moveAnswer struct {
	Result string `json:"result"` // correct, solved or wrong
	// Reason, of a wrong move: not-a-check, or the kind of the
	// refutation: escape, capture or interposition.
	Reason      string `json:"reason,omitempty"`
	Explanation string `json:"explanation"`
	Move        string `json:"move"`
	MoveJA      string `json:"move_ja"`
	// Reply is the defender's answer, the best reply to a correct move or
	// the refutation of a wrong one; empty when solved or not a check.
	Reply   string `json:"reply,omitempty"`
	ReplyJA string `json:"reply_ja,omitempty"`
	// NoMate and MateAfter, of a refutation: no mate at all after it, or
	// the length of the shortest mate after it (0: not known).
	NoMate    bool `json:"no_mate,omitempty"`
	MateAfter int  `json:"mate_after,omitempty"`
	// State is the position after the move and the reply.
	State state `json:"state"`
}

// playMove answers POST /api/v1/problems/{id}/move: the attacker's move
// judged, after the moves so far replayed.
func (s *Server) playMove(w http.ResponseWriter, r *http.Request) error {
	e, err := s.entry(r)
	if err != nil {
		return err
	}
	var req moveRequest
	if err := decodeBody(r, &req); err != nil {
		return err
	}
	portrait, err := parseLayout(req.Layout)
	if err != nil {
		return err
	}
	if fairyProblem(&e.Problem) {
		return s.playFairyMove(w, &e, &req, portrait)
	}
	n := plies(&e)
	if len(req.Moves) >= n {
		return unprocessable("moves", "%d moves played: the problem has %s", len(req.Moves), pliesText(n))
	}
	g, err := replay(&e.Problem.Position, req.Moves, "moves")
	if err != nil {
		return err
	}
	if g.pos.SideToMove() != e.Problem.Position.SideToMove() {
		return unprocessable("moves", "the moves end with the attacker's: the defender is to move")
	}
	if req.Move == "" {
		return badRequest("move", "no move given")
	}
	m, err := g.pos.ParseUSIMove(req.Move)
	if err != nil {
		return unprocessable("move", "%s", message(err))
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.limits.Time)
	defer cancel()
	rem := n - len(g.moves)
	j, err := s.judge(ctx, &g.pos, m, rem, mainLine(&e, g))
	if err != nil {
		return err
	}
	before := g.pos
	prev := lastOf(g.moves)
	ans := moveAnswer{Result: j.result, Reason: j.reason, Move: m.String(), MoveJA: japanese(&before, m, prev)}
	g.play(m)
	if j.reply != shogi.NoMove {
		ans.Reply, ans.ReplyJA = j.reply.String(), japanese(&g.pos, j.reply, m)
		g.play(j.reply)
	}
	ans.NoMate = j.noMate
	ans.MateAfter = j.after
	ans.Explanation = explain(&j, &ans, rem)
	ans.State = stateOf(g, n, portrait)
	writeJSON(w, http.StatusOK, ans)
	return nil
}

// explain says in English what j means.
func explain(j *judgement, a *moveAnswer, rem int) string {
	switch {
	case j.result == resultSolved:
		return fmt.Sprintf("%s mates. Solved!", a.MoveJA)
	case j.result == resultCorrect:
		return fmt.Sprintf("%s is right. The defender replies %s; %s left.", a.MoveJA, a.ReplyJA, pliesText(rem-2))
	case j.reason == reasonNotCheck:
		return fmt.Sprintf("%s is not a check: in tsume every attacker move must check. Take it back.", a.MoveJA)
	}
	what := map[string]string{reasonEscape: "the king escapes", reasonCapture: "the capture", reasonInterposition: "the interposition"}[j.reason]
	switch {
	case j.noMate:
		return fmt.Sprintf("%s does not mate: after %s, %s, there is no mate at all. Take it back.", a.MoveJA, what, a.ReplyJA)
	case rem == 1:
		return fmt.Sprintf("%s checks but does not mate: %s, %s. Take it back.", a.MoveJA, what, a.ReplyJA)
	case j.after > 0:
		return fmt.Sprintf("%s does not mate in time: after %s, %s, the mate takes %s, with only %s left. Take it back.",
			a.MoveJA, what, a.ReplyJA, pliesText(j.after), pliesText(j.left))
	}
	return fmt.Sprintf("%s does not mate in time: after %s, %s, no mate within the %s left. Take it back.", a.MoveJA, what, a.ReplyJA, pliesText(j.left))
}
