package engine

import "github.com/tsume-shogi/tsume/shogi"

// Move ordering scores: the table's move first, then the captures that
// do not lose material (by MVV-LVA), promotions, killers, the quiet
// moves by history and last the captures that lose material.
const (
	orderTT      = 1 << 30
	orderCapture = 1 << 28
	orderPromo   = 1 << 27
	orderKiller  = 1 << 26
	orderBad     = -1 << 28
	historyMax   = 1 << 14
)

// isCapture reports whether m captures in p.
func isCapture(p *shogi.Position, m shogi.Move) bool {
	return !m.IsDrop() && p.PieceAt(m.To()) != shogi.NoPiece
}

// scoreMoves gives each move of s.moves[ply][:n] its ordering score.
func (s *Searcher) scoreMoves(p *shogi.Position, ply, n int, ttMove shogi.Move) {
	moves := s.moves[ply][:n]
	scores := s.scores[ply][:n]
	k0, k1 := s.killers[ply][0], s.killers[ply][1]
	for i, m := range moves {
		switch {
		case m == ttMove:
			scores[i] = orderTT
		case isCapture(p, m):
			victim := captureValue[p.PieceAt(m.To()).Kind()]
			attacker := boardValue[m.Piece().Kind()]
			mvvlva := victim*16 - attacker/16
			if m.IsPromotion() {
				mvvlva += promotionGain(m.Piece().Kind()) * 16
			}
			if attacker > victim && see(p, m) < 0 {
				scores[i] = orderBad + mvvlva
			} else {
				scores[i] = orderCapture + mvvlva
			}
		case m.IsPromotion():
			scores[i] = orderPromo + promotionGain(m.Piece().Kind())
		case m == k0:
			scores[i] = orderKiller + 1
		case m == k1:
			scores[i] = orderKiller
		default:
			scores[i] = s.history[m.PieceAfter()][m.To()]
		}
	}
}

// pick moves the best-scored move of ply from i on to i and returns it.
func (s *Searcher) pick(ply, i, n int) shogi.Move {
	moves := s.moves[ply][:n]
	scores := s.scores[ply][:n]
	best := i
	for j := i + 1; j < n; j++ {
		if scores[j] > scores[best] {
			best = j
		}
	}
	moves[i], moves[best] = moves[best], moves[i]
	scores[i], scores[best] = scores[best], scores[i]
	return moves[i]
}

// updateQuiet rewards the quiet move m that cut off at ply with depth
// and punishes the quiet moves tried before it.
func (s *Searcher) updateQuiet(p *shogi.Position, ply int, m shogi.Move, depth int, tried []shogi.Move) {
	if s.killers[ply][0] != m {
		s.killers[ply][1] = s.killers[ply][0]
		s.killers[ply][0] = m
	}
	bonus := int32(min(depth*depth, 400))
	s.addHistory(m, bonus)
	for _, q := range tried {
		if !isCapture(p, q) && !q.IsPromotion() {
			s.addHistory(q, -bonus)
		}
	}
}

// addHistory moves a history score towards ±historyMax by bonus.
func (s *Searcher) addHistory(m shogi.Move, bonus int32) {
	h := &s.history[m.PieceAfter()][m.To()]
	abs := bonus
	if abs < 0 {
		abs = -abs
	}
	*h += bonus*32 - *h*abs*32/historyMax
}
