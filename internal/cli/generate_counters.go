package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/tsume-shogi/tsume/gen/maten"
)

// writeCounters sums up the candidates of a mate-in-N run by length: how
// many positions were built, rejected by the mate-in-1 prefilter,
// searched, found sound by the solver and by the verdict, how many
// candidates the backward method turned away at once, having seen them
// fail before, and how many gave at once the problem they had made
// before.
func writeCounters(w io.Writer, c *maten.Counters) {
	var b strings.Builder
	b.WriteString("candidates by length (built / searched, no mate in 1 / solver-sound / verdict-sound):")
	for i := 1; i < len(c.Built); i++ {
		built := c.Built[i].Load()
		if built == 0 {
			continue
		}
		fmt.Fprintf(&b, " %d plies %d / %d / %d / %d;", 2*i+1, built, c.Searched[i].Load(), c.SolverSound[i].Load(), c.VerdictSound[i].Load())
	}
	s := strings.TrimSuffix(b.String(), ";")
	if base := c.VerdictSound[0].Load(); base > 0 {
		s += fmt.Sprintf("; %d mate-in-1 bases", base)
	}
	if r := c.Repeated[0].Load(); r > 0 {
		s += fmt.Sprintf("; %d candidates seen failing before", r)
	}
	if r := c.Remade[0].Load(); r > 0 {
		s += fmt.Sprintf("; %d problems given again from their candidates", r)
	}
	fmt.Fprintln(w, s)
}
