package problem

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// Fairy-board problems: positions package shogi cannot hold, as the
// solver writes them (tsume solve, the defender's hand the remaining
// pieces).
const (
	// 安南: R*2a, the royal bishop takes nothing and steps to 1c, S*2d.
	royalBishopSFEN = "6$b2/5s3/9/6p2/9/9/9/9/9 b RSrb4g2s4n4l17p 1"
	royalBishopLine = "R*2a 3a1c S*2d"
	// 天竺: the Grasshopper dropped on 9c hops over the bishop to 9a.
	grasshopperSFEN = "k8/Bp7/1G7/9/9/9/9/9/9 b (GH)2rb3g4s4n4l17p 1"
	grasshopperLine = "(GH)*9c"
)

// fairyBoardProblem reads sfen and line under rules into a problem.
func fairyBoardProblem(t *testing.T, sfen, rules, line string, goal Goal) Problem {
	t.Helper()
	p, err := Parse(sfen, rules, goal, strings.Fields(line))
	if err != nil {
		t.Fatal(err)
	}
	if p.Variant == nil {
		t.Fatalf("%s: read as a standard position", sfen)
	}
	return p
}

// Parse names the field at fault.
func TestParse(t *testing.T) {
	for _, tc := range []struct{ sfen, rules, line, field string }{
		{"4k4/9/9/9/9/9/9/9/9 b (GX) 1", "", "", "sfen: "},
		{grasshopperSFEN, "anan", "", "rules: "},
		{grasshopperSFEN, "tenjiku", "(GH)*9a", "solution: move 1"},
	} {
		if _, err := Parse(tc.sfen, tc.rules, Mate, strings.Fields(tc.line)); err == nil || !strings.HasPrefix(err.Error(), tc.field) {
			t.Errorf("%s %q %s: %v, want %s…", tc.sfen, tc.rules, tc.line, err, tc.field)
		}
	}
}

// A position with a fairy piece or a royal other than a king is held in Variant; a standard one in Position.
func TestSetSFEN(t *testing.T) {
	for sfen, fairy := range map[string]bool{
		royalBishopSFEN:                    true,
		grasshopperSFEN:                    true,
		"4k4/9/4P4/9/9/9/9/9/9 b G 1":      false,
		"8(li)/4k4/9/9/9/9/9/9/9 w 2P 3":   true,
		"4k4/9/4$P4/9/9/9/9/9/9 b G(GH) 1": true,
	} {
		var p Problem
		if err := p.SetSFEN(sfen); err != nil {
			t.Errorf("%s: %v", sfen, err)
			continue
		}
		if (p.Variant != nil) != fairy {
			t.Errorf("%s: Variant set %v, want %v", sfen, p.Variant != nil, fairy)
		}
		if got := p.SFEN(); got != sfen {
			t.Errorf("SFEN() = %s, want %s", got, sfen)
		}
		if fairy && p.Position != (shogi.Position{}) {
			t.Errorf("%s: Position is not the zero Position", sfen)
		}
	}
}

// A bad SFEN is the parser's error: variant's for a fairy token, shogi's
// for a standard one (19 pawns is no fairy position).
func TestSetSFENErrors(t *testing.T) {
	var p Problem
	var ve *variant.SFENError
	if err := p.SetSFEN("4k4/9/9/9/9/9/9/9/9 b (GX) 1"); !errors.As(err, &ve) || ve.Field != "hands" {
		t.Errorf("(GX): %v, want a *variant.SFENError in the hands field", err)
	}
	if err := p.SetSFEN("4k4/9/9/9/9/9/9/9/9 b 19P 1"); err == nil || errors.As(err, &ve) {
		t.Errorf("19 pawns: %v, want shogi's error", err)
	}
	if p.Variant != nil || p.Position != (shogi.Position{}) {
		t.Error("a failed SetSFEN changed the problem")
	}
}

// A fairy-board problem goes through its JSON form byte for byte: the
// fairy SFEN, the line with the fairy piece's drop, its rules and
// stipulation; read back, it is the same problem.
func TestJSONFairyBoardRoundTrip(t *testing.T) {
	for _, p := range []Problem{
		fairyBoardProblem(t, royalBishopSFEN, "annan", royalBishopLine, Mate),
		fairyBoardProblem(t, grasshopperSFEN, "tenjiku", grasshopperLine, Mate),
		fairyBoardProblem(t, grasshopperSFEN, "", grasshopperLine, Help),
	} {
		b, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		var q Problem
		if err := json.Unmarshal(b, &q); err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		if !reflect.DeepEqual(p, q) {
			t.Errorf("read back %+v\nwant      %+v", q, p)
		}
		c, err := json.Marshal(q)
		if err != nil || !bytes.Equal(b, c) {
			t.Errorf("written again:\n%s\nwant\n%s", c, b)
		}
		if !strings.Contains(string(b), `"sfen":"`+p.SFEN()+`"`) {
			t.Errorf("%s: the SFEN is not the fairy SFEN", b)
		}
	}
}

