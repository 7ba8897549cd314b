package problem_test

import (
	"context"
	"testing"

	"github.com/tsume-shogi/tsume/mate"
)

// Along its recorded line each known classic is bounded by its known
// length, with no defence longer than the record's; a record whose
// defender could resist longer has that defence named, and its bound is
// the length tsume proves; a record tsume finds no mate for is refuted
// where a defence escapes (docs/classics-report.md, "Session 46").
func TestClassicsAlongRecord(t *testing.T) {
	ps := classicsByID(t)
	s, err := mate.NewSolver(mate.SolverOptions{HashMB: 64, MaxNodes: 5_000_000, SkipSoundness: true})
	if err != nil {
		t.Fatal(err)
	}
	along := func(id string) mate.Along {
		t.Helper()
		p, ok := ps[id]
		if !ok {
			t.Fatalf("no problem %s", id)
		}
		r, err := s.BoundAlong(context.Background(), &p.Position, p.Line, nil)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		return r
	}
	for _, k := range knownClassics {
		if r := along(k.id); r.Status != mate.Mate || r.Length != k.plies || len(r.Longer) != 0 {
			t.Errorf("%s along its record: %v in %d, longer defences %+v; want %d and none", k.id, r.Status, r.Length, r.Longer, k.plies)
		}
	}
	// 図巧7: recorded in 13; at ply 6 the king takes the silver (8c9d)
	// and lasts 9 more plies, the record's 9e9d 7.
	r := along("図巧7")
	if r.Status != mate.Mate || r.Length != 15 || len(r.Longer) != 1 || r.Longer[0].Ply != 5 || r.Longer[0].Move.String() != "8c9d" || r.Longer[0].Mate != 9 || r.Longer[0].Line != 7 {
		t.Errorf("図巧7 along its record: %v in %d, longer %+v; want 15, 8c9d at ply 6 (9 > 7)", r.Status, r.Length, r.Longer)
	}
	// 無双88: no mate; along the record the defence 4i3i at ply 4 escapes.
	r = along("無双88")
	if r.Status != mate.Unknown || !r.Refuted || r.Ply != 3 || r.Move.String() != "4i3i" {
		t.Errorf("無双88 along its record: %+v, want refuted by 4i3i at ply 4", r)
	}
}
