package fairymate

import (
	"context"
	"errors"
	"time"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/variant"
)

// Status is the outcome of a search: package mate's.
type Status = mate.Status

// The statuses.
const (
	// Unknown: a limit or the context stopped the search first.
	Unknown = mate.Unknown
	// Mate: the attacker mates against every defence.
	Mate = mate.Mate
	// NoMate: there is no mate of any length.
	NoMate = mate.NoMate
)

// DefenderHand says what the defender holds: package mate's.
type DefenderHand = mate.DefenderHand

// The defender's hands.
const (
	// Remaining gives the defender every standard piece that is neither on
	// the board nor in the attacker's hand (the tsume convention); fairy
	// pieces are not part of the set, and the defender's fairy pieces in
	// hand are kept as given (mate.VariantRemainingHand).
	Remaining = mate.Remaining
	// AsGiven keeps both hands as the position has them.
	AsGiven = mate.AsGiven
)

// FutileRule says how futile interpositions (無駄合) count: package
// mate's.
type FutileRule = mate.FutileRule

// The futile rules.
const (
	// Discount leaves futile interpositions out of the defender's replies
	// when the length is computed (the tsume convention); whether there is
	// a mate at all is decided with every reply.
	Discount = mate.Discount
	// Count counts every reply.
	Count = mate.Count
)

// DefaultTableMB is the transposition table size when Options.TableMB is 0.
const DefaultTableMB = 64

// Options shape a search. The zero value is usable: a 64 MB table, no
// limits, the remaining pieces in the defender's hand and futile
// interpositions discounted.
type Options struct {
	TableMB      int           // transposition table size in megabytes (0: DefaultTableMB)
	MaxNodes     uint64        // stop after this many nodes (0: no limit)
	MaxTime      time.Duration // stop after this long (0: no limit)
	DefenderHand DefenderHand
	Futile       FutileRule
	// SkipSoundness leaves out the search for other mating moves along
	// the main line (余詰).
	SkipSoundness bool
}

// Alternative is another attacker move that mates within the remaining
// length at one ply of the main line (余詰): package mate's.
type Alternative = mate.Alternative

// Solution is the result of Solve.
type Solution struct {
	Status Status
	// Position is the position solved, with the defender's hand applied.
	Position variant.Position
	// PV is the main line: the attacker mates in the fewest moves, the
	// defender resists longest and, between equally long defences, leaves
	// the attacker no spare piece if it can (mate.Solution's PV). When
	// LengthExact is false it is a mating line read from the best proof,
	// not proven the shortest; PVComplete is false when a limit stopped
	// its reading (PV is then empty).
	PV         []variant.Move
	PVComplete bool
	// Length is the length of the shortest mate when LengthExact, else
	// (a limit stopped the search for a shorter one) an upper bound.
	// Under Discount, the interpositions of the main line that are futile
	// by transposition do not count either (see FutileByTransposition).
	Length      int
	LengthExact bool
	Leftover    bool // the attacker holds pieces at the end of PV (駒余り)
	Nodes       uint64
	Time        time.Duration
	// Soundness: Unique is false when Alternatives lists another way to
	// mate within the remaining length (the last move's other promotion
	// choice aside); SoundnessChecked is false when it was skipped, the
	// length is not exact, or a limit cut it short.
	Unique           bool
	SoundnessChecked bool
	Alternatives     []Alternative
}

// ErrNotAProblem matches (errors.Is) the errors Solve returns for
// positions it cannot search, which are *NotAProblemError.
var ErrNotAProblem = errors.New("fairymate: not a tsume position")

// NotAProblemError reports a position Solve cannot search.
type NotAProblemError struct {
	Msg string // why, without a package prefix
}

// Error returns "fairymate: " and the message.
func (e *NotAProblemError) Error() string { return "fairymate: " + e.Msg }

// Is reports whether target is ErrNotAProblem.
func (e *NotAProblemError) Is(target error) bool { return target == ErrNotAProblem }

// notAProblem returns err, an error of package mate, as a
// *NotAProblemError when it is one; else err.
func notAProblem(err error) error {
	var np *mate.NotAProblemError
	var tm *mate.TooManyPiecesError
	switch {
	case errors.As(err, &tm):
		return &NotAProblemError{Msg: tm.Msg}
	case errors.As(err, &np):
		return &NotAProblemError{Msg: np.Msg}
	}
	return err
}

// RemainingHand returns the hand of attacker's opponent under the tsume
// convention (mate.VariantRemainingHand); too many pieces of a kind give
// a *NotAProblemError.
func RemainingHand(p *variant.Position, attacker variant.Color) (variant.Hand, error) {
	h, err := mate.VariantRemainingHand(p, attacker)
	return h, notAProblem(err)
}

// IsFutileInterposition reports whether r, a legal reply of the side to
// move in p (which is in check), is a futile interposition (無駄合):
// mate.VariantIsFutileInterposition.
func IsFutileInterposition(p *variant.Position, r variant.Move) bool {
	return mate.VariantIsFutileInterposition(p, r)
}

// FutileByTransposition reports whether r, a legal reply of the side to
// move in p (the defender, in check), is futile by transposition:
// mate.VariantFutileByTransposition.
func FutileByTransposition(p *variant.Position, r variant.Move) bool {
	return mate.VariantFutileByTransposition(p, r)
}

// Solve searches p, the attacker to move, for the shortest mate under p's
// rules. The defender (the side not to move) must have a royal, and p must
// be legal. When ctx ends Solve returns the status Unknown and ctx's error.
// It allocates a table of opt.TableMB; NewSolver keeps one for many
// positions.
func Solve(ctx context.Context, p *variant.Position, opt Options) (*Solution, error) {
	return NewSolver(opt).Solve(ctx, p)
}

// A Solver solves positions one after the other with one transposition
// table, allocated once: what a batch of problems needs. It is not safe
// for concurrent use.
type Solver struct {
	s   *mate.Solver
	err error // the table's allocation failed
}

// NewSolver returns a Solver with the options opt and its table. Should
// the system refuse the table, each Solve returns its *mate.AllocError.
func NewSolver(opt Options) *Solver {
	mb := opt.TableMB
	if mb <= 0 {
		mb = DefaultTableMB
	}
	s, err := mate.NewSolver(mate.SolverOptions{HashMB: mb, MaxNodes: opt.MaxNodes, MaxTime: opt.MaxTime,
		Futile: opt.Futile, DefenderHand: opt.DefenderHand, SkipSoundness: opt.SkipSoundness})
	return &Solver{s: s, err: err}
}

// Solve is the function Solve with the Solver's options and table (the
// entries of earlier positions are dropped first): mate.Solver's
// SolveVariant.
func (sv *Solver) Solve(ctx context.Context, p *variant.Position) (*Solution, error) {
	if sv.err != nil {
		return nil, sv.err
	}
	vs, err := sv.s.SolveVariant(ctx, p)
	if vs == nil {
		return nil, notAProblem(err)
	}
	if err == nil {
		err = ctx.Err()
	}
	return &Solution{Status: vs.Status, Position: vs.Position, PV: vs.PV, PVComplete: vs.PV != nil,
		Length: vs.Length, LengthExact: vs.LengthExact, Leftover: vs.Leftover, Nodes: vs.Nodes, Time: vs.Time,
		Unique: vs.Unique, SoundnessChecked: vs.SoundnessChecked, Alternatives: vs.Alternatives}, err
}
