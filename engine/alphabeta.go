package engine

import (
	"github.com/tsume-shogi/tsume/shogi"
)

// Tuning of the search; docs/engine.md has the measurements.
const (
	aspirationDelta = 50 // the half-width of the first aspiration window
	nullMinDepth    = 3  // null-move pruning from this depth up
	lmrMinDepth     = 3  // late-move reductions from this depth up
	lmrMinMoves     = 3  // ... for the moves after this many
	deltaMargin     = 200
	pollEvery       = 1024 // nodes between looks at the clock and stop
)

// poll reports whether the search must stop: stop, the node limit or
// the hard time limit, looked at every pollEvery nodes once the first
// iteration is done.
func (s *Searcher) poll() bool {
	if s.aborted {
		return true
	}
	if s.nodes%pollEvery != 0 || !s.canAbort {
		return false
	}
	switch {
	case s.stopFlag.Load(), s.nodeCap > 0 && s.nodes >= s.nodeCap:
		s.aborted = true
	default:
		s.pollPonder()
		if s.ponder == nil && s.hard > 0 && s.now().Sub(s.clock) >= s.hard {
			s.aborted = true
		}
	}
	return s.aborted
}

// pollPonder notices the ponder hit: from then on the time limits count.
func (s *Searcher) pollPonder() {
	if s.ponder == nil {
		return
	}
	select {
	case <-s.ponder:
		s.ponder, s.clock = nil, s.now()
	default:
	}
}

// evaluate returns the static score of the position at ply.
func (s *Searcher) evaluate(ply int) Score {
	if s.inc != nil {
		return Score(s.inc.Current())
	}
	return Score(s.ev.Evaluate(&s.pos[ply]))
}

// push records child, reached from the position at ply by m, as the
// position at ply+1.
func (s *Searcher) push(ply int, m shogi.Move) {
	parent, child := &s.pos[ply], &s.pos[ply+1]
	i := s.base + ply + 1
	s.keys[i], s.checked[i] = child.Key(), child.InCheck()
	if s.inc != nil {
		s.inc.Push(parent, m, child)
	}
}

// pop returns from ply+1 to ply.
func (s *Searcher) pop() {
	if s.inc != nil {
		s.inc.Pop()
	}
}

// play makes the position at ply+1 the one m leads to from ply's.
func (s *Searcher) play(ply int, m shogi.Move) {
	child := &s.pos[ply+1]
	*child = s.pos[ply]
	if m == shogi.NoMove {
		child.DoNullMove()
	} else {
		child.DoMove(m)
	}
	s.push(ply, m)
}

// repetition scores the position at ply if it repeats one of the game
// or of the path: a draw, or for the side whose every move since gave
// check, a loss.
func (s *Searcher) repetition(ply int) (Score, bool) {
	i := s.base + ply
	key := s.keys[i]
	for j := i - 4; j >= 0; j -= 2 {
		if s.keys[j] != key {
			continue
		}
		theyCheck, weCheck := true, true
		for k := j + 2; k <= i && theyCheck; k += 2 {
			theyCheck = s.checked[k]
		}
		for k := j + 1; k < i && weCheck; k += 2 {
			weCheck = s.checked[k]
		}
		switch {
		case theyCheck && !weCheck:
			return MateIn(ply), true
		case weCheck && !theyCheck:
			return MatedIn(ply), true
		}
		return DrawScore, true
	}
	return 0, false
}

// updatePV makes m and the line below it the line of ply.
func (s *Searcher) updatePV(ply int, m shogi.Move) {
	s.pv[ply][ply] = m
	n := copy(s.pv[ply][ply+1:], s.pv[ply+1][ply+1:s.pvLen[ply+1]])
	s.pvLen[ply] = ply + 1 + n
}

