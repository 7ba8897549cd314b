package usi

import (
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/shogi"
)

func TestInfoLine(t *testing.T) {
	p := shogi.Startpos()
	m1, _ := p.ParseUSIMove("7g7f")
	m2, _ := p.ParseUSIMove("2g2f")
	for _, c := range []struct {
		info Info
		want string
	}{
		{Info{Nodes: 1500, Time: 1500 * time.Millisecond, Hashfull: 12}, "info nodes 1500 nps 1000 time 1500 hashfull 12"},
		{Info{Nodes: 7}, "info nodes 7 nps 0 time 0"},
		{Info{Nodes: 10, NPS: 99, Time: time.Second}, "info nodes 10 nps 99 time 1000"},
		{Info{Depth: 3, Score: Score{Kind: MateIn, Value: 3}, PV: []shogi.Move{m1, m2}}, "info depth 3 score mate 3 pv 7g7f 2g2f"},
		{Info{Depth: 8, SelDepth: 14, Score: Score{Kind: Centipawns, Value: -120}, CurrMove: m2}, "info depth 8 seldepth 14 score cp -120 currmove 2g2f"},
		{Info{SelDepth: 5, Score: Score{Kind: MateIn, Value: -2}}, "info score mate -2"},
		{Info{Text: "hello\nworld  again", Nodes: 5}, "info string hello world again"},
		{Info{}, "info"},
	} {
		if got := c.info.Line(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.info, got, c.want)
		}
	}
}

func TestAnswerLines(t *testing.T) {
	p := shogi.Startpos()
	m1, _ := p.ParseUSIMove("7g7f")
	m2, _ := p.ParseUSIMove("2g2f")
	for _, c := range []struct{ got, want string }{
		{BestMove{}.line(), "bestmove resign"},
		{BestMove{Move: m1}.line(), "bestmove 7g7f"},
		{BestMove{Move: m1, Ponder: m2}.line(), "bestmove 7g7f ponder 2g2f"},
		{BestMove{Move: m1, Win: true}.line(), "bestmove win"},
		{MateResult{}.line(), "checkmate timeout"},
		{MateResult{Status: MateFound}.line(), "checkmate timeout"},
		{MateResult{Status: MateFound, Moves: []shogi.Move{m1, m2}}.line(), "checkmate 7g7f 2g2f"},
		{MateResult{Status: NoMate}.line(), "checkmate nomate"},
		{MateResult{Status: MateNotImplemented}.line(), "checkmate notimplemented"},
	} {
		if c.got != c.want {
			t.Errorf("%q, want %q", c.got, c.want)
		}
	}
	if got := MovesText(nil); got != "" {
		t.Errorf("MovesText(nil) = %q", got)
	}
}
