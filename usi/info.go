package usi

import (
	"strconv"
	"strings"
	"time"

	"github.com/tsume-shogi/tsume/shogi"
)

// ScoreKind says what a Score counts.
type ScoreKind int

// The kinds of score.
const (
	NoScore    ScoreKind = iota // no score: the info line has none
	Centipawns                  // score cp: hundredths of a pawn, for the side to move
	MateIn                      // score mate: plies to mate (negative: the side to move is mated)
)

// Score is the score of an info line.
type Score struct {
	Kind  ScoreKind
	Value int
}

// Info is one info line of a running search. Zero fields are left out:
// the line lists, in this order, depth (and seldepth), multipv, score, nodes with
// nps and time, hashfull, currmove and pv. An Info with Text is an info
// string line and nothing else.
type Info struct {
	Depth    int
	SelDepth int
	MultiPV  int // the line's rank with MultiPV (0: not written)
	Score    Score
	Nodes    uint64
	Time     time.Duration
	NPS      uint64 // 0: Nodes per second of Time
	Hashfull int    // per mille of the table in use
	CurrMove shogi.Move
	PV       []shogi.Move
	Text     string // info string: a message for the user, on one line
}

// Line returns the info line, without its newline.
func (i Info) Line() string {
	if i.Text != "" {
		return "info string " + strings.Join(strings.Fields(i.Text), " ")
	}
	b := []byte("info")
	num := func(key string, n uint64) {
		b = append(b, ' ')
		b = append(b, key...)
		b = append(b, ' ')
		b = strconv.AppendUint(b, n, 10)
	}
	if i.Depth > 0 {
		num("depth", uint64(i.Depth))
		if i.SelDepth > 0 {
			num("seldepth", uint64(i.SelDepth))
		}
	}
	if i.MultiPV > 0 {
		num("multipv", uint64(i.MultiPV))
	}
	switch i.Score.Kind {
	case Centipawns:
		b = append(b, " score cp "...)
		b = strconv.AppendInt(b, int64(i.Score.Value), 10)
	case MateIn:
		b = append(b, " score mate "...)
		b = strconv.AppendInt(b, int64(i.Score.Value), 10)
	}
	if i.Nodes > 0 {
		nps := i.NPS
		if nps == 0 && i.Time > 0 {
			nps = uint64(float64(i.Nodes) / i.Time.Seconds())
		}
		num("nodes", i.Nodes)
		num("nps", nps)
		num("time", uint64(max(i.Time.Milliseconds(), 0)))
	}
	if i.Hashfull > 0 {
		num("hashfull", uint64(i.Hashfull))
	}
	if i.CurrMove != shogi.NoMove {
		b = append(b, " currmove "...)
		b = append(b, i.CurrMove.String()...)
	}
	if len(i.PV) > 0 {
		b = append(b, " pv "...)
		b = append(b, MovesText(i.PV)...)
	}
	return string(b)
}

// MovesText writes moves in USI notation, separated by spaces.
func MovesText(moves []shogi.Move) string {
	var b strings.Builder
	for i, m := range moves {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(m.String())
	}
	return b.String()
}

// BestMove is the answer to a plain go.
type BestMove struct {
	Move   shogi.Move // the move to play; NoMove resigns
	Ponder shogi.Move // the reply the engine expects, to ponder on; NoMove: none
	Win    bool       // declare a win by entering king (bestmove win) instead of a move
}

// line returns the bestmove line.
func (b BestMove) line() string {
	switch {
	case b.Win:
		return "bestmove win"
	case b.Move == shogi.NoMove:
		return "bestmove resign"
	case b.Ponder != shogi.NoMove:
		return "bestmove " + b.Move.String() + " ponder " + b.Ponder.String()
	}
	return "bestmove " + b.Move.String()
}

// MateStatus is the outcome of a go mate.
type MateStatus int

// The answers to go mate. The zero value is MateTimeout.
const (
	MateTimeout        MateStatus = iota // checkmate timeout: no answer within the limit, or stopped
	MateFound                            // checkmate M…: the moves of the mate
	NoMate                               // checkmate nomate: the position has no mate
	MateNotImplemented                   // checkmate notimplemented: the engine does not solve mates
)

// MateResult is the answer to go mate.
type MateResult struct {
	Status MateStatus
	Moves  []shogi.Move // the mating line, when Status is MateFound
}

// line returns the checkmate line. A MateFound without moves is a
// timeout: there is no line to give.
func (m MateResult) line() string {
	switch {
	case m.Status == MateFound && len(m.Moves) > 0:
		return "checkmate " + MovesText(m.Moves)
	case m.Status == NoMate:
		return "checkmate nomate"
	case m.Status == MateNotImplemented:
		return "checkmate notimplemented"
	}
	return "checkmate timeout"
}
