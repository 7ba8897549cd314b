package helpmate

import (
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// positionOps is what the search needs of a position type P, through its
// pointer type: the methods of *shogi.Position by their own names, so
// that the instantiation for package shogi (the fast path) calls them
// with no wrapper between, and *fairyPos provides the same over package
// variant.
type positionOps[P any] interface {
	*P
	SideToMove() shogi.Color
	InCheck() bool
	// Checks appends the side to move's legal moves that give check.
	Checks(dst []shogi.Move) []shogi.Move
	// Evasions appends the legal moves of the side to move, in check.
	Evasions(dst []shogi.Move) []shogi.Move
	GivesCheck(m shogi.Move) bool
	DoMove(m shogi.Move)
	Key() uint64
	// KeysAfter returns the key after m first (the other results are not
	// used).
	KeysAfter(m shogi.Move) (key, boardKey uint64, hand shogi.Hand)
	IsLegal(m shogi.Move) bool
	HasLegalMove() bool
}

// describer gives the text of a solution: the moves in USI and the
// attacker's hand at the end, as a shogi.Hand (zero in a fairy position)
// and as SFEN hand text ("" when empty). It is off the hot path.
type describer[P any] struct {
	moveString func(m shogi.Move) string
	hand       func(p *P, c shogi.Color) (shogi.Hand, string)
}

var shogiDescriber = describer[shogi.Position]{
	moveString: shogi.Move.String,
	hand: func(p *shogi.Position, c shogi.Color) (shogi.Hand, string) {
		if h := p.Hand(c); !h.IsEmpty() {
			return h, h.String()
		}
		return 0, ""
	},
}

var fairyDescriber = describer[fairyPos]{
	moveString: variant.MoveString,
	hand: func(p *fairyPos, c shogi.Color) (shogi.Hand, string) {
		return 0, p.vp().Hand(c).String()
	},
}

// fairyPos is a position of package variant (fairy pieces, royals,
// conditions) with the methods of positionOps.
type fairyPos variant.Position

func (p *fairyPos) vp() *variant.Position                  { return (*variant.Position)(p) }
func (p *fairyPos) SideToMove() shogi.Color                { return p.vp().SideToMove() }
func (p *fairyPos) InCheck() bool                          { return p.vp().InCheck() }
func (p *fairyPos) GivesCheck(m shogi.Move) bool           { return p.vp().GivesCheck(m) }
func (p *fairyPos) DoMove(m shogi.Move)                    { p.vp().DoMove(m) }
func (p *fairyPos) Key() uint64                            { return p.vp().Key() }
func (p *fairyPos) IsLegal(m shogi.Move) bool              { return p.vp().IsLegal(m) }
func (p *fairyPos) HasLegalMove() bool                     { return p.vp().HasLegalMove() }
func (p *fairyPos) Evasions(dst []shogi.Move) []shogi.Move { return p.vp().LegalMoves(dst) }

// Checks appends the legal moves that give check.
func (p *fairyPos) Checks(dst []shogi.Move) []shogi.Move { return p.vp().Checks(dst) }

// KeysAfter returns the key after m, found by playing it on a copy; the
// other results are zero.
func (p *fairyPos) KeysAfter(m shogi.Move) (key, boardKey uint64, hand shogi.Hand) {
	q := *p.vp()
	q.DoMove(m)
	return q.Key(), 0, 0
}
