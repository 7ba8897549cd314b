package usi

import (
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/record"
	"github.com/tsume-shogi/tsume/shogi"
)

const ms = time.Millisecond

// goCase is a go command, the limits it must give and the notes.
type goCase struct {
	in    string
	want  Limits
	notes []string
}

// checkGo runs ParseGo on each case.
func checkGo(t *testing.T, cases []goCase) {
	t.Helper()
	for _, c := range cases {
		got, notes := ParseGo(strings.Fields(c.in))
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("go %s:\n got %+v\nwant %+v", c.in, got, c.want)
		}
		var texts []string
		for _, n := range notes {
			texts = append(texts, n.String())
		}
		if !reflect.DeepEqual(texts, c.notes) {
			t.Errorf("go %s: notes\n%q\nwant\n%q", c.in, texts, c.notes)
		}
	}
}

// Every field of the protocol is read, without a note.
func TestParseGo(t *testing.T) {
	checkGo(t, []goCase{
		{"", Limits{}, nil},
		{"btime 60000 wtime 50000 byoyomi 10000", Limits{BTime: 60000 * ms, WTime: 50000 * ms, Byoyomi: 10000 * ms}, nil},
		{"btime 0 wtime 0 byoyomi 1000", Limits{Byoyomi: 1000 * ms}, nil},
		{"btime 1000 wtime 2000 binc 3000 winc 4000", Limits{BTime: 1000 * ms, WTime: 2000 * ms, BInc: 3000 * ms, WInc: 4000 * ms}, nil},
		{"movetime 250", Limits{MoveTime: 250 * ms}, nil},
		{"depth 12", Limits{Depth: 12}, nil},
		{"nodes 5000000", Limits{Nodes: 5000000}, nil},
		{"depth 0 nodes 0", Limits{}, nil},
		{"infinite", Limits{Infinite: true}, nil},
		{"ponder btime 100 wtime 200 byoyomi 300", Limits{Ponder: true, BTime: 100 * ms, WTime: 200 * ms, Byoyomi: 300 * ms}, nil},
		{"searchmoves 7g7f 2g2f", Limits{SearchMoves: []string{"7g7f", "2g2f"}}, nil},
		{"searchmoves P*5e infinite", Limits{SearchMoves: []string{"P*5e"}, Infinite: true}, nil},
		{"infinite searchmoves 7g7f depth 3", Limits{Infinite: true, SearchMoves: []string{"7g7f"}, Depth: 3}, nil},
		{"btime 9223372036854", Limits{BTime: 9223372036854 * ms}, nil},
		{"depth 2147483647", Limits{Depth: MaxGoDepth}, nil},
		{"nodes 18446744073709551615", Limits{Nodes: math.MaxUint64}, nil},
	})
}

// A word that starts no field is ignored with the words after it up to
// the next field, and the rest is read.
func TestParseGoUnknownField(t *testing.T) {
	checkGo(t, []goCase{
		{"btime 60000 wtime 60000 byoyomi 1000 rtime 3000", Limits{BTime: 60000 * ms, WTime: 60000 * ms, Byoyomi: 1000 * ms},
			[]string{`go: unknown field "rtime 3000" ignored`}},
		{"frobnicate 3 depth 5", Limits{Depth: 5}, []string{`go: unknown field "frobnicate 3" ignored`}},
		{"btime 100 5", Limits{BTime: 100 * ms}, []string{`go: unknown field "5" ignored`}},
		{"BTIME 100 byoyomi 100 lose", Limits{Byoyomi: 100 * ms}, []string{`go: unknown field "BTIME 100" ignored`, `go: unknown field "lose" ignored`}},
	})
}

// A number above a field's bound is read as the bound.
func TestParseGoTooLarge(t *testing.T) {
	checkGo(t, []goCase{
		{"depth 99999999999", Limits{Depth: MaxGoDepth}, []string{"go depth: 99999999999 is too large; read as 2147483647"}},
		{"depth 99999999999999999999999", Limits{Depth: MaxGoDepth}, []string{"go depth: 99999999999999999999999 is too large; read as 2147483647"}},
		{"nodes 99999999999999999999", Limits{Nodes: math.MaxUint64}, []string{"go nodes: 99999999999999999999 is too large; read as 18446744073709551615"}},
		{"binc 99999999999999999999", Limits{BInc: time.Duration(MaxGoMillis) * ms}, []string{"go binc: 99999999999999999999 is too large; read as 9223372036854"}},
		{"winc 9223372036855 byoyomi 100", Limits{WInc: time.Duration(MaxGoMillis) * ms, Byoyomi: 100 * ms}, []string{"go winc: 9223372036855 is too large; read as 9223372036854"}},
	})
}

