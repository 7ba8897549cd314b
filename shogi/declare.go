package shogi

import "fmt"

// Declaration rule (入玉宣言, the 27-point rule) as the CSA server
// protocol (version 1.2.1, "入玉宣言勝ち") and USI's "bestmove win"
// define it: the side to move wins by declaring when, on its turn,
//
//  1. its king stands in the enemy camp (the three ranks nearest the
//     opponent),
//  2. its king is not in check,
//  3. at least DeclarePieces of its pieces other than the king stand in
//     the enemy camp, and
//  4. its pieces in the enemy camp (the king excepted) and in its hand
//     count at least DeclarePointsBlack points for Black (sente) or
//     DeclarePointsWhite for White (gote): a rook, a bishop, a dragon or
//     a horse counts 5, any other piece 1.
//
// The rule's last condition, that the declaring side still has time on
// its clock, belongs to whoever keeps the clock.
const (
	DeclarePieces      = 10
	DeclarePointsBlack = 28
	DeclarePointsWhite = 27
)

// DeclareFault says which condition of the declaration rule a position
// fails.
type DeclareFault int

// The conditions of the declaration rule, in the order CanDeclare checks
// them.
const (
	DeclareKingOutside DeclareFault = iota + 1 // the king is not in the enemy camp
	DeclareInCheck                             // the king is in check
	DeclareFewPieces                           // fewer than DeclarePieces pieces in the enemy camp
	DeclareFewPoints                           // fewer points than the side needs
)

// DeclareError reports a declaration (入玉宣言) that the rule does not
// allow: the condition that fails, and the side's count of pieces in the
// enemy camp and of points against what it needs.
type DeclareError struct {
	Side   Color
	Fault  DeclareFault
	Pieces int // pieces in the enemy camp, the king excepted
	Points int // points in the enemy camp and in hand
	Need   int // points the side needs
}

// Error returns "shogi: " and the Message.
func (e *DeclareError) Error() string { return "shogi: " + e.Message() }

// Message says why the declaration fails, without the package name.
func (e *DeclareError) Message() string {
	switch e.Fault {
	case DeclareKingOutside:
		return fmt.Sprintf("%s cannot declare: the king is not in the enemy camp", e.Side)
	case DeclareInCheck:
		return fmt.Sprintf("%s cannot declare: the king is in check", e.Side)
	case DeclareFewPieces:
		return fmt.Sprintf("%s cannot declare: %d pieces in the enemy camp besides the king, %d needed", e.Side, e.Pieces, DeclarePieces)
	}
	return fmt.Sprintf("%s cannot declare: %d points, %d needed", e.Side, e.Points, e.Need)
}

// EnemyCamp returns the three ranks of the board nearest c's opponent:
// ranks 1–3 for Black, 7–9 for White.
func EnemyCamp(c Color) Bitboard {
	var b Bitboard
	for f := 1; f <= 9; f++ {
		for r := 1; r <= 3; r++ {
			if c == White {
				b = b.With(NewSquare(f, 10-r))
			} else {
				b = b.With(NewSquare(f, r))
			}
		}
	}
	return b
}

// DeclarePoints returns the side to move's count for the declaration
// rule: its pieces in the enemy camp other than the king, and their
// points together with those of its hand (5 for a rook, bishop, dragon
// or horse, 1 for any other piece).
func (p *Position) DeclarePoints() (pieces, points int) {
	c := p.side
	camp := p.ByColor(c).And(EnemyCamp(c)).Without(p.King(c))
	for b := camp; b.Any(); {
		s := b.PopLSB()
		pieces++
		points += declareValue(p.board[s].Kind())
	}
	h := p.hands[c]
	for k := Pawn; k <= Gold; k++ {
		points += h.Count(k) * declareValue(k)
	}
	return pieces, points
}

func declareValue(k Kind) int {
	switch k.Demote() {
	case Rook, Bishop:
		return 5
	case King:
		return 0
	}
	return 1
}

// CanDeclare reports whether the side to move may declare a win by the
// declaration rule (see DeclarePieces): nil when it may, else a
// *DeclareError naming the first condition that fails. A side without a
// king cannot declare.
func (p *Position) CanDeclare() error {
	c := p.side
	pieces, points := p.DeclarePoints()
	need := DeclarePointsBlack
	if c == White {
		need = DeclarePointsWhite
	}
	e := &DeclareError{Side: c, Pieces: pieces, Points: points, Need: need}
	switch {
	case p.Pieces(c, King).IsEmpty() || !EnemyCamp(c).Has(p.King(c)):
		e.Fault = DeclareKingOutside
	case p.InCheck():
		e.Fault = DeclareInCheck
	case pieces < DeclarePieces:
		e.Fault = DeclareFewPieces
	case points < need:
		e.Fault = DeclareFewPoints
	default:
		return nil
	}
	return e
}
