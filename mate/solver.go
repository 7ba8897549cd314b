package mate

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"strings"
	"time"

	"github.com/tsume-shogi/tsume/shogi"
)

// Status is the outcome of a search.
type Status int

// The outcomes of Solve.
const (
	Unknown Status = iota // a limit was reached first
	Mate                  // the attacker mates by force
	NoMate                // the attacker cannot force mate
)

// String returns "unknown", "mate" or "nomate".
func (s Status) String() string {
	switch s {
	case Mate:
		return "mate"
	case NoMate:
		return "nomate"
	}
	return "unknown"
}

// SolverOptions configures a Solver. The zero value is usable: a 256 MB
// table, no limits, futile interpositions discounted, the tsume convention
// for the defender's hand, and the soundness checks.
type SolverOptions struct {
	HashMB       int           // transposition table size in megabytes (default 256; see NewSolver), the most a search uses
	MaxNodes     uint64        // stop after this many nodes in all (0: no limit)
	MaxTime      time.Duration // stop after this long (0: no limit; ctx may also end the search)
	Futile       FutileRule    // how futile interpositions count towards the length
	DefenderHand DefenderHand  // Remaining (default) or AsGiven
	// SkipSoundness leaves out the search for alternative solutions (余詰),
	// which costs one bounded search per other check along the main line.
	SkipSoundness bool
	// FirstAlternative ends the search for alternative solutions at the
	// first one that is more than the last move's other promotion: Unique
	// is then false, SoundnessChecked true, and Alternatives lists only
	// what was found up to it. A caller that only asks whether a solution
	// is unique (a generator turning cooked candidates away) is spared
	// the rest of the search.
	FirstAlternative bool
	// Progress, if set, is called about every 65,536 nodes from the
	// searching goroutine.
	Progress func(Progress)
	// Threads is the number of threads Solve searches with (0 or 1: one).
	// More threads share the table (docs/solver.md, "Threads"): the
	// answers are the same (status, length and whether it is exact), but
	// the nodes and, among lines of the same length, the line are no
	// longer deterministic. SolveVariant and MateWithin search with one
	// thread.
	Threads int
	// ProofSpare reads the main line's spare pieces from the table's
	// proofs alone: Solve does not walk the exact lines for a defence as
	// long that leaves the attacker nothing when the line read ends with
	// a spare piece (spare.go). The verdict solves its variations so, as
	// before the walk: whether a variation ends with a spare piece (変同,
	// 2手長駒余り) stays read from its proofs, where the conventions may
	// ask what the attacker keeps rather than whether it can use every
	// piece (docs/solver.md).
	ProofSpare bool
}

// Progress reports a running search.
type Progress struct {
	Phase    string // "proof", "length", "soundness"
	Nodes    uint64
	Elapsed  time.Duration
	Hashfull int // per mille of the table in use
	// Length is the best mate length proven so far (0: none yet): in
	// every report once a mate is proven, and in one report each time
	// the length phase finds a shorter mate.
	Length int
}

// Alternative is another attacker move along the main line that also mates
// within the remaining length (余詰).
type Alternative struct {
	Ply  int        // 0-based ply of the main line where it can be played
	Move shogi.Move // the other move
	// LastMovePromotion is true when it is the solution's last move with
	// the other promotion choice, which the tsume convention tolerates.
	LastMovePromotion bool
	// Length is the length, the move included, of the mate after it that
	// the search proved within the remaining plies: a bound on its
	// shortest mate, not always the shortest.
	Length int
}

// Solution is the result of Solve.
type Solution struct {
	Status Status
	// Position is the position solved, with the defender's hand applied.
	Position shogi.Position
	// PV is the main line under tsume conventions: the attacker mates in
	// the fewest moves, the defender resists longest and, between equally
	// long defences, leaves the attacker no spare pieces if it can.
	// When LengthExact is false it is only a mating line read from the
	// best proof: its defender's replies are not proven the longest. In
	// the rare case where a limit stopped the reading of that proof's line
	// (from a table that had lost part of it), it is the line of an
	// earlier, longer proof, or empty if there is none.
	PV []shogi.Move
	// Length is len(PV) when LengthExact; when a limit stopped the search
	// for a shorter mate (LengthExact false), it is the best upper bound
	// proven on the shortest mate, which need not be len(PV).
	Length      int
	LengthExact bool
	Nodes       uint64
	Time        time.Duration
	// Soundness: Unique is false when Alternatives lists another way to
	// mate within the remaining length (last-move promotion choices
	// aside); SoundnessChecked is false when it was skipped or a limit
	// cut it short.
	Unique           bool
	SoundnessChecked bool
	Alternatives     []Alternative
	Leftover         bool // the attacker holds pieces at the end (駒余り)
	FirstMoveForced  bool // the first move is the attacker's only check
}

