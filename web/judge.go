package web

import (
	"context"
	"time"

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
	key := newJudgeKey(q, m, rem)
	if j, ok := s.cache.get(key); ok {
		return j, nil
	}
	j, err := s.search(ctx, q, m, rem, &d, replies)
	if err == nil {
		s.cache.put(key, j)
	}
	return j, err
}

// search judges m, a check of q that does not mate at once, with rem
// plies left (3 or more); d is the position after m, replies the
// defender's.
func (s *Server) search(ctx context.Context, q *shogi.Position, m shogi.Move, rem int, d *shogi.Position, replies []shogi.Move) (judgement, error) {
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
	vals, err := s.replyValues(ctx, sr, d, replies, rem, decided && !correct, correct)
	if err != nil {
		return judgement{}, err
	}
	if !decided {
		correct = true
		for _, v := range vals {
			if v.status == mate.Unknown {
				return judgement{}, errBudget
			}
			// A refuting interposition may be futile by capture, which
			// only the search of the check as a whole would tell.
			correct = correct && (v.within() || v.interposition)
		}
	}
	if correct {
		best := -1
		for i, v := range vals {
			// A longer interposition is one the solver does not count
			// as a defence (futile by capture): m was proven to mate.
			if !v.within() {
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
	if len(vals) == 0 {
		return judgement{result: resultSolved}, nil // every reply is a futile interposition
	}
	r := refutation(vals)
	j := judgement{result: resultWrong, reason: reasonOf(d, r.move), reply: r.move, left: rem - 2}
	s.explainRefutation(ctx, sr, d, &j)
	return j, nil
}

// explainTime bounds the search that tells whether there is a mate at
// all after a refutation, and how long: it only words the explanation.
const explainTime = 250 * time.Millisecond

// explainRefutation sets j.noMate or j.after, the refutation's
// consequence, when a short search finds it.
func (s *Server) explainRefutation(ctx context.Context, sr *searcher, d *shogi.Position, j *judgement) {
	ctx, cancel := context.WithTimeout(ctx, explainTime)
	defer cancel()
	e := *d
	e.DoMove(j.reply)
	sol, err := sr.quick.Solve(ctx, &e)
	switch {
	case err != nil:
	case sol.Status == mate.NoMate:
		j.noMate = true
	case sol.Status == mate.Mate && sol.LengthExact && sol.Length > j.left:
		j.after = sol.Length
	}
}

// replyValue is what a search found after one defender reply.
type replyValue struct {
	move          shogi.Move
	interposition bool
	// status is Mate when the attacker mates within the plies left after
	// the reply, NoMate when it cannot, Unknown when a limit stopped the
	// search.
	status mate.Status
	length int // the mate's length after the reply (exact with exact, else a bound)
	exact  bool
	spare  int // the attacker's pieces in hand at the end of the mate
}

// within reports whether the attacker mates within the plies left after v.
func (v *replyValue) within() bool { return v.status == mate.Mate }

// refutes reports whether v is proven to leave no mate within the plies
// left.
func (v *replyValue) refutes() bool { return v.status == mate.NoMate }

// replyValues searches d, the position after a check with rem plies
// left, after each of the defender's replies (futile interpositions
// aside) for a mate within the rem-2 plies left. With stopEarly it stops
// at the first reply that refutes the check other than by an
// interposition; with exact it gives each mated reply its exact length
// and spare pieces.
func (s *Server) replyValues(ctx context.Context, sr *searcher, d *shogi.Position, replies []shogi.Move, rem int, stopEarly, exact bool) ([]replyValue, error) {
	var vals []replyValue
	for _, r := range ordered(d, replies) {
		if mate.IsFutileInterposition(d, r) {
			continue
		}
		e := *d
		e.DoMove(r)
		w, err := sr.quick.MateWithin(ctx, &e, rem-2)
		if err != nil {
			return nil, err
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		v := replyValue{move: r, interposition: reasonOf(d, r) == reasonInterposition, status: w.Status, length: w.Length, spare: w.Spare}
		if exact && w.Status == mate.Mate {
			sol, err := sr.quick.Solve(ctx, &e)
			if err != nil {
				return nil, err
			}
			if sol.Status == mate.Mate && sol.LengthExact {
				v.length, v.exact, v.spare = sol.Length, true, spare(sol)
			}
		}
		vals = append(vals, v)
		if stopEarly && !v.interposition && v.refutes() {
			break
		}
	}
	return vals, nil
}

// spare returns the pieces left in the attacker's hand at the end of
// sol's main line.
func spare(sol *mate.Solution) int {
	end := sol.Position
	for _, m := range sol.PV {
		end.DoMove(m)
	}
	return end.Hand(sol.Position.SideToMove()).Total()
}

// refutation picks the reply to show against a wrong check: one after
// which there is no mate within the plies left (an escape or capture
// before an interposition), else one the searches could not mate in
// time, else the longest.
func refutation(vals []replyValue) replyValue {
	for _, inter := range []bool{false, true} {
		for _, v := range vals {
			if v.interposition == inter && v.refutes() {
				return v
			}
		}
	}
	for _, v := range vals {
		if !v.within() {
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
