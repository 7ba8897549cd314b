package web

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/record"
	"github.com/tsume-shogi/tsume/render/worksheet"
	"github.com/tsume-shogi/tsume/report"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/theme"
	"github.com/tsume-shogi/tsume/verdict"
)

// solveRequest is the body of POST /api/v1/solve.
type solveRequest struct {
	// Input is an SFEN, a USI position command ("position sfen … moves
	// …"), or a KIF, KI2 or CSA record.
	Input string `json:"input"`
	// Ply, if given, takes the position after the record's first Ply
	// moves; by default a KIF, KI2 or CSA record gives its start position
	// and a USI command the position after its moves.
	Ply *int `json:"ply"`
	// Hand is the defender's hand: "remaining" (every piece not on the
	// board or in the attacker's hand, the tsume convention; the default)
	// or "as-given".
	Hand string `json:"hand"`
	// Layout is the picture's: landscape (the default) or portrait.
	Layout string `json:"layout"`
}

// solveAnswer is its answer.
type solveAnswer struct {
	Format   string           `json:"format"` // the input's format: SFEN, USI, KIF, KI2 or CSA
	SFEN     string           `json:"sfen"`   // the position solved, with the defender's hand applied
	BoardSVG string           `json:"board_svg"`
	Solution *report.Solution `json:"solution"` // as tsume solve --json prints it
	// LineSFENs are the positions of the main line: LineSFENs[k] after
	// its first k moves, from the position solved (k = 0) to its end.
	LineSFENs []string `json:"line_sfens"`
	// Details say what each of the verdict's findings means without its
	// class (verdict.Finding.Detail), in the order of
	// solution.verdict.findings: the page lists the findings under their
	// class.
	Details []string `json:"details"`
	// ThemesJA are the Japanese terms of solution.themes, in its order.
	ThemesJA []string `json:"themes_ja"`
	KIF      string   `json:"kif"` // the problem and its main line as a KIF record
}

// solve answers POST /api/v1/solve: the position read, solved and judged.
func (s *Server) solve(w http.ResponseWriter, r *http.Request) error {
	var req solveRequest
	if err := decodeBody(r, &req); err != nil {
		return err
	}
	if strings.TrimSpace(req.Input) == "" {
		return badRequest("input", "no input: paste an SFEN, a USI position command or a KIF, KI2 or CSA record")
	}
	hand := mate.Remaining
	switch req.Hand {
	case "", "remaining":
	case "as-given":
		hand = mate.AsGiven
	default:
		return badRequest("hand", "hand %q: want remaining or as-given", req.Hand)
	}
	portrait, err := parseLayout(req.Layout)
	if err != nil {
		return err
	}
	g, err := record.ReadAny([]byte(req.Input))
	if err != nil {
		return unprocessable("input", "%s", message(err))
	}
	ply := 0
	if g.Format == record.FormatUSI || g.Format == record.FormatSFEN {
		ply = len(g.Moves)
	}
	if req.Ply != nil {
		if *req.Ply < 0 || *req.Ply > len(g.Moves) {
			return badRequest("ply", "ply %d: the record has %d move%s", *req.Ply, len(g.Moves), plural(len(g.Moves)))
		}
		ply = *req.Ply
	}
	p, err := g.PositionAt(ply)
	if err != nil {
		return unprocessable("input", "%s", message(err))
	}
	if hand == mate.Remaining {
		if p, err = mate.WithRemainingHand(&p); err != nil {
			return unprocessable("input", "%s", message(err))
		}
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.limits.Time)
	defer cancel()
	sr, err := s.acquire(ctx)
	if err != nil {
		return err
	}
	defer s.release(sr)
	sol, err := sr.full.Solve(ctx, &p)
	if err != nil {
		return unprocessable("input", "%s", message(err))
	}
	view := report.NewSolution(sol, hand, mate.Discount)
	if sol.Status == mate.Mate && sol.LengthExact && len(sol.PV) > 0 {
		// The themes of the main line, as solve --json gives them; a search
		// the time limit stops leaves them out, not the answer.
		found, err := theme.Find(ctx, &sol.Position, sol.PV, theme.Options{DefenderHand: mate.AsGiven})
		var le *theme.LineError
		switch {
		case err == nil:
			view.Themes = found
		case !errors.As(err, &le) && ctx.Err() == nil:
			return err
		}
	}
	themesJA := make([]string, len(view.Themes))
	for i, t := range view.Themes {
		themesJA[i] = theme.Japanese(t.Name)
	}
	details := []string{}
	if sol.Status == mate.Mate {
		vd, err := verdict.Judge(ctx, sol, verdict.Options{Futile: mate.Discount, MaxNodes: s.limits.VerdictNodes, HashMB: s.limits.HashMB})
		if err != nil {
			return err
		}
		view.Verdict = report.NewAssessment(vd, &sol.Position)
		for _, f := range vd.Findings {
			details = append(details, f.Detail())
		}
	}
	line := make([]string, 0, len(sol.PV)+1)
	q := sol.Position
	line = append(line, q.SFEN())
	for _, m := range sol.PV {
		q.DoMove(m)
		line = append(line, q.SFEN())
	}
	var headers []record.KIFHeader
	if sol.Status == mate.Mate && sol.LengthExact {
		headers = []record.KIFHeader{{Key: "表題", Value: worksheet.LengthTitle(sol.Length)}}
		if len(view.Themes) > 0 {
			headers = append(headers, record.KIFHeader{Key: "手筋", Value: theme.Summary(view.Themes)})
		}
	}
	kif, err := record.KIF(&sol.Position, sol.PV, headers, sol.Status == mate.Mate)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, solveAnswer{
		Format:    g.Format.String(),
		SFEN:      sol.Position.SFEN(),
		BoardSVG:  picture(&sol.Position, shogi.NoMove, portrait),
		Solution:  view,
		LineSFENs: line,
		Details:   details,
		ThemesJA:  themesJA,
		KIF:       kif,
	})
	return nil
}
