package eval

import "github.com/tsume-shogi/tsume/shogi"

// A Classic is also Incremental: along the search's line it updates the
// material and piece-square terms from each move (a few table lookups
// instead of a pass over the board) and computes king safety, which
// depends on the whole neighbourhood of each king, when Current asks for
// the score. It keeps the positions it is given: a position passed to
// SetRoot or Push must stay unchanged while its ply is on the stack.
var _ Incremental = (*Classic)(nil)

// frame is one ply of a Classic's line.
type frame struct {
	pos   *shogi.Position
	st    int32 // material and piece-square terms, Black's view
	score Score // the score of pos, once known
	known bool
}

// SetRoot makes p the position at ply 0 and forgets every ply above.
func (e *Classic) SetRoot(p *shogi.Position) {
	e.line = append(e.line[:0], frame{pos: p, st: e.staticBlack(p)})
}

// Push records that m, legal in parent (the position of the current ply),
// led to child, which becomes the position of the next ply; m is
// shogi.NoMove for a null move. SetRoot must have been called.
func (e *Classic) Push(parent *shogi.Position, m shogi.Move, child *shogi.Position) {
	st := e.line[len(e.line)-1].st
	if m != shogi.NoMove {
		st += e.moveDelta(parent, m)
	}
	e.line = append(e.line, frame{pos: child, st: st})
}

// Pop returns to the ply below.
func (e *Classic) Pop() { e.line = e.line[:len(e.line)-1] }

// Current returns the score of the position of the current ply from the
// view of its side to move: Evaluate of that position.
func (e *Classic) Current() Score {
	f := &e.line[len(e.line)-1]
	if !f.known {
		f.score, f.known = e.finish(f.pos, f.st), true
	}
	return f.score
}

// moveDelta returns the change of the material and piece-square terms
// (Black's view) that m makes in p.
func (e *Classic) moveDelta(p *shogi.Position, m shogi.Move) int32 {
	t := e.t
	us := p.SideToMove()
	to := m.To()
	if m.IsDrop() {
		k := m.DroppedKind()
		return t.board[shogi.NewPiece(us, k)][to] - t.hand[us][k]
	}
	d := t.board[m.PieceAfter()][to] - t.board[m.Piece()][m.From()]
	if captured := p.PieceAt(to); captured != shogi.NoPiece {
		d -= t.board[captured][to]
		if k := captured.Kind().Demote(); k != shogi.King {
			d += t.hand[us][k]
		}
	}
	return d
}