// Solver solves tsume problems with df-pn. A Solver keeps its table
// between calls; it is not safe for concurrent use. The table's memory is
// returned to the system once the Solver is garbage.
type Solver struct {
	opts SolverOptions
	tt   *table
	size TableSize
	// countStepsFrom is the shortest first proof after which the
	// discount rule's length phase starts with count steps (countSteps).
	countStepsFrom int
	// buffers keeps the scratch space of the last search (a *buffers[P])
	// for the next of the same position type: frames of a few kilobytes a
	// ply and move buffers, that a new search would allocate again.
	buffers any
	// resume, after a search with SkipSoundness that found an exact
	// mate, runs the soundness search it left out (Soundness); nil
	// otherwise.
	resume func()
	last   *Solution // the solution resume completes
}

// Soundness runs the search for alternative solutions (余詰) that the
// last Solve left out under SkipSoundness, and sets sol's Unique,
// SoundnessChecked and Alternatives (and Nodes and Time, counted from
// that Solve's start) as a Solve without SkipSoundness would have: sol
// must be the solution that Solve returned. It is the same search, on
// the table the proof left and under the same limits (the nodes counted
// go on from the proof's), so that a caller that solves many positions
// and only wants the soundness of a few, chosen by their solutions, does
// not repeat their proofs. It reports false, and does nothing, when
// there is nothing to resume: another search since, a mate not proven
// shortest, more than one thread, or a solution of a variant position.
func (s *Solver) Soundness(sol *Solution) bool {
	if s.resume == nil || sol != s.last {
		return false
	}
	resume := s.resume
	s.resume, s.last = nil, nil
	resume()
	return true
}

// defaultHashMB is the table size of SolverOptions.HashMB 0.
const defaultHashMB = 256

// fallbackHashMB is MaxHashMB where the machine's memory is unknown.
const fallbackHashMB = 4096

// MaxHashMB returns the largest table NewSolver allocates, in megabytes:
// half of the machine's physical memory and no more than the memory
// available now (on Linux, from /proc/meminfo), or 4096 where they are
// unknown (512 on a 32-bit system at most). A larger SolverOptions.HashMB
// is capped at it.
func MaxHashMB() int {
	limit, _ := hashLimit()
	return limit
}

// hashLimit returns MaxHashMB and the machine's physical memory in
// megabytes (0: unknown).
func hashLimit() (limit, machineMB int) {
	limit = fallbackHashMB
	total, available, ok := machineMemoryMB()
	if ok {
		limit = max(1, min(total/2, available))
	}
	if bits.UintSize == 32 {
		limit = min(limit, 512)
	}
	return limit, total
}

// TableSize describes the transposition table of a Solver: the size asked
// for, the size allocated and why they differ.
type TableSize struct {
	RequestedMB int // SolverOptions.HashMB, or the default 256
	// MB is the size allocated: RequestedMB capped at LimitMB, rounded
	// down to a power of two of 128-byte clusters.
	MB        int
	LimitMB   int // MaxHashMB when the Solver was made
	MachineMB int // the machine's physical memory (0: unknown)
}

// Capped reports whether the size asked for exceeded LimitMB.
func (t TableSize) Capped() bool { return t.RequestedMB > t.LimitMB }

// Rounded reports whether, without a cap, the table is smaller than asked
// for: its size is a power of two of clusters.
func (t TableSize) Rounded() bool { return !t.Capped() && t.MB < t.RequestedMB }

// NewSolver returns a Solver with its table allocated: opts.HashMB
// megabytes (default 256), capped at MaxHashMB and rounded down to a power
// of two of 128-byte clusters (TableSize says what was done). Allocating
// touches no memory: the system backs the table as the searches fill it,
// and each search starts with 128 KB of it, made four times larger
// whenever a quarter of the part in use is taken, so that a short search
// touches little memory.
// It fails with an *AllocError when the system refuses the memory.
func NewSolver(opts SolverOptions) (*Solver, error) {
	if opts.HashMB <= 0 {
		opts.HashMB = defaultHashMB
	}
	limit, machine := hashLimit()
	size := TableSize{RequestedMB: opts.HashMB, LimitMB: limit, MachineMB: machine}
	tt, err := newTable(min(opts.HashMB, limit))
	if err != nil {
		return nil, err
	}
	size.MB = tableMB(uint64(len(tt.clusters)))
	opts.HashMB = size.MB
	if opts.Threads > 1 {
		tt.share()
	}
	return &Solver{opts: opts, tt: tt, size: size, countStepsFrom: minCountSteps}, nil
}

