package parity

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/tsume-shogi/tsume/fairymate"
	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// TestSoundnessAgainstMate: where the two solvers read the same main line
// (equal moves may be chosen differently), fairymate lists the same other
// mating moves along it (余詰) as package mate, with the same plies and
// last-move tolerance.
func TestSoundnessAgainstMate(t *testing.T) {
	sfens := []string{
		"9/3k5/9/2R6/6+N2/9/9/9/9 b RNP 1",
		"7k1/9/7S1/9/9/9/9/9/9 b R 1",
		"9/6nS1/4s4/4r1P1g/5Sk1B/5+pbR1/4Nsp2/9/4N4 b 3Gn4l15p 1", // 図巧第36番
		"6k2/9/9/4+BR2+R/9/9/9/9/9 b Sb4g3s4n4l18p 1",             // mate in one by the futile-by-capture rule
		"4k4/9/4P4/9/9/9/9/9/9 b G 1",
		"8k/9/7G1/9/9/9/9/9/9 b G 1",
		"9/9/2k6/9/9/+B8/9/9/9 b RSP 1",
		"S1k2B3/1R1p5/9/9/9/9/9/9/9 b NLP 1",
	}
	compared, withAlternatives := 0, 0
	for _, sfen := range sfens {
		sp, err := shogi.ParseSFEN(sfen)
		if err != nil {
			t.Fatal(err)
		}
		ms, err := mate.NewSolver(mate.SolverOptions{HashMB: 64})
		if err != nil {
			t.Fatal(err)
		}
		want, err := ms.Solve(context.Background(), &sp)
		if err != nil {
			t.Fatal(err)
		}
		vp, err := variant.ParseSFEN(sfen)
		if err != nil {
			t.Fatal(err)
		}
		got, err := fairymate.Solve(context.Background(), &vp, fairymate.Options{TableMB: 64})
		if err != nil {
			t.Fatal(err)
		}
		if !want.SoundnessChecked || !got.SoundnessChecked {
			t.Fatalf("%s: soundness checked: mate %v, fairymate %v", sfen, want.SoundnessChecked, got.SoundnessChecked)
		}
		if !slices.Equal(want.PV, got.PV) {
			t.Logf("%s: main lines differ (%v, %v): not compared", sfen, want.PV, got.PV)
			continue
		}
		var w, g []string
		for _, a := range want.Alternatives {
			w = append(w, fmt.Sprintf("%d %s %v", a.Ply, a.Move, a.LastMovePromotion))
		}
		for _, a := range got.Alternatives {
			g = append(g, fmt.Sprintf("%d %s %v", a.Ply, a.Move, a.LastMovePromotion))
		}
		slices.Sort(w)
		slices.Sort(g)
		compared++
		if len(w) > 0 {
			withAlternatives++
		}
		if !slices.Equal(w, g) || want.Unique != got.Unique {
			t.Errorf("%s: mate unique %v %v, fairymate unique %v %v", sfen, want.Unique, w, got.Unique, g)
		}
	}
	if compared < 4 || withAlternatives == 0 {
		t.Errorf("compared %d positions, %d with alternatives: too few", compared, withAlternatives)
	}
}
