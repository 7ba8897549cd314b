package web

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/tsume-shogi/tsume/bank"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/render"
	"github.com/tsume-shogi/tsume/report"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// This file plays the fairy problems of a bank: those under fairy rules
// (安南, 天竺) and the helpmates. Their moves are read, checked and drawn
// by package variant under the problem's rules, and judged by the
// problem's main line: a sound problem's solution is unique at every
// attacker move (for かしこ詰, no other move mates within the plies left
// along the main line; for a helpmate, the one solution), and the
// defender answers with the main line's reply, so that the game never
// leaves the main line and a move is right exactly when it is the main
// line's (or, at the last ply, any move that mates). A wrong move is
// not refuted with a search, as a standard problem's is: the answer says
// that it is not the solution.

// reasonNotSolution is the reason of a wrong move of a fairy problem.
const reasonNotSolution = "not-the-solution"

// fairyProblem reports whether p is played through this file: under
// rules other than the standard ones, with a stipulation other than
// mate, or with fairy pieces or royals (p.Variant).
func fairyProblem(p *problem.Problem) bool { return p.IsFairy() }

// replayProblem is replay for the problem p: a fairy problem's moves are
// read and checked under its rules.
func replayProblem(p *problem.Problem, usi []string, field string) (*game, error) {
	if !fairyProblem(p) {
		return replay(&p.Position, usi, field)
	}
	if len(usi) > maxMoves {
		return nil, badRequest(field, "%d moves: at most %d", len(usi), maxMoves)
	}
	v, err := p.VariantPosition()
	if err != nil {
		return nil, fmt.Errorf("problem under rules %q: %w", p.Rules, err)
	}
	g := &game{start: p.Position, pos: p.Position, moves: make([]shogi.Move, 0, len(usi)+2), fairy: &fairyGame{start: v, pos: v}}
	attacker := v.SideToMove()
	for i, s := range usi {
		m, err := g.fairy.pos.ParseMove(strings.TrimSpace(s))
		if err != nil {
			return nil, unprocessable(field, "move %d (%q): %s", i+1, s, message(err))
		}
		if g.fairy.pos.SideToMove() == attacker && !g.fairy.pos.GivesCheck(m) {
			return nil, unprocessable(field, "move %d (%s) is not a check: every attacker move checks", i+1, s)
		}
		g.play(m)
	}
	return g, nil
}

// fairyGame is the part of a game of a fairy problem that package
// variant keeps: the start and the position after the moves, under the
// problem's rules.
type fairyGame struct {
	start, pos variant.Position
}

// rulesTitle is the line above a fairy problem's board: its rules and
// stipulation ("安南 annan · mate in 3", "ばか詰 help in 5").
func rulesTitle(p *problem.Problem) string {
	var parts []string
	if p.Rules != "" {
		parts = append(parts, "rules "+p.Rules)
	}
	goal := map[problem.Goal]string{problem.Mate: "mate", problem.Help: "helpmate (ばか詰)", problem.HelpSelf: "help-selfmate"}[p.Stipulation.Goal]
	if n := p.Stipulation.Plies; n > 0 {
		goal += fmt.Sprintf(" in %d", n)
	}
	return strings.Join(append(parts, goal), " · ")
}

// fairyStateOf is stateOf for a game of a fairy problem: the position,
// the legal moves and the move text under its rules, the picture drawn by
// render.FairySVG (royals other than a king ringed, fairy pieces by their
// kanji) under the title of its rules and stipulation.
func fairyStateOf(g *game, p *problem.Problem, plies int, portrait bool) state {
	f := g.fairy
	usi, ja := report.FairyLine(&f.start, g.moves)
	last := lastOf(g.moves)
	var legal []string
	for _, m := range f.pos.LegalMoves(nil) {
		legal = append(legal, variant.MoveString(m))
	}
	svg := render.FairySVG(&f.pos, render.SVGOptions{Highlight: last, Portrait: portrait, Title: rulesTitle(p)})
	return positionState(&f.pos, usi, ja, legal, plies-len(g.moves), last, string(svg))
}

// playFairyMove answers POST …/move for a fairy problem e: the
// attacker's move req.Move after req.Moves, judged by the main line.
func (s *Server) playFairyMove(w http.ResponseWriter, e *bank.Entry, req *moveRequest, portrait bool) error {
	p := &e.Problem
	n := plies(e)
	if len(req.Moves) >= n {
		return unprocessable("moves", "%d moves played: the problem has %s", len(req.Moves), pliesText(n))
	}
	g, err := replayProblem(p, req.Moves, "moves")
	if err != nil {
		return err
	}
	if g.fairy.pos.SideToMove() != g.fairy.start.SideToMove() {
		return unprocessable("moves", "the moves end with the attacker's: the defender is to move")
	}
	if req.Move == "" {
		return badRequest("move", "no move given")
	}
	m, err := g.fairy.pos.ParseMove(strings.TrimSpace(req.Move))
	if err != nil {
		return unprocessable("move", "%s", message(err))
	}
	before := g.fairy.pos
	_, moveJA := report.FairyLine(&before, []variant.Move{m})
	ans := moveAnswer{Result: resultWrong, Move: variant.MoveString(m), MoveJA: moveJA[0]}
	rem := n - len(g.moves)
	main := mainLine(e, g)
	after := before
	after.DoMove(m)
	switch {
	case !before.GivesCheck(m):
		ans.Reason = reasonNotCheck
		ans.Explanation = fmt.Sprintf("%s is not a check: every attacker move must check. Take it back.", ans.MoveJA)
	case rem == 1 && after.IsMate():
		ans.Result = resultSolved
		ans.Explanation = fmt.Sprintf("%s mates. Solved!", ans.MoveJA)
	case len(main) >= 2 && main[0] == m:
		ans.Result = resultCorrect
		r := main[1]
		_, replyJA := report.FairyLine(&after, []variant.Move{r})
		ans.Reply, ans.ReplyJA = variant.MoveString(r), replyJA[0]
		ans.Explanation = fmt.Sprintf("%s is right. The defender replies %s; %s left.", ans.MoveJA, ans.ReplyJA, pliesText(rem-2))
	default:
		ans.Reason = reasonNotSolution
		ans.Explanation = fmt.Sprintf("%s is not the solution (%s). Take it back.", ans.MoveJA, rulesTitle(p))
	}
	g.play(m)
	if ans.Reply != "" {
		g.play(main[1])
	}
	ans.State = fairyStateOf(g, p, n, portrait)
	writeJSON(w, http.StatusOK, ans)
	return nil
}