// The JSON form of a fairy-board problem: the line in variant's USI and
// in KIF's Japanese, the look counted without the defender's royal.
func TestJSONFairyBoardFields(t *testing.T) {
	p := fairyBoardProblem(t, grasshopperSFEN, "tenjiku", grasshopperLine, Mate)
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`"solution":"(GH)*9c"`, `"solution_ja":"▲９三グ打"`, `"rules":"tenjiku"`,
		`"look":{"pieces":4,"king_edge":true,"king_corner":true,"symmetric":false}`,
	} {
		if !strings.Contains(string(b), want) {
			t.Errorf("%s: no %s", b, want)
		}
	}
	r := fairyBoardProblem(t, royalBishopSFEN, "annan", royalBishopLine, Mate)
	if got, want := r.lineJA(), "▲２一飛打 △１三角(31) ▲２四銀打"; got != want {
		t.Errorf("royal bishop: %s, want %s", got, want)
	}
	if l := r.Look(); l.Pieces != 2+2 || !l.KingEdge || l.KingCorner || l.Symmetric {
		t.Errorf("royal bishop: look %+v", l)
	}
	// Symmetric: the board is its own mirror image, royalty included.
	s := fairyBoardProblem(t, "(li)3k3(li)/9/9/9/9/9/9/9/4$P4 b G 1", "", "", Mate)
	a := fairyBoardProblem(t, "(li)3k3(li)/9/9/9/9/9/9/9/3$P5 b G 1", "", "", Mate)
	if !s.Look().Symmetric || a.Look().Symmetric {
		t.Errorf("symmetric %v, asymmetric %v", s.Look(), a.Look())
	}
}

// The line of a fairy-board problem is checked under its rules, and the
// error names the move; a fairy move on a standard board is no move.
func TestFairyBoardLineErrors(t *testing.T) {
	for _, tc := range []struct{ sfen, rules, line, want string }{
		// The royal bishop moves as a bishop.
		{royalBishopSFEN, "annan", "R*2a 3a2a", "move 2"},
		{grasshopperSFEN, "tenjiku", "(GH)*9a", "move 1"},
		{"4k4/9/4P4/9/9/9/9/9/9 b G 1", "", "(GH)*5b", "move 1"},
	} {
		rec := `{"sfen":"` + tc.sfen + `","solution":"` + tc.line + `","rules":"` + tc.rules + `"}`
		_, err := ReadJSONL(strings.NewReader(rec), "x.jsonl")
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Field != "solution" || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error in the solution at %s", rec, err, tc.want)
		}
	}
	rec := `{"sfen":"4k4/9/9/9/9/9/9/9/9 b (GX) 1","solution":""}`
	_, err := ReadJSONL(strings.NewReader(rec), "x.jsonl")
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Field != "sfen" || !strings.Contains(err.Error(), "(GX)") {
		t.Errorf("(GX): %v, want an error in the field sfen naming the token", err)
	}
}

// A problem list holds standard positions only: a fairy board is refused
// in writing and in reading, in the field sfen.
func TestTSVRefusesFairyBoard(t *testing.T) {
	p := fairyBoardProblem(t, royalBishopSFEN, "", royalBishopLine, Mate)
	if err := WriteTSV(new(strings.Builder), []Problem{p}); err == nil || !strings.Contains(err.Error(), "sfen") {
		t.Errorf("WriteTSV: %v", err)
	}
	row := "x\t3\t-\t-\t" + royalBishopSFEN + "\t-\n"
	_, err := ReadTSV(strings.NewReader(row), "x.tsv")
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Field != "sfen" || !strings.Contains(err.Error(), "standard positions only") {
		t.Errorf("ReadTSV: %v", err)
	}
}

// IsFairy: rules, stipulation or board.
func TestIsFairy(t *testing.T) {
	std := Problem{Position: mustSFEN(t, annanMate3SFEN)}
	for _, tc := range []struct {
		p    Problem
		want bool
	}{
		{std, false},
		{Problem{Position: std.Position, Rules: "annan"}, true},
		{Problem{Position: std.Position, Stipulation: Stipulation{Goal: Help}}, true},
		{fairyBoardProblem(t, grasshopperSFEN, "", grasshopperLine, Mate), true},
	} {
		if got := tc.p.IsFairy(); got != tc.want {
			t.Errorf("%s %q %v: IsFairy %v", tc.p.SFEN(), tc.p.Rules, tc.p.Stipulation, got)
		}
	}
}
