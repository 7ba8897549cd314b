package variant

import (
	"fmt"
	"strings"

	"github.com/tsume-shogi/tsume/shogi"
)

// MoveError reports a move text that could not be read or a move that is
// not legal in the position it was read for.
type MoveError struct {
	Move   string // the move as given
	Offset int    // byte offset in Move of the fault, -1 for the whole move
	Msg    string
}

// Error returns "variant: " and the message.
func (e *MoveError) Error() string {
	if e.Offset >= 0 {
		return fmt.Sprintf("variant: bad move %q at offset %d: %s", e.Move, e.Offset, e.Msg)
	}
	return fmt.Sprintf("variant: bad move %q: %s", e.Move, e.Msg)
}

// ParseMove reads a move in USI notation ("7g7f", "8h2b+", "P*5e",
// "(GH)*5e") for p and checks that it is legal there. Errors are
// *MoveError values.
func (p *Position) ParseMove(s string) (Move, error) {
	bad := func(off int, msg string) (Move, error) { return NoMove, &MoveError{Move: s, Offset: off, Msg: msg} }
	var m Move
	if i := strings.IndexByte(s, '*'); i >= 0 {
		pc, n, msg := readPiece(s[:i]+"\x00", false)
		switch {
		case i == 0:
			return bad(0, "a drop names its piece: P*5e, (GH)*5e")
		case msg != "" || n != i:
			return bad(0, "want a droppable piece before '*': R, B, G, S, N, L, P, (GH) or (LI)")
		case pc.Color() != shogi.Black:
			return bad(0, "a drop's piece is written in upper case")
		case !kindDefs[pc.Kind()].Hand:
			return bad(0, "a "+KindName(pc.Kind())+" cannot be dropped")
		}
		to, err := shogi.ParseSquare(s[i+1:])
		if err != nil {
			return bad(i+1, "want a square such as 5e after '*'")
		}
		m = NewDrop(p.side, pc.Kind(), to)
	} else {
		if len(s) != 4 && !(len(s) == 5 && s[4] == '+') {
			return bad(-1, "want a move such as 7g7f, 8h2b+, P*5e or (GH)*5e")
		}
		from, err := shogi.ParseSquare(s[0:2])
		if err != nil {
			return bad(0, "want an origin square such as 7g")
		}
		to, err := shogi.ParseSquare(s[2:4])
		if err != nil {
			return bad(2, "want a destination square such as 7f")
		}
		pc := p.board[from]
		if pc == NoPiece {
			return bad(0, "there is no piece on "+from.String())
		}
		m = NewBoardMove(pc.Color(), pc.Kind(), from, to, len(s) == 5)
	}
	if !p.IsLegal(m) {
		return bad(-1, "not a legal move here")
	}
	return m, nil
}

// IsLegal reports whether m is a legal move of the side to move in p. It
// decides on its own, without the move generator's shortcuts: it checks
// the move's form, plays it on a copy and looks at every royal with the
// powers of the rules (so tests can hold the generator against it).
func (p *Position) IsLegal(m Move) bool {
	us := p.side
	if m>>22 != 0 || m.Color() != us {
		return false
	}
	to := m.To()
	if !to.Valid() || p.byColor[us].Has(to) {
		return false
	}
	k := MoveKind(m)
	if !ValidKind(k) {
		return false
	}
	var pw Powers
	p.powers(&pw)
	if m.IsDrop() {
		if m.IsPromotion() || m.DroppedKind() != k || !kindDefs[k].Hand || !p.hands[us].Has(k) ||
			p.occ.Has(to) || p.dead(us, k).Has(to) ||
			k == shogi.Pawn && p.pawnFiles(us).Has(to) {
			return false
		}
	} else {
		from := m.From()
		if !from.Valid() {
			return false
		}
		pc := p.board[from]
		if pc == NoPiece || pc.Color() != us || pc.Kind() != k ||
			!powerAttacks(us, p.powerOf(&pw, from), from, &p.lines, p.occ).Has(to) {
			return false
		}
		if m.IsPromotion() {
			if kindDefs[k].Promotes == shogi.NoKind || !tbl.zone[us].Has(from) && !tbl.zone[us].Has(to) {
				return false
			}
		} else if p.dead(us, k).Has(to) {
			return false
		}
	}
	return p.legalWith(m, &pw)
}
