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
