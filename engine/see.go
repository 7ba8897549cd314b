package engine

import "github.com/tsume-shogi/tsume/shogi"

// seeOrder lists the kinds from the least valuable up, the order in
// which the exchange brings in its attackers.
var seeOrder = [...]shogi.Kind{
	shogi.Pawn, shogi.Lance, shogi.Knight, shogi.Silver, shogi.Gold,
	shogi.ProPawn, shogi.ProLance, shogi.ProKnight, shogi.ProSilver,
	shogi.Bishop, shogi.Rook, shogi.Horse, shogi.Dragon, shogi.King,
}

// attackersWith returns the pieces of both sides on occ that attack s
// when the occupied squares are occ: a piece of colour c and kind k on x
// attacks s exactly when one of the other colour and the same kind on s
// attacks x, lines blocked alike.
func attackersWith(p *shogi.Position, s shogi.Square, occ shogi.Bitboard) shogi.Bitboard {
	var a shogi.Bitboard
	for c := shogi.Black; c <= shogi.White; c++ {
		for k := shogi.Pawn; k < shogi.NumKinds; k++ {
			if bb := p.Pieces(c, k).And(occ); bb.Any() {
				a = a.Or(bb.And(shogi.AttacksFrom(shogi.NewPiece(c.Opp(), k), s, occ)))
			}
		}
	}
	return a
}

// see is the static exchange evaluation of m: the material the side
// to move wins on m's square when both sides go on capturing there with
// their least valuable piece and either may stop, x-rays included. A
// capture gains the victim's captureValue; promotions after the first
// move are not counted.
func see(p *shogi.Position, m shogi.Move) int32 {
	to := m.To()
	var gain [48]int32
	if v := p.PieceAt(to); v != shogi.NoPiece {
		gain[0] = captureValue[v.Kind()]
	}
	if m.IsPromotion() {
		gain[0] += promotionGain(m.Piece().Kind())
	}
	occ := p.Occupied()
	if !m.IsDrop() {
		occ = occ.Without(m.From())
	}
	occ = occ.With(to)
	onTo := m.PieceAfter().Kind()
	side := m.Color().Opp()
	attackers := attackersWith(p, to, occ)
	d := 0
	for d+1 < len(gain) {
		var from shogi.Square = shogi.NoSquare
		var kind shogi.Kind
		mine := attackers.And(p.ByColor(side))
		if mine.IsEmpty() {
			break
		}
		for _, k := range seeOrder {
			if bb := mine.And(p.Pieces(side, k)); bb.Any() {
				from, kind = bb.LSB(), k
				break
			}
		}
		d++
		gain[d] = captureValue[onTo] - gain[d-1]
		if max(-gain[d-1], gain[d]) < 0 {
			break
		}
		occ = occ.Without(from)
		attackers = attackersWith(p, to, occ)
		onTo = kind
		side = side.Opp()
	}
	for ; d > 0; d-- {
		gain[d-1] = -max(-gain[d-1], gain[d])
	}
	return gain[0]
}
