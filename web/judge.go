package web

import (
	"context"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/shogi"
)

// This file judges an attacker's move in a problem being played: correct
// when it still mates within the plies left, and then answered with the
// defender's best reply; wrong, and then answered with the defender's
// refutation.

// The results of a move.
const (
	resultCorrect = "correct" // it mates within the plies left; the defender replies
	resultSolved  = "solved"  // it mates: the problem is solved
	resultWrong   = "wrong"   // it does not mate in time
)

// The reasons of a wrong move: the kind of its refutation, or no check.
const (
	reasonNotCheck      = "not-a-check"
	reasonEscape        = "escape"        // the king steps away
	reasonCapture       = "capture"       // a piece is captured
	reasonInterposition = "interposition" // a piece is put between
)

// judgement is what a move is.
type judgement struct {
	result string
	reason string // of a wrong move
	// reply is the defender's answer: the best reply to a correct move,
	// the refutation of a wrong one (NoMove when solved or not a check).
	reply shogi.Move
	// Of a refutation: noMate when there is no mate at all after it, else
	// after is the length of the shortest mate after it when known (0
	// when not), left the plies that were left for it.
	noMate      bool
	after, left int
}

// errBudget reports a search a limit stopped before an answer.
var errBudget = &apiError{Status: 503, Msg: "the search ran out of its budget before an answer; try again"}

// judge judges m, a legal move of the attacker to move in q with rem
// plies of the problem left. main is the problem's main line from q when
// the moves so far followed it (and the problem is judged sound), else
// nil: its moves need no search.
func (s *Server) judge(ctx context.Context, q *shogi.Position, m shogi.Move, rem int, main []shogi.Move) (judgement, error) {
	if !q.GivesCheck(m) {
		return judgement{result: resultWrong, reason: reasonNotCheck}, nil
	}
	d := *q
	d.DoMove(m)
	replies := d.Evasions(nil)
	if len(replies) == 0 || mate.VerifyLine(q, []shogi.Move{m}, mate.Discount) == nil {
		return judgement{result: resultSolved}, nil
	}
	if len(main) >= 2 && main[0] == m {
		return judgement{result: resultCorrect, reply: main[1]}, nil
	}
	if rem < 3 {
		r := refute1(q, m, &d, replies)
		return judgement{result: resultWrong, reason: reasonOf(&d, r), reply: r, left: rem - 2}, nil
	}

	sr, err := s.acquire(ctx)
	if err != nil {
		return judgement{}, err
	}
	defer s.release(sr)
	sol, err := sr.full.Solve(ctx, q)
	if err != nil {
		return judgement{}, unprocessable("moves", "%s", message(err))
	}
	switch {
	case sol.Status == mate.NoMate:
		return judgement{}, unprocessable("moves", "there is no mate from this position: take back the moves that led here")
	case sol.Status != mate.Mate || len(sol.PV) == 0:
		if err := ctx.Err(); err != nil {
			return judgement{}, err
		}
		return judgement{}, errBudget
	case sol.LengthExact && sol.Length > rem:
		return judgement{}, unprocessable("moves", "the mate from this position takes %s, more than the %s left: take back the moves that led here", pliesText(sol.Length), pliesText(rem))
	}
	correct := sol.PV[0] == m
	for _, a := range sol.Alternatives {
		correct = correct || a.Ply == 0 && a.Move == m
	}
	if correct && sol.PV[0] == m && len(sol.PV) >= 2 {
		return judgement{result: resultCorrect, reply: sol.PV[1]}, nil
	}
	// decided: whether m mates in time is known without searching its
	// replies one by one.
	decided := correct || sol.SoundnessChecked && sol.LengthExact && sol.Length == rem
	vals, err := s.replyValues(ctx, sr, &d, replies, rem, decided && !correct)
	if err != nil {
		return judgement{}, err
	}
	if !decided {
		correct = true
		for _, v := range vals {
			if !v.within(rem) && !v.interposition {
				correct = false
			}
			if v.status == mate.Unknown {
				return judgement{}, errBudget
			}
		}
	}
	if correct {
		best := -1
		for i, v := range vals {
			// A longer interposition is one the solver does not count
			// as a defence (futile by capture): m was proven to mate.
			if !v.within(rem) {
				continue
			}
			if best < 0 || v.length > vals[best].length || v.length == vals[best].length && v.spare < vals[best].spare {
				best = i
			}
		}
		if best >= 0 {
			return judgement{result: resultCorrect, reply: vals[best].move}, nil
		}
		if decided {
			return judgement{result: resultSolved}, nil // every reply is futile
		}
	}
	r := refutation(vals, rem)
	j := judgement{result: resultWrong, reason: reasonOf(&d, r.move), reply: r.move, noMate: r.status == mate.NoMate, left: rem - 2}
	if r.status == mate.Mate && r.exact {
		j.after = r.length
	}
	return j, nil
}

