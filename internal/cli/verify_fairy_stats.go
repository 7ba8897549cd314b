package cli

import (
	"bufio"
	"fmt"
	"slices"
	"strings"

	"github.com/tsume-shogi/tsume/fairymate"
	"github.com/tsume-shogi/tsume/report"
	"github.com/tsume-shogi/tsume/variant"
)

// setFairyMetrics fills the statistics of view from v, the checks sorted
// by their USI text.
func setFairyMetrics(view *fairyVerdictView, v *fairymate.Verdict1) {
	st := v.Stats
	view.Metrics = fairyMetrics{Legal: st.Legal, Checks: st.Checks, Replies: st.Replies, ByCheck: []fairyCheckStats{}}
	view.stats = slices.Clone(st.ByCheck)
	slices.SortFunc(view.stats, func(a, b fairymate.CheckStats) int {
		return strings.Compare(variant.MoveString(a.Move), variant.MoveString(b.Move))
	})
	for _, c := range view.stats {
		usi, ja := report.FairyLine(&v.Position, []variant.Move{c.Move})
		view.ja = append(view.ja, ja[0])
		view.Metrics.ByCheck = append(view.Metrics.ByCheck, fairyCheckStats{
			CheckStats: report.CheckStats{
				Move: usi[0], Replies: c.Replies, KingMoves: c.RoyalMoves, Captures: c.Captures(),
				InterpositionsMove: c.InterpositionsMove, InterpositionsDrop: c.InterpositionsDrop,
			},
			Other: c.Other,
		})
	}
}

// writeFairyStats writes the statistics block of a fairy verify: the one
// of a standard verify with royals for the king and one more column, the
// replies of no standard kind.
func writeFairyStats(w *bufio.Writer, v *fairyVerdictView) {
	m := &v.Metrics
	w.WriteString("\n")
	width := len(fmt.Sprint(max(m.Legal, m.Checks, m.Replies)))
	fmt.Fprintf(w, "L        %*d  legal moves\n", width, m.Legal)
	fmt.Fprintf(w, "C        %*d  checking moves\n", width, m.Checks)
	fmt.Fprintf(w, "R_total  %*d  replies to them\n", width, m.Replies)
	if m.Checks == 0 {
		return
	}
	// The move column is as wide as the longest move ((GH)*5e), at least
	// the five columns of a standard verify.
	mw := 5
	for _, c := range m.ByCheck {
		mw = max(mw, len(c.Move))
	}
	pad := strings.Repeat(" ", mw-5)
	w.WriteString("\n")
	w.WriteString("                    " + pad + "royal   captures   interpositions\n")
	w.WriteString("    move" + pad + "   replies  moves  royal other     move  drop  other\n")
	for i, c := range m.ByCheck {
		mark := " "
		if c.Replies == 0 {
			mark = "*"
		}
		st := v.stats[i]
		fmt.Fprintf(w, "  %s %-*s  %7d  %5d   %4d %5d     %4d  %4d  %5d  %s\n",
			mark, mw, c.Move, c.Replies, c.KingMoves, st.RoyalCaptures, st.OtherCaptures,
			c.InterpositionsMove, c.InterpositionsDrop, c.Other, v.ja[i])
	}
	w.WriteString("  (* mates)\n")
}