// Prefault makes the operating system back the whole table now, as a USI
// engine does at isready, instead of page by page as the searches first
// touch it: a short search with a large table is then not slowed by the
// page faults (with huge pages, up to several seconds per gigabyte on a
// busy machine). It takes that time itself; it is never needed for a
// correct answer.
func (s *Solver) Prefault() { s.tt.prefault() }

// HashMB returns the size of the table in megabytes.
func (s *Solver) HashMB() int { return s.size.MB }

// TableSize returns the sizes of the table asked for and allocated.
func (s *Solver) TableSize() TableSize { return s.size }

// AllocError reports a table the system refused to allocate.
type AllocError struct {
	MB  int   // the size asked of the system
	Err error // the system's error
}

// Error returns "mate: " and the Message.
func (e *AllocError) Error() string { return "mate: " + e.Message() }

// Message is Error without the package name.
func (e *AllocError) Message() string {
	return fmt.Sprintf("cannot allocate a %d MB table: %v", e.MB, e.Err)
}

// Unwrap returns the system's error.
func (e *AllocError) Unwrap() error { return e.Err }

// ErrNotAProblem matches (errors.Is) the errors Solve returns for
// positions it cannot search, which are *NotAProblemError.
var ErrNotAProblem = errors.New("mate: not a tsume position")

// NotAProblemError reports a position Solve cannot search. It matches
// ErrNotAProblem and unwraps to the error of the check that failed, if
// any: an *shogi.InvalidPositionError or a *TooManyPiecesError.
type NotAProblemError struct {
	// Msg says why, without a package prefix, e.g. "the defender (white)
	// has no king on the board" or "illegal position: 二歩: …".
	Msg string
	Err error // the error of the check that failed, or nil
}

func (e *NotAProblemError) Error() string { return "mate: not a tsume position: " + e.Msg }

// Unwrap returns the error of the check that failed, or nil.
func (e *NotAProblemError) Unwrap() error { return e.Err }

// Is reports whether target is ErrNotAProblem.
func (e *NotAProblemError) Is(target error) bool { return target == ErrNotAProblem }

// notAProblem returns the *NotAProblemError of err, the error of
// WithRemainingHand or Validate.
func notAProblem(err error) *NotAProblemError {
	var tm *TooManyPiecesError
	var ip *shogi.InvalidPositionError
	switch {
	case errors.As(err, &tm):
		return &NotAProblemError{Msg: tm.Msg, Err: err}
	case errors.As(err, &ip):
		msgs := make([]string, len(ip.Problems))
		for i, pr := range ip.Problems {
			msgs[i] = pr.Msg
		}
		return &NotAProblemError{Msg: "illegal position: " + strings.Join(msgs, "; "), Err: err}
	}
	return &NotAProblemError{Msg: err.Error(), Err: err}
}

// Solve searches p for a forced mate by its side to move (the attacker).
// With DefenderHand Remaining, the defender first gets every remaining
// piece. The position must be legal and the defender must have a king on
// the board. A limit or the end of ctx before the mate is proven gives
// status Unknown; after it, status Mate with LengthExact false when the
// length could not be proven shortest. A position it cannot search gives
// a *NotAProblemError.
func (s *Solver) Solve(ctx context.Context, p *shogi.Position) (*Solution, error) {
	return s.solve(ctx, p, unlimited)
}

// SolveWithin is Solve for the mates within plies plies. Its first search
// is the one MateWithin makes, so that its Status is MateWithin's (NoMate:
// no mate within plies; there may be a longer one); then the shortest
// mate and its line are found as Solve finds them, from that search's
// table, where Solve's first search, without a depth limit, may wander
// among longer mates first. The node and time limits apply to the first
// search and, afresh, to the rest: a mate within plies is decided under
// the same limits as by MateWithin. Package mine asks it of every
// position of a game.
func (s *Solver) SolveWithin(ctx context.Context, p *shogi.Position, plies int) (*Solution, error) {
	if plies < 1 {
		return &Solution{Status: NoMate, Position: *p}, nil
	}
	return s.solve(ctx, p, uint16(min(plies, int(unlimited)-1)))
}

