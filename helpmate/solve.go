package helpmate

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// Stipulation is the aim of a cooperative problem.
type Stipulation uint8

const (
	// Help is ばか詰 (協力詰, the helpmate h#N): the defender is mated after
	// exactly N plies, N odd and the shortest such length.
	Help Stipulation = iota + 1
	// HelpSelf is 協力自玉詰 (the help-selfmate hs#N): the defender's last
	// move, ply N (even), mates the attacker; N is the shortest.
	HelpSelf
)

// String returns the stipulation's name on the command line: "help" or
// "helpself".
func (s Stipulation) String() string {
	switch s {
	case Help:
		return "help"
	case HelpSelf:
		return "helpself"
	}
	return fmt.Sprintf("Stipulation(%d)", uint8(s))
}

// ParseStipulation returns the stipulation named s ("help" or "helpself").
func ParseStipulation(s string) (Stipulation, error) {
	switch s {
	case "help":
		return Help, nil
	case "helpself":
		return HelpSelf, nil
	}
	return 0, fmt.Errorf("helpmate: unknown stipulation %q: want help or helpself", s)
}

// DefaultMaxLines is the number of solution lines listed when
// Options.MaxLines is 0.
const DefaultMaxLines = 10

// Options shape a search.
type Options struct {
	// Stip is the stipulation; the zero value means Help.
	Stip Stipulation
	// Length, if positive, asks for a solution of exactly this many plies:
	// the search goes no deeper, and a shorter solution or none of that
	// length gives a *LengthError. Zero asks for the shortest.
	Length int
	// MaxPly, if positive, bounds the search: no solution within it gives
	// status NoneWithin. It is ignored when Length is set.
	MaxPly int
	// MaxStates, if positive, stops the search (status Stopped) once it
	// has stored this many positions; it bounds the memory, about 60 bytes
	// a state beside the positions of the frontier.
	MaxStates int
	// MaxMemoryMB, if positive, bounds the memory of the search in
	// megabytes: it stops (status Stopped, StopMemory) before its
	// structures (Result.MemoryBytes) reach half of it, the other half
	// being left to the Go runtime (the arrays given up as the structures
	// grow, until they are collected). The search checks its size before
	// each position it expands, from the lengths it keeps, so the bound
	// costs nothing measurable.
	MaxMemoryMB int
	// MaxLines is how many solution lines to list (0: DefaultMaxLines).
	// The number of solutions is counted in full whatever it is.
	MaxLines int
}

// Status is the outcome of a search.
type Status uint8

const (
	// Solved: a solution was found; Length is the shortest.
	Solved Status = iota + 1
	// NoSolution: there is none of any length; every reachable position
	// was searched.
	NoSolution
	// NoneWithin: there is none within the ply bound.
	NoneWithin
	// Stopped: a limit or the context ended the search first
	// (Result.StoppedBy says which).
	Stopped
	// Shorter: Options.Length was given and a shorter solution exists;
	// Length is its length and the solutions listed are of that length.
	Shorter
)

// String returns "solved", "nosolution", "nonewithin", "stopped" or
// "shorter".
func (s Status) String() string {
	switch s {
	case Solved:
		return "solved"
	case NoSolution:
		return "nosolution"
	case NoneWithin:
		return "nonewithin"
	case Stopped:
		return "stopped"
	case Shorter:
		return "shorter"
	}
	return fmt.Sprintf("Status(%d)", uint8(s))
}

// StopReason says what stopped a search of status Stopped.
type StopReason uint8

const (
	// NotStopped: the search was not stopped.
	NotStopped StopReason = iota
	// StopStates: Options.MaxStates positions were stored.
	StopStates
	// StopMemory: the search reached Options.MaxMemoryMB.
	StopMemory
	// StopContext: the context ended (Solve returns its error, which
	// tells a deadline from a cancellation).
	StopContext
)

// String returns "", "states", "memory" or "context".
func (s StopReason) String() string {
	switch s {
	case NotStopped:
		return ""
	case StopStates:
		return "states"
	case StopMemory:
		return "memory"
	case StopContext:
		return "context"
	}
	return fmt.Sprintf("StopReason(%d)", uint8(s))
}

// Solution is one solution line.
type Solution struct {
	// Moves are the moves from the initial position; USI the same in USI.
	Moves []shogi.Move
	USI   []string
	// PromotionAlternative is true when the last move may also be played
	// with the other promotion choice; the two lines count as one solution.
	PromotionAlternative bool
	// Leftover is the attacker's hand at the end (駒余り when not empty)
	// when the position was solved over package shogi; it is zero for a
	// position with a fairy element (SolveVariant), whose hand is in
	// LeftoverPieces only.
	Leftover shogi.Hand
	// LeftoverPieces is the attacker's hand at the end as SFEN hand text
	// in Black's letters ("2P", "(GH)"), "" when empty.
	LeftoverPieces string
}

