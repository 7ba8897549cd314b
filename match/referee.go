package match

import (
	"fmt"

	"github.com/tsume-shogi/tsume/shogi"
)

// Winner is the outcome of a game: which colour won, or a draw.
type Winner int

// The outcomes of a game.
const (
	Draw Winner = iota
	BlackWins
	WhiteWins
)

// winnerOf returns the outcome in which c wins.
func winnerOf(c shogi.Color) Winner {
	if c == shogi.Black {
		return BlackWins
	}
	return WhiteWins
}

// Reason is why a game ended.
type Reason int

// The reasons a game ends. The loser is named in each comment; for the
// draws, no one loses.
const (
	ReasonResign         Reason = iota + 1 // the side to move answered bestmove resign
	ReasonMate                             // the side to move has no legal move (checkmate)
	ReasonIllegal                          // the side to move answered with an illegal move
	ReasonTime                             // the side to move answered too late
	ReasonCrash                            // the side to move's engine exited or cannot be written to
	ReasonGarbage                          // the side to move's engine printed what is not USI
	ReasonDeclare                          // the side to move declared a win (bestmove win) rightly: it wins
	ReasonBadDeclare                       // the side to move declared a win the rule does not allow
	ReasonRepetition                       // the same position a fourth time: a draw
	ReasonPerpetualCheck                   // a fourfold repetition in which one side checked at every move: it loses
	ReasonMaxPlies                         // the ply limit: a draw
	ReasonNotReady                         // an engine did not answer isready before the game
)

var reasonNames = [...]string{
	ReasonResign: "resignation", ReasonMate: "checkmate", ReasonIllegal: "illegal move",
	ReasonTime: "time forfeit", ReasonCrash: "engine crash", ReasonGarbage: "garbage from the engine",
	ReasonDeclare: "declaration (入玉宣言)", ReasonBadDeclare: "wrong declaration (入玉宣言)",
	ReasonRepetition: "repetition (千日手)", ReasonPerpetualCheck: "perpetual check (連続王手の千日手)",
	ReasonMaxPlies: "ply limit", ReasonNotReady: "engine not ready",
}

// String returns the reason in words: "resignation", "time forfeit", ….
func (r Reason) String() string {
	if r > 0 && int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return fmt.Sprintf("Reason(%d)", int(r))
}

// ending is how a game ended: the outcome, why, and details.
type ending struct {
	winner Winner
	reason Reason
	detail string
}

// referee keeps a game's position and history and applies the rules that
// end a game.
type referee struct {
	start shogi.Position
	pos   shogi.Position
	moves []shogi.Move
	keys  []uint64 // keys[i]: the position after i plies
	check []bool   // check[i]: the side to move after i plies is in check (ply i gave check)
	count map[uint64]int
}

func newReferee(start shogi.Position) *referee {
	r := &referee{start: start, pos: start, count: map[uint64]int{}}
	r.keys = append(r.keys, start.Key())
	r.check = append(r.check, start.InCheck())
	r.count[start.Key()]++
	return r
}

// play plays a legal move and returns the ending it brings by
// repetition, if any.
func (r *referee) play(m shogi.Move) *ending {
	mover := r.pos.SideToMove()
	r.pos.DoMove(m)
	r.moves = append(r.moves, m)
	k := r.pos.Key()
	r.keys = append(r.keys, k)
	r.check = append(r.check, r.pos.InCheck())
	r.count[k]++
	if r.count[k] < 4 {
		return nil
	}
	n := len(r.keys) - 1
	first := 0
	for r.keys[first] != k {
		first++
	}
	// The plies of the cycle are first+1 … n; the mover made n, n-2, ….
	switch {
	case r.allChecks(first, n):
		return &ending{winnerOf(mover.Opp()), ReasonPerpetualCheck, fmt.Sprintf("%s checked at every move since ply %d", mover, first)}
	case r.allChecks(first, n-1):
		return &ending{winnerOf(mover), ReasonPerpetualCheck, fmt.Sprintf("%s checked at every move since ply %d", mover.Opp(), first)}
	}
	return &ending{Draw, ReasonRepetition, fmt.Sprintf("the position after ply %d, a fourth time", first)}
}

// allChecks reports whether plies last, last-2, … down to but not
// including first all gave check.
func (r *referee) allChecks(first, last int) bool {
	if last <= first {
		return false
	}
	for i := last; i > first; i -= 2 {
		if !r.check[i] {
			return false
		}
	}
	return true
}

// over returns the ending when the side to move has no legal move: it
// has lost (checkmate; shogi knows no stalemate).
func (r *referee) over() *ending {
	if r.pos.HasLegalMove() {
		return nil
	}
	side := r.pos.SideToMove()
	if !r.pos.InCheck() {
		return &ending{winnerOf(side.Opp()), ReasonMate, fmt.Sprintf("%s has no legal move", side)}
	}
	return &ending{winnerOf(side.Opp()), ReasonMate, ""}
}

// answer applies the side to move's answer (a bestmove word): resign,
// win, or a move. It returns the ending it brings, if any; a move played
// may end the game by repetition.
func (r *referee) answer(word string) *ending {
	side := r.pos.SideToMove()
	switch word {
	case "resign":
		return &ending{winnerOf(side.Opp()), ReasonResign, ""}
	case "win":
		if err := r.pos.CanDeclare(); err != nil {
			return &ending{winnerOf(side.Opp()), ReasonBadDeclare, err.(*shogi.DeclareError).Message()}
		}
		pieces, points := r.pos.DeclarePoints()
		return &ending{winnerOf(side), ReasonDeclare, fmt.Sprintf("%d pieces in the camp, %d points", pieces, points)}
	}
	m, err := r.pos.ParseUSIMove(word)
	switch e := err.(type) {
	case nil:
	case *shogi.IllegalMoveError:
		return &ending{winnerOf(side.Opp()), ReasonIllegal, e.Message()}
	case *shogi.SyntaxError:
		return &ending{winnerOf(side.Opp()), ReasonGarbage, "bestmove " + clip(word) + ": " + e.Message()}
	default:
		return &ending{winnerOf(side.Opp()), ReasonIllegal, err.Error()}
	}
	return r.play(m)
}
