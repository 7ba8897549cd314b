package mate

import (
	"errors"
	"fmt"

	"github.com/tsume-shogi/tsume/shogi"
)

// ProblemCode names one reason a position is not a sound mate-in-1 problem.
type ProblemCode string

// The reasons Verify1 reports.
const (
	IllegalPosition ProblemCode = "illegal-position"  // the rules core rejects the position
	NoDefenderKing  ProblemCode = "no-defender-king"  // the defender has no king on the board
	AttackerInCheck ProblemCode = "attacker-in-check" // the attacker is in check
	NoMatingMove    ProblemCode = "no-mate"           // no move mates
	NotUnique       ProblemCode = "not-unique"        // more than one move mates
)

// ProblemError is one reason a position fails as a problem.
type ProblemError struct {
	Code ProblemCode
	Msg  string
}

func (e ProblemError) Error() string { return e.Msg }

// Verdict judges a position as a mate-in-1 problem.
type Verdict struct {
	// Position is the position judged, with the defender's hand applied.
	Position shogi.Position
	// DefenderHand is the hand convention applied.
	DefenderHand DefenderHand
	// Valid is true when the position is a sound problem: legal, the
	// attacker (the side to move, Black or White) not in check, the
	// defender's king on the board, and exactly one mating move.
	Valid bool
	// Errors lists every reason the problem is not valid.
	Errors []ProblemError
	// Legal is true when the position passes the rules core's checks;
	// Analysis is computed only then.
	Legal bool
	// Analysis holds the mates and statistics of the side to move.
	Analysis Result
	// Unique is true when there is exactly one mating move.
	Unique bool
	// Leftover is true when some mating move leaves the attacker with
	// pieces in hand (駒余り).
	Leftover bool
	// PromotionAmbiguous is true when there are exactly two mates and they
	// are the same move with the other promotion choice.
	PromotionAmbiguous bool
	// TwoKings is true when both sides have a king on the board: the
	// attacker's king stands beside the defender's (a two-king problem).
	TwoKings bool
	// PawnDropMate is the pawn drop that would mate but that the rules
	// forbid (打ち歩詰め): a mate excluded from Analysis.Mates. NoMove when
	// there is none.
	PawnDropMate shogi.Move
}

// Verify1 judges p as a mate-in-1 problem for its side to move, the
// attacker, Black or White. With Remaining, the defender (the side not to
// move) is first given every remaining piece.
func Verify1(p *shogi.Position, hand DefenderHand) *Verdict {
	v := &Verdict{Position: *p, DefenderHand: hand}
	add := func(code ProblemCode, format string, args ...any) {
		v.Errors = append(v.Errors, ProblemError{Code: code, Msg: fmt.Sprintf(format, args...)})
	}
	if hand == Remaining {
		q, err := WithRemainingHand(p)
		if err != nil {
			var tm *TooManyPiecesError
			if errors.As(err, &tm) {
				add(IllegalPosition, "%s", tm.Msg)
			} else {
				add(IllegalPosition, "%v", err)
			}
			return v
		}
		v.Position = q
	}
	q := &v.Position
	if err := q.Validate(); err != nil {
		var ipe *shogi.InvalidPositionError
		if errors.As(err, &ipe) {
			for _, pr := range ipe.Problems {
				add(IllegalPosition, "%s", pr.Msg)
			}
		} else {
			add(IllegalPosition, "%v", err)
		}
		return v
	}
	v.Legal = true
	attacker := q.SideToMove()
	if msg := MissingDefenderKing(q); msg != "" {
		add(NoDefenderKing, "%s", msg)
	}
	if q.InCheck() {
		add(AttackerInCheck, "the attacker (%s) is in check", attacker)
	}
	v.TwoKings = q.King(attacker) != shogi.NoSquare && q.King(attacker.Opp()) != shogi.NoSquare
	Analyze(q, &v.Analysis)
	v.PawnDropMate = PawnDropMate(q)
	mates := v.Analysis.Mates
	switch {
	case len(mates) == 0:
		add(NoMatingMove, "no mating move")
	case len(mates) > 1:
		add(NotUnique, "%d mating moves", len(mates))
	}
	v.Unique = len(mates) == 1
	v.PromotionAmbiguous = len(mates) == 2 && !mates[0].IsDrop() && mates[0] == mates[1].TogglePromotion()
	for _, m := range mates {
		c := *q
		c.DoMove(m)
		if !c.Hand(attacker).IsEmpty() {
			v.Leftover = true
		}
	}
	v.Valid = len(v.Errors) == 0
	return v
}

// VerifyLine replays line from p, independently of the search, and checks
// that it is a tsume solution: an odd number of moves, every move legal,
// every move of the side to move in p (the attacker) a check, and the
// defender mated at the end — no legal reply, or with Discount none but
// futile interpositions (of the plain rule, or futile by capture at once). It returns nil or an error naming the first fault.
func VerifyLine(p *shogi.Position, line []shogi.Move, rule FutileRule) error {
	return verifyLine(std(p), line, rule, func(q *stdPos, m shogi.Move) bool { return q.sp().IsLegal(m) }, shogi.Move.String)
}

// verifyLine is VerifyLine for a position of type P: legal says whether
// a move is legal, and name writes a move.
func verifyLine[P any, PP positionOps[P]](p *P, line []shogi.Move, rule FutileRule, legal func(*P, shogi.Move) bool, name func(shogi.Move) string) error {
	if len(line)%2 == 0 {
		return fmt.Errorf("mate: a tsume line has an odd number of moves; got %d", len(line))
	}
	attacker := PP(p).SideToMove()
	q := *p
	for i, m := range line {
		if !legal(&q, m) {
			return fmt.Errorf("mate: move %d (%s) is not legal", i+1, name(m))
		}
		PP(&q).DoMove(m)
		if i%2 == 0 && !PP(&q).InCheck() {
			return fmt.Errorf("mate: attacker move %d (%s) does not check", i+1, name(m))
		}
	}
	if PP(&q).SideToMove() == attacker || !PP(&q).InCheck() {
		return fmt.Errorf("mate: the line does not end with the defender in check")
	}
	if rule == Count {
		if rs := PP(&q).Evasions(nil); len(rs) != 0 {
			return fmt.Errorf("mate: the defender can still play %s at the end", name(rs[0]))
		}
		return nil
	}
	s := newSearch[P, PP](nil, attacker)
	s.futile = true
	if !s.mated(&q, make([]shogi.Move, 0, shogi.MaxMoves)) {
		rs := s.replies(&q, nil)
		return fmt.Errorf("mate: the defender can still play %s at the end", name(rs[0]))
	}
	return nil
}
