package report_test

import (
	"slices"
	"testing"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/report"
)

// TestVerdictKindMate1 is the rule of a mate-in-1 verdict's kind: valid
// with one mate, not-unique with more, no-mate without (for the solver
// to judge), not-a-problem without the defender's king or with the
// attacker in check.
func TestVerdictKindMate1(t *testing.T) {
	cases := []struct {
		sfen, kind string
		length     int
		solve      bool // NeedsSolution
	}{
		{"4k4/9/4S4/9/9/9/9/9/9 b G 1", report.KindMate1, 1, false},
		{"9/9/9/9/9/9/4s4/9/4K4 w g 1", report.KindMate1, 1, false}, // White attacks
		{"8k/9/7S1/9/9/9/9/9/9 b G 1", report.KindNotUnique, 1, false},
		{"8k/9/9/7Rs/9/9/9/9/9 b B 1", report.KindNoMate, 0, true},
		{"4k4/9/4S4/9/9/9/9/9/9 w G 1", report.KindNotAProblem, 0, false}, // Black has no king
		{"k3r4/9/9/9/9/9/9/9/4K4 b G 1", report.KindNotAProblem, 0, false},
	}
	for _, c := range cases {
		p := mustSFEN(t, c.sfen)
		v := report.NewVerdict(mate.Verify1(&p, mate.Remaining))
		if v.Kind != c.kind || v.Length != c.length || v.NeedsSolution() != c.solve || v.Valid != report.IsValidKind(v.Kind) {
			t.Errorf("%s: kind %s, length %d, needs solution %v, valid %v; want %s, %d, %v",
				c.sfen, v.Kind, v.Length, v.NeedsSolution(), v.Valid, c.kind, c.length, c.solve)
		}
	}
}

// TestVerdictExcludedMate is the rule of 打ち歩詰め: the pawn drop that
// would mate is named among the excluded mates, with its rule.
func TestVerdictExcludedMate(t *testing.T) {
	p := mustSFEN(t, "8k/6S2/7G1/9/9/9/9/9/4K4 b P 1")
	v := report.NewVerdict(mate.Verify1(&p, mate.AsGiven))
	want := []report.ExcludedMate{{Move: "P*1b", MoveJA: "▲１二歩打", Rule: "打ち歩詰め", RuleEN: "pawn-drop mate"}}
	if !slices.Equal(v.ExcludedMates, want) || len(v.Mates) != 0 {
		t.Errorf("excluded %+v, mates %q; want %+v and none", v.ExcludedMates, v.Mates, want)
	}
	p = mustSFEN(t, "4k4/9/4S4/9/9/9/9/9/9 b G 1")
	if v := report.NewVerdict(mate.Verify1(&p, mate.Remaining)); v.ExcludedMates == nil || len(v.ExcludedMates) != 0 {
		t.Errorf("excluded %#v, want an empty list", v.ExcludedMates)
	}
}

// noMateIn1 returns the view of a position without a mate in 1, ready
// for SetSolution.
func noMateIn1(t *testing.T) *report.Verdict {
	t.Helper()
	p := mustSFEN(t, "8k/9/9/7Rs/9/9/9/9/9 b B 1")
	return report.NewVerdict(mate.Verify1(&p, mate.Remaining))
}

