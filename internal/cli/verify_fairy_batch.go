package cli

import (
	"context"
	"errors"
	"fmt"

	"github.com/tsume-shogi/tsume/fairymate"
	"github.com/tsume-shogi/tsume/report"
	"github.com/tsume-shogi/tsume/variant"
)

// verifyFairyBatch judges one fairy position a line of src under rules as
// a mate-in-1 problem.
func verifyFairyBatch(ctx context.Context, e *env, src batchSource, rules *variant.Rules, opt verifyOptions) error {
	b := newBatch(e.stdout, opt.json)
	valid := 0
	err := b.run(ctx, src, func(lineNo int, line string) error {
		b.next()
		p, msg := fairyBatchPosition(line, rules)
		var view *fairyVerdictView
		if msg == "" {
			var err error
			view, err = fairyVerdict(&p, opt.hand)
			var npe *fairymate.NotAProblemError
			switch {
			case errors.As(err, &npe):
				msg = npe.Msg
			case err != nil:
				return err
			}
		}
		if msg != "" {
			if opt.json {
				return report.WriteJSON(b.w, &fairyVerdictView{SFEN: line, Rules: rulesName(&p), Errors: []string{msg},
					Mates: []string{}, MatesJA: []string{}, Metrics: fairyMetrics{ByCheck: []fairyCheckStats{}}, Line: lineNo})
			}
			fmt.Fprintf(b.w, "line %d\ninput: %s\n\nNOT VALID:\n  - %s\n", lineNo, line, msg)
			return nil
		}
		if view.Valid {
			valid++
		}
		view.Line = lineNo
		if opt.json {
			return report.WriteJSON(b.w, view)
		}
		writeFairyVerdict(b.w, view, opt.hand)
		return nil
	})
	if err != nil {
		return err
	}
	return b.summary(e, "verify", valid, "valid problems")
}
