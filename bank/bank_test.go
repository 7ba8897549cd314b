package bank

import (
	"context"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
)

// TestRoundTrip checks that every field of a problem comes back as added.
func TestRoundTrip(t *testing.T) {
	ctx := context.Background()
	b, _ := openTemp(t)
	ps := append(generated(t, 20, 3), generated3(t, 3)...)
	// Every field set, the seed beyond the range of int64.
	full := ps[len(ps)-1]
	full.ID, full.RawPlies, full.Status = "zukou-036", 5, problem.ConfirmedAfterFutileRule
	full.Stipulation.Plies = 3
	full.PromotionAmbiguous, full.Nodes = true, 1<<40
	full.Provenance = problem.Provenance{Method: "backward", Seed: math.MaxUint64 - 1, Index: 12345, Version: "v1.2.3",
		Game: &problem.GameSource{File: "games/a.kif", Game: 2, Move: 87, Black: "先手さん", White: "後手さん", Date: "2026/12/01", Flipped: true, Removed: "2P", Leftover: "L"}}
	full.Metrics.Tempting = 2
	ps = append(ps, full)
	ps[len(ps)-2], ps[len(ps)-1] = ps[len(ps)-1], ps[len(ps)-2] // full replaces its twin, which becomes a duplicate
	added, err := b.Add(ctx, ps...)
	if err != nil {
		t.Fatal(err)
	}
	if added != len(ps)-1 {
		t.Fatalf("added %d of %d (one duplicate), want %d", added, len(ps), len(ps)-1)
	}
	es, err := b.Query(ctx, Query{})
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != added {
		t.Fatalf("query gave %d entries, want %d", len(es), added)
	}
	for i, e := range es {
		if e.ID != int64(i+1) {
			t.Errorf("entry %d has ID %d", i, e.ID)
		}
		sameProblem(t, e.Problem.Position.SFEN(), e.Problem, ps[i])
		if e.Key != Key(&ps[i].Position) || e.Rating != DefaultRating || e.Attempts != 0 || e.Added.IsZero() {
			t.Errorf("entry %d: key %q rating %v attempts %d added %v", e.ID, e.Key, e.Rating, e.Attempts, e.Added)
		}
		g, err := b.Get(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		sameProblem(t, "get", g.Problem, ps[i])
	}
	if es[len(es)-1].Problem.Composer == nil {
		t.Error("the mate-in-3's composer metrics are lost")
	}
	if _, err := b.Get(ctx, 9999); !errors.Is(err, ErrNotFound) {
		t.Errorf("Get(9999) = %v, want ErrNotFound", err)
	}
}

// TestThemesFilledIn: a problem added without its themes (from a list, or
// a record that does not name them) gets those of its main line, the ones
// the generator gives it; one whose line is not a tsume solution keeps
// none.
func TestThemesFilledIn(t *testing.T) {
	ctx := context.Background()
	b, _ := openTemp(t)
	ps := generated3(t, 2)
	want := ps[0].Themes
	if want == nil {
		t.Fatal("the generator gave no themes")
	}
	ps[0].Themes = nil
	ps[1].Themes, ps[1].Line = nil, ps[1].Line[:2] // not a tsume solution: even
	if _, err := b.Add(ctx, ps...); err != nil {
		t.Fatal(err)
	}
	for id, w := range map[int64][]problem.Theme{1: want, 2: nil} {
		e, err := b.Get(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(e.Problem.Themes, w) {
			t.Errorf("entry %d: themes %v, want %v", id, e.Problem.Themes, w)
		}
	}
}

// TestMirrorDedup checks that a problem and its mirror image make one entry.
func TestMirrorDedup(t *testing.T) {
	ctx := context.Background()
	b, _ := openTemp(t)
	for _, p := range generated(t, 10, 11) {
		if p.Position.IsSymmetric() {
			continue
		}
		m := p
		m.Position = p.Position.Mirror()
		m.Line = nil
		for _, mv := range p.Line {
			m.Line = append(m.Line, mv.Mirror())
		}
		if Key(&p.Position) != Key(&m.Position) {
			t.Fatalf("keys differ: %s, %s", Key(&p.Position), Key(&m.Position))
		}
		if p.Position.SFEN() == m.Position.SFEN() {
			t.Fatalf("mirror image equals the problem: %s", p.Position.SFEN())
		}
		n1, err := b.Add(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		n2, err := b.Add(ctx, m)
		if err != nil {
			t.Fatal(err)
		}
		if n1 != 1 || n2 != 0 {
			t.Errorf("%s: added %d then its mirror %d, want 1 then 0", p.Position.SFEN(), n1, n2)
		}
	}
	n, _ := b.Count(ctx, Query{})
	if n == 0 {
		t.Fatal("no asymmetric problem tested")
	}
}

// TestKey checks that the key drops the move number and keeps the hands.
func TestKey(t *testing.T) {
	p, _ := shogi.ParseSFEN("7k1/9/7P1/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1")
	q, _ := shogi.ParseSFEN("1k7/9/1P7/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 7")
	if Key(&p) != Key(&q) || Key(&p) != "1k7/9/1P7/9/9/9/9/9/9 b G2r2b3g4s4n4l17p" {
		t.Errorf("Key = %q and %q", Key(&p), Key(&q))
	}
	r, _ := shogi.ParseSFEN("7k1/9/7P1/9/9/9/9/9/9 b S2r2b4g3s4n4l17p 1")
	if Key(&r) == Key(&p) {
		t.Error("a different hand has the same key")
	}
}

// TestQuery checks the filters, Count and Pick against a scan in Go.
func TestQuery(t *testing.T) {
	ctx := context.Background()
	b, _ := openTemp(t)
	ps := append(generated(t, 150, 5), generated3(t, 4)...)
	if _, err := b.Add(ctx, ps...); err != nil {
		t.Fatal(err)
	}
	all, err := b.Query(ctx, Query{})
	if err != nil {
		t.Fatal(err)
	}
	queries := []Query{
		{Plies: 3},
		{Plies: 1, MinDifficulty: 10},
		{MaxDifficulty: 8, MaxPieces: 4},
		{MinPieces: 5},
		{MatingPiece: "G"},
		{MatingPiece: "+R"},
		{KingRegion: Corner},
		{KingRegion: Edge, MatingPiece: "S"},
		{KingRegion: Centre},
		{Verdict: "sound"},
		{Method: "reverse", Limit: 7, Offset: 3},
		{Method: "backward"}, // a family: backward-3
		{Method: "backward-3"},
		{Method: "back"}, // not a family of backward-3
		{MinRating: 1400, MaxRating: 1600},
	}
	match := func(q Query, e *Entry) bool {
		p := &e.Problem
		return (q.Plies == 0 || p.Stipulation.Plies == q.Plies) &&
			(q.MinDifficulty == 0 || p.Difficulty >= q.MinDifficulty) &&
			(q.MaxDifficulty == 0 || p.Difficulty <= q.MaxDifficulty) &&
			(q.MinPieces == 0 || problem.Pieces(&p.Position) >= q.MinPieces) &&
			(q.MaxPieces == 0 || problem.Pieces(&p.Position) <= q.MaxPieces) &&
			(q.MatingPiece == "" || MatingPiece(p.Line) == q.MatingPiece) &&
			(q.KingRegion == "" || KingRegion(&p.Position) == q.KingRegion) &&
			(q.Verdict == "" || p.Verdict == q.Verdict) &&
			(q.Method == "" || p.Provenance.Method == q.Method || strings.HasPrefix(p.Provenance.Method, q.Method+"-")) &&
			(q.MinRating == 0 || e.Rating.R >= q.MinRating) &&
			(q.MaxRating == 0 || e.Rating.R <= q.MaxRating)
	}
	for _, q := range queries {
		var want []int64
		for i := range all {
			if match(q, &all[i]) {
				want = append(want, all[i].ID)
			}
		}
		if q.Method == "backward" && len(want) == 0 {
			t.Error("no problem of the method family backward: the family query is untested")
		}
		n, err := b.Count(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		if n != len(want) {
			t.Errorf("%+v: count %d, want %d", q, n, len(want))
		}
		if q.Offset > 0 || q.Limit > 0 {
			want = want[min(q.Offset, len(want)):]
			want = want[:min(q.Limit, len(want))]
		}
		got, err := b.Query(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) {
			t.Errorf("%+v: %d entries, want %d", q, len(got), len(want))
			continue
		}
		for i := range got {
			if got[i].ID != want[i] {
				t.Errorf("%+v: entry %d is %d, want %d", q, i, got[i].ID, want[i])
			}
		}
		if len(want) == 0 && q.Limit == 0 {
			if _, err := b.Pick(ctx, q, 1); !errors.Is(err, ErrNotFound) {
				t.Errorf("%+v: Pick of nothing = %v, want ErrNotFound", q, err)
			}
		}
	}
	// Pick: deterministic, matching, and spread over the entries.
	q := Query{Plies: 1}
	seen := map[int64]bool{}
	for seed := uint64(0); seed < 200; seed++ {
		e1, err := b.Pick(ctx, q, seed)
		if err != nil {
			t.Fatal(err)
		}
		e2, _ := b.Pick(ctx, q, seed)
		if e1.ID != e2.ID || e1.Problem.Stipulation.Plies != 1 {
			t.Fatalf("seed %d: picked %d then %d (plies %d)", seed, e1.ID, e2.ID, e1.Problem.Stipulation.Plies)
		}
		seen[e1.ID] = true
	}
	if len(seen) < 50 {
		t.Errorf("200 seeds picked only %d entries of 150", len(seen))
	}
	if _, err := b.Pick(ctx, Query{Plies: 99}, 1); !errors.Is(err, ErrNotFound) {
		t.Errorf("Pick of nothing = %v, want ErrNotFound", err)
	}
}

// TestStats checks the counts.
func TestStats(t *testing.T) {
	ctx := context.Background()
	b, _ := openTemp(t)
	if _, err := b.Add(ctx, append(generated(t, 6, 5), generated3(t, 2)...)...); err != nil {
		t.Fatal(err)
	}
	if _, _, err := b.Record(ctx, Attempt{ProblemID: 1, Session: "s", Solved: true, Duration: time.Second}); err != nil {
		t.Fatal(err)
	}
	s, err := b.Stats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if s.Problems != 8 || s.ByLength[1] != 6 || s.ByLength[3] != 2 || s.ByVerdict["sound"] != 2 || s.ByVerdict[""] != 6 ||
		s.ByMethod["reverse"] != 6 || s.Attempts != 1 || s.Solves != 1 || s.Sessions != 1 {
		t.Errorf("stats %+v", s)
	}
}
