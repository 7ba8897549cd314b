package mate

import (
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

func codes(v *Verdict) []ProblemCode {
	var cs []ProblemCode
	for _, e := range v.Errors {
		cs = append(cs, e.Code)
	}
	return cs
}

// TestVerify1 is the rulebook of a sound mate-in-1 problem.
func TestVerify1(t *testing.T) {
	cases := []struct {
		name, sfen string
		hand       DefenderHand
		valid      bool
		codes      []ProblemCode
		mates      string
		leftover   bool
		promoAmb   bool
		twoKings   bool
	}{
		{name: "a sound problem", sfen: "4k4/9/4S4/9/9/9/9/9/9 b G 1", valid: true, mates: "G*5b"},
		{name: "a sound problem with two kings", sfen: "4k4/9/4S4/9/9/9/9/9/4K4 b G 1", valid: true, mates: "G*5b", twoKings: true},
		{name: "leftover pieces are flagged, not an error", sfen: "4k4/9/4S4/9/9/9/9/9/9 b GP 1", valid: true, mates: "G*5b", leftover: true},
		{name: "two mates", sfen: "8k/9/7S1/9/9/9/9/9/9 b G 1", codes: []ProblemCode{NotUnique}, mates: "G*1b G*2b"},
		{name: "promotion-ambiguous", sfen: "7lk/7p1/8P/9/9/9/9/9/8L b - 1", codes: []ProblemCode{NotUnique}, mates: "1c1b 1c1b+", promoAmb: true},
		{name: "no mate", sfen: "4k4/9/9/9/9/9/9/9/9 b G 1", codes: []ProblemCode{NoMatingMove}},
		// The side to move is the attacker, White as well as Black.
		{name: "white to move", sfen: "9/9/9/9/9/9/4s4/9/4K4 w g 1", valid: true, mates: "G*5h"},
		{name: "white to move, black without a king", sfen: "4k4/9/4S4/9/9/9/9/9/9 w G 1", codes: []ProblemCode{NoDefenderKing, NoMatingMove}},
		{name: "no defender king", sfen: "9/9/9/9/9/9/9/9/9 b G 1", codes: []ProblemCode{NoDefenderKing, NoMatingMove}},
		{name: "attacker in check", sfen: "k3r4/9/9/9/9/9/9/9/4K4 b G 1", codes: []ProblemCode{AttackerInCheck, NoMatingMove}, twoKings: true},
		{name: "illegal position", sfen: "4k3P/9/4S4/9/9/9/9/9/9 b G 1", codes: []ProblemCode{IllegalPosition}},
		{name: "too many pieces for the remaining hand", sfen: "4k4/9/9/9/9/9/9/9/G3G3G b 2G 1", codes: []ProblemCode{IllegalPosition}},
		// As given, White's pawn in hand interposes; under the convention
		// White holds every remaining piece anyway.
		{name: "as given: no defender hand", sfen: "7lk/7n1/9/9/9/9/9/9/9 b R 1", hand: AsGiven, valid: true, mates: "R*1c", leftover: false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := mustParse(t, c.sfen)
			v := Verify1(&p, c.hand)
			if v.Valid != c.valid || !equalCodes(codes(v), c.codes) {
				t.Errorf("valid=%v errors=%v, want valid=%v codes %v", v.Valid, v.Errors, c.valid, c.codes)
			}
			if got := usiList(v.Analysis.Mates); got != c.mates {
				t.Errorf("mates [%s], want [%s]", got, c.mates)
			}
			if v.Leftover != c.leftover || v.PromotionAmbiguous != c.promoAmb || v.TwoKings != c.twoKings {
				t.Errorf("leftover=%v promotion-ambiguous=%v two-kings=%v, want %v %v %v",
					v.Leftover, v.PromotionAmbiguous, v.TwoKings, c.leftover, c.promoAmb, c.twoKings)
			}
		})
	}
}

// TestVerify1PawnDropMate is the rule of 打ち歩詰め: a pawn drop that
// would mate is not a mate (the rules forbid it) but is named as the mate
// excluded, for either attacker.
func TestVerify1PawnDropMate(t *testing.T) {
	cases := []struct{ name, sfen, drop, mates string }{
		{"black", "8k/6S2/7G1/9/9/9/9/9/4K4 b P 1", "P*1b", ""},
		{"white", "4k4/9/9/9/9/9/1g7/2s6/K8 w p 1", "P*9h", ""},
		{"a pawn drop that does not mate", "7lk/9/9/9/9/9/9/9/9 b P 1", "", ""},
		{"二歩 forbids the drop", "8k/6S2/7G1/9/9/9/9/8P/4K4 b P 1", "", ""},
		{"other mates beside it", "8k/6S2/7G1/9/9/9/9/9/4K4 b GP 1", "P*1b", "G*1b G*2a G*2b"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := mustParse(t, c.sfen)
			v := Verify1(&p, AsGiven)
			got := ""
			if v.PawnDropMate != shogi.NoMove {
				got = v.PawnDropMate.String()
			}
			if got != c.drop || usiList(v.Analysis.Mates) != c.mates {
				t.Errorf("pawn drop mate %q, mates [%s]; want %q, [%s]", got, usiList(v.Analysis.Mates), c.drop, c.mates)
			}
			if c.drop != "" && p.IsLegal(v.PawnDropMate) {
				t.Errorf("%s is legal", c.drop)
			}
		})
	}
}

func equalCodes(a, b []ProblemCode) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestVerifyLineRejects(t *testing.T) {
	p := mustParse(t, "4k4/9/4S4/9/9/9/9/9/9 b G 1")
	for _, line := range [][]string{{}, {"G*4b"}, {"G*6a", "5a4a"}, {"5c4d"}} {
		var moves []shogi.Move
		q := p
		for _, u := range line {
			m, err := q.ParseUSIMove(u)
			if err != nil {
				t.Fatal(err)
			}
			moves = append(moves, m)
			q.DoMove(m)
		}
		if err := VerifyLine(&p, moves, Count); err == nil {
			t.Errorf("VerifyLine accepted %v", line)
		}
	}
}