// Result is the answer of Solve.
type Result struct {
	Stip   Stipulation
	Status Status
	// Length is the length of the solutions in plies (Solved, Shorter),
	// else the deepest ply searched completely.
	Length int
	// StoppedBy says what stopped a search of status Stopped, and Depth
	// the ply of the positions it was expanding then (Length+2 once the
	// first layer is done).
	StoppedBy StopReason
	Depth     int
	// Count is the number of solutions: distinct shortest lines, two lines
	// that differ only in the promotion choice of the last move counted
	// once. CountSaturated says it reached the largest uint64.
	Count          uint64
	CountSaturated bool
	// Solutions lists the first Options.MaxLines of them, in the order of
	// the move generator.
	Solutions []Solution
	// States is the number of positions stored (those where the side to
	// be mated is to move), Generated the number of moves looked up.
	States    int
	Generated uint64
	// PeakFrontier is the largest number of positions held in one layer;
	// MemoryBytes estimates the peak memory of the search structures
	// (their capacities, measured before each position is expanded).
	PeakFrontier int
	MemoryBytes  int64
	Elapsed      time.Duration
}

// Unique reports whether there is exactly one solution.
func (r *Result) Unique() bool { return r.Status == Solved && r.Count == 1 && !r.CountSaturated }

// Leftover reports whether some listed solution ends with pieces in the
// attacker's hand (駒余り).
func (r *Result) Leftover() bool {
	for _, s := range r.Solutions {
		if s.LeftoverPieces != "" {
			return true
		}
	}
	return false
}

// ErrNotAProblem matches (errors.Is) the errors Solve returns for
// positions it cannot search, which are *NotAProblemError.
var ErrNotAProblem = errors.New("helpmate: not a cooperative problem")

// NotAProblemError reports a position Solve cannot search. It matches
// ErrNotAProblem and unwraps to the error of the check that failed, if
// any (an *shogi.InvalidPositionError).
type NotAProblemError struct {
	Msg string // why, without a package prefix
	Err error  // the error of the check that failed, or nil
}

func (e *NotAProblemError) Error() string { return "helpmate: " + e.Message() }

// Message returns the error's text without the package prefix.
func (e *NotAProblemError) Message() string { return "not a cooperative problem: " + e.Msg }

// Unwrap returns the error of the check that failed, or nil.
func (e *NotAProblemError) Unwrap() error { return e.Err }

// Is reports whether target is ErrNotAProblem.
func (e *NotAProblemError) Is(target error) bool { return target == ErrNotAProblem }

// LengthError reports that the solutions are not of the length asked for
// by Options.Length: Shortest is the length found (shorter; the result's
// status is Shorter), or 0 when there is none within the asked length.
type LengthError struct {
	Want, Shortest int
}

func (e *LengthError) Error() string { return "helpmate: " + e.Message() }

// Message returns the error's text without the package prefix.
func (e *LengthError) Message() string {
	if e.Shortest == 0 {
		return fmt.Sprintf("no solution of length %d", e.Want)
	}
	return fmt.Sprintf("no solution of length %d: a shorter one of length %d exists", e.Want, e.Shortest)
}

// Solve searches p, the attacker to move, for the shortest solutions of
// opt.Stip. The position must be legal and both the defender and, for
// HelpSelf, the attacker must have a king. When ctx ends, Solve returns
// promptly with status Stopped and ctx's error.
func Solve(ctx context.Context, p *shogi.Position, opt Options) (*Result, error) {
	opt, err := normalize(opt)
	if err != nil {
		return nil, err
	}
	if err := check(p, opt.Stip); err != nil {
		return nil, err
	}
	return solve(ctx, p, shogiDescriber, opt)
}

// SolveVariant is Solve for a position of package variant, under its
// rules. A position with no fairy element (variant.Position.IsStandard)
// is solved by Solve over package shogi, the fast path; the others over
// package variant. The defender's king is every royal of the defender:
// it is mated when any of them is in check and it has no legal move. The
// defender must have a royal, and in a help-selfmate the attacker too.
// The moves of the result are variant moves (for a standard piece the
// same bits as a shogi.Move), their USI text in variant's notation.
func SolveVariant(ctx context.Context, p *variant.Position, opt Options) (*Result, error) {
	if sp, ok := p.Shogi(); ok {
		return Solve(ctx, &sp, opt)
	}
	return solveVariant(ctx, p, opt)
}

