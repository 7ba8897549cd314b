// Package realistic makes game-like problems (実戦型) of game positions: a
// position near the end of a game, the winner to move, is cropped to a
// tsume problem — the losing king, its castle and the attacking pieces
// that take part — for a judge to keep when it is sound (issue 27,
// docs/generation.md, "Style").
package realistic

import (
	"fmt"

	"github.com/tsume-shogi/tsume/shogi"
)

// CropError says why a game position cannot be cropped to a problem.
type CropError struct {
	Msg string
}

// Error returns "realistic: " and the message.
func (e *CropError) Error() string { return "realistic: " + e.Msg }

// Crop returns the problem cut out of the game position p, the side to
// move attacking: the defender's king and the defender's pieces within
// radius king steps of it (its castle), the attacker's pieces within
// radius steps of the king or attacking the king's square or a square
// next to it on p's board (a rook, bishop or lance on a line to it), and
// the attacker's hand of p. The attacker's king is left out and the
// defender's hand is empty: a problem's defender has the remaining
// pieces (mate.Remaining, mate.WithRemainingHand), the tsume convention.
// It refuses, with a *CropError, a position without the defender's king
// or with that king in check, the attacker to move.
func Crop(p *shogi.Position, radius int) (shogi.Position, error) {
	att := p.SideToMove()
	def := att.Opp()
	k := p.King(def)
	if !k.Valid() {
		return shogi.Position{}, &CropError{fmt.Sprintf("no %s king to mate", def)}
	}
	if p.AttackersTo(att, k).Any() {
		return shogi.Position{}, &CropError{fmt.Sprintf("the %s king is in check with %s to move", def, att)}
	}
	q, err := shogi.ParseSFEN("9/9/9/9/9/9/9/9/9 b - 1")
	if err != nil {
		return shogi.Position{}, err
	}
	zone := neighbourhood(k, 1)
	occ := p.Occupied()
	for s := range shogi.Square(shogi.NumSquares) {
		pc := p.PieceAt(s)
		if pc == shogi.NoPiece {
			continue
		}
		near := distance(s, k) <= radius
		switch {
		case pc.Color() == def && (s == k || near):
			q.Put(s, pc)
		case pc.Color() == att && pc.Kind() != shogi.King &&
			(near || shogi.AttacksFrom(pc, s, occ).Intersects(zone)):
			q.Put(s, pc)
		}
	}
	q.SetHand(att, p.Hand(att))
	q.SetSideToMove(att)
	q.SetMoveNumber(1)
	if err := q.Validate(); err != nil {
		return shogi.Position{}, err
	}
	return q, nil
}

// distance is the number of king steps between a and b.
func distance(a, b shogi.Square) int {
	return max(abs(a.File()-b.File()), abs(a.Rank()-b.Rank()))
}

// neighbourhood returns the squares within r king steps of s, s's own
// included.
func neighbourhood(s shogi.Square, r int) shogi.Bitboard {
	var b shogi.Bitboard
	for f := s.File() - r; f <= s.File()+r; f++ {
		for rk := s.Rank() - r; rk <= s.Rank()+r; rk++ {
			if t := shogi.NewSquare(f, rk); f >= 1 && f <= 9 && rk >= 1 && rk <= 9 && t.Valid() {
				b = b.Or(shogi.SquareBB(t))
			}
		}
	}
	return b
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