// root returns p as a search starts from it: with the defender's hand
// of the Solver's convention (DefenderHand), checked to be a problem (a
// legal position, the defender's king on the board); else a
// *NotAProblemError.
func (s *Solver) root(p *shogi.Position) (shogi.Position, error) {
	q := *p
	if s.opts.DefenderHand == Remaining {
		var err error
		if q, err = WithRemainingHand(p); err != nil {
			return q, notAProblem(err)
		}
	}
	if err := q.Validate(); err != nil {
		return q, notAProblem(err)
	}
	if msg := MissingDefenderKing(&q); msg != "" {
		return q, &NotAProblemError{Msg: msg}
	}
	return q, nil
}

// MissingDefenderKing returns why p is no tsume position when its defender,
// the side not to move, has no king on the board, and "" when it has
// one. When the side to move has the only king, the reason also says how
// p is read: such a position is most often the one after an attacker's
// move, given with the defender to move.
func MissingDefenderKing(p *shogi.Position) string {
	attacker := p.SideToMove()
	if p.King(attacker.Opp()) != shogi.NoSquare {
		return ""
	}
	msg := fmt.Sprintf("the defender (%s) has no king on the board", attacker.Opp())
	if p.King(attacker) != shogi.NoSquare {
		msg += fmt.Sprintf(" (the side to move, %s, is read as the attacker and has the only king: a tsume position is given with the attacker to move)", attacker)
	}
	return msg
}

// solve is Solve with the first search limited to mates within first
// plies (unlimited: none).
func (s *Solver) solve(ctx context.Context, p *shogi.Position, first uint16) (*Solution, error) {
	start := time.Now()
	q, err := s.root(p)
	if err != nil {
		return nil, err
	}
	sol, err := solveAs[stdPos](s, ctx, std(&q), start, first)
	if sol != nil {
		sol.Position = q
	}
	return sol, err
}

// solveAs is Solve of q, a position of type P, from start, its first
// search limited to mates within first plies (unlimited: Solve's):
// everything but the checks of the position and the Solution's Position.
func solveAs[P any, PP positionOps[P]](s *Solver, ctx context.Context, q *P, start time.Time, first uint16) (*Solution, error) {
	attacker := PP(q).SideToMove()
	s.resume, s.last = nil, nil
	s.tt.newGeneration()
	sr := reusing[P, PP](s.tt, attacker, s)
	defer func() { s.buffers = sr.buffers }()
	sr.setBudget(ctx, s.opts.MaxNodes, s.opts.MaxTime, start)
	if _, ok := any(q).(*stdPos); ok && s.opts.Threads > 1 {
		newParallel(sr, s.opts.Threads)
	}
	phase := "proof"
	if s.opts.Progress != nil {
		sr.progress = func() {
			s.opts.Progress(Progress{Phase: phase, Nodes: sr.nodes, Elapsed: time.Since(start), Hashfull: s.tt.hashfull(), Length: sr.best})
		}
	}
	sol, err := mateAndLine(s, sr, q, start, &phase, first)
	// Under Discount, an interposition of the main line that is futile by
	// transposition is left out of the defender's replies at its node,
	// and the problem is solved again from a new table generation (the
	// entries of the round before counted the interposition), until the
	// main line holds no such interposition.
	for round := 1; err == nil && s.opts.Futile == Discount && sol.LengthExact && round <= maxTranspositionRounds; round++ {
		found := sr.transpositions(q, sol.PV)
		if len(found) == 0 {
			break
		}
		sr.excluded = append(sr.excluded, found...)
		s.tt.newGeneration()
		sr.futile = false
		next, nerr := mateAndLine(s, sr, q, start, &phase, first)
		if nerr == nil && next.Status == Mate && next.PV != nil && (next.LengthExact || next.Length < sol.Length) {
			sol = next
			continue
		}
		// A limit stopped the round: the exact solution of the round
		// before is still a mating line, and its length a bound.
		sol.LengthExact = false
		break
	}
	finish := func() *Solution {
		sol.Nodes, sol.Time = sr.nodes, time.Since(start)
		return sol
	}
	if err != nil || sol.Status != Mate || sol.PV == nil {
		return finish(), err
	}
	sol.Leftover = endsWithSpare[P, PP](q, sol.PV, attacker)
	sol.FirstMoveForced = len(PP(q).Checks(nil)) == 1

	// 4. Soundness: does another attacker move along the main line also
	// mate within the remaining length?
	if s.opts.SkipSoundness || !sol.LengthExact {
		if _, std := any(q).(*stdPos); std && s.opts.SkipSoundness && sol.LengthExact && s.opts.Threads <= 1 {
			root := *q
			s.resume = func() {
				phase = "soundness"
				sr.soundness(&root, sol, s.opts.FirstAlternative)
				finish()
			}
			s.last = sol
		}
		return finish(), nil
	}
	phase = "soundness"
	sr.soundness(q, sol, s.opts.FirstAlternative)
	return finish(), nil
}

