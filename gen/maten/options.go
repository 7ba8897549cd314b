package maten

import (
	"errors"
	"fmt"
	"slices"

	"github.com/tsume-shogi/tsume/gen"
	"github.com/tsume-shogi/tsume/shogi"
)

// Method is a way of generating problems.
type Method int

// The generation methods.
const (
	// Backward extends sound shorter problems by two plies at a time,
	// from mate-in-1 problems of the base generator up (逆算).
	Backward Method = iota
	// Random places pieces at random and keeps the positions the solver
	// and the verdict accept.
	Random
)

// String returns "backward" or "random".
func (m Method) String() string {
	if m == Random {
		return "random"
	}
	return "backward"
}

// ParseMethod reads "backward" or "random" ("reverse", the mate-in-1
// generator's default, is taken as backward).
func ParseMethod(s string) (Method, error) {
	switch s {
	case "backward", "reverse":
		return Backward, nil
	case "random":
		return Random, nil
	}
	return 0, fmt.Errorf("unknown method %q: want backward or random", s)
}

// DefaultMaxNodes returns the node budget of one search of a candidate of
// n plies when Options.MaxNodes is 0: 1,000 nodes for 3 plies, three
// times as many for every two plies more. The sound problems of the
// backward method need far fewer (docs/performance.md): at 3 plies 99%
// of them take at most about 600 nodes, at 5 about 1,700, at 7 about
// 4,000; a larger budget mostly buys longer failures.
func DefaultMaxNodes(n int) uint64 {
	b := uint64(1000)
	for ; n > 3; n -= 2 {
		b *= 3
	}
	return b
}

// Options configures a mate-in-N run. The zero value is not valid: use
// DefaultOptions and change what you need.
type Options struct {
	// Length is the number of plies, odd and at least 3.
	Length int
	Method Method
	Seed   uint64
	// MaxPieces bounds the pieces on the board other than the defender's
	// king, plus the attacker's hand; MinPieces is the least.
	MaxPieces, MinPieces int
	// Kinds lists the base kinds that may be used (promoted forms
	// included); nil means all.
	Kinds []shogi.Kind
	// King is where the defender's king may stand in the problem.
	King Region
	// TwoKings: the attacker has a king on the board.
	TwoKings bool
	// Style is the shape of the problems: Composed (the zero value, the
	// default) or Free.
	Style Style
	// MaxNodes is the node budget of each search of a candidate of the
	// full length (0: DefaultMaxNodes); the shorter problems the backward
	// method builds on the way get a third of it for every two plies
	// less. A candidate a search cannot decide within it is rejected.
	MaxNodes uint64
	// Base makes the mate-in-1 problems the backward method starts from:
	// a gen/mate1 generator, made by the caller (package gen/mate1 is a
	// sibling of this one, which the layering keeps it from importing).
	// Its options should match these (pieces, kinds, two kings).
	Base *gen.Generator
	// Repair, for the random method: a candidate the solver proves a
	// mate but that is not a sound problem (a cook, a wrong length, a
	// piece left) is mutated a few times (remove, add or move a piece)
	// and judged again. It doubles the random method's rate at 3 plies;
	// the backward method does not use it, since there it costs more
	// searches than it saves (docs/performance.md).
	Repair bool
	// Filter selects the problems of the full length by their
	// composer's metrics; it is applied in the judge, after the solver
	// and before the verdict.
	Filter Filter
	// Optimize, when OptimizeQuality, runs a local search over sound
	// mutations of every problem found that raises its quality score
	// (see optimize.go and docs/quality.md, "Optimizing").
	Optimize Objective
	// OptimizeBudget bounds the mutations the search judges per problem
	// (0: DefaultOptimizeBudget).
	OptimizeBudget int
	// Counters, if set, counts the candidates at each stage of the run.
	Counters *Counters
	// Variants, when above 0, is the number of ways the backward method
	// builds on one base problem, the variant of a problem its index
	// modulo Variants (0: the style's own, constructionVariants from 7
	// plies in the composed style, else one way).
	Variants int
	// Keep, if set, is one more filter of the backward method's
	// candidates, at each length of the construction (final: of the full
	// length), tested after the filters of the options and before any
	// search; base is the mate-in-1 problem the construction started
	// from. The game-like style of package gen/realistic keeps with it the
	// castle its base was built on. It is called from every worker at
	// once.
	Keep func(base, q *shogi.Position, final bool) bool
	// NoGifts refuses, in any style, a problem whose main line captures
	// on its first move or lets the king take an attacker piece that
	// stood on its square from the start and never moved (Shape's
	// FirstCapture and Gifts); the composed style refuses both always.
	// The game-like style of package gen/realistic sets it: a castle with
	// a loose attacker piece that the king eats reads as a gift
	// (docs/quality-report.md, "A blind read of realistic problems").
	NoGifts bool
}

// DefaultOptions returns the defaults: mate-in-3, the backward method,
// up to 8 pieces, repair (for the random method).
func DefaultOptions() Options {
	return Options{Length: 3, Method: Backward, Seed: 1, MaxPieces: 8, MinPieces: 2, Repair: true}
}

// Region is where the defender's king may stand (gen.Region).
type Region = gen.Region