// TestVerdictSetSolution is the rule of a problem longer than 1 ply:
// valid when the composers' verdict is sound or sound with blemishes;
// each flaw, an undecided verdict, no mate or no answer is a reason.
func TestVerdictSetSolution(t *testing.T) {
	flaw := report.Finding{Class: "余詰", Severity: "flaw", Ply: 1, Move: "B*4d", Text: "余詰 (cook): also mates in 3 plies"}
	blemish := report.Finding{Class: "非限定", Severity: "blemish", Ply: 1, Move: "B*4d", Text: "非限定"}
	undecidedFlaw := flaw
	undecidedFlaw.Undecided = true
	cases := []struct {
		name    string
		status  string
		overall string
		reason  string
		finds   []report.Finding
		kind    string
		length  int
		errors  []string
	}{
		{"sound", "mate", "sound", "", nil, report.KindLonger, 3, nil},
		{"sound with blemishes", "mate", "sound with blemishes", "", []report.Finding{blemish}, report.KindLonger, 3, nil},
		{"unsound: each flaw", "mate", "unsound", "", []report.Finding{blemish, flaw, flaw},
			report.KindUnsound, 3, []string{"unsound: ply 1 B*4d: 余詰 (cook): also mates in 3 plies", "unsound: ply 1 B*4d: 余詰 (cook): also mates in 3 plies"}},
		{"undecided with a reason", "mate", "undecided", "the length is not proven the shortest", nil,
			report.KindUndecided, 3, []string{"undecided: the length is not proven the shortest"}},
		{"undecided by findings", "mate", "undecided", "", []report.Finding{undecidedFlaw},
			report.KindUndecided, 3, []string{"undecided: a limit stopped 1 of the decisions"}},
		{"no mate", "nomate", "unsound", "the attacker cannot force mate", nil,
			report.KindNoMate, 0, []string{"no mate: the attacker cannot force mate"}},
		{"no answer", "unknown", "undecided", "no mate is proven", nil,
			report.KindUndecided, 0, []string{"undecided: no mate found: the time limit, --time 10s, was reached first"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := noMateIn1(t)
			s := &report.Solution{Status: c.status, LengthExact: c.status == "mate", Verdict: &report.Assessment{Overall: c.overall, Reason: c.reason, Findings: c.finds}}
			if c.status == "mate" {
				s.Length = 3
			}
			v.SetSolution(s, "the time limit, --time 10s, was reached first")
			if v.Kind != c.kind || v.Length != c.length || !slices.Equal(v.Errors, c.errors) ||
				v.Valid != (len(c.errors) == 0) || len(v.ErrorCodes) != len(v.Errors) || v.Verdict != s.Verdict || v.Solution != s {
				t.Errorf("kind %s, length %d, valid %v, errors %q; want %s, %d, %q", v.Kind, v.Length, v.Valid, v.Errors, c.kind, c.length, c.errors)
			}
		})
	}
}

// TestVerdictStateLength is the rule of --length: a mate of another
// length is not valid, of kind wrong-length; a length that is only an
// upper bound is wrong only when shorter than the stated one.
func TestVerdictStateLength(t *testing.T) {
	cases := []struct {
		name   string
		length int
		exact  bool
		stated int
		err    string // "" for no wrong-length error
	}{
		{"as stated", 3, true, 3, ""},
		{"none stated", 3, true, 0, ""},
		{"shorter", 3, true, 5, "wrong length: stated 5 plies, found 3"},
		{"longer", 3, true, 1, "wrong length: stated 1 ply, found 3"},
		{"at most, shorter", 3, false, 5, "wrong length: stated 5 plies, found at most 3"},
		{"at most, longer: may be as stated", 5, false, 3, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := noMateIn1(t)
			overall := "sound"
			if !c.exact {
				overall = "undecided"
			}
			v.SetSolution(&report.Solution{Status: "mate", Length: c.length, LengthExact: c.exact, Verdict: &report.Assessment{Overall: overall}}, "")
			v.StateLength(c.stated)
			wrong := slices.Contains(v.ErrorCodes, report.CodeWrongLength)
			if wrong != (c.err != "") || wrong && (v.Errors[len(v.Errors)-1] != c.err || v.Kind != report.KindWrongLength || v.Valid) || v.StatedLength != c.stated {
				t.Errorf("errors %q, kind %s, valid %v, stated %d; want %q", v.Errors, v.Kind, v.Valid, v.StatedLength, c.err)
			}
		})
	}
	// A mate in 1 stated as longer.
	p := mustSFEN(t, "4k4/9/4S4/9/9/9/9/9/9 b G 1")
	v := report.NewVerdict(mate.Verify1(&p, mate.Remaining))
	v.StateLength(3)
	if v.Valid || v.Kind != report.KindWrongLength || !slices.Equal(v.Errors, []string{"wrong length: stated 3 plies, found 1"}) {
		t.Errorf("mate in 1 stated 3: valid %v, kind %s, errors %q", v.Valid, v.Kind, v.Errors)
	}
}
