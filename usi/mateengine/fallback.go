package mateengine

import (
	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/shogi"
)

// pieceValue is a rough material value of a kind, for choosing a move
// when no mate is found.
func pieceValue(k shogi.Kind) int {
	switch k {
	case shogi.Pawn:
		return 1
	case shogi.Lance:
		return 3
	case shogi.Knight:
		return 4
	case shogi.Silver:
		return 5
	case shogi.Gold, shogi.ProPawn, shogi.ProLance, shogi.ProKnight, shogi.ProSilver:
		return 6
	case shogi.Bishop:
		return 8
	case shogi.Rook:
		return 10
	case shogi.Horse:
		return 12
	case shogi.Dragon:
		return 14
	case shogi.King:
		return 1000
	}
	return 0
}

// fallbackMove chooses a legal move of p without search (one of only,
// unless only is nil): a mate in one if there is one; else, among the moves after
// which the opponent has no mate in one, the one with the best material
// balance on its square (the piece captured, the promotion gained, minus
// the piece's base kind if the opponent attacks the square), a check
// breaking ties. It returns NoMove (resign) if there is no such move.
func fallbackMove(p *shogi.Position, only []shogi.Move) shogi.Move {
	moves := p.LegalMoves(nil)
	if only != nil {
		kept := moves[:0]
		for _, m := range moves {
			if allowed(only, m) {
				kept = append(kept, m)
			}
		}
		moves = kept
	}
	if len(moves) == 0 {
		return shogi.NoMove
	}
	if p.King(p.SideToMove().Opp()) != shogi.NoSquare {
		for _, m := range mate.Mate1(p) {
			if p.IsLegal(m) && allowed(only, m) {
				return m
			}
		}
	}
	me := p.SideToMove()
	best, bestScore := moves[0], -1<<30
	for _, m := range moves {
		q := *p
		q.DoMove(m)
		score := 0
		if !m.IsDrop() {
			if victim := p.PieceAt(m.To()); victim != shogi.NoPiece {
				score += 10 * pieceValue(victim.Kind())
			}
		}
		if m.IsPromotion() {
			score += 10 * (pieceValue(m.Piece().Kind().Promote()) - pieceValue(m.Piece().Kind()))
		}
		if q.AttackersTo(me.Opp(), m.To()).Any() {
			// Recaptured, the piece goes to the opponent's hand.
			score -= 10 * pieceValue(m.PieceAfter().Kind().Demote())
		}
		if q.InCheck() {
			score += 2
		}
		if q.King(me) != shogi.NoSquare && len(mate.Mate1(&q)) > 0 {
			score -= 100000
		}
		if score > bestScore {
			best, bestScore = m, score
		}
	}
	return best
}
