package fairymate

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// Status is the outcome of a search.
type Status int

// The statuses.
const (
	// Unknown: a limit or the context stopped the search first.
	Unknown Status = iota
	// Mate: the attacker mates against every defence.
	Mate
	// NoMate: there is no mate of any length.
	NoMate
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

// DefenderHand says what the defender holds.
type DefenderHand int

// The defender's hands.
const (
	// Remaining gives the defender every standard piece that is neither on
	// the board nor in the attacker's hand (the tsume convention); fairy
	// pieces are not part of the set, and the defender's fairy pieces in
	// hand are kept as given.
	Remaining DefenderHand = iota
	// AsGiven keeps both hands as the position has them.
	AsGiven
)

// FutileRule says how futile interpositions (無駄合) count.
type FutileRule int

// The futile rules.
const (
	// Discount leaves futile interpositions out of the defender's replies
	// when the length is computed (the tsume convention); whether there is
	// a mate at all is decided with every reply.
	Discount FutileRule = iota
	// Count counts every reply.
	Count
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

// Solution is the result of Solve.
type Solution struct {
	Status Status
	// Position is the position solved, with the defender's hand applied.
	Position variant.Position
	// PV is the main line: the attacker mates in the fewest moves, the
	// defender resists longest and, between equally long defences, leaves
	// the attacker no spare piece if it can. It is empty unless the
	// length was proven exact (LengthExact, or false when a limit stopped
	// a later round of the futile rules: PV is then the line of the round
	// before); PVComplete is false when a limit cut its reading short.
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
	// line is not exact and complete, or a limit cut it short.
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

// setCounts is how many pieces of each standard hand kind a shogi set
// holds.
var setCounts = [...]struct {
	k variant.Kind
	n int
}{{shogi.Rook, 2}, {shogi.Bishop, 2}, {shogi.Gold, 4}, {shogi.Silver, 4}, {shogi.Knight, 4}, {shogi.Lance, 4}, {shogi.Pawn, 18}}

// RemainingHand returns the hand of attacker's opponent under the tsume
// convention: every standard piece of the set (two rooks, two bishops,
// four golds, silvers, knights and lances, eighteen pawns) that is neither
// on the board (promoted pieces counted as their base kind, royal ones
// too: a royal bishop is one of the two bishops) nor in the attacker's
// hand, plus the fairy pieces the opponent already holds. Fairy pieces on
// the board count for nothing.
func RemainingHand(p *variant.Position, attacker variant.Color) (variant.Hand, error) {
	var used [variant.NumKinds]int
	for b := p.Occupied(); b.Any(); {
		k := p.PieceAt(b.PopLSB()).Kind()
		if d := variant.Def(k); !d.Fairy {
			used[d.Base]++
		}
	}
	ah := p.Hand(attacker)
	h := p.Hand(attacker.Opp())
	for _, c := range setCounts {
		n := c.n - used[c.k] - ah.Count(c.k)
		if n < 0 {
			return 0, &NotAProblemError{fmt.Sprintf("%d %ss on the board and in the attacker's hand; the set holds %d", used[c.k]+ah.Count(c.k), variant.KindName(c.k), c.n)}
		}
		h = h.Set(c.k, n)
	}
	return h, nil
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
	opt Options
	t   *table
}

// NewSolver returns a Solver with the options opt and its table.
func NewSolver(opt Options) *Solver {
	mb := opt.TableMB
	if mb <= 0 {
		mb = DefaultTableMB
	}
	return &Solver{opt: opt, t: newTable(mb)}
}

// Solve is the function Solve with the Solver's options and table (the
// entries of earlier positions are dropped first).
func (sv *Solver) Solve(ctx context.Context, p *variant.Position) (*Solution, error) {
	opt := sv.opt
	start := time.Now()
	attacker := p.SideToMove()
	q := *p
	if opt.DefenderHand == Remaining {
		h, err := RemainingHand(p, attacker)
		if err != nil {
			return nil, err
		}
		q.SetHand(attacker.Opp(), h)
	}
	if q.Royals(attacker.Opp()).IsEmpty() {
		return nil, &NotAProblemError{fmt.Sprintf("the defender (%s) has no royal piece", attacker.Opp())}
	}
	if q.IsIllegalPosition() {
		return nil, &NotAProblemError{"illegal position: a royal of the side not to move is attacked"}
	}
	sv.t.newGeneration()
	s := &solver{t: sv.t, attacker: attacker, ctx: ctx, maxNodes: opt.MaxNodes}
	if opt.MaxTime > 0 {
		s.deadline = start.Add(opt.MaxTime)
	}
	sol := &Solution{Position: q}
	defer func() { sol.Nodes, sol.Time = s.nodes, time.Since(start) }()

	// Whether there is a mate, with every reply counting.
	v := s.run(&q, infDepth)
	switch {
	case s.stopped:
		return sol, ctx.Err()
	case v.dn == 0:
		sol.Status = NoMate
		return sol, nil
	}
	sol.Status, sol.Length = Mate, int(v.proof)
	// The shortest, under the futile rule.
	s.discount = opt.Futile == Discount
	if s.discount {
		s.mode = 1
	}
	length, ok := s.shortest(&q, v.proof)
	if !ok {
		sol.Length = int(length)
		return sol, ctx.Err()
	}
	sol.Length, sol.LengthExact = int(length), true
	s.extend(opt)
	sol.PV, sol.PVComplete = s.mainLine(&q, length)
	// Under Discount, the interpositions of the main line that are futile
	// by a main-line rule (lineFutile) are left out of the defender's
	// replies, and the length and the line are searched again, until the
	// line holds none (as package mate does; see transposition.go). The
	// rounds share the allowance of the main line's reading.
	for round := 0; s.discount && sol.PVComplete && round < maxLineRounds; round++ {
		found := s.lineExclusions(&q, sol.PV)
		if len(found) == 0 {
			break
		}
		s.excluded = append(s.excluded, found...)
		s.mode++
		s.lines, s.tries = nil, 0
		next, ok := s.shortest(&q, length)
		var pv []variant.Move
		complete := false
		if ok {
			pv, complete = s.mainLine(&q, next)
		}
		if !complete {
			// A limit stopped the round: the line of the round before
			// still mates, and its length is a bound.
			sol.LengthExact = false
			break
		}
		length = next
		sol.Length, sol.PV, sol.PVComplete = int(next), pv, true
	}
	end := q
	for _, m := range sol.PV {
		end.DoMove(m)
	}
	sol.Leftover = sol.PVComplete && end.Hand(attacker).Total() > 0
	if !opt.SkipSoundness && sol.LengthExact && sol.PVComplete {
		s.soundness(&q, sol)
	}
	return sol, ctx.Err()
}

// shortest returns the length of the shortest mate of q, which mates
// within length plies, under the solver's futile rule and exclusions: from
// length down, each proof within d-2 plies gives a new bound (its height),
// the first disproof the length. It reports false, with the bound so far,
// when a limit stopped it.
func (s *solver) shortest(q *variant.Position, length int16) (int16, bool) {
	for length > 1 {
		w := s.run(q, length-2)
		if s.stopped {
			return length, false
		}
		if w.pn != 0 {
			break
		}
		length = w.proof
	}
	return length, true
}

// extend gives the reading of a main line some more nodes and time: as
// many again as opt allows, and at least a million nodes and a second.
func (s *solver) extend(opt Options) {
	if opt.MaxNodes > 0 {
		s.maxNodes = s.nodes + max(opt.MaxNodes, 1<<20)
	}
	if !s.deadline.IsZero() {
		s.deadline = time.Now().Add(max(opt.MaxTime, time.Second))
	}
}

// mainLine reads the main line of q, which mates in exactly length plies,
// and reports whether it was read to the end.
func (s *solver) mainLine(q *variant.Position, length int16) ([]variant.Move, bool) {
	pv, ok := s.line(q, length, nil)
	return pv, ok && len(pv) == int(length)
}

// run searches p to depth d from an empty path and returns its value;
// s.stopped says a limit came first.
func (s *solver) run(p *variant.Position, d int16) value {
	key := p.Key()
	s.path = s.path[:0]
	for {
		v := s.lookup(key, d)
		if v.pn == 0 || v.dn == 0 || s.stopped {
			return v
		}
		s.search(p, 0, d, infPN, infPN)
	}
}

// sortedMoves returns the moves of p the search considers (the checks of
// the attacker, the defender's replies under the futile rule) with the
// positions after them, in byte order of their USI text.
func (s *solver) sortedMoves(p *variant.Position) ([]variant.Move, []variant.Position) {
	or := p.SideToMove() == s.attacker
	var all, excluded []variant.Move
	if or {
		all = p.Checks(nil)
	} else {
		all = p.LegalMoves(nil)
		excluded = s.excludedAt(p)
	}
	slices.SortFunc(all, func(a, b variant.Move) int { return strings.Compare(variant.MoveString(a), variant.MoveString(b)) })
	var ms []variant.Move
	var qs []variant.Position
	for _, m := range all {
		q := *p
		q.DoMove(m)
		if !or && s.discounted(p, &q, m, excluded) {
			continue
		}
		ms, qs = append(ms, m), append(qs, q)
	}
	return ms, qs
}

// maxTries bounds the equally good moves line tries for one that leaves
// no spare piece at the end.
const maxTries = 8

// maxAllTries bounds the lines read in all for that preference, beyond
// the first of each node: without it, a problem whose every line leaves a
// piece would have its lines read to a depth-fold product of maxTries.
const maxAllTries = 256

// line appends to pv the main line from p, which mates in exactly n
// plies; it reports false when a limit cut it short. Among the checks that
// mate in n and the defences that last n (every one that does not allow a
// mate within n-2), it takes the first in byte order whose own line leaves
// the attacker no piece in hand, or else the first; the attacker's checks
// already proven in the table are tried before the others.
func (s *solver) line(p *variant.Position, n int16, pv []variant.Move) ([]variant.Move, bool) {
	if n <= 0 {
		return pv, true
	}
	// A position read before gives the same line (the lines of the other
	// candidates of a node are read only to look at their ends).
	key := p.Key()
	if s.lines == nil {
		s.lines = map[uint64][]variant.Move{}
	}
	if l, ok := s.lines[key]; ok && len(l) == int(n) {
		return append(slices.Clip(pv), l...), true
	}
	out, ok := s.readLine(p, n, pv)
	if ok && len(out) == len(pv)+int(n) {
		s.lines[key] = slices.Clone(out[len(pv):])
	}
	return out, ok
}

// readLine is line without the memo.
func (s *solver) readLine(p *variant.Position, n int16, pv []variant.Move) ([]variant.Move, bool) {
	ms, qs := s.sortedMoves(p)
	var first []variant.Move
	tries := 0
	// try reads the line after move i and reports whether it is the one
	// (no spare piece, or the tries are spent).
	try := func(i int) (done, ok bool) {
		sub, ok := s.line(&qs[i], n-1, append(slices.Clip(pv), ms[i]))
		if !ok {
			return true, false
		}
		end := qs[i]
		for _, m := range sub[len(pv)+1:] {
			end.DoMove(m)
		}
		if end.Hand(s.attacker).Total() == 0 {
			first = sub
			return true, true
		}
		if first == nil {
			first = sub
		}
		tries++
		s.tries++
		return tries == maxTries || s.tries >= maxAllTries, true
	}
	if p.SideToMove() == s.attacker {
		// A check proven within n-1 plies mates in exactly n-1.
		tried := make([]bool, len(ms))
		for i := range ms {
			if e := s.t.find(qs[i].Key()); e != nil && e.proof <= n-1 {
				tried[i] = true
				if done, ok := try(i); !ok || done {
					return first, ok
				}
			}
		}
		for i := range ms {
			if tried[i] {
				continue
			}
			v := s.run(&qs[i], n-1)
			if s.stopped {
				return pv, false
			}
			if v.pn == 0 {
				if done, ok := try(i); !ok || done {
					return first, ok
				}
			}
		}
	} else {
		for i := range ms {
			// The longest defences: no mate within n-3 plies after them.
			if e := s.t.find(qs[i].Key()); n >= 3 && e != nil && e.proof <= n-3 {
				continue
			} else if n >= 3 && (e == nil || e.mode != s.mode || e.dis < n-3) {
				v := s.run(&qs[i], n-3)
				if s.stopped {
					return pv, false
				}
				if v.dn != 0 {
					continue
				}
			}
			if interposes(p, ms[i]) {
				// Not mated within n-1 by itself: futile by capture.
				v := s.run(&qs[i], n-1)
				if s.stopped {
					return pv, false
				}
				if v.pn != 0 {
					continue
				}
			}
			if done, ok := try(i); !ok || done {
				return first, ok
			}
		}
	}
	if first == nil {
		return pv, false
	}
	return first, true
}
