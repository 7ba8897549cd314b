package mate

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/tsume-shogi/tsume/shogi"
)

// Along is the result of BoundAlong.
type Along struct {
	// Position is the position the line was followed from, with the
	// defender's hand applied as the Solver's convention says.
	Position shogi.Position
	// Status is Mate when every defence was mated: the attacker mates
	// within Length plies. It is Unknown when a defence off the line was
	// not decided within the limits (Ply and Move say which), or when it
	// escapes every mate (Refuted): the line's attacker move before it
	// does not mate, though another move may.
	Status Status
	// Length, of a Mate, is an upper bound on the shortest mate: the
	// longest of the defences, the line's own and the others, each
	// answered by the line's moves on the line and by the solver's mate
	// off it (an exact length there or a bound).
	Length int
	// Exact is true when every search off the line gave its length
	// exact. The bound need not be the shortest mate even then: the
	// line's attacker moves may not be the quickest.
	Exact bool
	// Ply and Move, when Status is Unknown, are the 0-based ply of the
	// defence that stopped the proof and that defence (shogi.NoMove when
	// it was the position at the end of the line, attacker to move).
	Ply  int
	Move shogi.Move
	// Refuted is true when that defence has no mate after it at all.
	Refuted bool
	// Longer lists, ply by ply, the defence off the line with the longest
	// mate where that mate, of exact length, is longer than the bound
	// along the line after the line's own defence there: the line does
	// not follow the longest defence at that ply (a record whose defender
	// could resist longer). Set with a Mate only.
	Longer []LongerDefence
	// Rest, with a Mate, is the bound from each of the line's attacker
	// moves: Rest[i] plies from ply 2i (Rest[0] is Length), what
	// AlternativesAlong asks other moves to mate within.
	Rest []int
	// Searches counts the positions solved off the line; Nodes and Time
	// are theirs in all.
	Searches int
	Nodes    uint64
	Time     time.Duration
}

// LongerDefence is a defence off the line that resists longer than the
// line's own (Along.Longer).
type LongerDefence struct {
	Ply  int        // 0-based ply of the defence
	Move shogi.Move // the defence
	Mate int        // the exact length of the mate after it
	Line int        // the bound along the line after the line's defence
}

// LineError reports a line BoundAlong cannot follow: a move that is not
// legal where it stands, or an attacker's move that does not check.
type LineError struct {
	Ply  int    // 0-based
	Move string // the move in USI
	Msg  string
}

// Error returns the ply (counted from 1), the move and the reason.
func (e *LineError) Error() string {
	return fmt.Sprintf("mate: ply %d of the line, %s: %s", e.Ply+1, e.Move, e.Msg)
}

