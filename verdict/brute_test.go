package verdict

import "github.com/tsume-shogi/tsume/shogi"

// bruteLength returns the length in plies of the shortest forced mate of
// p by attacker, at most n plies, or -1 when there is none. p may have
// either side to move; a defender to move that is mated gives 0.
//
// It is plain depth-bounded minimax, written to be obviously right rather
// than fast, and shares no code with package mate or this package: only
// the rules core's LegalMoves, DoMove and InCheck. The attacker plays
// every legal move that checks; the defender every legal reply, each
// interposition counting (the rule mate.Count); there is no repetition
// rule, so the positions tested must mate within the horizon.
func bruteLength(p *shogi.Position, attacker shogi.Color, n int) int {
	start := 1
	if p.SideToMove() != attacker {
		start = 0
	}
	for d := start; d <= n; d += 2 {
		if bruteMates(p, attacker, d) {
			return d
		}
	}
	return -1
}

// bruteMates reports whether attacker mates p within d plies.
func bruteMates(p *shogi.Position, attacker shogi.Color, d int) bool {
	moves := p.LegalMoves(nil)
	if p.SideToMove() != attacker {
		if len(moves) == 0 {
			return p.InCheck()
		}
		if d < 2 {
			return false
		}
		for _, m := range moves {
			q := *p
			q.DoMove(m)
			if !bruteMates(&q, attacker, d-1) {
				return false
			}
		}
		return true
	}
	if d < 1 {
		return false
	}
	for _, m := range moves {
		q := *p
		q.DoMove(m)
		if q.InCheck() && bruteMates(&q, attacker, d-1) {
			return true
		}
	}
	return false
}