// mateAndLine runs steps 1 to 3 of Solve on q with sr: whether there is a
// mate (within first plies, unless first is unlimited), its shortest
// length under the futile rule, and the main line. The Solution it
// returns has its Status, PV, Length and LengthExact set; a mate without
// its line (PV nil) means a limit stopped the reading of it.
func mateAndLine[P any, PP positionOps[P]](s *Solver, sr *search[P, PP], q *P, start time.Time, phase *string, first uint16) (*Solution, error) {
	sol := &Solution{}
	sr.best = 0
	*phase = "proof"
	length := 0
	pvLength := 0 // the length whose proof sol.PV was read from
	finish := func() *Solution {
		sol.Length = len(sol.PV)
		if sol.Status == Mate && !sol.LengthExact {
			sol.Length = length
		}
		return sol
	}

	// 1. Is there a mate at all? Every reply counts here, so that a mate
	// is a mate by the plain rules whatever the futile rule.
	r := sr.searchAt(nil, q, first)
	switch {
	case r.pn == 0:
	case r.dn == 0 && r.anchor < 0 && sr.stopped == nil:
		sol.Status = NoMate
		return finish(), nil
	default:
		return finish(), nil
	}
	sol.Status = Mate
	// length is an upper bound on the shortest mate: the length of the
	// proof tree, computed from its children's bounds when it was proven.
	// The line read from the table may be shorter (the table's bounds for
	// the defender's replies have improved since), but it is not a bound:
	// the defender's replies in it need not be the longest.
	// The line of each proof is read from the table at once, while the
	// table still holds it, and without searching: should a later search
	// push it out and a limit stop that search, the line is still there.
	proven := func(l int) {
		length, sr.best = l, l
		sr.readOnly = true
		if pv := sr.proofLine(q, length); pv != nil {
			sol.PV, pvLength = pv, length
		}
		sr.readOnly = false
		if s.opts.Progress != nil {
			s.opts.Progress(Progress{Phase: *phase, Nodes: sr.nodes, Elapsed: time.Since(start), Hashfull: s.tt.hashfull(), Length: length})
		}
	}
	proven(int(r.length))
	if first != unlimited {
		// SolveWithin: the limits apply afresh to the rest.
		sr.renewBudget(s.opts.MaxNodes, s.opts.MaxTime)
	}

	// 2. The shortest mate under the futile rule: df-pn with a depth
	// limit two plies below the best length so far, until it fails. A
	// proof under every reply is a proof under fewer, so the first length
	// carries over.
	*phase = "length"
	if s.opts.Futile == Discount {
		sr.countSteps(q, length, s.countStepsFrom, proven)
	}
	sr.futile = s.opts.Futile == Discount
	for length >= 3 {
		r := sr.searchAt(nil, q, uint16(length-2))
		if r.pn == 0 {
			proven(int(r.length))
			continue
		}
		if r.dn == 0 && r.anchor < 0 && sr.stopped == nil {
			sol.LengthExact = true
		}
		break
	}
	if length < 3 {
		sol.LengthExact = true
	}

	// 3. The main line under tsume conventions, once the length is exact;
	// else a mating line read from the best proof (only now, since each
	// shorter proof makes the line of the one before useless).
	if sol.LengthExact {
		if pv := sr.tsumeLine(q, length); pv != nil {
			if !s.opts.ProofSpare && endsWithSpare[P, PP](q, pv, sr.attacker) {
				// The defender may have another defence as long that
				// leaves nothing (spare.go).
				if free := sr.spareFreeLine(q, length, s.opts.FirstAlternative); free != nil {
					pv = free
				}
			}
			sol.PV, pvLength = pv, length
		} else {
			sol.LengthExact = false // a limit stopped it
		}
	}
	if pvLength != length {
		sr.extendBudget(s.opts.MaxNodes, s.opts.MaxTime)
		if pv := sr.proofLine(q, length); pv != nil {
			sol.PV = pv
		} else if sol.PV == nil {
			if sr.stopped != nil {
				return finish(), nil // a mate, proven, without its line
			}
			return finish(), errors.New("mate: internal error: proven root without a main line")
		}
	}
	return finish(), nil
}
