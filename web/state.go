package web

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/tsume-shogi/tsume/report"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// maxMoves is the most moves a request may send: longer than any problem
// of the bank (a move list beyond the problem's length is refused anyway).
const maxMoves = 256

// game is a problem replayed: the start position, the moves and the
// position after them.
type game struct {
	start shogi.Position
	moves []shogi.Move
	pos   shogi.Position
	// fairy holds the positions of a fairy problem (fairyProblem) under
	// its rules, nil for a standard mate problem; pos then stays at the
	// start.
	fairy *fairyGame
}

// replay plays the moves, given in USI, from start: every move must be
// legal, and every move of the attacker (the side to move in start) a
// check. field names the input in errors.
func replay(start *shogi.Position, usi []string, field string) (*game, error) {
	if len(usi) > maxMoves {
		return nil, badRequest(field, "%d moves: at most %d", len(usi), maxMoves)
	}
	g := &game{start: *start, pos: *start, moves: make([]shogi.Move, 0, len(usi)+2)}
	attacker := start.SideToMove()
	for i, s := range usi {
		m, err := g.pos.ParseUSIMove(strings.TrimSpace(s))
		if err != nil {
			return nil, unprocessable(field, "move %d (%q): %s", i+1, s, message(err))
		}
		if g.pos.SideToMove() == attacker && !g.pos.GivesCheck(m) {
			return nil, unprocessable(field, "move %d (%s) is not a check: in tsume every attacker move checks", i+1, s)
		}
		g.play(m)
	}
	return g, nil
}

// play plays m, a legal move.
func (g *game) play(m shogi.Move) {
	g.moves = append(g.moves, m)
	if g.fairy != nil {
		g.fairy.pos.DoMove(m)
		return
	}
	g.pos.DoMove(m)
}

// movesParam reads the query parameter moves of u: USI moves separated
// by spaces or commas. It is read from the raw query so that the + of a
// promotion, if not escaped as %2B, is still a +.
func movesParam(u *url.URL) ([]string, error) {
	text, _, err := rawParam(u, "moves")
	if err != nil {
		return nil, err
	}
	return strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == ',' }), nil
}

// state is the view of a position of a problem being played.
type state struct {
	SFEN    string   `json:"sfen"`
	Moves   []string `json:"moves"`    // the moves played, in USI
	MovesJA []string `json:"moves_ja"` // … in Japanese
	// Remaining is the plies left of the problem's length (0 when the
	// moves reach it).
	Remaining  int      `json:"remaining"`
	SideToMove string   `json:"side_to_move"` // "black" or "white"
	InCheck    bool     `json:"in_check"`
	LastMove   string   `json:"last_move,omitempty"`
	Hands      hands    `json:"hands"`
	Legal      []string `json:"legal_moves"` // the side to move's legal moves, in USI
	BoardSVG   string   `json:"board_svg"`
}

// hands are both hands of a position.
type hands struct {
	Black []handPiece `json:"black"`
	White []handPiece `json:"white"`
}

// handPiece is one kind of a hand: its SFEN letter and how many.
type handPiece struct {
	Piece string `json:"piece"`
	Count int    `json:"count"`
}

// handOrder is the order in which a hand lists its kinds, as diagrams do,
// the fairy kinds last (a hand of package shogi holds none of them).
var handOrder = [...]shogi.Kind{shogi.Rook, shogi.Bishop, shogi.Gold, shogi.Silver, shogi.Knight, shogi.Lance, shogi.Pawn,
	variant.Grasshopper, variant.Lion}

// handView lists h, a hand of package shogi or variant, in diagram order,
// each kind by its SFEN token as Black writes it ("G", "(GH)").
func handView[H interface{ Count(shogi.Kind) int }](h H) []handPiece {
	out := []handPiece{}
	for _, k := range handOrder {
		if k >= shogi.NumKinds {
			if _, std := any(h).(shogi.Hand); std {
				break
			}
		}
		if n := h.Count(k); n > 0 {
			out = append(out, handPiece{Piece: variant.KindToken(k), Count: n})
		}
	}
	return out
}

// stateOf returns the view of g, a problem of plies plies, its picture
// in the portrait layout or not.
func stateOf(g *game, plies int, portrait bool) state {
	usi, ja := report.Line(&g.start, g.moves)
	last := lastOf(g.moves)
	var legal []string
	for _, m := range g.pos.LegalMoves(nil) {
		legal = append(legal, m.String())
	}
	return positionState(&g.pos, usi, ja, legal, plies-len(g.moves), last, picture(&g.pos, last, portrait))
}

// viewable is what positionState reads of a position: a *shogi.Position
// or a *variant.Position, whose hands are H.
type viewable[H interface{ Count(shogi.Kind) int }] interface {
	SFEN() string
	InCheck() bool
	SideToMove() shogi.Color
	Hand(shogi.Color) H
}

// positionState is the view of p, reached by the moves usi (ja in
// Japanese) with remaining plies of the problem left, last the last move
// (NoMove: none), its legal moves and its picture given.
func positionState[H interface{ Count(shogi.Kind) int }, P viewable[H]](p P, usi, ja, legal []string, remaining int, last shogi.Move, svg string) state {
	st := state{
		SFEN:       p.SFEN(),
		Moves:      usi,
		MovesJA:    ja,
		Remaining:  max(remaining, 0),
		SideToMove: "black",
		InCheck:    p.InCheck(),
		Hands:      hands{Black: handView(p.Hand(shogi.Black)), White: handView(p.Hand(shogi.White))},
		Legal:      append([]string{}, legal...),
		BoardSVG:   svg,
	}
	if p.SideToMove() == shogi.White {
		st.SideToMove = "white"
	}
	if last != shogi.NoMove {
		st.LastMove = usi[len(usi)-1]
	}
	return st
}

// japanese writes m, a legal move of p played after prev (NoMove at the
// start), in Japanese with its mark.
func japanese(p *shogi.Position, m, prev shogi.Move) string {
	to := shogi.NoSquare
	if prev != shogi.NoMove {
		to = prev.To()
	}
	return p.JapaneseMove(m, to, shogi.JapaneseStyle{Mark: true})
}

// lastOf returns the last move of ms, NoMove if none.
func lastOf(ms []shogi.Move) shogi.Move {
	if len(ms) == 0 {
		return shogi.NoMove
	}
	return ms[len(ms)-1]
}

// plural returns "s" unless n is 1.
func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// pliesText writes n plies in English.
func pliesText(n int) string {
	return fmt.Sprintf("%d pl%s", n, map[bool]string{true: "y", false: "ies"}[n == 1])
}
