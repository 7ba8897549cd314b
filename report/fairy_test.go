package report

import (
	"slices"
	"testing"

	"github.com/tsume-shogi/tsume/variant"
)

func TestFairyLine(t *testing.T) {
	p, err := variant.ParseSFEN("7lk/7p1/9/9/9/9/9/P8/(LI)8 b G 1")
	if err != nil {
		t.Fatal(err)
	}
	var moves []variant.Move
	q := p
	for _, s := range []string{"9i9c", "1a1b", "G*1c", "1b1c"} {
		m, err := q.ParseMove(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		moves = append(moves, m)
		q.DoMove(m)
	}
	usi, ja := FairyLine(&p, moves)
	if want := []string{"9i9c", "1a1b", "G*1c", "1b1c"}; !slices.Equal(usi, want) {
		t.Errorf("usi %v, want %v", usi, want)
	}
	if want := []string{"▲９三獅(99)", "△１二玉(11)", "▲１三金打", "△同　玉(12)"}; !slices.Equal(ja, want) {
		t.Errorf("ja %v, want %v", ja, want)
	}
	// 成 and 不成.
	p, err = variant.ParseSFEN("4k4/9/9/4P4/9/9/9/9/$B8 b - 1")
	if err != nil {
		t.Fatal(err)
	}
	for s, want := range map[string]string{"9i5e": "▲５五角(99)", "5d5c+": "▲５三歩成(54)", "5d5c": "▲５三歩不成(54)"} {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		if _, ja := FairyLine(&p, []variant.Move{m}); ja[0] != want {
			t.Errorf("%s: %s, want %s", s, ja[0], want)
		}
	}
}
