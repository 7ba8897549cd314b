package mate1

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/tsume-shogi/tsume/gen"
	"github.com/tsume-shogi/tsume/shogi"
)

// Method is a way of generating problems.
type Method int

// The generation methods.
const (
	// Reverse fixes the mating move first and builds the position around it.
	Reverse Method = iota
	// Random places pieces at random and keeps the positions that pass.
	Random
)

// String returns "reverse" or "random".
func (m Method) String() string {
	if m == Random {
		return "random"
	}
	return "reverse"
}

// ParseMethod reads "reverse" or "random".
func ParseMethod(s string) (Method, error) {
	switch s {
	case "reverse":
		return Reverse, nil
	case "random":
		return Random, nil
	}
	return 0, fmt.Errorf("unknown method %q: want reverse or random", s)
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

// ParseRegion reads any, edge, corner or center.
func ParseRegion(s string) (Region, error) { return gen.ParseRegion(s) }

// MateKind restricts the kind of the mating move.
type MateKind int

// The mating move kinds.
const (
	AnyMate MateKind = iota
	DropMate
	MoveMate
)

// ParseMateKind reads drop, move or any.
func ParseMateKind(s string) (MateKind, error) {
	switch s {
	case "any":
		return AnyMate, nil
	case "drop":
		return DropMate, nil
	case "move":
		return MoveMate, nil
	}
	return 0, fmt.Errorf("unknown mate kind %q: want drop, move or any", s)
}

// Difficulty is a preset over the problem metrics.
type Difficulty int

// The difficulty presets (see Score for the formula they bound).
const (
	AnyDifficulty Difficulty = iota
	Easy
	Medium
	Hard
)

// ParseDifficulty reads easy, medium, hard or any.
func ParseDifficulty(s string) (Difficulty, error) {
	switch s {
	case "any", "":
		return AnyDifficulty, nil
	case "easy":
		return Easy, nil
	case "medium":
		return Medium, nil
	case "hard":
		return Hard, nil
	}
	return 0, fmt.Errorf("unknown difficulty %q: want easy, medium, hard or any", s)
}

// scoreRange returns the difficulty score interval [lo, hi) of a preset.
func (d Difficulty) scoreRange() (lo, hi float64) {
	switch d {
	case Easy:
		return 0, 5
	case Medium:
		return 5, 10
	case Hard:
		return 10, 1e9
	}
	return 0, 1e9
}

// Options configures a generation run. The zero value is not valid: use
// DefaultOptions and change what you need.
type Options struct {
	Method    Method
	Seed      uint64
	MaxPieces int // pieces on the board other than the defender's king, plus the attacker's hand
	MinPieces int // at least this many (default 1)

	MaxChecks int // 0: no limit
	MaxLegal  int // 0: no limit

	AllowLeftover           bool
	AllowPromotionAmbiguity bool

	// Kinds lists the base kinds that may be used (promoted forms included);
	// nil means all.
	Kinds []shogi.Kind

	King       Region
	Mate       MateKind
	TwoKings   bool // the attacker has a king on the board
	Difficulty Difficulty
	Symmetric  bool // left-right symmetric problems

	// Natural shapes the reverse construction's mates as composers and
	// games make them (docs/generation.md, "Natural bases"): the king's
	// flight squares are mostly blocked by its own pieces (80%, not 45%),
	// of a castle's kinds (gold, silver, knight, lance, pawn), each where
	// a game brings it (gen.NaturalSquare) and never a third of a kind;
	// the attacker's placed pieces are unpromoted unless they are a rook
	// or bishop, and none is a gold or silver on the defender's back rank
	// (backRankMinor) unless BackRankMinors; a mating piece that moves
	// already promoted is a promoted rook, bishop or pawn. The composed
	// style of gen/maten asks for it.
	Natural bool
	// BackRankMinors lets Natural place the attacker's golds and silvers
	// on the defender's back rank, as before session 25: gen/maten's
	// composed mate-in-7s and longer, whose rate the rule would cost 1.24
	// times the CPU (docs/generation.md, "Natural bases").
	BackRankMinors bool

	// Bases says the problems are the starting points of longer ones (the
	// backward method of gen/maten), which use their position and line
	// alone: their themes, metrics and difficulty are not worked out
	// (11% of the instructions of a mate-in-5 run, 5% of a mate-in-3's;
	// docs/performance.md). Difficulty must
	// then be AnyDifficulty, and MaxChecks and MaxLegal zero (New refuses
	// them).
	Bases bool
}

// DefaultOptions returns the defaults: reverse method, up to 6 pieces, no
// leftover pieces, no promotion ambiguity, any king region and mate.
func DefaultOptions() Options {
	return Options{Method: Reverse, Seed: 1, MaxPieces: 6, MinPieces: 1}
}

// allKinds are the base kinds other than the king.
var allKinds = []shogi.Kind{shogi.Pawn, shogi.Lance, shogi.Knight, shogi.Silver, shogi.Gold, shogi.Bishop, shogi.Rook}

// ParseKinds reads a list of piece kinds such as "G,S,R" or "gold,silver".
func ParseKinds(s string) ([]shogi.Kind, error) {
	if s == "" || s == "all" {
		return nil, nil
	}
	names := map[string]shogi.Kind{
		"p": shogi.Pawn, "pawn": shogi.Pawn, "l": shogi.Lance, "lance": shogi.Lance,
		"n": shogi.Knight, "knight": shogi.Knight, "s": shogi.Silver, "silver": shogi.Silver,
		"g": shogi.Gold, "gold": shogi.Gold, "b": shogi.Bishop, "bishop": shogi.Bishop,
		"r": shogi.Rook, "rook": shogi.Rook,
	}
	var ks []shogi.Kind
	for _, f := range strings.Split(s, ",") {
		k, ok := names[strings.ToLower(strings.TrimSpace(f))]
		if !ok {
			return nil, fmt.Errorf("unknown piece kind %q in --pieces: want P, L, N, S, G, B, R (or their names)", f)
		}
		ks = append(ks, k)
	}
	return ks, nil
}

// Validate checks the options for values no problem can satisfy.
func (o *Options) Validate() error {
	var errs []error
	// A lone attacking piece never mates a lone king: the king takes it or
	// steps aside. The attacker's own king counts as a piece.
	minNeeded := 2
	if o.TwoKings {
		minNeeded = 3
	}
	if o.MaxPieces < minNeeded {
		errs = append(errs, fmt.Errorf("max pieces %d is too small: no mate-in-1 problem has fewer than %d pieces besides the defender's king", o.MaxPieces, minNeeded))
	}
	if o.MaxPieces > 38 {
		errs = append(errs, fmt.Errorf("max pieces %d: the set has only 38 pieces besides the kings", o.MaxPieces))
	}
	if o.MinPieces > o.MaxPieces {
		errs = append(errs, fmt.Errorf("min pieces %d is above max pieces %d", o.MinPieces, o.MaxPieces))
	}
	if o.MaxChecks < 0 || o.MaxLegal < 0 {
		errs = append(errs, errors.New("max checks and max legal must not be negative"))
	}
	if o.MaxLegal > 0 && o.MaxChecks > o.MaxLegal {
		errs = append(errs, fmt.Errorf("max checks %d is above max legal %d", o.MaxChecks, o.MaxLegal))
	}
	if o.Bases && (o.Difficulty != AnyDifficulty || o.MaxChecks > 0 || o.MaxLegal > 0) {
		errs = append(errs, errors.New("bases are not rated: a difficulty, max checks and max legal need Bases off"))
	}
	if o.Symmetric && o.King == Corner {
		errs = append(errs, errors.New("--symmetric needs the king on the centre file, which no corner square is on"))
	}
	if o.Symmetric && o.Mate == MoveMate && o.MaxPieces < 2 {
		errs = append(errs, errors.New("a symmetric problem mated by a board move needs at least 2 pieces"))
	}
	for _, k := range o.Kinds {
		if !slices.Contains(allKinds, k) {
			errs = append(errs, fmt.Errorf("kind %v cannot be chosen: want pawn, lance, knight, silver, gold, bishop or rook", k))
		}
	}
	return errors.Join(errs...)
}

func (o *Options) kinds() []shogi.Kind {
	if len(o.Kinds) == 0 {
		return allKinds
	}
	return o.Kinds
}
