package cli

import (
	"fmt"
	"time"

	"github.com/tsume-shogi/tsume/mate"
)

// The flags of the commands that search (solve, bench) and of the USI
// engine's options.

// maxSolveHashMB bounds --hash (64 GiB), as USI_Hash does.
const maxSolveHashMB = 65536

// checkSearchFlags checks the flags solve and bench share: --time,
// --hash and --futile. It returns the futile rule and what is wrong, one
// message a bad flag.
func checkSearchFlags(limit time.Duration, hash int, futile string) (mate.FutileRule, []string) {
	var errs []string
	if limit < 0 {
		errs = append(errs, fmt.Sprintf("bad --time %v: want a positive duration or 0", limit))
	}
	if hash < 1 || hash > maxSolveHashMB {
		errs = append(errs, fmt.Sprintf("bad --hash %d: want 1 to %d MB", hash, maxSolveHashMB))
	}
	rule, err := mate.ParseFutileRule(futile)
	if err != nil {
		errs = append(errs, fmt.Sprintf("bad --futile %q: want discount or count", futile))
	}
	return rule, errs
}

// maxThreads is the most threads --threads accepts.
const maxThreads = 256

// checkThreads returns the problem with --threads n, if any.
func checkThreads(n int) []string {
	if n < 1 || n > maxThreads {
		return []string{fmt.Sprintf("bad --threads %d: want 1 to %d", n, maxThreads)}
	}
	return nil
}

// newSolver makes the solver of the command name and says on standard
// error, in one line, when its table is smaller than asked: capped at
// what the machine has, or rounded down to the table's granularity.
func newSolver(e *env, name string, o mate.SolverOptions) (*mate.Solver, error) {
	s, err := mate.NewSolver(o)
	if err != nil {
		return nil, inputError(err)
	}
	if ts := s.TableSize(); ts.Capped() {
		fmt.Fprintf(e.stderr, "tsume %s: hash capped at %d MB (machine has %d MB)\n", name, ts.MB, ts.MachineMB)
	} else if ts.Rounded() {
		fmt.Fprintf(e.stderr, "tsume %s: hash rounded down to %d MB\n", name, ts.MB)
	}
	return s, nil
}
