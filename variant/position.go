package variant

import "github.com/tsume-shogi/tsume/shogi"

// MaxCarried bounds how many royals of one side can carry a fixed power
// other than their own kind into the next position (天竺); MaxRoyals
// bounds the royals of one side, so it is never exceeded.
const (
	MaxRoyals  = 16
	MaxCarried = MaxRoyals
)

// carry is a royal of the side not to move and the power it was fixed
// with during its side's last ply, when that differs from its own kind.
type carry struct {
	sq  Square
	set KindSet
}

// Position is a position of the variant layer: the board, both hands,
// the side to move, the rules it is played under and, under a condition
// that fixes powers per ply (天竺), the powers the side not to move's
// royals carry from their ply. The Zobrist hash covers all of them.
//
// Assignment copies a Position completely (the rules are shared and
// immutable). The zero Position is an empty board under standard rules,
// Black to move.
type Position struct {
	board   [numSquares]Piece
	byColor [2]Bitboard
	byKind  [NumKinds]Bitboard
	royals  [2]Bitboard
	occ     Bitboard
	lines   shogi.Lines
	hands   [2]Hand
	side    Color
	ncarry  uint8
	moveNum int32 // the move number minus one
	key     uint64
	carried [MaxCarried]carry
	rules   *Rules
}

// PieceAt returns the piece on s.
func (p *Position) PieceAt(s Square) Piece { return p.board[s] }

// Hand returns c's hand.
func (p *Position) Hand(c Color) Hand { return p.hands[c] }

// SideToMove returns the side to move.
func (p *Position) SideToMove() Color { return p.side }

// MoveNumber returns the move number (the fourth SFEN field).
func (p *Position) MoveNumber() int { return int(p.moveNum) + 1 }

// Occupied returns the occupied squares.
func (p *Position) Occupied() Bitboard { return p.occ }

// ByColor returns the squares of c's pieces.
func (p *Position) ByColor(c Color) Bitboard { return p.byColor[c] }

// Pieces returns the squares of c's pieces of kind k.
func (p *Position) Pieces(c Color, k Kind) Bitboard { return p.byColor[c].And(p.byKind[k]) }

// Royals returns the squares of c's royal pieces.
func (p *Position) Royals(c Color) Bitboard { return p.royals[c] }

// Key returns the Zobrist hash of the board, the hands, the side to move
// and the carried powers.
func (p *Position) Key() uint64 { return p.key }

// Rules returns the rules p is played under (nil: standard rules).
func (p *Position) Rules() *Rules { return p.rules }

// SetRules sets the rules p is played under and forgets any carried
// powers (the position then counts as a given one: no side has moved).
func (p *Position) SetRules(r *Rules) {
	p.rules = r
	p.setCarried(nil)
}

// CarriedPower returns the power the royal on s of the side not to move
// carries from its side's last ply (天竺) and true, or 0 and false when it
// moves with its own kind.
func (p *Position) CarriedPower(s Square) (KindSet, bool) {
	for _, c := range p.carried[:p.ncarry] {
		if c.sq == s {
			return c.set, true
		}
	}
	return 0, false
}

func (p *Position) setCarried(cs []carry) {
	for _, c := range p.carried[:p.ncarry] {
		p.key -= powerKey(c.sq, c.set)
	}
	p.ncarry = uint8(copy(p.carried[:], cs))
	for _, c := range p.carried[:p.ncarry] {
		p.key += powerKey(c.sq, c.set)
	}
}

// SetHand sets c's hand to h.
func (p *Position) SetHand(c Color, h Hand) {
	for _, k := range handKinds {
		p.key += uint64(h.Count(k)-p.hands[c].Count(k)) * zobrist.hand[c][k]
	}
	p.hands[c] = h
}

// SetSideToMove sets the side to move.
func (p *Position) SetSideToMove(c Color) {
	if c != p.side {
		if c == shogi.White {
			p.key += zobrist.side
		} else {
			p.key -= zobrist.side
		}
		p.side = c
	}
}

