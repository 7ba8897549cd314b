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
	// attacks it adds the units of its kind. The loop runs over the enemy
	// pieces that can reach the neighbourhood — the sliders, and the
	// stepping pieces within two files and three ranks of the king — and
	// over the neighbours each one would attack on an empty board; a
	// neighbour is attacked when nothing stands between.
	zone := shogi.AttacksFrom(shogi.NewPiece(c, shogi.King), ksq, shogi.Bitboard{})
	danger := t.zoneAttacks(p, them, zone, ksq)
	// Hand: the pieces the enemy could drop next to the king.
	if h := p.Hand(them); !h.IsEmpty() {
		danger += int32(min(h.Count(shogi.Pawn), maxPawnHandDanger)) * t.handDanger[shogi.Pawn]
		for _, k := range handKinds[1:] {
			danger += int32(h.Count(k)) * t.handDanger[k]
		}
	}
	return bonus - dangerPenalty(danger)
}

// zoneAttacks returns the attack danger, in hundredths of a unit, of c's
// pieces on zone, the neighbours of the enemy king on ksq: the sum over
// the squares of zone of the units of each c-piece that attacks it.
func (t *classicTables) zoneAttacks(p *shogi.Position, c shogi.Color, zone shogi.Bitboard, ksq shogi.Square) int32 {
	occ := p.Occupied()
	sliders := p.Pieces(c, shogi.Lance).Or(p.Pieces(c, shogi.Bishop)).Or(p.Pieces(c, shogi.Rook)).
		Or(p.Pieces(c, shogi.Horse)).Or(p.Pieces(c, shogi.Dragon))
	var danger int32
	for b := p.ByColor(c).And(t.reach[ksq]).Or(sliders); b.Any(); {
		s := b.PopLSB()
		pc := p.PieceAt(s)
		hit := t.emptyAttacks[pc][s].And(zone)
		if hit.IsEmpty() {
			continue
		}
		n := int32(0)
		for hit.Any() {
			if !shogi.Between(s, hit.PopLSB()).Intersects(occ) {
				n++
			}
		}
		danger += n * t.attack[pc.Kind()]
	}
	return danger
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
