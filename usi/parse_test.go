package usi

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/record"
	"github.com/tsume-shogi/tsume/shogi"
)

const ms = time.Millisecond

func TestParseGo(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Limits
	}{
		{"", Limits{}},
		{"btime 60000 wtime 50000 byoyomi 10000", Limits{BTime: 60000 * ms, WTime: 50000 * ms, Byoyomi: 10000 * ms}},
		{"btime 0 wtime 0 byoyomi 1000", Limits{Byoyomi: 1000 * ms}},
		{"btime 1000 wtime 2000 binc 3000 winc 4000", Limits{BTime: 1000 * ms, WTime: 2000 * ms, BInc: 3000 * ms, WInc: 4000 * ms}},
		{"movetime 250", Limits{MoveTime: 250 * ms}},
		{"depth 12", Limits{Depth: 12}},
		{"nodes 5000000", Limits{Nodes: 5000000}},
		{"depth 0 nodes 0", Limits{}},
		{"mate 5000", Limits{Mate: true, MateTime: 5000 * ms}},
		{"mate infinite", Limits{Mate: true}},
		{"mate 0", Limits{Mate: true}},
		{"infinite", Limits{Infinite: true}},
		{"ponder btime 100 wtime 200 byoyomi 300", Limits{Ponder: true, BTime: 100 * ms, WTime: 200 * ms, Byoyomi: 300 * ms}},
		{"searchmoves 7g7f 2g2f", Limits{SearchMoves: []string{"7g7f", "2g2f"}}},
		{"searchmoves P*5e infinite", Limits{SearchMoves: []string{"P*5e"}, Infinite: true}},
		{"infinite searchmoves 7g7f depth 3", Limits{Infinite: true, SearchMoves: []string{"7g7f"}, Depth: 3}},
		{"btime 9223372036854", Limits{BTime: 9223372036854 * ms}},
	} {
		got, err := ParseGo(strings.Fields(c.in))
		if err != nil {
			t.Errorf("go %s: %v", c.in, err)
			continue
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("go %s:\n got %+v\nwant %+v", c.in, got, c.want)
		}
	}
}

func TestParseGoErrors(t *testing.T) {
	for _, c := range []struct{ in, field, msg string }{
		{"mate", "mate", "no value: want a time in milliseconds or infinite"},
		{"mate abc", "mate", `"abc" is not a whole number: want a time in milliseconds or infinite`},
		{"mate -5", "mate", "-5 is negative: want a time in milliseconds or infinite"},
		{"mate 1.5", "mate", `"1.5" is not a whole number: want a time in milliseconds or infinite`},
		{"mate infinite mate 3", "mate", "given twice"},
		{"btime", "btime", "no value: want a time in milliseconds"},
		{"btime wtime 5", "btime", "no value: want a time in milliseconds"},
		{"wtime x", "wtime", `"x" is not a whole number: want a time in milliseconds`},
		{"byoyomi -1", "byoyomi", "-1 is negative: want a time in milliseconds"},
		{"binc 99999999999999999999", "binc", "99999999999999999999 is too large: want a time in milliseconds"},
		{"winc 9223372036855", "winc", "9223372036855 is too large: want a time in milliseconds"},
		{"movetime +5", "movetime", `"+5" is not a whole number: want a time in milliseconds`},
		{"depth -1", "depth", "-1 is negative"},
		{"depth 3000000000", "depth", "3000000000 is too large"},
		{"depth", "depth", "no value: want a number of plies"},
		{"nodes -3", "nodes", "-3 is negative"},
		{"nodes", "nodes", "no value: want a number of nodes"},
		{"searchmoves", "searchmoves", "no moves"},
		{"searchmoves infinite", "searchmoves", "no moves"},
		{"infinite infinite", "infinite", "given twice"},
		{"frobnicate 3", "", `unknown field "frobnicate"`},
		{"btime 100 5", "", `unknown field "5"`},
	} {
		_, err := ParseGo(strings.Fields(c.in))
		var ge *GoError
		if !errors.As(err, &ge) {
			t.Errorf("go %s: error %v, want a *GoError", c.in, err)
			continue
		}
		if ge.Field != c.field || ge.Msg != c.msg {
			t.Errorf("go %s: field %q msg %q, want %q %q", c.in, ge.Field, ge.Msg, c.field, c.msg)
		}
		if !strings.HasPrefix(err.Error(), "usi: bad go") {
			t.Errorf("go %s: %q", c.in, err)
		}
	}
}

