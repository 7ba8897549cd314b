package problem

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

const classicFile = "testdata/classic-tsume.tsv"

func TestReadTSV(t *testing.T) {
	ps, err := ReadTSV(strings.NewReader("# comment\nid\tplies\traw_plies\tstatus\tsfen\tline\n\n"+
		"a\t3\t5\tconfirmed\t4k4/9/9/9/9/9/9/9/9 b 2G 1\tG*4b 5a6a G*6b\r\n"+
		"b\t13\t-\tline-only\t9/9/9/9/9/9/9/9/4k4 b G 1\n"+
		"c\t0\t0\tnomate\t4k4/9/9/9/9/9/9/9/9 b G 1\t-\n"+
		"-\t1\t1\t-\t4k4/9/4S4/9/9/9/9/9/9 b G 1\tG*5b\n"), "list.tsv")
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 4 {
		t.Fatalf("got %d problems", len(ps))
	}
	a, b, c, d := ps[0], ps[1], ps[2], ps[3]
	if a.ID != "a" || a.Stipulation != MateIn(3) || a.RawPlies != 5 || a.Status != Confirmed || usiLine(a.Line) != "G*4b 5a6a G*6b" {
		t.Errorf("problem a: %+v", a)
	}
	if a.Position.SFEN() != "4k4/9/9/9/9/9/9/9/9 b 2G 1" {
		t.Errorf("problem a: position %s", a.Position.SFEN())
	}
	if b.RawPlies != 0 || b.Line != nil || b.Status != LineOnly || b.Stipulation.Plies != 13 {
		t.Errorf("problem b (raw '-', no line column): %+v", b)
	}
	if c.Line != nil || c.Status != NoMate {
		t.Errorf("problem c (line '-'): %+v", c)
	}
	if d.ID != "" || d.Status != UnknownStatus {
		t.Errorf("problem d (id and status '-'): %+v", d)
	}
}

func TestReadTSVErrors(t *testing.T) {
	for _, c := range []struct {
		data      string
		line      int
		field     string
		want      string
		syntax    bool // the cause is a *shogi.SyntaxError
		illegal   bool // the cause is a *shogi.IllegalMoveError
		noProblem bool
	}{
		{data: "a\t1\t1\n", line: 1, want: "l.tsv:1: want at least 5 tab-separated columns"},
		{data: "# x\na\tone\t1\tconfirmed\tsfen\n", line: 2, field: "plies", want: `l.tsv:2: plies: "one" is not a number of plies`},
		{data: "a\t1\t-2\tconfirmed\tsfen\n", line: 1, field: "raw_plies", want: `l.tsv:1: raw_plies: "-2"`},
		{data: "a\t1\t1\tguessed\tsfen\n", line: 1, field: "status", want: `l.tsv:1: status: unknown status "guessed"`},
		{data: "a\t1\t1\tconfirmed\t4k4/9/9 b G 1\n", line: 1, field: "sfen", want: "l.tsv:1: sfen: shogi: bad SFEN", syntax: true},
		{data: "\n\na\t1\t1\tconfirmed\t4k4/9/9/9/9/9/9/9/9 b 2G 1\tG*4b 5a6a G*4b\n", line: 3, field: "line", want: "l.tsv:3: line: move 3: shogi: illegal move G*4b", illegal: true},
		{data: "a\t1\t1\tconfirmed\t4k4/9/9/9/9/9/9/9/9 b G 1\tZ*5b\n", line: 1, field: "line", want: "l.tsv:1: line: move 1: shogi: bad USI move", syntax: true},
		{data: "# only a comment\n", want: "l.tsv: no problems", noProblem: true},
	} {
		_, err := ReadTSV(strings.NewReader(c.data), "l.tsv")
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("%q: error %v is not a *ParseError", c.data, err)
			continue
		}
		if pe.File != "l.tsv" || pe.Line != c.line || pe.Field != c.field || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: error %q (line %d, field %q), want line %d, field %q, text %q…", c.data, err, pe.Line, pe.Field, c.line, c.field, c.want)
		}
		var se *shogi.SyntaxError
		var ie *shogi.IllegalMoveError
		if errors.As(err, &se) != c.syntax || errors.As(err, &ie) != c.illegal || errors.Is(err, ErrNoProblems) != c.noProblem {
			t.Errorf("%q: error %v: cause of the wrong type", c.data, err)
		}
	}
}

