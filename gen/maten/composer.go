package maten

import (
	"math"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
)

// Measure returns the composer's metrics of the main line played from
// pos, the attacker to move, and the beauty score built from them (see
// Beauty and docs/generation.md):
//
//   - a sacrifice (捨て駒) is an attacker's move whose moved or dropped
//     piece the defender captures on the next ply;
//   - the first move is quiet when it captures nothing;
//   - a promotion refusal (不成) is an attacker's board move that does not
//     promote where the promoting move was legal too;
//   - a distant drop is an attacker's drop on a square not adjacent to
//     the defender's king (a knight dropped a jump away counts);
//   - the final pieces are the attacker's pieces on the board once the
//     line is played, its king aside;
//   - the branching is the mean number of the defender's legal replies in
//     the positions of the line where the defender is to move (the final
//     mate aside), futile interpositions (mate.IsFutileInterposition, which
//     the tsume convention does not count as defences) left out.
//
// The line must be legal from pos.
func Measure(pos *shogi.Position, line []shogi.Move) problem.Composer {
	c, _ := measure(pos, line, nil)
	return c
}

// measure is Measure with scratch space for the defender's replies,
// returned for reuse.
func measure(pos *shogi.Position, line []shogi.Move, replies []shogi.Move) (problem.Composer, []shogi.Move) {
	var c problem.Composer
	attacker := pos.SideToMove()
	defender := attacker.Opp()
	q := *pos
	branches, defenderPlies := 0, 0
	for i, m := range line {
		if q.SideToMove() == attacker {
			if i == 0 {
				c.QuietFirst = m.IsDrop() || q.PieceAt(m.To()) == shogi.NoPiece
			}
			if sacrificed(line, i) {
				c.Sacrifices++
			}
			if !m.IsDrop() && !m.IsPromotion() && q.IsLegal(m.TogglePromotion()) {
				c.Refusals++
			}
			if m.IsDrop() && !adjacent(m.To(), q.King(defender)) {
				c.DistantDrops++
			}
		} else {
			replies = q.Evasions(replies[:0])
			for _, r := range replies {
				if !mate.IsFutileInterposition(&q, r) {
					branches++
				}
			}
			defenderPlies++
		}
		q.DoMove(m)
	}
	c.FinalPieces = q.ByColor(attacker).Count()
	if q.King(attacker) != shogi.NoSquare {
		c.FinalPieces--
	}
	if defenderPlies > 0 {
		c.Branching = round2(float64(branches) / float64(defenderPlies))
	}
	c.Beauty = Beauty(&c, problem.Pieces(pos))
	return c, replies
}

// Beauty scores the composer's metrics c of a problem of the given size
// (problem.Pieces), rounded to two decimals:
//
//	beauty = 2·S + 1.5·[quiet first] + 2·R + D + max(0, 4 − F) − 0.5·max(0, pieces − 5)
//
// S counts the sacrifices, R the promotion refusals, D the distant drops,
// F the attacker's pieces in the final position: the themes a composer
// prizes score, a clean final position (few attacker pieces at the mate)
// scores up to 3, and every piece beyond five costs half a point, the
// economy of material (docs/generation.md).
func Beauty(c *problem.Composer, pieces int) float64 {
	s := 2*float64(c.Sacrifices) + 2*float64(c.Refusals) + float64(c.DistantDrops)
	if c.QuietFirst {
		s += 1.5
	}
	s += float64(max(0, 4-c.FinalPieces))
	s -= 0.5 * float64(max(0, pieces-5))
	return round2(s)
}

// sacrificed reports whether the piece line[i] moves or drops is taken on
// the next ply (a sacrifice, as Measure and Appeal count them).
func sacrificed(line []shogi.Move, i int) bool {
	return i+1 < len(line) && line[i+1].To() == line[i].To()
}

// adjacent reports whether squares a and k are neighbours (k may be
// NoSquare: then nothing is adjacent).
func adjacent(a, k shogi.Square) bool {
	if k == shogi.NoSquare {
		return false
	}
	df, dr := a.File()-k.File(), a.Rank()-k.Rank()
	return max(df, -df) <= 1 && max(dr, -dr) <= 1
}

// round2 rounds x to two decimals.
func round2(x float64) float64 { return math.Round(x*100) / 100 }
