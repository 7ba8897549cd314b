package referee

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

// WinnerOf returns the outcome in which c wins.
func WinnerOf(c shogi.Color) Winner {
	if c == shogi.Black {
		return BlackWins
	}
	return WhiteWins
}

// Reason is why a game ended.
type Reason int

// The reasons a game ends. The loser is named in each comment; for the
// draws, no one loses. Time, crash, garbage and not ready are brought
// about by players outside the process (package match); the Referee
// decides the others.
const (
	ReasonResign         Reason = iota + 1 // the side to move resigned (bestmove resign)
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

// Referee keeps a game's position and history and applies the rules
// that end a game. Its methods are not safe for concurrent use.
type Referee struct {
	start shogi.Position
	pos   shogi.Position
	moves []shogi.Move
	keys  []uint64 // keys[i]: the position after i plies
	check []bool   // check[i]: the side to move after i plies is in check (ply i gave check)
	count map[uint64]int
}

// New returns a Referee of a game that starts at start.
func New(start shogi.Position) *Referee {
	r := &Referee{start: start, pos: start, count: map[uint64]int{}}
	r.keys = append(r.keys, start.Key())
	r.check = append(r.check, start.InCheck())
	r.count[start.Key()]++
	return r
}

// Start returns the position the game started from.
func (r *Referee) Start() shogi.Position { return r.start }

// Position returns the position now.
func (r *Referee) Position() shogi.Position { return r.pos }

// Moves returns the moves played from the start. The slice is the
// Referee's: the caller must not change it.
func (r *Referee) Moves() []shogi.Move { return r.moves }

// Play plays m and returns the ending it brings, if any: an illegal move
// (not played) loses, and a legal one may end the game by repetition.
func (r *Referee) Play(m shogi.Move) *Ending {
	if !r.pos.IsLegal(m) {
		side := r.pos.SideToMove()
		return &Ending{WinnerOf(side.Opp()), ReasonIllegal, "illegal move " + m.String()}
	}
	return r.play(m)
}

// play plays a legal move and returns the ending it brings by
// repetition, if any.
func (r *Referee) play(m shogi.Move) *Ending {
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
		return &Ending{WinnerOf(mover.Opp()), ReasonPerpetualCheck, fmt.Sprintf("%s checked at every move since ply %d", mover, first)}
	case r.allChecks(first, n-1):
		return &Ending{WinnerOf(mover), ReasonPerpetualCheck, fmt.Sprintf("%s checked at every move since ply %d", mover.Opp(), first)}
	}
	return &Ending{Draw, ReasonRepetition, fmt.Sprintf("the position after ply %d, a fourth time", first)}
}

// allChecks reports whether plies last, last-2, … down to but not
// including first all gave check.
func (r *Referee) allChecks(first, last int) bool {
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

// Over returns the ending that comes before the side to move plays, if
// any: it has no legal move and has lost (checkmate; shogi knows no
// stalemate), or maxPlies plies have been played from the start, a draw
// (maxPlies 0: no limit).
func (r *Referee) Over(maxPlies int) *Ending {
	if !r.pos.HasLegalMove() {
		side := r.pos.SideToMove()
		if !r.pos.InCheck() {
			return &Ending{WinnerOf(side.Opp()), ReasonMate, fmt.Sprintf("%s has no legal move", side)}
		}
		return &Ending{WinnerOf(side.Opp()), ReasonMate, ""}
	}
	if maxPlies > 0 && len(r.moves) >= maxPlies {
		return &Ending{Draw, ReasonMaxPlies, fmt.Sprintf("%d plies", len(r.moves))}
	}
	return nil
}

// Resign ends the game with the side to move's resignation.
func (r *Referee) Resign() *Ending {
	return &Ending{WinnerOf(r.pos.SideToMove().Opp()), ReasonResign, ""}
}

// Declare judges the side to move's declaration of a win by entering
// king (入玉宣言): it wins when shogi.Position.CanDeclare allows it and
// loses otherwise.
func (r *Referee) Declare() *Ending {
	side := r.pos.SideToMove()
	if err := r.pos.CanDeclare(); err != nil {
		msg := err.Error()
		if de, ok := err.(*shogi.DeclareError); ok {
			msg = de.Message()
		}
		return &Ending{WinnerOf(side.Opp()), ReasonBadDeclare, msg}
	}
	pieces, points := r.pos.DeclarePoints()
	return &Ending{WinnerOf(side), ReasonDeclare, fmt.Sprintf("%d pieces in the camp, %d points", pieces, points)}
}

// Answer applies the side to move's answer, a USI bestmove word: resign,
// win (a declaration), or a move. It returns the ending it brings, if
// any: a word that is not a move loses as garbage, a move that is not
// legal loses, and a move played may end the game by repetition.
func (r *Referee) Answer(word string) *Ending {
	switch word {
	case "resign":
		return r.Resign()
	case "win":
		return r.Declare()
	}
	side := r.pos.SideToMove()
	m, err := r.pos.ParseUSIMove(word)
	switch e := err.(type) {
	case nil:
	case *shogi.IllegalMoveError:
		return &Ending{WinnerOf(side.Opp()), ReasonIllegal, e.Message()}
	case *shogi.SyntaxError:
		return &Ending{WinnerOf(side.Opp()), ReasonGarbage, "bestmove " + clip(word) + ": " + e.Message()}
	default:
		return &Ending{WinnerOf(side.Opp()), ReasonIllegal, err.Error()}
	}
	return r.play(m)
}

// clip shortens s for a message.
func clip(s string) string {
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}

// Opening is where a game starts: a position and moves played from it,
// which the players receive as history.
type Opening struct {
	Start shogi.Position
	Moves []shogi.Move
	// Name says where the opening comes from: "FILE:LINE", "random 3",
	// a line of a book.
	Name string
}

// FromOpening returns a Referee of a game that starts with op's moves.
// An opening whose move is not legal, or that ends the game, is an
// error.
func FromOpening(op Opening) (*Referee, error) {
	r := New(op.Start)
	for i, m := range op.Moves {
		if !r.pos.IsLegal(m) {
			return nil, fmt.Errorf("referee: opening %s: move %d (%s) is not legal", op.Name, i+1, m)
		}
		if end := r.play(m); end != nil {
			return nil, fmt.Errorf("referee: opening %s ends the game: %s", op.Name, end.Reason)
		}
	}
	return r, nil
}
