package nnue

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/engine/eval"
	"github.com/tsume-shogi/tsume/shogi"
)

// referenceMaxEval is the bound YaneuraOu clamps its NNUE score to
// (VALUE_MAX_EVAL = 32000 − 246 − 1); the package clamps to the smaller
// eval.MaxScore (docs/nnue.md).
const referenceMaxEval = 31753

// A referenceValue is one line of testdata/yaneuraou.tsv: a position and
// YaneuraOu's static evaluation of it at FV_SCALE 16 and 1.
type referenceValue struct {
	line      int
	sfen      string
	pos       shogi.Position
	fv16, fv1 int
}

// readReference reads testdata/yaneuraou.tsv.
func readReference(t *testing.T) []referenceValue {
	t.Helper()
	f, err := os.Open("testdata/yaneuraou.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []referenceValue
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fields := strings.Split(text, "\t")
		if len(fields) != 3 {
			t.Fatalf("testdata/yaneuraou.tsv:%d: %d fields, want 3 (SFEN, value at FV_SCALE 16, at 1)", line, len(fields))
		}
		p, err := shogi.ParseSFEN(fields[0])
		if err != nil {
			t.Fatalf("testdata/yaneuraou.tsv:%d: %v", line, err)
		}
		v16, err16 := strconv.Atoi(fields[1])
		v1, err1 := strconv.Atoi(fields[2])
		if err16 != nil || err1 != nil {
			t.Fatalf("testdata/yaneuraou.tsv:%d: values %q, %q are not integers", line, fields[1], fields[2])
		}
		out = append(out, referenceValue{line: line, sfen: fields[0], pos: p, fv16: v16, fv1: v1})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// clampScore bounds a reference value to the package's range.
func clampScore(v int) eval.Score {
	return eval.Score(max(-int(eval.MaxScore), min(int(eval.MaxScore), v)))
}

// TestAgreesWithYaneuraOu: on every position of testdata/yaneuraou.tsv
// (the even start, handicap starts, positions with large hands and with
// pieces taken out of the set, most after random play) Evaluate equals
// the static evaluation of YaneuraOu's NNUE edition with the same network,
// at FV_SCALE 16 and 1, once both are bounded by ±eval.MaxScore (the
// reference bounds its scores by ±31,753 instead), from scratch and
// through SetRoot and Current.
func TestAgreesWithYaneuraOu(t *testing.T) {
	_, net := shared(t)
	e16, err := New(net, DefaultFVScale)
	if err != nil {
		t.Fatal(err)
	}
	e1, err := New(net, 1)
	if err != nil {
		t.Fatal(err)
	}
	values := readReference(t)
	var absent, mostAbsent, bigHand, refClamped int
	for _, v := range values {
		p := &v.pos
		if got, want := e16.Evaluate(p), clampScore(v.fv16); got != want {
			t.Errorf("line %d, %s: Evaluate = %d at FV_SCALE 16, YaneuraOu %d", v.line, v.sfen, got, v.fv16)
		}
		if got, want := e1.Evaluate(p), clampScore(v.fv1); got != want {
			t.Errorf("line %d, %s: Evaluate = %d at FV_SCALE 1, YaneuraOu %d", v.line, v.sfen, got, v.fv1)
		}
		e16.SetRoot(p)
		if got, want := e16.Current(), clampScore(v.fv16); got != want {
			t.Errorf("line %d, %s: Current = %d after SetRoot, YaneuraOu %d", v.line, v.sfen, got, v.fv16)
		}
		// What the data covers.
		if a := absentPieces(p); a > 0 {
			absent++
			mostAbsent = max(mostAbsent, int(a))
		}
		var inHand int
		for _, k := range handKinds {
			inHand += p.Hand(shogi.Black).Count(k) + p.Hand(shogi.White).Count(k)
		}
		if inHand >= 12 {
			bigHand++
		}
		if v.fv1 == referenceMaxEval || v.fv1 == -referenceMaxEval {
			refClamped++
		}
	}
	t.Logf("%d positions: %d with absent pieces (up to %d), %d with 12 pieces or more in hand, %d clamped by YaneuraOu at FV_SCALE 1",
		len(values), absent, mostAbsent, bigHand, refClamped)
	if len(values) < 1000 || absent < 500 || mostAbsent < 30 || bigHand < 100 || refClamped < 100 {
		t.Error("the reference data covers too little")
	}
}
