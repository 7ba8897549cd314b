package problem

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

func mustSFEN(t testing.TB, s string) shogi.Position {
	t.Helper()
	p, err := shogi.ParseSFEN(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// A generated mate-in-1 is written in the record format of generate
// --format jsonl, byte for byte.
func TestMarshalJSONMateIn1(t *testing.T) {
	p := Problem{
		Position:    mustSFEN(t, "5+P3/3lk4/3g1+p3/5g3/9/9/9/9/9 b Rr2b2g4s4n3l16p 1"),
		Stipulation: MateIn(1),
		Metrics:     Metrics{Legal: 78, Checks: 14, Replies: 262},
		Difficulty:  5.38,
		Provenance:  Provenance{Method: "reverse", Seed: 7, Index: 0},
	}
	m, err := p.Position.ParseUSIMove("R*5a")
	if err != nil {
		t.Fatal(err)
	}
	p.Line = []shogi.Move{m}
	b, err := AppendJSONL(nil, &p)
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"sfen":"5+P3/3lk4/3g1+p3/5g3/9/9/9/9/9 b Rr2b2g4s4n3l16p 1","solution":"R*5a","solution_ja":"▲５一飛打",` +
		`"metrics":{"legal":78,"checks":14,"replies":262},"difficulty":5.38,"method":"reverse","seed":7,"index":0,` +
		`"look":{"pieces":6,"king_edge":false,"king_corner":false,"symmetric":false},"tempting":0,"promotion_ambiguous":false}` + "\n"
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
	// json.Marshal gives the same, of a value as of a pointer.
	for _, v := range []any{p, &p} {
		if m, err := json.Marshal(v); err != nil || string(m)+"\n" != want {
			t.Errorf("json.Marshal(%T): %s, %v", v, m, err)
		}
	}
	var q Problem
	if err := json.Unmarshal(b, &q); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(p, q) {
		t.Errorf("read back %+v\nwant      %+v", q, p)
	}
}

// Every classic problem survives JSONL, the long lines with 同 in them
// too.
func TestJSONLRoundTrip(t *testing.T) {
	ps := readClassics(t)
	ps[0].Provenance.Version = "v1.2.3"
	ps[1].PromotionAmbiguous = true
	ps[1].Metrics = Metrics{1, 2, 3, 4}
	ps[2].Composer = &Composer{Sacrifices: 1, QuietFirst: true, Refusals: 2, DistantDrops: 1, FinalPieces: 3, Branching: 2.5, Beauty: 7.25}
	ps[2].Optimized = &Optimized{From: 3.5, Steps: 2}
	ps[2].Quality = &Quality{Score: 4.5, Themes: 3, Surprise: 1, KeyRank: 3, Checks: 7, Economy: -0.5, Final: 1.5, Guards: 0, Chase: -1.5, FirstCapture: 0}
	ps[3].Themes = []Theme{{Name: "sacrifice", Ply: 1}, {Name: "head-gold", Ply: len(ps[3].Line)}}
	ps[4].Themes = []Theme{} // looked for, none found
	var b bytes.Buffer
	if err := WriteJSONL(&b, ps); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `"optimized":{"from":3.5,"steps":2}`) {
		t.Error("no optimized record in the JSONL")
	}
	if !strings.Contains(b.String(), `"quality":{"score":4.5,"themes":3,"surprise":1,"key_rank":3,"checks":7,`) {
		t.Error("no quality record in the JSONL")
	}
	if !strings.Contains(b.String(), `"themes":[{"name":"sacrifice","ply":1},`) || !strings.Contains(b.String(), `"themes":[]`) {
		t.Error("no themes in the JSONL, or none for a problem without any")
	}
	if !strings.Contains(b.String(), "同") {
		t.Error("no 同 in the Japanese lines")
	}
	qs, err := ReadJSONL(&b, "written")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(ps, qs) {
		t.Error("the classic problems read back differ")
	}
	// A stipulation other than the length of the line is kept.
	p := Problem{Position: mustSFEN(t, "4k4/9/9/9/9/9/9/9/9 b G 1"), Stipulation: MateIn(0), Status: NoMate}
	p.Stipulation.Plies = 5
	data, err := p.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	var q Problem
	if err := q.UnmarshalJSON(data); err != nil || !reflect.DeepEqual(p, q) {
		t.Errorf("%s read back as %+v, %v", data, q, err)
	}
}

func TestReadJSONLErrors(t *testing.T) {
	for _, c := range []struct {
		data, field, want string
		line              int
	}{
		{`{"sfen":"4k4/9/9/9/9/9/9/9/9 b G 1","solution":"G*5b"}` + "\n\n" + `{"sfen":1}`, "sfen", "p.jsonl:3: sfen: json: cannot unmarshal", 3},
		{`{"solution":"G*5b"}`, "sfen", "p.jsonl:1: sfen: missing", 1},
		{`{"sfen":"4k4/9/9/9/9/9/9/9/9 b G 1","solution":"G*5a"}`, "solution", "p.jsonl:1: solution: move 1: shogi: illegal move G*5a", 1},
		{`{"sfen":"4k4/9/9/9/9/9/9/9/9 b G 1","status":"maybe"}`, "status", `p.jsonl:1: status: unknown status "maybe"`, 1},
		{`{"sfen":"4k4/9/9/9/9/9/9/9/9 b G 1","plies":-1}`, "plies", "p.jsonl:1: plies: -1", 1},
		{`{"sfen":`, "", "p.jsonl:1: unexpected end of JSON input", 1},
		{`{"sfen":"4k4/9/9/9/9/9/9/9/9 b G 1","solution":"G*5b","themes":[{"name":"head-gold","ply":2}]}`, "themes", "p.jsonl:1: themes: {Name:head-gold Ply:2} is not a theme", 1},
	} {
		_, err := ReadJSONL(strings.NewReader(c.data), "p.jsonl")
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Line != c.line || pe.Field != c.field || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: error %v, want line %d, field %q, text %q…", c.data, err, c.line, c.field, c.want)
		}
	}
	var p Problem
	if err := json.Unmarshal([]byte(`{"sfen":"x"}`), &p); err == nil || !strings.Contains(err.Error(), "sfen: shogi: bad SFEN") {
		t.Errorf("Unmarshal: error %v", err)
	}
}

// A mined problem's game provenance survives JSONL, and a bad one is
// refused naming the field.
func TestJSONLGameSource(t *testing.T) {
	ps := readClassics(t)[:2]
	ps[0].Provenance = Provenance{Method: "mine", Seed: 3, Index: 86, Game: &GameSource{
		File: "games/2026.kif", Game: 1, Move: 87, Black: "先手さん", White: "後手さん", Date: "2026/12/01", Flipped: true, Removed: "R2P", Leftover: "P"}}
	var b bytes.Buffer
	if err := WriteJSONL(&b, ps); err != nil {
		t.Fatal(err)
	}
	const want = `"game":{"file":"games/2026.kif","game":1,"move":87,"black":"先手さん","white":"後手さん","date":"2026/12/01","flipped":true,"removed":"R2P","leftover":"P"}`
	if !strings.Contains(b.String(), want) {
		t.Errorf("no game provenance %s in\n%s", want, b.String())
	}
	if strings.Count(b.String(), `"game":{`) != 1 {
		t.Error("a problem not mined has a game provenance")
	}
	qs, err := ReadJSONL(&b, "written")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(ps, qs) {
		t.Errorf("read back %+v\nwant      %+v", qs[0].Provenance, ps[0].Provenance)
	}
	bad := `{"sfen":"4k4/9/9/9/9/9/9/9/9 b G 1","solution":"","game":{"game":0,"move":0}}`
	var q Problem
	if err := q.UnmarshalJSON([]byte(bad)); err == nil || !strings.Contains(err.Error(), "game") {
		t.Errorf("move number 0 read with error %v, want one naming game", err)
	}
}
