package eval

import "github.com/tsume-shogi/tsume/shogi"

// Weights switches and scales the terms of the Classic evaluation, each in
// percent of its documented value (docs/eval.md): 100 is the default, 0
// switches the term off, 50 halves it. Self-play measures a term by
// playing an evaluation with the term against one without it.
type Weights struct {
	// Hand scales the extra value of a piece in hand over the same piece
	// on the board (HandValue − PieceValue); at 0 a piece in hand counts
	// as much as on the board.
	Hand int
	// Promotion scales the extra value of a promoted piece over its base
	// kind; at 0 a tokin counts as a pawn.
	Promotion int
	// PST scales the piece-square tables.
	PST int
	// KingDefence scales the bonus for the own golds and silvers (and
	// gold-moving promoted pieces) near each king.
	KingDefence int
	// KingAttack scales the danger from enemy pieces attacking the
	// squares around each king.
	KingAttack int
	// KingHand scales the danger the opponent's pieces in hand add to
	// those attacks.
	KingHand int
}

// DefaultWeights returns the weights of NewDefault: every term at 100%.
func DefaultWeights() Weights {
	return Weights{Hand: 100, Promotion: 100, PST: 100, KingDefence: 100, KingAttack: 100, KingHand: 100}
}

// Classic is the default hand-written evaluation: material with pieces in
// hand valued above pieces on the board and promoted pieces above their
// base kinds, piece-square tables, and king safety (the own generals near
// each king against the enemy pieces attacking the squares around it and
// the pieces the enemy holds in hand). Its terms and their values are
// described in docs/eval.md.
//
// A Classic's tables are read-only once made, and Clone shares them; its
// Incremental methods (incremental.go) keep the search's line, so each
// goroutine of a search uses its own Clone.
type Classic struct {
	t    *classicTables
	line []frame // the Incremental line, ply 0 first
}

// classicTables are the tables of a Classic, built once from its Weights.
// Board and hand terms are from Black's view: positive for Black's pieces,
// negative for White's.
type classicTables struct {
	w Weights
	// board is material plus piece-square bonus of each piece on each
	// square, indexed by shogi.Piece (colour bit 4, kind in the low bits).
	board [32][shogi.NumSquares]int32
	// hand is the value of one piece in hand of each colour and kind.
	hand [2][shogi.NumKinds]int32
	// defence is the bonus of an own piece of each kind at Chebyshev
	// distance 1 and 2 from its king (index 0 unused).
	defence [shogi.NumKinds][3]int32
	// attack is the danger (in hundredths of a unit) an enemy piece of
	// each kind adds for each square next to the king it attacks.
	attack [shogi.NumKinds]int32
	// emptyAttacks are the squares each piece attacks from each square on
	// an empty board, indexed by shogi.Piece.
	emptyAttacks [32][shogi.NumSquares]shogi.Bitboard
	// reach holds, for each king square, the squares within two files and
	// three ranks of it: a stepping piece anywhere else attacks none of
	// the king's neighbours.
	reach [shogi.NumSquares]shogi.Bitboard
	// handDanger is the danger (in hundredths of a unit) each enemy piece
	// in hand adds.
	handDanger [shogi.NumKinds]int32
}

// NewDefault returns the Classic evaluation with DefaultWeights, the
// default evaluation of tsume's engine.
func NewDefault() *Classic { return NewClassic(DefaultWeights()) }

// NewClassic returns the Classic evaluation with the terms scaled by w;
// a weight outside [0, MaxWeight] counts as the nearer bound.
func NewClassic(w Weights) *Classic {
	for _, f := range w.fields() {
		*f = min(max(*f, 0), MaxWeight)
	}
	t := &classicTables{w: w}
	for k := shogi.Pawn; k < shogi.NumKinds; k++ {
		v := int32(boardValues[k])
		if k == shogi.King {
			v = 0
		} else if k.IsPromoted() {
			base := int32(boardValues[k.Demote()])
			v = base + (v-base)*int32(w.Promotion)/100
		}
		for s := shogi.Square(0); s < shogi.NumSquares; s++ {
			for c := shogi.Black; c <= shogi.White; c++ {
				pc := shogi.NewPiece(c, k)
				t.emptyAttacks[pc][s] = shogi.AttacksFrom(pc, s, shogi.Bitboard{})
			}
			b := v + int32(pstBonus(k, s))*int32(w.PST)/100
			t.board[shogi.NewPiece(shogi.Black, k)][s] = b
			// A White piece on s stands where a Black one stands on
			// s.Rotate() from its owner's view.
			t.board[shogi.NewPiece(shogi.White, k)][s.Rotate()] = -b
		}
	}
	for _, k := range handKinds {
		b := int32(boardValues[k])
		h := b + (int32(handValues[k])-b)*int32(w.Hand)/100
		t.hand[shogi.Black][k] = h
		t.hand[shogi.White][k] = -h
	}
	for k := shogi.Pawn; k < shogi.NumKinds; k++ {
		var d [3]int32
		switch {
		case k == shogi.Silver:
			d = silverDefence
		case k == shogi.Gold || k.IsPromoted() && k != shogi.Horse && k != shogi.Dragon:
			d = goldDefence
		}
		for i := range d {
			t.defence[k][i] = d[i] * int32(w.KingDefence) / 100
		}
		t.attack[k] = attackUnits[k] * int32(w.KingAttack)
		t.handDanger[k] = handUnits[k] * int32(w.KingHand)
	}
	for k := shogi.Square(0); k < shogi.NumSquares; k++ {
		for s := shogi.Square(0); s < shogi.NumSquares; s++ {
			if df, dr := s.File()-k.File(), s.Rank()-k.Rank(); df >= -2 && df <= 2 && dr >= -3 && dr <= 3 {
				t.reach[k] = t.reach[k].With(s)
			}
		}
	}
	return &Classic{t: t}
}

// Weights returns the weights e was made with (after bounding).
func (e *Classic) Weights() Weights { return e.t.w }

// Evaluate returns the score of p from the view of the side to move,
// within [-MaxScore, MaxScore]. It does not allocate.
func (e *Classic) Evaluate(p *shogi.Position) Score {
	return e.finish(p, e.staticBlack(p))
}

// Clone returns a Classic that scores as e does, with the same tables and
// an empty line of its own: SetRoot starts its Incremental use.
func (e *Classic) Clone() Evaluator { return &Classic{t: e.t} }

// staticBlack returns the material and piece-square terms of p from
// Black's view: the part of the score that Incremental updates move by
// move.
func (e *Classic) staticBlack(p *shogi.Position) int32 {
	t := e.t
	var s int32
	for b := p.Occupied(); b.Any(); {
		sq := b.PopLSB()
		s += t.board[p.PieceAt(sq)][sq]
	}
	for c := shogi.Black; c <= shogi.White; c++ {
		h := p.Hand(c)
		if h.IsEmpty() {
			continue
		}
		for _, k := range handKinds {
			s += int32(h.Count(k)) * t.hand[c][k]
		}
	}
	return s
}

// finish adds king safety to the static terms st (Black's view) and
// returns the score from the side to move's view, clamped.
func (e *Classic) finish(p *shogi.Position, st int32) Score {
	s := st + e.kingSafety(p, shogi.Black) - e.kingSafety(p, shogi.White)
	if p.SideToMove() == shogi.White {
		s = -s
	}
	return Score(min(max(s, -int32(MaxScore)), int32(MaxScore)))
}
