package shogi

import "fmt"

// IllegalMoveError reports a well-formed move that is not legal in the
// position it was read for.
type IllegalMoveError struct {
	Move   string // the move as given
	Reason string
}

// Error returns "shogi: " and the Message.
func (e *IllegalMoveError) Error() string { return "shogi: " + e.Message() }

// Message says which move and why, without the package name: "illegal
// move 7g7f: there is no piece on 7g".
func (e *IllegalMoveError) Message() string {
	return fmt.Sprintf("illegal move %s: %s", e.Move, e.Reason)
}

// ParseUSIMove reads a move in USI notation ("7g7f", "8h2b+", "P*5e") for
// position p and checks that it is legal there. A malformed text gives a
// *SyntaxError, an illegal move an *IllegalMoveError that says why.
func (p *Position) ParseUSIMove(s string) (Move, error) {
	m, err := p.decodeUSI(s)
	if err != nil {
		return NoMove, err
	}
	if r := p.checkMove(m); r != legalMove {
		return NoMove, &IllegalMoveError{Move: s, Reason: r.String()}
	}
	return m, nil
}

// decodeUSI turns USI text into a Move of p's side to move without
// checking legality (the moving piece is read from the board).
func (p *Position) decodeUSI(s string) (Move, error) {
	bad := func(off int, msg string) (Move, error) {
		return NoMove, &SyntaxError{What: "USI move", Input: s, Offset: off, Msg: msg}
	}
	if len(s) < 4 {
		return bad(-1, "too short; want a move such as 7g7f, 8h2b+ or P*5e")
	}
	if s[1] == '*' {
		if len(s) != 4 {
			return bad(4, "a drop is four characters, such as P*5e")
		}
		k := kindFromLetter(s[0])
		if k == NoKind || k == King {
			return bad(0, "want a droppable piece letter: R, B, G, S, N, L or P")
		}
		to, err := ParseSquare(s[2:4])
		if err != nil {
			return bad(2, "want a square such as 5e")
		}
		return NewDrop(p.side, k, to), nil
	}
	from, err := ParseSquare(s[0:2])
	if err != nil {
		return bad(0, "want an origin square such as 7g (or a drop such as P*5e)")
	}
	to, err := ParseSquare(s[2:4])
	if err != nil {
		return bad(2, "want a destination square such as 7f")
	}
	promote := false
	if len(s) == 5 {
		if s[4] != '+' {
			return bad(4, "only '+' (promote) may follow the squares")
		}
		promote = true
	} else if len(s) > 5 {
		return bad(5, "unexpected text after the move")
	}
	pc := p.board[from]
	if pc == NoPiece {
		return NoMove, &IllegalMoveError{Move: s, Reason: "there is no piece on " + from.String()}
	}
	return NewBoardMove(pc, from, to, promote), nil
}
