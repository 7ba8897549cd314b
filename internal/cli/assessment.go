package cli

import (
	"bufio"
	"fmt"

	"github.com/tsume-shogi/tsume/report"
)

// writeAssessment writes a verdict in composers' terms: the overall
// verdict, then one finding a line with its ply, move and severity.
func writeAssessment(w *bufio.Writer, a *report.Assessment) {
	fmt.Fprintf(w, "verdict: %s", a.Overall)
	if a.Reason != "" {
		fmt.Fprintf(w, " (%s)", a.Reason)
	}
	w.WriteString("\n")
	pw, mw := 0, 0
	for _, f := range a.Findings {
		pw = max(pw, len(fmt.Sprint(f.Ply)))
		mw = max(mw, len(f.Move))
	}
	for _, f := range a.Findings {
		severity := f.Severity
		if f.Undecided {
			severity = "undecided"
		}
		// The Japanese move comes after the fixed-width columns: its width
		// on a terminal varies.
		fmt.Fprintf(w, "  ply %*d  %-*s  %-9s  %s", pw, f.Ply, mw, f.Move, severity, f.Text)
		if f.MoveJA != "" {
			fmt.Fprintf(w, "  %s", f.MoveJA)
		}
		for _, m := range f.LineJA { // the variation after it
			fmt.Fprintf(w, " %s", m)
		}
		w.WriteString("\n")
	}
}
