package maten

import "testing"

// TestBriefsCompared: read 65 (testdata/reads-brief45.tsv) is read 63's
// worksheet, problem for problem, read again with the brief of
// scripts/blindread, which replaced the one reads 56–63 used: the two
// reads of the same problems tell how the verdicts move with the brief
// (docs/quality-report.md, "A sixty-fourth and a sixty-fifth read").
func TestBriefsCompared(t *testing.T) {
	old := readsOf(loadReadsFile(t, "testdata/reads-later.tsv"), "63")
	again := readsOf(loadReadsFile(t, "testdata/reads-brief45.tsv"), "65")
	if len(old) != 30 || len(again) != len(old) {
		t.Fatalf("read 63 has %d problems, read 65 %d: want 30 each", len(old), len(again))
	}
	yes := [2]int{}
	for i := range old {
		if old[i].pos.SFEN() != again[i].pos.SFEN() || len(old[i].line) != len(again[i].line) {
			t.Fatalf("problem %d: read 63 has %s, read 65 %s", i+1, old[i].pos.SFEN(), again[i].pos.SFEN())
		}
		yes[0] += old[i].yes
		yes[1] += again[i].yes
	}
	t.Logf("the same 30 problems, two readers each: %d yes under the brief of reads 56–63, %d under scripts/blindread's", yes[0], yes[1])
}

// readsOf returns the problems of ps from the given read.
func readsOf(ps []readProblem, read string) []readProblem {
	var out []readProblem
	for _, p := range ps {
		if p.read == read {
			out = append(out, p)
		}
	}
	return out
}