// solveVariant solves p over package variant, whatever it holds.
func solveVariant(ctx context.Context, p *variant.Position, opt Options) (*Result, error) {
	opt, err := normalize(opt)
	if err != nil {
		return nil, err
	}
	if err := checkVariant(p, opt.Stip); err != nil {
		return nil, err
	}
	return solve(ctx, (*fairyPos)(p), fairyDescriber, opt)
}

// normalize returns opt with the default stipulation, or an error for a
// stipulation Solve does not know.
func normalize(opt Options) (Options, error) {
	if opt.Stip == 0 {
		opt.Stip = Help
	}
	if opt.Stip != Help && opt.Stip != HelpSelf {
		return opt, fmt.Errorf("helpmate: unknown stipulation %d", opt.Stip)
	}
	return opt, nil
}

// solve runs the search over p, a checked position.
func solve[P any, PP positionOps[P]](ctx context.Context, p PP, text describer[P], opt Options) (*Result, error) {
	start := time.Now()
	if opt.Length < 0 || opt.MaxPly < 0 || opt.MaxStates < 0 || opt.MaxLines < 0 || opt.MaxMemoryMB < 0 {
		return nil, errors.New("helpmate: negative option")
	}
	maxPly := opt.MaxPly
	if opt.Length > 0 {
		if odd := opt.Length%2 == 1; odd != (opt.Stip == Help) {
			parity := "odd"
			if opt.Stip == HelpSelf {
				parity = "even"
			}
			return nil, fmt.Errorf("helpmate: length %d: a %s problem has an %s length", opt.Length, opt.Stip, parity)
		}
		maxPly = opt.Length
	}
	s := newSearch[P, PP](p, text, opt.Stip, maxPly, opt.MaxStates)
	s.maxBytes = int64(opt.MaxMemoryMB) << 20
	r := &Result{Stip: opt.Stip}
	err := s.run(ctx, r)
	if r.Status == Stopped {
		r.Depth = s.ply
	}
	if err == nil && r.Status == Solved {
		err = s.collect(r, p, opt.MaxLines)
	}
	r.States = len(s.nodes)
	r.Generated = s.generated
	r.PeakFrontier = s.peakFrontier
	r.MemoryBytes = s.peakBytes
	r.Elapsed = time.Since(start)
	if err != nil {
		return r, err
	}
	if opt.Length > 0 {
		switch {
		case r.Status == Solved && r.Length != opt.Length:
			r.Status = Shorter
			return r, &LengthError{Want: opt.Length, Shortest: r.Length}
		case r.Status == NoSolution || r.Status == NoneWithin:
			return r, &LengthError{Want: opt.Length}
		}
	}
	return r, nil
}

// check returns a *NotAProblemError when p cannot be searched.
func check(p *shogi.Position, stip Stipulation) error {
	if err := p.Validate(); err != nil {
		var ip *shogi.InvalidPositionError
		if errors.As(err, &ip) {
			msgs := make([]string, len(ip.Problems))
			for i, pr := range ip.Problems {
				msgs[i] = pr.Msg
			}
			return &NotAProblemError{Msg: "illegal position: " + strings.Join(msgs, "; "), Err: err}
		}
		return &NotAProblemError{Msg: err.Error(), Err: err}
	}
	us := p.SideToMove()
	if p.King(us.Opp()) == shogi.NoSquare {
		return &NotAProblemError{Msg: fmt.Sprintf("the defender (%s) has no king on the board", colorName(us.Opp()))}
	}
	if stip == HelpSelf && p.King(us) == shogi.NoSquare {
		return &NotAProblemError{Msg: fmt.Sprintf("the attacker (%s) has no king on the board", colorName(us))}
	}
	return nil
}

// checkVariant returns a *NotAProblemError when the variant position p
// cannot be searched.
func checkVariant(p *variant.Position, stip Stipulation) error {
	us := p.SideToMove()
	if p.IsIllegalPosition() {
		return &NotAProblemError{Msg: fmt.Sprintf("illegal position: the side not to move (%s) is in check", colorName(us.Opp()))}
	}
	if p.Royals(us.Opp()).IsEmpty() {
		return &NotAProblemError{Msg: fmt.Sprintf("the defender (%s) has no royal piece on the board", colorName(us.Opp()))}
	}
	if stip == HelpSelf && p.Royals(us).IsEmpty() {
		return &NotAProblemError{Msg: fmt.Sprintf("the attacker (%s) has no royal piece on the board", colorName(us))}
	}
	return nil
}

func colorName(c shogi.Color) string {
	if c == shogi.Black {
		return "black"
	}
	return "white"
}
