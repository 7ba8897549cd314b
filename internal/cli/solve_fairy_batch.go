package cli

import (
	"context"
	"errors"
	"flag"

	"github.com/tsume-shogi/tsume/fairymate"
	"github.com/tsume-shogi/tsume/report"
)

// solveFairyBatch solves one fairy position a line of src under opt.rules
// with one fairymate.Solver.
func solveFairyBatch(ctx context.Context, e *env, fs *flag.FlagSet, src batchSource, opt solveOptions) error {
	if err := fairyFlagsUnused(fs); err != nil {
		return err
	}
	b := newBatch(e.stdout, opt.json)
	var sv *fairymate.Solver // allocated at the first position: its table is large
	mates := 0
	err := b.run(ctx, src, func(lineNo int, line string) error {
		b.next()
		p, msg := fairyBatchPosition(line, opt.rules)
		var sol *fairymate.Solution
		if msg == "" {
			if sv == nil {
				sv = fairymate.NewSolver(fairyOptions(opt))
			}
			var err error
			sol, err = sv.Solve(ctx, &p)
			var npe *fairymate.NotAProblemError
			switch {
			case errors.As(err, &npe):
				msg = "not a tsume position: " + npe.Msg
			case sol == nil:
				return err
			}
		}
		if msg != "" {
			if opt.json {
				return report.WriteJSON(b.w, &fairyView{Status: "error", Rules: rulesName(&p), PV: []string{}, PVJA: []string{},
					SFEN: line, Error: msg, Line: lineNo})
			}
			writeBatchError(b.w, lineNo, line, msg)
			return nil
		}
		// What an interrupted search found is reported; the batch stops
		// at the next line.
		if sol.Status == fairymate.Mate {
			mates++
		}
		v := newFairyView(&p, sol)
		v.Line = lineNo
		if opt.json {
			return report.WriteJSON(b.w, v)
		}
		writeFairyText(b.w, sol, v, opt)
		return nil
	})
	if err != nil {
		return err
	}
	return b.summary(e, "solve", mates, "mates")
}