// SetMoveNumber sets the move number (at least 1).
func (p *Position) SetMoveNumber(n int) { p.moveNum = int32(n - 1) }

// Put places pc on s, replacing whatever stood there (NoPiece empties s).
// It checks no rule.
func (p *Position) Put(s Square, pc Piece) {
	if old := p.board[s]; old != NoPiece {
		p.remove(old, s)
		p.lines.Clear(s)
		p.occ = p.occ.Without(s)
	}
	if pc != NoPiece {
		p.place(pc, s)
	}
}

// place puts pc on s, empty or emptied by remove (occupancy then kept).
func (p *Position) place(pc Piece, s Square) {
	b := shogi.SquareBB(s)
	p.board[s] = pc
	c := pc.Color()
	p.byColor[c] = p.byColor[c].Or(b)
	p.byKind[pc.Kind()] = p.byKind[pc.Kind()].Or(b)
	if pc.Royal() {
		p.royals[c] = p.royals[c].Or(b)
	}
	if !p.occ.Has(s) {
		p.occ = p.occ.Or(b)
		p.lines.Set(s)
	}
	p.key += zobrist.piece[pc][s]
}

// remove takes pc off s, leaving the occupancy to the caller.
func (p *Position) remove(pc Piece, s Square) {
	b := shogi.SquareBB(s)
	p.board[s] = NoPiece
	c := pc.Color()
	p.byColor[c] = p.byColor[c].AndNot(b)
	p.byKind[pc.Kind()] = p.byKind[pc.Kind()].AndNot(b)
	p.royals[c] = p.royals[c].AndNot(b)
	p.key -= zobrist.piece[pc][s]
}

// ComputeKey recomputes the hash from scratch (Key keeps it incrementally).
func (p *Position) ComputeKey() uint64 {
	var k uint64
	for s := Square(0); s < numSquares; s++ {
		if pc := p.board[s]; pc != NoPiece {
			k += zobrist.piece[pc][s]
		}
	}
	for c := shogi.Black; c <= shogi.White; c++ {
		for _, kd := range handKinds {
			k += uint64(p.hands[c].Count(kd)) * zobrist.hand[c][kd]
		}
	}
	if p.side == shogi.White {
		k += zobrist.side
	}
	for _, c := range p.carried[:p.ncarry] {
		k += powerKey(c.sq, c.set)
	}
	return k
}

// hasFairy reports whether any fairy kind stands on the board or in a hand.
func (p *Position) hasFairy() bool {
	for k := Kind(shogi.NumKinds); k < NumKinds; k++ {
		if p.byKind[k].Any() || p.hands[0].Has(k) || p.hands[1].Has(k) {
			return true
		}
	}
	return false
}

// IsStandard reports whether p holds no fairy element: no fairy kind, no
// royal but the kings, at most one king a side, and standard rules. Such a
// position converts to package shogi exactly (see Shogi).
func (p *Position) IsStandard() bool {
	if p.rules != nil && len(p.rules.conds) > 0 || p.hasFairy() {
		return false
	}
	for c := shogi.Black; c <= shogi.White; c++ {
		if r := p.royals[c]; r != p.Pieces(c, shogi.King) || r.MoreThanOne() {
			return false
		}
	}
	return true
}

// Shogi returns p as a position of package shogi, and true, when p holds
// no fairy element (IsStandard); a solver can then use the fast core.
func (p *Position) Shogi() (shogi.Position, bool) {
	if !p.IsStandard() {
		return shogi.Position{}, false
	}
	sp, err := shogi.ParseSFEN(p.SFEN())
	if err != nil {
		return shogi.Position{}, false
	}
	return sp, true
}

// FromShogi returns the position of package shogi sp as a variant
// position under standard rules.
func FromShogi(sp *shogi.Position) Position {
	p, err := ParseSFEN(sp.SFEN())
	if err != nil {
		// Every standard SFEN is a fairy SFEN.
		panic("variant: cannot read " + sp.SFEN() + ": " + err.Error())
	}
	return p
}
