package web

import (
	"fmt"
	"net/http"
	"strconv"

	"github.com/tsume-shogi/tsume/bank"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/render/worksheet"
	"github.com/tsume-shogi/tsume/report"
	"github.com/tsume-shogi/tsume/theme"
)

// The number of problems of a worksheet: at least, at most and by default.
const (
	minSheet     = 6
	maxSheet     = 12
	defaultSheet = 6
)

// worksheet answers GET /api/v1/worksheet: a printable page of the
// problems a query selects (count of them, of one length), the answers on
// the next page.
func (s *Server) worksheet(w http.ResponseWriter, r *http.Request) error {
	v := r.URL.Query()
	q, err := parseQuery(v, "count")
	if err != nil {
		return err
	}
	if v.Has(paramLimit) {
		return badRequest(paramLimit, "a worksheet takes count, not limit")
	}
	n := defaultSheet
	if v.Has("count") {
		if n, err = intParam(v, "count", minSheet, maxSheet); err != nil {
			return err
		}
	}
	if q.Plies == 0 {
		q.Plies = 1
	}
	// The sheet's pictures and answers are those of standard mate
	// problems: a fairy problem has no place on it yet.
	if q.Rules != "" && q.Rules != problem.Standard || q.Stip != "" && q.Stip != problem.Mate.String() {
		return badRequest(paramRules, "a worksheet holds standard mate problems only")
	}
	if q.Board == bank.BoardFairy {
		return badRequest(paramBoard, "a worksheet holds positions of standard pieces only")
	}
	q.Rules, q.Stip, q.Board = problem.Standard, problem.Mate.String(), bank.BoardStandard
	q.Limit = n
	es, err := s.store.Query(r.Context(), q)
	if err != nil {
		return err
	}
	if len(es) == 0 {
		return &apiError{Status: http.StatusNotFound, Msg: "no problem matches the query", Field: "query"}
	}
	sheet := worksheet.Sheet{Plies: q.Plies}
	for i := range es {
		e := &es[i]
		p := worksheet.NewProblem(i+1, &e.Problem.Position, e.Problem.Line)
		p.SVG = worksheet.Picture(i+1, 0, &e.Problem.Position, false)
		found := make([]theme.Found, len(e.Problem.Themes))
		for j, t := range e.Problem.Themes {
			found[j] = theme.Found(t)
		}
		p.Themes = theme.Summary(found)
		// The answer key's variations; a line that is no tsume
		// solution is listed without them.
		vs, err := report.AnswerVariations(r.Context(), &e.Problem.Position, e.Problem.Line)
		if cerr := r.Context().Err(); cerr != nil {
			return cerr
		}
		if err == nil {
			p.Variations = vs
		}
		sheet.Problems = append(sheet.Problems, p)
	}
	ids := ""
	for i := range es {
		if i > 0 {
			ids += ", "
		}
		ids += strconv.FormatInt(es[i].ID, 10)
	}
	sheet.About = fmt.Sprintf("%d problem%s from the bank (numbers %s). The answers are on the last page.", len(es), plural(len(es)), ids)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:")
	w.Write(sheet.HTML())
	return nil
}
