package eval

import "github.com/tsume-shogi/tsume/shogi"

// kingSafety returns the king-safety term of c's king, in centipawns,
// positive when the king is well defended: the bonus of c's generals near
// the king, minus the penalty of the danger around it. A side without a
// king (a tsume position's attacker) scores 0.
func (e *Classic) kingSafety(p *shogi.Position, c shogi.Color) int32 {
	ksq := p.King(c)
	if ksq == shogi.NoSquare {
		return 0
	}
	t := e.t
	them := c.Opp()
	kf, kr := ksq.File(), ksq.Rank()

	// Defence: the golds, silvers and gold-moving promoted pieces within
	// two squares of the king, nearer ones counting more.
	var bonus int32
	guards := p.Pieces(c, shogi.Gold).Or(p.Pieces(c, shogi.Silver)).
		Or(p.Pieces(c, shogi.ProPawn)).Or(p.Pieces(c, shogi.ProLance)).
		Or(p.Pieces(c, shogi.ProKnight)).Or(p.Pieces(c, shogi.ProSilver))
	for guards.Any() {
		s := guards.PopLSB()
		if d := chebyshev(kf, kr, s); d <= 2 {
			bonus += t.defence[p.PieceAt(s).Kind()][d]
		}
	}

	// Attack: for each square next to the king, every enemy piece that
	// attacks it adds the units of its kind.
	var danger int32
	zone := shogi.AttacksFrom(shogi.NewPiece(c, shogi.King), ksq, shogi.Bitboard{})
	for zone.Any() {
		a := p.AttackersTo(them, zone.PopLSB())
		for a.Any() {
			danger += t.attack[p.PieceAt(a.PopLSB()).Kind()]
		}
	}

	// Hand: the pieces the enemy could drop next to the king.
	if h := p.Hand(them); !h.IsEmpty() {
		danger += int32(min(h.Count(shogi.Pawn), maxPawnHandDanger)) * t.handDanger[shogi.Pawn]
		for _, k := range handKinds[1:] {
			danger += int32(h.Count(k)) * t.handDanger[k]
		}
	}
	return bonus - dangerPenalty(danger)
}

// chebyshev returns the king-move distance between the square on file f,
// rank r and s.
func chebyshev(f, r int, s shogi.Square) int {
	df, dr := s.File()-f, s.Rank()-r
	if df < 0 {
		df = -df
	}
	if dr < 0 {
		dr = -dr
	}
	return max(df, dr)
}
