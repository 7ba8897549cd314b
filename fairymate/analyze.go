package fairymate

import (
	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// CheckStats counts the defender's legal replies to one checking move,
// split by kind of defence as mate.CheckStats does, with royals for the
// king. Replies is the sum of the six counts; on a standard position Other
// is 0 and the others are mate's.
type CheckStats struct {
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
func (c CheckStats) Captures() int { return c.RoyalCaptures + c.OtherCaptures }

// Stats is the mate-in-1 analysis of a position for its side to move (the
// attacker), as mate.Result gives it for standard positions.
type Stats struct {
	Legal   int // L, the attacker's legal moves
	Checks  int // C, its checking moves
	Replies int // R_total, the defender's legal replies summed over the checks
	// ByCheck holds one entry per checking move, in the order of
	// variant.Position.LegalMoves.
	ByCheck []CheckStats
}

// Analyze returns the statistics of the side to move's checks in p: the
// legal moves, the checks and, for each check, the defender's legal
// replies by kind.
func Analyze(p *variant.Position) Stats {
	var st Stats
	st.Legal = len(p.LegalMoves(make([]variant.Move, 0, variant.MaxMoves)))
	buf := make([]variant.Move, 0, variant.MaxMoves)
	for _, m := range p.Checks(make([]variant.Move, 0, variant.MaxMoves)) {
		q := *p
		q.DoMove(m)
		cs := checkStats(&q, buf)
		cs.Move = m
		st.Checks++
		st.Replies += cs.Replies
		st.ByCheck = append(st.ByCheck, cs)
	}
	return st
}

// checkStats counts the replies of the side to move in q, in check,
// using buf as scratch.
func checkStats(q *variant.Position, buf []variant.Move) CheckStats {
	def := q.SideToMove()
	// The checkers, and the squares between each and the royal it
	// attacks when they share a line.
	var checkers, lines variant.Bitboard
	for b := q.Royals(def); b.Any(); {
		r := b.PopLSB()
		for a := mate.VariantAttackersTo(q, def.Opp(), r); a.Any(); {
			x := a.PopLSB()
			checkers = checkers.With(x)
			lines = lines.Or(shogi.Between(x, r))
		}
	}
	var cs CheckStats
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
