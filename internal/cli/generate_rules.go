package cli

import (
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/tsume-shogi/tsume/gen"
	"github.com/tsume-shogi/tsume/gen/fairy"
	"github.com/tsume-shogi/tsume/gen/mate1"
	"github.com/tsume-shogi/tsume/problem"
)

// fairyRun reports whether generate's --rules and --stip ask for fairy
// problems: rules other than the standard ones, or a stipulation other
// than mate.
func fairyRun(rules, stip string) bool {
	return rules != "" && rules != problem.Standard || stip != "" && stip != problem.Mate.String()
}

// fairyGenerator returns the generator of fairy problems (package
// gen/fairy) that generate's flags ask for: its candidates are
// gen/mate1's random positions under the piece flags (--max-pieces,
// --min-pieces, --pieces, --king, --two-kings). errs holds what is wrong
// with the other flags already; the error returned names every problem.
func fairyGenerator(fs *flag.FlagSet, o mate1.Options, length int, rules, stip string, maxNodes uint64, format string, errs []error) (*gen.Generator, error) {
	for _, name := range append(append([]string{"method"}, mateOneFlags...), mateNOnlyFlags...) {
		if isSet(fs, name) {
			errs = append(errs, fmt.Errorf("--%s does not apply to fairy problems (--rules, --stip)", name))
		}
	}
	if _, err := problem.CanonicalRules(rules); err != nil {
		errs = append(errs, fmt.Errorf("--rules: %w", err))
	}
	goal, err := problem.ParseGoal(stip)
	if err != nil {
		errs = append(errs, fmt.Errorf("--stip: %w", err))
	} else if goal == problem.HelpSelf {
		errs = append(errs, errors.New("--stip helpself: not generated; want mate (with --rules) or help"))
	}
	switch format {
	case "jsonl", "kif", "":
	default:
		errs = append(errs, fmt.Errorf("--format %s cannot hold the rules and the stipulation of fairy problems: use --format jsonl, kif or --bank", format))
	}
	o.Method = mate1.Random
	if len(errs) == 0 {
		if err := o.Validate(); err != nil {
			errs = append(errs, err)
		}
	}
	var g *gen.Generator
	if len(errs) == 0 {
		base, err := mate1.New(o)
		if err == nil {
			g, err = fairy.New(fairy.Options{Rules: rules, Goal: goal, Length: length, Seed: o.Seed, Base: base, MaxNodes: maxNodes})
		}
		if err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		msgs := make([]string, len(errs))
		for i, err := range errs {
			msgs[i] = strings.ReplaceAll(err.Error(), "\n", "; ")
		}
		return nil, errors.New(strings.Join(msgs, "; "))
	}
	return g, nil
}