// replyValue is what a search found after one defender reply.
type replyValue struct {
	move          shogi.Move
	interposition bool
	status        mate.Status
	length        int  // the mate's length after the reply
	exact         bool // length is exact, not only a bound
	spare         int  // the attacker's pieces in hand at the end of the mate
}

// within reports whether v is mated within the rem-2 plies left after
// the check and the reply.
func (v *replyValue) within(rem int) bool { return v.status == mate.Mate && v.length <= rem-2 }

// refutes reports whether v proves the check before it wrong.
func (v *replyValue) refutes(rem int) bool {
	return v.status == mate.NoMate || v.status == mate.Mate && v.exact && v.length > rem-2
}

// replyValues searches d, the position after a check with rem plies
// left, after each of the defender's replies (futile interpositions
// aside). With stopEarly it stops at the first reply that refutes the
// check other than by an interposition.
func (s *Server) replyValues(ctx context.Context, sr *searcher, d *shogi.Position, replies []shogi.Move, rem int, stopEarly bool) ([]replyValue, error) {
	var vals []replyValue
	for _, r := range ordered(d, replies) {
		if mate.IsFutileInterposition(d, r) {
			continue
		}
		e := *d
		e.DoMove(r)
		sol, err := sr.quick.Solve(ctx, &e)
		if err != nil {
			return nil, err
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		v := replyValue{move: r, interposition: reasonOf(d, r) == reasonInterposition, status: sol.Status, length: sol.Length, exact: sol.LengthExact}
		if sol.Status == mate.Mate {
			end := sol.Position
			for _, m := range sol.PV {
				end.DoMove(m)
			}
			v.spare = end.Hand(e.SideToMove()).Total()
		}
		vals = append(vals, v)
		if stopEarly && !v.interposition && v.refutes(rem) {
			break
		}
	}
	return vals, nil
}

// refutation picks the reply to show against a wrong check: one after
// which there is no mate, else one after which the mate is proven too
// long (an escape or capture before an interposition), else the one the
// searches could not mate in time.
func refutation(vals []replyValue, rem int) replyValue {
	for _, v := range vals {
		if v.status == mate.NoMate {
			return v
		}
	}
	for _, inter := range []bool{false, true} {
		for _, v := range vals {
			if v.interposition == inter && v.refutes(rem) {
				return v
			}
		}
	}
	for _, v := range vals {
		if !v.within(rem) {
			return v
		}
	}
	best := vals[0]
	for _, v := range vals[1:] {
		if v.length > best.length {
			best = v
		}
	}
	return best
}

// ordered returns the replies king moves first, then captures, then
// interpositions: the order in which a refutation is looked for.
func ordered(d *shogi.Position, replies []shogi.Move) []shogi.Move {
	out := make([]shogi.Move, 0, len(replies))
	for _, reason := range []string{reasonEscape, reasonCapture, reasonInterposition} {
		for _, r := range replies {
			if reasonOf(d, r) == reason {
				out = append(out, r)
			}
		}
	}
	return out
}

// reasonOf classifies r, a reply to check in d: an escape (a king move
// that captures nothing), a capture, or an interposition.
func reasonOf(d *shogi.Position, r shogi.Move) string {
	switch {
	case !r.IsDrop() && d.PieceAt(r.To()) != shogi.NoPiece:
		return reasonCapture
	case r.Piece().Kind() == shogi.King:
		return reasonEscape
	}
	return reasonInterposition
}

// refute1 returns the refutation of m, a check in q that does not mate
// (d is the position after it, replies the defender's): the first reply,
// in the order of ordered, that is no futile interposition and no
// interposition that a capture on its square mates at once.
func refute1(q *shogi.Position, m shogi.Move, d *shogi.Position, replies []shogi.Move) shogi.Move {
	rs := ordered(d, replies)
	for _, r := range rs {
		if mate.IsFutileInterposition(d, r) || reasonOf(d, r) == reasonInterposition && capturedAtOnce(q, m, d, r) {
			continue
		}
		return r
	}
	return rs[0]
}

// capturedAtOnce reports whether r, an interposition of d (the position
// after the check m of q), is captured by a move that mates.
func capturedAtOnce(q *shogi.Position, m shogi.Move, d *shogi.Position, r shogi.Move) bool {
	e := *d
	e.DoMove(r)
	for _, c := range e.Checks(nil) {
		if c.To() == r.To() && !c.IsDrop() && mate.VerifyLine(q, []shogi.Move{m, r, c}, mate.Discount) == nil {
			return true
		}
	}
	return false
}
