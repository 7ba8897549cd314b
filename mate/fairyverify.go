package mate

import (
	"fmt"

	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// This file is the mate-in-1 analysis and judgement of a position of
// package variant: Analyze and Verify1 over royals, fairy pieces and the
// conditions of its rules.

// VariantCheckStats counts the defender's legal replies to one checking
// move of a variant position, split by kind of defence as CheckStats does,
// with royals for the king. Replies is the sum of the six counts; on a
// standard position Other is 0 and the others are CheckStats'.
type VariantCheckStats struct {
	Move               variant.Move
	Replies            int // all legal replies; 0 means the move mates
	RoyalMoves         int // moves of a royal that do not capture a checking piece
	RoyalCaptures      int // a royal captures a checking piece
	OtherCaptures      int // another piece captures a checking piece
	InterpositionsMove int // a board move onto a square strictly between a checker and the royal it attacks, on their line
	InterpositionsDrop int // a drop onto such a square
	// Other counts the replies of none of those kinds: a reply can also
	// end a check by moving a hopper's hurdle off the line, or (安南) by
	// changing a checker's power.
	Other int
}

// Captures returns the captures of a checking piece, by a royal or by
// another piece.
func (c VariantCheckStats) Captures() int { return c.RoyalCaptures + c.OtherCaptures }

// VariantStats is the mate-in-1 analysis of a variant position for its
// side to move (the attacker), as Result gives it for standard positions.
type VariantStats struct {
	Legal   int // L, the attacker's legal moves
	Checks  int // C, its checking moves
	Replies int // R_total, the defender's legal replies summed over the checks
	// ByCheck holds one entry per checking move, in the order of
	// variant.Position.Checks.
	ByCheck []VariantCheckStats
}

// AnalyzeVariant returns the statistics of the side to move's checks in
// p: the legal moves, the checks and, for each check, the defender's
// legal replies by kind.
func AnalyzeVariant(p *variant.Position) VariantStats {
	var st VariantStats
	st.Legal = len(p.LegalMoves(make([]variant.Move, 0, variant.MaxMoves)))
	buf := make([]variant.Move, 0, variant.MaxMoves)
	for _, m := range p.Checks(make([]variant.Move, 0, variant.MaxMoves)) {
		q := *p
		q.DoMove(m)
		cs := variantCheckStats(&q, buf)
		cs.Move = m
		st.Checks++
		st.Replies += cs.Replies
		st.ByCheck = append(st.ByCheck, cs)
	}
	return st
}

// variantCheckStats counts the replies of the side to move in q, in
// check, using buf as scratch.
func variantCheckStats(q *variant.Position, buf []variant.Move) VariantCheckStats {
	def := q.SideToMove()
	// The checkers, and the squares between each and the royal it
	// attacks when they share a line.
	var checkers, lines variant.Bitboard
	for b := q.Royals(def); b.Any(); {
		r := b.PopLSB()
		for a := VariantAttackersTo(q, def.Opp(), r); a.Any(); {
			x := a.PopLSB()
			checkers = checkers.With(x)
			lines = lines.Or(shogi.Between(x, r))
		}
	}
	var cs VariantCheckStats
	for _, r := range q.LegalMoves(buf[:0]) {
		to := r.To()
		royal := !r.IsDrop() && q.PieceAt(r.From()).Royal()
		switch {
		case royal && checkers.Has(to):
			cs.RoyalCaptures++
		case royal:
			cs.RoyalMoves++
		case !r.IsDrop() && checkers.Has(to):
			cs.OtherCaptures++
		case lines.Has(to) && r.IsDrop():
			cs.InterpositionsDrop++
		case lines.Has(to):
			cs.InterpositionsMove++
		default:
			cs.Other++
		}
		cs.Replies++
	}
	return cs
}

// Mate1Variant returns the legal moves of the side to move in p after
// which the opponent is mated: in check (any of its royals attacked) and
// without a legal move, in the order of variant.Position.Checks. A pawn
// drop that would mate is not among them: it is illegal (打ち歩詰め).
func Mate1Variant(p *variant.Position) []variant.Move {
	var mates []variant.Move
	for _, m := range p.Checks(make([]variant.Move, 0, variant.MaxMoves)) {
		q := *p
		q.DoMove(m)
		if q.IsMate() {
			mates = append(mates, m)
		}
	}
	return mates
}

// VariantVerdict1 is the judgement of a variant position as a mate-in-1
// problem: the attacker (the side to move) not in check, the defender
// with a royal, and exactly one move that mates — or two that differ only
// in the promotion choice (非限定, tolerated).
type VariantVerdict1 struct {
	// Position is p as judged, with the defender's hand of the
	// DefenderHand rule.
	Position variant.Position
	// Errors lists every reason the position is not a valid problem, in
	// the order Verify1Variant finds them; none for a valid problem.
	Errors []ProblemError
	// Mates are the attacker's moves that mate at once (Mate1Variant).
	Mates []variant.Move
	// PromotionPair is set when the two mates are one move with both
	// promotion choices.
	PromotionPair bool
	// Leftover is set when the mate leaves the attacker pieces in hand
	// (駒余り).
	Leftover bool
	// Stats are the statistics of the attacker's checks (AnalyzeVariant).
	Stats VariantStats
}

// Valid reports whether the position is a valid mate-in-1 problem.
func (v *VariantVerdict1) Valid() bool { return len(v.Errors) == 0 }

// Verify1Variant judges p, the attacker to move, as a mate-in-1 problem
// under p's rules, the defender's hand as hand says. An illegal position
// (a royal of the side not to move attacked) or a hand that cannot be
// made is an error, a *NotAProblemError; every other fault is one of the
// VariantVerdict1's Errors.
func Verify1Variant(p *variant.Position, hand DefenderHand) (*VariantVerdict1, error) {
	attacker := p.SideToMove()
	q := *p
	if hand == Remaining {
		h, err := VariantRemainingHand(p, attacker)
		if err != nil {
			return nil, notAProblem(err)
		}
		q.SetHand(attacker.Opp(), h)
	}
	if q.IsIllegalPosition() {
		return nil, &NotAProblemError{Msg: "illegal position: a royal of the side not to move is attacked"}
	}
	v := &VariantVerdict1{Position: q, Stats: AnalyzeVariant(&q)}
	add := func(code ProblemCode, format string, args ...any) {
		v.Errors = append(v.Errors, ProblemError{Code: code, Msg: fmt.Sprintf(format, args...)})
	}
	if q.Royals(attacker.Opp()).IsEmpty() {
		add(NoDefenderKing, "the defender (%s) has no royal piece", attacker.Opp())
	}
	if q.InCheck() {
		add(AttackerInCheck, "the attacker (%s) is in check", attacker)
	}
	if len(v.Errors) > 0 {
		return v, nil
	}
	v.Mates = Mate1Variant(&q)
	switch {
	case len(v.Mates) == 0:
		add(NoMatingMove, "no mate in 1")
	case len(v.Mates) == 2 && v.Mates[0] == v.Mates[1].TogglePromotion():
		v.PromotionPair = true
	case len(v.Mates) > 1:
		add(NotUnique, "not unique: %d mating moves", len(v.Mates))
	}
	if len(v.Mates) > 0 {
		end := q
		end.DoMove(v.Mates[0])
		v.Leftover = end.Hand(attacker) != 0
	}
	return v, nil
}

// VerifyLineVariant is VerifyLine for a variant position under its
// rules: it replays line from p, independently of the search, and checks
// that it is a tsume line (an odd number of moves, every move legal,
// every attacker move a check) that ends with the defender mated — no
// legal reply, or with Discount none but futile interpositions. It
// returns nil or an error naming the first fault.
func VerifyLineVariant(p *variant.Position, line []variant.Move, rule FutileRule) error {
	return verifyLine((*fairyPos)(p), line, rule, func(q *fairyPos, m shogi.Move) bool { return q.vp().IsLegal(m) }, variant.MoveString)
}

// VariantInterposes reports whether r, a reply of the side to move in p
// (in check), puts a piece that is not royal strictly between the one
// royal in check and the one piece checking it, on their line.
func VariantInterposes(p *variant.Position, r variant.Move) bool {
	return (*fairyPos)(p).IsInterposition(r)
}