// aspiration searches the root line pvIdx at depth within a window
// around its last score, widened until the score falls inside.
func (s *Searcher) aspiration(depth, pvIdx int) {
	s.rootDepth, s.selDepth = depth, 0
	prev := s.root[pvIdx].prev
	delta := Score(aspirationDelta)
	alpha, beta := -Infinite, Infinite
	if depth >= 4 && !s.f.NoAspiration && prev != -Infinite && !prev.IsWin() && !prev.IsLoss() {
		alpha, beta = max(prev-delta, -Infinite), min(prev+delta, Infinite)
	}
	for {
		sc := s.rootSearch(alpha, beta, depth, pvIdx)
		sortRoot(s.root[pvIdx:])
		if s.aborted {
			return
		}
		switch {
		case sc <= alpha && alpha > -Infinite:
			beta = (alpha + beta) / 2
			alpha = max(sc-delta, -Infinite)
		case sc >= beta && beta < Infinite:
			beta = min(sc+delta, Infinite)
		default:
			return
		}
		delta += delta
	}
}

// rootSearch searches the root moves from pvIdx on at depth.
func (s *Searcher) rootSearch(alpha, beta Score, depth, pvIdx int) Score {
	best := -Infinite
	for i := pvIdx; i < len(s.root); i++ {
		s.root[i].score = -Infinite
	}
	for i := pvIdx; i < len(s.root); i++ {
		rm := &s.root[i]
		s.play(0, rm.move)
		newDepth := depth - 1
		if s.checked[s.base+1] && !s.f.NoCheckExt {
			newDepth++
		}
		var sc Score
		if i == pvIdx {
			sc = -s.search(-beta, -alpha, newDepth, 1, true, true)
		} else {
			sc = -s.search(-alpha-1, -alpha, newDepth, 1, false, true)
			if sc > alpha && sc < beta && !s.aborted {
				sc = -s.search(-beta, -alpha, newDepth, 1, true, true)
			}
		}
		s.pop()
		if s.aborted {
			return best
		}
		if i == pvIdx || sc > alpha {
			rm.score, rm.selDepth = sc, s.selDepth
			rm.pv = append(rm.pv[:0], rm.move)
			rm.pv = append(rm.pv, s.pv[1][1:s.pvLen[1]]...)
		}
		best = max(best, sc)
		if sc > alpha {
			alpha = sc
			if sc >= beta {
				return sc
			}
		}
	}
	return best
}