func readClassics(t testing.TB) []Problem {
	t.Helper()
	ps, err := ReadTSVFile(classicFile)
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

// The classic problems shipped with the tests parse, each with its
// recorded line.
func TestClassicFile(t *testing.T) {
	for _, p := range readClassics(t) {
		if len(p.Line) == 0 || p.Stipulation.Plies == 0 || p.Status == UnknownStatus {
			t.Errorf("%s: %+v", p.ID, p)
		}
	}
}

// A list written by WriteTSV reads back as the same problems, and the
// classic file, already in the canonical form, is written back line for
// line.
func TestTSVRoundTrip(t *testing.T) {
	ps := readClassics(t)
	var b bytes.Buffer
	if err := WriteTSV(&b, ps); err != nil {
		t.Fatal(err)
	}
	qs, err := ReadTSV(bytes.NewReader(b.Bytes()), "written")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(ps, qs) {
		t.Error("the classic problems read back differ")
	}
	data, err := readFile(classicFile)
	if err != nil {
		t.Fatal(err)
	}
	var orig []string
	for _, l := range strings.Split(string(data), "\n") {
		if l != "" && !strings.HasPrefix(l, "#") {
			orig = append(orig, l)
		}
	}
	if got := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n"); !reflect.DeepEqual(got, orig) {
		t.Errorf("written list differs from the file:\n%s", b.String())
	}
}

func TestWriteTSVBadID(t *testing.T) {
	p := Problem{Position: shogi.Startpos()}
	for _, id := range []string{"a\tb", "x\n", "#1", "id", "-"} {
		p.ID = id
		var b bytes.Buffer
		if err := WriteTSV(&b, []Problem{p}); err == nil || b.Len() != 0 {
			t.Errorf("ID %q: error %v, wrote %q", id, err, b.String())
		}
	}
}

func TestStatus(t *testing.T) {
	for s := UnknownStatus; s <= NoMate; s++ {
		got, err := ParseStatus(s.String())
		if err != nil || got != s {
			t.Errorf("%v: ParseStatus gives %v, %v", s, got, err)
		}
		if want := s == Confirmed || s == ConfirmedAfterFutileRule || s == Constructed; s.LengthChecked() != want {
			t.Errorf("%v: LengthChecked %v", s, !want)
		}
	}
	if _, err := ParseStatus("sure"); err == nil {
		t.Error("no error for an unknown status")
	}
}

func TestStipulation(t *testing.T) {
	if s := MateIn(3).String(); s != "mate in 3" {
		t.Errorf("MateIn(3) is %q", s)
	}
	if s := (Stipulation{}).String(); s != "mate" {
		t.Errorf("zero stipulation is %q", s)
	}
}

func TestLook(t *testing.T) {
	for _, c := range []struct {
		sfen string
		want Look
	}{
		{"8k/9/9/9/9/9/9/9/9 b G 1", Look{Pieces: 1, KingEdge: true, KingCorner: true, Symmetric: false}},
		{"9/9/9/4k4/9/9/9/9/9 b 2G 1", Look{Pieces: 2, Symmetric: true}},
		{"9/7k1/9/9/9/9/9/9/4K4 b S 1", Look{Pieces: 2, KingCorner: true}},
		{"4k4/9/9/9/9/9/9/9/9 b - 1", Look{KingEdge: true, Symmetric: true}},
		// White to move attacks Black's king: the looks of the first
		// and third positions turned round.
		{"9/9/9/9/9/9/9/9/K8 w g 1", Look{Pieces: 1, KingEdge: true, KingCorner: true, Symmetric: false}},
		{"4k4/9/9/9/9/9/9/7K1/9 w s 1", Look{Pieces: 2, KingCorner: true}},
	} {
		p, err := shogi.ParseSFEN(c.sfen)
		if err != nil {
			t.Fatal(err)
		}
		if got := LookOf(&p); got != c.want {
			t.Errorf("%s: look %+v, want %+v", c.sfen, got, c.want)
		}
	}
}