// The king regions (see gen.Region).
const (
	AnyRegion = gen.AnyRegion
	Edge      = gen.Edge
	Corner    = gen.Corner
	Center    = gen.Center
)

// allKinds are the base kinds other than the king.
var allKinds = []shogi.Kind{shogi.Pawn, shogi.Lance, shogi.Knight, shogi.Silver, shogi.Gold, shogi.Bishop, shogi.Rook}

// Validate checks the options for values no problem can satisfy.
func (o *Options) Validate() error {
	var errs []error
	if o.Length < 3 || o.Length%2 == 0 {
		errs = append(errs, fmt.Errorf("length %d: want an odd number of plies, at least 3 (1 is the mate-in-1 generator)", o.Length))
	}
	minNeeded := 2
	if o.TwoKings {
		minNeeded = 3
	}
	if o.MaxPieces < minNeeded {
		errs = append(errs, fmt.Errorf("max pieces %d is too small: no mate has fewer than %d pieces besides the defender's king", o.MaxPieces, minNeeded))
	}
	if o.MaxPieces > 38 {
		errs = append(errs, fmt.Errorf("max pieces %d: the set has only 38 pieces besides the kings", o.MaxPieces))
	}
	if o.MinPieces > o.MaxPieces {
		errs = append(errs, fmt.Errorf("min pieces %d is above max pieces %d", o.MinPieces, o.MaxPieces))
	}
	if o.Method == Backward && o.Base == nil {
		errs = append(errs, errors.New("the backward method needs a Base generator of mate-in-1 problems"))
	}
	for _, k := range o.Kinds {
		if !slices.Contains(allKinds, k) {
			errs = append(errs, fmt.Errorf("kind %v cannot be chosen: want pawn, lance, knight, silver, gold, bishop or rook", k))
		}
	}
	if o.Optimize != OptimizeNone && o.Optimize != OptimizeQuality {
		errs = append(errs, fmt.Errorf("optimize %d: want none or quality", int(o.Optimize)))
	}
	if o.Style != Composed && o.Style != Free {
		errs = append(errs, fmt.Errorf("style %d: want composed or free", int(o.Style)))
	}
	if o.OptimizeBudget < 0 {
		errs = append(errs, fmt.Errorf("optimize budget %d: want at least 1 mutation, or 0 for the default", o.OptimizeBudget))
	}
	if err := o.Filter.validate(o.Length); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

func (o *Options) kinds() []shogi.Kind {
	if len(o.Kinds) == 0 {
		return allKinds
	}
	return o.Kinds
}

// maxNodes returns the node budget of one search of a candidate of n
// plies.
func (o *Options) maxNodes(n int) uint64 {
	if o.MaxNodes == 0 {
		return DefaultMaxNodes(n)
	}
	b := o.MaxNodes
	for l := o.Length; l > n; l -= 2 {
		b = max(b/3, 100)
	}
	return b
}

// ComposedMaxPieces is the piece limit (Options.MaxPieces) that the
// command line gives the composed style when none is asked for: room for
// the defender's own pieces around its king, which the natural bases
// (BaseNatural) put on its flight squares, besides the attacker's three
// or four (docs/generation.md, "Natural bases"; with six, most problems
// had one defender piece besides the king).
const ComposedMaxPieces = 10

// BaseNatural reports whether the mate-in-1 problems the backward method
// starts from are built natural under o (gen/mate1's Options.Natural:
// the king's flights blocked by its own castle pieces, the attacker's
// placed minor pieces unpromoted): under the composed style.
func BaseNatural(o *Options) bool { return o.Style == Composed }

// BaseBackRankMinors reports whether the natural mate-in-1 problems the
// backward method starts from may have the attacker's golds and silvers
// on the defender's back rank under o (gen/mate1's
// Options.BackRankMinors): from 9 plies (longAttackFrom). At 3 and 5
// plies the refusal costs nothing; at 7 it took 100 composed mate-in-7s
// of seed 26 1.24 times the CPU, at a rate of 1.12 a second against the
// bar of 1, until the composed style drew more steps back from each
// problem (Options.work): then it cost nothing measurable
// (docs/generation.md, "Natural bases").
func BaseBackRankMinors(o *Options) bool { return o.Length >= longAttackFrom }

// BasePieces returns the piece limit for the mate-in-1 problems of the
// backward method's base generator under o: o.MaxPieces less one for
// every two plies the steps back add, (o.Length-1)/2, since most steps
// add a piece (the sacrifice the king takes), but at least 3; in the
// composed style from 7 plies (variantsFrom) one more, at most
// o.MaxPieces.
//
// The one more is for the variety cap: with 3 pieces (7 plies and the
// default 6) the mates in the composed style's camp that extend are
// mostly a dragon's or a gold's in a corner, and the cap held back more
// problems than it let through; with 4 the bases, and the problems, are
// of more kinds and regions, and a mate-in-7 took about half the CPU
// time (docs/performance.md, "Bases of 4 pieces"), at the price of
// slightly heavier problems.
func BasePieces(o *Options) int {
	n := max(3, o.MaxPieces-(o.Length-1)/2)
	if o.Style == Composed && o.Length >= variantsFrom {
		n = min(n+1, o.MaxPieces)
	}
	return n
}
