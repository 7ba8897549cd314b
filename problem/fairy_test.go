package problem

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/variant"
)

// annanMate3 is issue 28's 安南 mate in 3 (fmza's answer): the knight
// dropped on the second rank is backed by the gold, so it can move; the
// drop is illegal under the standard rules.
const (
	annanMate3SFEN = "9/2k6/N8/1R7/1B7/4S4/4G4/9/9 b GN 1"
	annanMate3Line = "G*7c 7b7a N*7b"
)

// A problem under fairy rules keeps its rules and stipulation through
// the JSON form, and its line is checked under those rules.
func TestJSONFairyRoundTrip(t *testing.T) {
	pos := mustSFEN(t, annanMate3SFEN)
	line, err := ParseLineRules(&pos, "annan", strings.Fields(annanMate3Line))
	if err != nil {
		t.Fatal(err)
	}
	for _, goal := range []Goal{Mate, Help} {
		p := Problem{Position: pos, Rules: "annan", Stipulation: Stipulation{Goal: goal, Plies: 3}, Line: line}
		b, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), `"rules":"annan"`) {
			t.Errorf("%s: no rules field", b)
		}
		if has := strings.Contains(string(b), `"stip":"help"`); has != (goal == Help) {
			t.Errorf("%s: stip field written %v, want %v", b, has, goal == Help)
		}
		var q Problem
		if err := json.Unmarshal(b, &q); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(p, q) {
			t.Errorf("read back %+v\nwant      %+v", q, p)
		}
	}
}

// A standard problem writes neither rules nor stip (the standard output
// is unchanged: TestMarshalJSONMateIn1 holds it byte for byte).
func TestJSONStandardHasNoRules(t *testing.T) {
	p := Problem{Position: mustSFEN(t, annanMate3SFEN), Stipulation: MateIn(0)}
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), `"rules"`) || strings.Contains(string(b), `"stip"`) {
		t.Errorf("%s: a standard mate problem writes rules or stip", b)
	}
}

// A line legal only under 安南 is refused under the standard rules, and
// the error names the move.
func TestLineCheckedUnderItsRules(t *testing.T) {
	rec := `{"sfen":"` + annanMate3SFEN + `","solution":"` + annanMate3Line + `"}`
	var p Problem
	err := json.Unmarshal([]byte(rec), &p)
	if err == nil || !strings.Contains(err.Error(), "solution") || !strings.Contains(err.Error(), "move 3") {
		t.Errorf("standard rules: got %v, want an error at the solution's move 3", err)
	}
	withRules := strings.TrimSuffix(rec, "}") + `,"rules":"annan"}`
	if err := json.Unmarshal([]byte(withRules), &p); err != nil {
		t.Errorf("annan: %v", err)
	}
}

// Bad rules and stipulations name their field.
func TestJSONFairyErrors(t *testing.T) {
	for _, tc := range []struct{ extra, field string }{
		{`"rules":"anan"`, "rules"},
		{`"rules":"annan,annan"`, "rules"},
		{`"stip":"selfmate"`, "stip"},
	} {
		rec := `{"sfen":"` + annanMate3SFEN + `","solution":"",` + tc.extra + `}`
		_, err := ReadJSONL(strings.NewReader(rec), "x.jsonl")
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Field != tc.field {
			t.Errorf("%s: got %v, want an error in field %s", tc.extra, err, tc.field)
		}
	}
}

// The rules' names are canonical: "standard" is the empty name, and the
// conditions keep their order.
func TestCanonicalRules(t *testing.T) {
	for in, want := range map[string]string{"": "", "standard": "", "annan": "annan", "tenjiku,annan": "tenjiku,annan"} {
		if got, err := CanonicalRules(in); err != nil || got != want {
			t.Errorf("CanonicalRules(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	var re *variant.RulesError
	if _, err := CanonicalRules("chess"); !errors.As(err, &re) {
		t.Errorf("CanonicalRules(chess): %v, want a *variant.RulesError", err)
	}
}

// Goals read back from their names.
func TestParseGoal(t *testing.T) {
	for _, g := range []Goal{Mate, Help, HelpSelf} {
		if h, err := ParseGoal(g.String()); err != nil || h != g {
			t.Errorf("ParseGoal(%q) = %v, %v", g, h, err)
		}
	}
	if _, err := ParseGoal("self"); err == nil {
		t.Error("ParseGoal(self): no error")
	}
}

// A problem list holds standard mate problems only.
func TestWriteTSVRefusesFairy(t *testing.T) {
	p := Problem{Position: mustSFEN(t, annanMate3SFEN), Rules: "annan", Stipulation: MateIn(3)}
	if err := WriteTSV(new(strings.Builder), []Problem{p}); err == nil {
		t.Error("WriteTSV wrote a 安南 problem")
	}
}

// The Japanese line of a fairy problem is in KIF's form.
func TestJapaneseFairyLine(t *testing.T) {
	pos := mustSFEN(t, annanMate3SFEN)
	line, err := ParseLineRules(&pos, "annan", strings.Fields(annanMate3Line))
	if err != nil {
		t.Fatal(err)
	}
	p := Problem{Position: pos, Rules: "annan", Line: line}
	if got, want := p.lineJA(), "▲７三金打 △７一玉(72) ▲７二桂打"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}