// search is negamax alpha-beta with a table, at depth plies above the
// quiescence search, for the position at ply.
func (s *Searcher) search(alpha, beta Score, depth, ply int, pvNode, nullOK bool) Score {
	if sc, ok := s.repetition(ply); ok {
		s.pvLen[ply] = ply
		return sc
	}
	if depth <= 0 {
		return s.qsearch(alpha, beta, ply)
	}
	s.pvLen[ply] = ply
	s.nodes++
	if s.poll() {
		return 0
	}
	s.selDepth = max(s.selDepth, ply)
	if ply >= MaxPly {
		return s.evaluate(ply)
	}
	// Mate distance pruning: no line from here beats a mate closer to the root.
	alpha, beta = max(alpha, MatedIn(ply)), min(beta, MateIn(ply+1))
	if alpha >= beta {
		return alpha
	}
	p := &s.pos[ply]
	key := s.keys[s.base+ply]
	inCheck := s.checked[s.base+ply]
	ttMove := shogi.NoMove
	if !s.f.NoTable {
		if e, ok := s.tt.probe(key); ok {
			ttMove = e.move
			if !pvNode && int(e.depth) >= depth {
				sc := fromTT(Score(e.score), ply)
				b := e.flags & 3
				if b == boundExact || b == boundLower && sc >= beta || b == boundUpper && sc <= alpha {
					return sc
				}
			}
		}
	}
	if !inCheck && !pvNode && nullOK && !s.f.NoNull && depth >= nullMinDepth && !beta.IsWin() && !beta.IsLoss() {
		if static := s.evaluate(ply); static >= beta {
			r := 3 + depth/6
			s.play(ply, shogi.NoMove)
			sc := -s.search(-beta, -beta+1, depth-1-r, ply+1, false, false)
			s.pop()
			if s.aborted {
				return 0
			}
			if sc >= beta {
				if sc.IsWin() {
					sc = beta
				}
				return sc
			}
		}
	}

	moves := s.moves[ply][:0]
	if inCheck {
		moves = p.Evasions(moves)
	} else {
		moves = p.LegalMoves(moves)
	}
	n := len(moves)
	if n == 0 {
		return MatedIn(ply)
	}
	s.scoreMoves(p, ply, n, ttMove)
	best, bestMove, origAlpha := -Infinite, shogi.NoMove, alpha
	k0, k1 := s.killers[ply][0], s.killers[ply][1]
	for i := 0; i < n; i++ {
		m := s.pick(ply, i, n)
		quiet := !isCapture(p, m) && !m.IsPromotion()
		s.play(ply, m)
		givesCheck := s.checked[s.base+ply+1]
		newDepth := depth - 1
		if givesCheck && !s.f.NoCheckExt && ply < 2*s.rootDepth && (s.f.AllCheckExt || see(p, m) >= 0) {
			newDepth++
		}
		var sc Score
		if i == 0 {
			sc = -s.search(-beta, -alpha, newDepth, ply+1, pvNode, true)
		} else {
			r := 0
			if !s.f.NoLMR && depth >= lmrMinDepth && i >= lmrMinMoves && quiet && !inCheck && !givesCheck && m != k0 && m != k1 {
				r = 1
				if i >= 3*lmrMinMoves && !pvNode {
					r = 2
				}
				r = min(r, newDepth-1)
			}
			sc = -s.search(-alpha-1, -alpha, newDepth-r, ply+1, false, true)
			if sc > alpha && r > 0 && !s.aborted {
				sc = -s.search(-alpha-1, -alpha, newDepth, ply+1, false, true)
			}
			if sc > alpha && sc < beta && pvNode && !s.aborted {
				sc = -s.search(-beta, -alpha, newDepth, ply+1, true, true)
			}
		}
		s.pop()
		if s.aborted {
			return 0
		}
		if sc > best {
			best = sc
			if sc > alpha {
				alpha, bestMove = sc, m
				if pvNode {
					s.updatePV(ply, m)
				}
				if sc >= beta {
					if quiet {
						s.updateQuiet(p, ply, m, depth, s.moves[ply][:i])
					}
					break
				}
			}
		}
	}
	if !s.f.NoTable {
		bound := uint8(boundUpper)
		switch {
		case best >= beta:
			bound = boundLower
		case best > origAlpha:
			bound = boundExact
		}
		s.tt.store(key, bestMove, toTT(best, ply), depth, bound)
	}
	return best
}

// qsearch is the quiescence search: the captures that do not lose
// material, or every evasion in check, until the position is quiet.
func (s *Searcher) qsearch(alpha, beta Score, ply int) Score {
	s.pvLen[ply] = ply
	s.nodes++
	if s.poll() {
		return 0
	}
	s.selDepth = max(s.selDepth, ply)
	if ply >= MaxPly {
		return s.evaluate(ply)
	}
	p := &s.pos[ply]
	inCheck := s.checked[s.base+ply]
	best := -Infinite
	var stand Score
	if !inCheck {
		stand = s.evaluate(ply)
		if stand >= beta {
			return stand
		}
		best = stand
		alpha = max(alpha, stand)
	}
	moves := p.Captures(s.moves[ply][:0])
	n := len(moves)
	if n == 0 {
		if inCheck {
			return MatedIn(ply)
		}
		return best
	}
	s.scoreMoves(p, ply, n, shogi.NoMove)
	for i := 0; i < n; i++ {
		m := s.pick(ply, i, n)
		if !inCheck {
			if s.scores[ply][i] < 0 {
				break // the rest lose material
			}
			if v := p.PieceAt(m.To()); !s.f.NoDelta && v != shogi.NoPiece && stand+Score(captureValue[v.Kind()])+deltaMargin < alpha && !m.IsPromotion() {
				continue
			}
		}
		s.play(ply, m)
		sc := -s.qsearch(-beta, -alpha, ply+1)
		s.pop()
		if s.aborted {
			return 0
		}
		if sc > best {
			best = sc
			if sc > alpha {
				alpha = sc
				s.updatePV(ply, m)
				if sc >= beta {
					break
				}
			}
		}
	}
	return best
}
