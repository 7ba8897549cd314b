package cli

import (
	"fmt"
	"os"
	"strings"

	"github.com/tsume-shogi/tsume/match"
)

// The USI engines of match and bench --vs-usi: their commands and
// options as the flags give them.

// engineArgv splits an engine command, resolving "tsume" to this
// program.
func engineArgv(cmd string) ([]string, error) {
	argv, err := match.SplitCommand(cmd)
	if err != nil {
		return nil, err
	}
	if argv[0] == "tsume" {
		self, err := os.Executable()
		if err != nil {
			return nil, fmt.Errorf("cannot find this program to run %q: %w", cmd, err)
		}
		argv[0] = self
	}
	return argv, nil
}

// engineOptions turns "Name=Value" texts into USI options.
func engineOptions(list []string) ([]match.Option, error) {
	var out []match.Option
	for _, o := range list {
		name, value, ok := strings.Cut(o, "=")
		if !ok || strings.TrimSpace(name) == "" {
			return nil, fmt.Errorf("option %q: want Name=Value", o)
		}
		out = append(out, match.Option{Name: strings.TrimSpace(name), Value: strings.TrimSpace(value)})
	}
	return out, nil
}