// A negative number is read as 0.
func TestParseGoNegative(t *testing.T) {
	checkGo(t, []goCase{
		{"btime -1500 wtime 60000 byoyomi 1000", Limits{WTime: 60000 * ms, Byoyomi: 1000 * ms}, []string{"go btime: -1500 is negative; read as 0"}},
		{"byoyomi -1", Limits{}, []string{"go byoyomi: -1 is negative; read as 0"}},
		{"depth -1", Limits{}, []string{"go depth: -1 is negative; read as 0"}},
		{"nodes -99999999999999999999", Limits{}, []string{"go nodes: -99999999999999999999 is negative; read as 0"}},
		{"movetime -0", Limits{}, nil},
	})
}

// A value that is missing or no whole number leaves its field unset.
func TestParseGoMalformed(t *testing.T) {
	checkGo(t, []goCase{
		{"btime", Limits{}, []string{"go btime: no value; ignored"}},
		{"btime wtime 5", Limits{WTime: 5 * ms}, []string{"go btime: no value; ignored"}},
		{"btime 1000 wtime x", Limits{BTime: 1000 * ms}, []string{`go wtime: "x" is not a time in milliseconds; ignored`}},
		{"movetime +5", Limits{}, []string{`go movetime: "+5" is not a time in milliseconds; ignored`}},
		{"movetime 1.5", Limits{}, []string{`go movetime: "1.5" is not a time in milliseconds; ignored`}},
		{"depth", Limits{}, []string{"go depth: no value; ignored"}},
		{"depth three", Limits{}, []string{`go depth: "three" is not a whole number; ignored`}},
		{"nodes -", Limits{}, []string{`go nodes: "-" is not a whole number; ignored`}},
		{"searchmoves", Limits{}, []string{"go searchmoves: no moves; every move is searched"}},
		{"searchmoves infinite", Limits{Infinite: true}, []string{"go searchmoves: no moves; every move is searched"}},
	})
}

// A field given twice takes its last value.
func TestParseGoTwice(t *testing.T) {
	checkGo(t, []goCase{
		{"byoyomi 100 byoyomi 200", Limits{Byoyomi: 200 * ms}, []string{"go byoyomi: given twice; the last one counts"}},
		{"infinite infinite", Limits{Infinite: true}, []string{"go infinite: given twice; the last one counts"}},
		{"mate 3000 mate infinite", Limits{Mate: true}, []string{"go mate: given twice; the last one counts"}},
	})
}

// go mate takes a time or infinite; without a time it searches until
// stop, and its time is clamped as the others are.
func TestParseGoMate(t *testing.T) {
	checkGo(t, []goCase{
		{"mate 5000", Limits{Mate: true, MateTime: 5000 * ms}, nil},
		{"mate infinite", Limits{Mate: true}, nil},
		{"mate 0", Limits{Mate: true}, nil},
		{"mate 99999999999", Limits{Mate: true, MateTime: 99999999999 * ms}, nil},
		{"mate 99999999999999999999", Limits{Mate: true, MateTime: time.Duration(MaxGoMillis) * ms},
			[]string{"go mate: 99999999999999999999 is too large; read as 9223372036854"}},
		{"mate", Limits{Mate: true}, []string{"go mate: no time given; searching until stop"}},
		{"mate btime 100", Limits{Mate: true, BTime: 100 * ms}, []string{"go mate: no time given; searching until stop"}},
		{"mate abc", Limits{Mate: true}, []string{`go mate: "abc" is not a time in milliseconds; searching until stop`}},
		{"mate 1.5", Limits{Mate: true}, []string{`go mate: "1.5" is not a time in milliseconds; searching until stop`}},
		{"mate -5", Limits{Mate: true}, []string{"go mate: -5 is negative; read as 0: searching until stop"}},
		{"mate 1000 sometimes", Limits{Mate: true, MateTime: time.Second}, []string{`go: unknown field "sometimes" ignored`}},
	})
}

func TestLimitsClock(t *testing.T) {
	l, notes := ParseGo(strings.Fields("btime 1000 wtime 2000 binc 30 winc 40 byoyomi 500"))
	if notes != nil {
		t.Fatal(notes)
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
		l, notes := ParseGo(strings.Fields(c.in))
		if notes != nil {
			t.Fatal(notes)
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