func TestLimitsClock(t *testing.T) {
	l, err := ParseGo(strings.Fields("btime 1000 wtime 2000 binc 30 winc 40 byoyomi 500"))
	if err != nil {
		t.Fatal(err)
	}
	if r, inc := l.Clock(shogi.Black); r != 1000*ms || inc != 30*ms {
		t.Errorf("black: %v %v", r, inc)
	}
	if r, inc := l.Clock(shogi.White); r != 2000*ms || inc != 40*ms {
		t.Errorf("white: %v %v", r, inc)
	}
}

func TestLimitsHeldBounded(t *testing.T) {
	for _, c := range []struct {
		in            string
		held, bounded bool
	}{
		{"btime 0 wtime 0 byoyomi 1000", false, true},
		{"", false, true},
		{"infinite", true, false},
		{"ponder byoyomi 1000", true, false},
		{"mate 1000", false, true},
		{"mate infinite", false, false},
	} {
		l, err := ParseGo(strings.Fields(c.in))
		if err != nil {
			t.Fatal(err)
		}
		if l.Held() != c.held || l.Bounded() != c.bounded {
			t.Errorf("go %s: held %v bounded %v, want %v %v", c.in, l.Held(), l.Bounded(), c.held, c.bounded)
		}
	}
}

func TestParsePosition(t *testing.T) {
	start := shogi.Startpos()
	p, err := ParsePosition(strings.Fields("startpos moves 7g7f 3c3d"))
	if err != nil {
		t.Fatal(err)
	}
	if p.Start != start || len(p.Moves) != 2 || p.Moves[0].String() != "7g7f" || p.Moves[1].String() != "3c3d" {
		t.Errorf("startpos moves 7g7f 3c3d: %+v", p)
	}
	if got := p.Current.SFEN(); got != "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3" {
		t.Errorf("current %s", got)
	}
	p, err = ParsePosition(strings.Fields("sfen 8k/9/9/7Rs/9/9/9/9/9 b B 1"))
	if err != nil {
		t.Fatal(err)
	}
	if p.Moves != nil || p.Current != p.Start || p.Current.SFEN() != "8k/9/9/7Rs/9/9/9/9/9 b B 1" {
		t.Errorf("sfen: %+v", p)
	}
	if p, err := ParsePosition([]string{"startpos"}); err != nil || p.Current != start {
		t.Errorf("startpos: %v", err)
	}
	if got := Startpos(); got.Current != start || got.Start != start || got.Moves != nil {
		t.Errorf("Startpos() = %+v", got)
	}

	for _, c := range []struct{ in, msg string }{
		{"", "want startpos or sfen"},
		{"sfen", "bad SFEN: empty input"},
		{"startpos moves 7g7f 7g7f", "move 2 (7g7f): illegal move 7g7f: there is no piece on 7g"},
		{"sfen 4k4/9/4x4/9/9/9/9/9/9 b G 1", "bad SFEN (board field)"},
	} {
		_, err := ParsePosition(strings.Fields(c.in))
		var pe *record.ParseError
		if !errors.As(err, &pe) || !strings.HasPrefix(pe.Msg, c.msg) {
			t.Errorf("position %s: %v, want a *record.ParseError %q…", c.in, err, c.msg)
		}
	}
}

func TestParseSetOption(t *testing.T) {
	for _, c := range []struct {
		in   string
		want setOption
	}{
		{"name USI_Hash value 16", setOption{"USI_Hash", "16", true}},
		{"name Clear Hash", setOption{"Clear Hash", "", false}},
		{"name BookFile value C:\\my books\\a.db", setOption{"BookFile", "C:\\my books\\a.db", true}},
		{"name Empty value", setOption{"Empty", "", true}},
	} {
		got, err := parseSetOption(strings.Fields(c.in))
		if err != nil || got != c.want {
			t.Errorf("setoption %s: %+v, %v; want %+v", c.in, got, err, c.want)
		}
	}
	for _, in := range []string{"", "value 3", "name", "name value 3", "USI_Hash 16"} {
		if _, err := parseSetOption(strings.Fields(in)); err == nil {
			t.Errorf("setoption %s: no error", in)
		}
	}
}
