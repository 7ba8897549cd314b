package eval

import (
	"testing"

	"github.com/tsume-shogi/tsume/problem"
)

// Tsume positions — one king, the defender holding the rest of the pieces
// — score within bounds and symmetrically, as every position does.
func TestTsumePositions(t *testing.T) {
	ps, err := problem.ReadTSVFile("../../problem/testdata/classic-tsume.tsv")
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) == 0 {
		t.Fatal("no problems read")
	}
	for name, e := range evaluators() {
		for _, pr := range ps {
			p := pr.Position
			got := e.Evaluate(&p)
			if got < -MaxScore || got > MaxScore {
				t.Errorf("%s: %s scores %d, outside ±%d", name, p.SFEN(), got, MaxScore)
			}
			q := flip(&p)
			if f := e.Evaluate(&q); f != got {
				t.Errorf("%s: %s scores %d, its flip %d", name, p.SFEN(), got, f)
			}
		}
	}
}
