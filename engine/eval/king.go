package eval

import "github.com/tsume-shogi/tsume/shogi"

// The king-safety constants, before the weights; docs/eval.md explains
// them.
var (
	// goldDefence and silverDefence are the bonuses, in centipawns, of a
	// gold-moving piece and of a silver at distance 1 and 2 from its own
	// king.
	goldDefence   = [3]int32{0, 40, 20}
	silverDefence = [3]int32{0, 30, 15}
	// attackUnits is the danger a piece adds for each square next to the
	// enemy king that it attacks.
	attackUnits = [shogi.NumKinds]int32{
		shogi.Pawn: 1, shogi.Lance: 2, shogi.Knight: 2, shogi.Silver: 3, shogi.Gold: 3,
		shogi.Bishop: 2, shogi.Rook: 3, shogi.King: 1,
		shogi.ProPawn: 3, shogi.ProLance: 3, shogi.ProKnight: 3, shogi.ProSilver: 3,
		shogi.Horse: 4, shogi.Dragon: 5,
	}
	// handUnits is the danger a piece in the enemy's hand adds.
	handUnits = [shogi.NumKinds]int32{
		shogi.Pawn: 1, shogi.Lance: 2, shogi.Knight: 3, shogi.Silver: 3, shogi.Gold: 4,
		shogi.Bishop: 4, shogi.Rook: 6,
	}
)

const (
	// maxDanger caps the danger units of one king (the penalty stops
	// growing there).
	maxDanger = 50
	// maxPawnHandDanger caps the pawns in hand that count as danger: a
	// pawn drop is one threat however many pawns are held.
	maxPawnHandDanger = 3
)

// dangerPenalty returns the penalty, in centipawns, of d hundredths of a
// danger unit: it grows with the square of the danger, d²/2 in units (so
// 10 units cost 50, 30 units 450), up to 1250 at maxDanger.
func dangerPenalty(d int32) int32 {
	d = min(d, maxDanger*100)
	return d * d / 20000
}

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
