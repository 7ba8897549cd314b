// Package fairy generates sound fairy tsume problems on the framework of
// package gen: かしこ詰 (the mate stipulation) under fairy rules (安南,
// 天竺, variant.ParseRules), and helpmates (ばか詰) under any rules,
// standard ones included. A candidate is a random position of standard
// pieces (the Candidate of a base generator, such as gen/mate1's random
// method); the judge plays it under the rules and keeps it when:
//
//   - mate: package mate's solver (Solver.SolveVariant) finds the exact
//     shortest mate of the asked length, the defender holding every
//     remaining piece and futile interpositions discounted, with a
//     complete main line; no other attacker move mates
//     within the remaining length anywhere along it (余詰; the last move's
//     other promotion choice aside) and the attacker holds nothing at the
//     end (no 駒余り);
//   - help: the helpmate search (helpmate.SolveVariant) finds the
//     shortest helpmate of the asked length and exactly one solution
//     (two lines that differ only in the last move's promotion count as
//     one), the attacker holding nothing at its end; the defender's hand
//     is empty, and written so in the SFEN;
//   - under fairy rules, the rules matter: the same position under the
//     standard rules has no solution of that length (the solver of the
//     stipulation says so within the same budget).
//
// Every search has a node or state budget, not a time limit, so that a
// run is the same for every number of workers. See docs/generation.md,
// "Fairy problems".
package fairy

import (
	"context"
	"errors"
	"fmt"

	"github.com/tsume-shogi/tsume/gen"
	"github.com/tsume-shogi/tsume/problem"
)

// Options configure a generator of fairy problems.
type Options struct {
	// Rules names the rules (problem.CanonicalRules: "annan", "tenjiku",
	// "tenjiku,annan"; "" or "standard" for the standard rules, for
	// helpmates only: standard mate problems are package gen/maten's).
	Rules string
	// Goal is the stipulation: problem.Mate or problem.Help.
	Goal problem.Goal
	// Length is the problems' length in plies: odd, at least 1.
	Length int
	// Seed selects the run.
	Seed uint64
	// Base draws the candidate positions (its Candidate; its judge is not
	// used): the attacker to move, the defender's king on the board.
	Base *gen.Generator
	// MaxNodes bounds a mate search of a candidate in nodes (0: a default
	// growing with the length); MaxStates bounds a helpmate search in
	// positions stored (0: likewise).
	MaxNodes  uint64
	MaxStates int
}

// DefaultMaxNodes returns the node budget of a mate search of a
// candidate of the given length when Options.MaxNodes is 0.
func DefaultMaxNodes(length int) uint64 { return 2_000 * uint64(length) * uint64(length) }

// DefaultMaxStates returns the state budget of a helpmate search of a
// candidate of the given length when Options.MaxStates is 0.
func DefaultMaxStates(length int) int { return 5_000 * length * length }

// Validate reports what is wrong with o, every problem in one error.
func (o *Options) Validate() error {
	var errs []error
	rules, err := problem.CanonicalRules(o.Rules)
	if err != nil {
		errs = append(errs, fmt.Errorf("rules: %w", err))
	}
	switch o.Goal {
	case problem.Mate:
		if err == nil && rules == "" {
			errs = append(errs, errors.New("standard mate problems are made by gen/maten (generate without --rules): give fairy rules or the help stipulation"))
		}
	case problem.Help:
	default:
		errs = append(errs, fmt.Errorf("stipulation %v: want mate or help", o.Goal))
	}
	if o.Length < 1 || o.Length%2 == 0 {
		errs = append(errs, fmt.Errorf("length %d: want an odd number of plies", o.Length))
	}
	if o.Base == nil || o.Base.Candidate == nil {
		errs = append(errs, errors.New("the generator needs a Base generator for its candidates"))
	}
	return errors.Join(errs...)
}

// New returns a generator of fairy problems under opts, or an error
// naming what is wrong with them. Its method is "fairy-" and the
// stipulation's name and length ("fairy-mate-3", "fairy-help-5"); the
// problems carry the rules and the stipulation.
func New(opts Options) (*gen.Generator, error) {
	if err := opts.Validate(); err != nil {
		return nil, err
	}
	o := opts
	o.Rules, _ = problem.CanonicalRules(o.Rules)
	if o.MaxNodes == 0 {
		o.MaxNodes = DefaultMaxNodes(o.Length)
	}
	if o.MaxStates == 0 {
		o.MaxStates = DefaultMaxStates(o.Length)
	}
	return &gen.Generator{
		Method:          fmt.Sprintf("fairy-%v-%d", o.Goal, o.Length),
		Seed:            o.Seed,
		Candidate:       o.Base.Candidate,
		NewJudgeContext: func(ctx context.Context) gen.Judge { return newJudge(ctx, &o) },
		// An attempt costs a search: a problem that takes this many is
		// too rare for the options.
		MaxAttempts: 200_000,
	}, nil
}
