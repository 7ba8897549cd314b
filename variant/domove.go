package variant

import "github.com/tsume-shogi/tsume/shogi"

// DoMove plays m, which must be legal (or at least pseudo-legal) in p.
// Under a condition that fixes royal powers (天竺) it computes the mover's
// powers first, to carry them into the new position.
func (p *Position) DoMove(m Move) {
	if p.rules != nil && p.rules.carries {
		var pw Powers
		p.powers(&pw)
		p.doMove(m, &pw)
		return
	}
	p.doMove(m, nil)
}

// doMove plays m; pw, when the rules carry powers, holds p's powers.
func (p *Position) doMove(m Move, pw *Powers) {
	us := p.side
	to := m.To()
	from := shogi.NoSquare
	if m.IsDrop() {
		k := m.DroppedKind()
		p.hands[us] = p.hands[us].Remove(k)
		p.key -= zobrist.hand[us][k]
		p.place(NewPiece(us, k, false), to)
	} else {
		from = m.From()
		pc := p.board[from]
		if cp := p.board[to]; cp != NoPiece {
			p.remove(cp, to)
			// A captured royal (only in an illegal line of play) does not
			// go to hand.
			if !cp.Royal() {
				b := kindDefs[cp.Kind()].Base
				p.hands[us] = p.hands[us].Add(b)
				p.key += zobrist.hand[us][b]
			}
		}
		p.remove(pc, from)
		p.lines.Clear(from)
		p.occ = p.occ.Without(from)
		if m.IsPromotion() {
			pc = pc&^31 | Piece(kindDefs[pc.Kind()].Promotes)
		}
		p.place(pc, to)
	}
	if p.side = us.Opp(); p.side == shogi.White {
		p.key += zobrist.side
	} else {
		p.key -= zobrist.side
	}
	p.moveNum++
	if p.rules == nil || !p.rules.carries {
		return
	}
	// 天竺: the mover's royals carry the powers fixed at the start of the
	// ply, a moved royal to its new square; the opponent's royals, now to
	// move, carry none (their powers are resolved afresh).
	var cs [MaxCarried]carry
	n := 0
	for b := p.royals[us]; b.Any(); {
		r := b.PopLSB()
		old := r
		if r == to && from != shogi.NoSquare {
			old = from
		}
		set := SetOf(p.board[r].Kind())
		switch {
		case pw.changed.Has(old):
			set = pw.set[old]
		case old != r:
			set = SetOf(MoveKind(m)) // the kind it had before promoting
		}
		if set != SetOf(p.board[r].Kind()) {
			cs[n] = carry{r, set}
			n++
		}
	}
	p.setCarried(cs[:n])
}
