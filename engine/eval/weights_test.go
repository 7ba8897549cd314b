package eval

import (
	"errors"
	"strconv"
	"testing"
)

// With its positional terms switched off, the Classic evaluation is the
// Material one: material is one term, the same in both.
func TestClassicWithoutPositionalTermsIsMaterial(t *testing.T) {
	e := NewClassic(Weights{Hand: 100, Promotion: 100})
	for _, p := range randomPositions(4, 2000) {
		if got, want := e.Evaluate(&p), (Material{}).Evaluate(&p); got != want {
			t.Fatalf("%s: Classic without positional terms scores %d, Material %d", p.SFEN(), got, want)
		}
	}
}

// Every weight is live: switching one term off changes the score of some
// position of random play.
func TestEveryWeightSwitchesATerm(t *testing.T) {
	positions := randomPositions(5, 500)
	def := NewDefault()
	for i, name := range weightNames {
		w := DefaultWeights()
		*w.fields()[i] = 0
		off := NewClassic(w)
		changed := false
		for j := range positions {
			if off.Evaluate(&positions[j]) != def.Evaluate(&positions[j]) {
				changed = true
				break
			}
		}
		if !changed {
			t.Errorf("%s=0 changes no score", name)
		}
	}
}

func TestParseWeights(t *testing.T) {
	w, err := ParseWeights("")
	if err != nil || w != DefaultWeights() {
		t.Fatalf(`ParseWeights("") = %v, %v; want the defaults`, w, err)
	}
	w, err = ParseWeights(" pst = 0, King-Attack=150 ")
	want := DefaultWeights()
	want.PST, want.KingAttack = 0, 150
	if err != nil || w != want {
		t.Fatalf("ParseWeights = %v, %v; want %v", w, err, want)
	}
	if back, err := ParseWeights(w.String()); err != nil || back != w {
		t.Fatalf("ParseWeights(%q) = %v, %v; want %v", w.String(), back, err, w)
	}
	for _, bad := range []string{"pst", "mobility=100", "pst=x", "pst=-1", "pst=401", "pst=0,,hand=0"} {
		if _, err := ParseWeights(bad); err == nil {
			t.Errorf("ParseWeights(%q) succeeded", bad)
		}
	}
	_, err = ParseWeights("pst=x")
	if !errors.Is(err, strconv.ErrSyntax) {
		t.Errorf("ParseWeights(pst=x) = %v, want it to wrap strconv.ErrSyntax", err)
	}
	if got := NewClassic(Weights{PST: -5, KingAttack: 1 << 30}).Weights(); got.PST != 0 || got.KingAttack != MaxWeight {
		t.Errorf("NewClassic bounds the weights to %v", got)
	}
}