// BoundAlong proves an upper bound on the shortest mate of p by following
// line, a stated solution (the record's main line, in the order of play):
// the attacker plays the line's moves as long as the defender follows
// it, and every other defence at a ply of the line is solved on its own
// by s.Solve, under the Solver's rules and limits, each search with its
// own. A line that stops short of the mate is completed by solving the
// position at its end. The bound counts every legal reply on the line
// as a defence, futile interpositions too, which can only lengthen it,
// so it bounds the length under either futile rule.
//
// Where Solve cannot find a mate, a search from p has to find the line's
// sacrifices by itself; along the line the solver only meets the
// positions off it, most of them shorter and easier. The bound is a
// bound: the line's attacker moves may not be the quickest, and the
// defence it follows need not be the longest.
//
// each, if not nil, is called after every search off the line with the
// ply of the defence searched after (0-based), the defence (shogi.NoMove
// for the position at the end of the line) and the search's solution.
//
// It fails with a *LineError when a move of the line is not legal where
// it stands or an attacker's move does not check, and with a
// *NotAProblemError when p is not a problem. ctx ends the whole proof.
func (s *Solver) BoundAlong(ctx context.Context, p *shogi.Position, line []shogi.Move, each func(ply int, m shogi.Move, sol *Solution)) (Along, error) {
	start := time.Now()
	pos, err := s.root(p)
	if err != nil {
		return Along{}, err
	}
	res := Along{Position: pos, Exact: true}
	// solveOff solves q, a position off the line (or at its end) with the
	// attacker to move, and returns its mate's length and whether that is
	// exact; ok is false when it has no mate or none was found.
	solveOff := func(q *shogi.Position, ply int, m shogi.Move) (length int, exact, ok bool, err error) {
		sol, err := s.Solve(ctx, q)
		res.Searches++
		if err != nil {
			return 0, false, false, err
		}
		res.Nodes += sol.Nodes
		if each != nil {
			each(ply, m, sol)
		}
		if err := ctx.Err(); err != nil {
			return 0, false, false, err
		}
		if sol.Status != Mate {
			res.Status, res.Ply, res.Move, res.Refuted = Unknown, ply, m, sol.Status == NoMate
			return 0, false, false, nil
		}
		res.Exact = res.Exact && sol.LengthExact
		return sol.Length, sol.LengthExact, true, nil
	}
	// off[i] is the longest mate after the defences off the line at ply
	// 2i+1 (-1: none), by the defence offMove[i], of exact length when
	// offExact[i]; tail the mate of the position the line ends at, when
	// it ends on a defence (-1: it ends on a mate or an attacker's move).
	var off []int
	var offMove []shogi.Move
	var offExact []bool
	tail := -1
	var replies []shogi.Move
	for k := 0; ; k += 2 {
		if err := ctx.Err(); err != nil {
			return Along{}, err
		}
		if k == len(line) {
			l, _, ok, err := solveOff(&pos, k, shogi.NoMove)
			if err != nil || !ok {
				res.Time = time.Since(start)
				return res, err
			}
			tail = l
			break
		}
		a := line[k]
		if !pos.IsLegal(a) {
			return Along{}, &LineError{Ply: k, Move: a.String(), Msg: "not a legal move"}
		}
		if !pos.GivesCheck(a) {
			return Along{}, &LineError{Ply: k, Move: a.String(), Msg: "the attacker's move does not check"}
		}
		r := pos
		r.DoMove(a)
		replies = r.Evasions(replies[:0])
		next := shogi.NoMove
		if k+1 < len(line) {
			next = line[k+1]
			if !r.IsLegal(next) {
				return Along{}, &LineError{Ply: k + 1, Move: next.String(), Msg: "not a legal move"}
			}
		}
		longest, by, exact := -1, shogi.NoMove, false
		for _, e := range replies {
			if e == next {
				continue
			}
			q := r
			q.DoMove(e)
			l, lExact, ok, err := solveOff(&q, k+1, e)
			if err != nil || !ok {
				res.Time = time.Since(start)
				return res, err
			}
			if l > longest || l == longest && lExact && !exact {
				longest, by, exact = l, e, lExact
			}
		}
		off, offMove, offExact = append(off, longest), append(offMove, by), append(offExact, exact)
		if len(replies) == 0 || next == shogi.NoMove {
			break
		}
		pos = r
		pos.DoMove(next)
	}
	// Back from the end: at ply 2i the attacker's move, then the longest
	// defence, the line's own (the rest) or another.
	rest := tail
	res.Rest = make([]int, len(off))
	for i := len(off) - 1; i >= 0; i-- {
		longest := off[i]
		if lineReply := 2*i+1 < len(line); lineReply && offExact[i] && longest > rest {
			res.Longer = append(res.Longer, LongerDefence{Ply: 2*i + 1, Move: offMove[i], Mate: longest, Line: rest})
		}
		if rest >= 0 || longest >= 0 {
			rest = 2 + max(longest, rest)
		} else {
			rest = 1 // the line's move mates
		}
		res.Rest[i] = rest
	}
	slices.Reverse(res.Longer)
	res.Status, res.Length, res.Time = Mate, rest, time.Since(start)
	return res, nil
}

// AlternativesAlong looks, at each of line's attacker moves that rest
// covers, for another check that also mates within rest[i] plies from
// ply 2i (rest is Along.Rest of BoundAlong's proof along line): the
// cooks (余詰) of a stated solution, judged against the bound its own
// moves prove. The searches are the soundness search of Solve, one
// depth-limited search a check, under the Solver's rules and limits (one
// budget for them all) and with one thread; checked is false when a
// limit or ctx cut them short. Alternative.LastMovePromotion marks the
// line's last move with the other promotion choice, which the
// convention tolerates.
func (s *Solver) AlternativesAlong(ctx context.Context, p *shogi.Position, line []shogi.Move, rest []int) (alts []Alternative, checked bool, err error) {
	start := time.Now()
	q, err := s.root(p)
	if err != nil {
		return nil, false, err
	}
	n := min(len(line), 2*len(rest)-1)
	if n <= 0 {
		return nil, true, nil
	}
	s.resume, s.last = nil, nil
	s.tt.newGeneration()
	sr := reusing[stdPos, *stdPos](s.tt, q.SideToMove(), s)
	defer func() { s.buffers = sr.buffers }()
	sr.setBudget(ctx, s.opts.MaxNodes, s.opts.MaxTime, start)
	sr.futile = s.opts.Futile == Discount
	alts, checked = sr.alternatives(std(&q), line[:n], false, func(ply int) int { return rest[ply/2] })
	if err := ctx.Err(); err != nil {
		return alts, false, err
	}
	return alts, checked, nil
}
