package selfplay

import (
	"fmt"
	"strings"

	"github.com/tsume-shogi/tsume/referee"
	"github.com/tsume-shogi/tsume/shogi"
)

// CastleGuards is the number of a king's own pieces within two king steps
// of it that make it castled for Shelter's counts: a king among its
// castle, the shape the miner's game-like problems want.
const CastleGuards = 3

// Shelter returns whether c's king stands in its own camp (ranks 7–9 for
// Black, 1–3 for White) and how many of c's other pieces stand within two
// king steps of it (the 5×5 squares around it). Without a king it returns
// false and 0.
func Shelter(p *shogi.Position, c shogi.Color) (inCamp bool, guards int) {
	k := p.King(c)
	if k == shogi.NoSquare {
		return false, 0
	}
	rank := k.Rank()
	if c == shogi.Black {
		rank = 10 - rank
	}
	for f := max(k.File()-2, 1); f <= min(k.File()+2, 9); f++ {
		for r := max(k.Rank()-2, 1); r <= min(k.Rank()+2, 9); r++ {
			pc := p.PieceAt(shogi.NewSquare(f, r))
			if pc != shogi.NoPiece && pc.Color() == c && pc.Kind() != shogi.King {
				guards++
			}
		}
	}
	return rank <= 3, guards
}

// Tally sums up the games of a run: how they ended, their plies, and the
// shape of the losing king at the end of each decisive game.
type Tally struct {
	Games   int
	Plies   int // the plies of every game, the openings' included
	Reasons map[referee.Reason]int
	// Decisive counts the games with a loser; of these, InCamp those
	// whose loser's king ended in its own camp, and Castled those where it
	// also had CastleGuards pieces or more within two steps.
	Decisive, InCamp, Castled int
	// NearEnd counts the positions of decisive games 1, 3, …, NearPlies
	// plies before the end, the winner to move (where a mate of that
	// length may start: the problems a miner finds), and NearCastled
	// those where the loser's king stands in its camp with CastleGuards
	// pieces or more within two steps.
	NearEnd, NearCastled int
}

// NearPlies is how far from the end of a game Tally looks at the
// positions near the end: the longest mate the miner looks for by
// default.
const NearPlies = 15

// Add counts g.
func (t *Tally) Add(g *Game) {
	if t.Reasons == nil {
		t.Reasons = map[referee.Reason]int{}
	}
	t.Games++
	t.Plies += len(g.Record.Moves)
	t.Reasons[g.Ending.Reason]++
	loser, ok := g.Ending.Loser()
	if !ok {
		return
	}
	n := len(g.Record.Moves)
	p, err := g.Record.PositionAt(n)
	if err != nil {
		return
	}
	t.Decisive++
	inCamp, guards := Shelter(&p, loser)
	if inCamp {
		t.InCamp++
		if guards >= CastleGuards {
			t.Castled++
		}
	}
	for back := 1; back <= NearPlies && back <= n; back += 2 {
		p, err := g.Record.PositionAt(n - back)
		if err != nil || p.SideToMove() == loser {
			continue
		}
		t.NearEnd++
		if inCamp, guards := Shelter(&p, loser); inCamp && guards >= CastleGuards {
			t.NearCastled++
		}
	}
}

// String sums the tally up in a line: "40 games, 131.2 plies a game;
// checkmate 35, repetition (千日手) 3, ply limit 2; at the end the losing
// king in its camp 30/35, castled (3+ pieces within two steps) 21/35;
// castled 200/280 positions 1–15 plies before the end".
func (t *Tally) String() string {
	if t.Games == 0 {
		return "0 games"
	}
	var ends []string
	for r := referee.ReasonResign; r <= referee.ReasonNotReady; r++ {
		if n := t.Reasons[r]; n > 0 {
			ends = append(ends, fmt.Sprintf("%s %d", r, n))
		}
	}
	return fmt.Sprintf("%d games, %.1f plies a game; %s; at the end the losing king in its camp %d/%d, castled (%d+ pieces within two steps) %d/%d; castled %d/%d positions 1–%d plies before the end",
		t.Games, float64(t.Plies)/float64(t.Games), strings.Join(ends, ", "), t.InCamp, t.Decisive, CastleGuards, t.Castled, t.Decisive, t.NearCastled, t.NearEnd, NearPlies)
}
