package gen

import (
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

// TestRegionCamp: the camp is White's camp, ranks 1–3 (rows a–c), on
// every file; its name reads back.
func TestRegionCamp(t *testing.T) {
	for _, c := range []struct {
		file, rank int
		want       bool
	}{{1, 1, true}, {5, 3, true}, {9, 2, true}, {5, 4, false}, {1, 9, false}} {
		if got := Camp.Has(shogi.NewSquare(c.file, c.rank)); got != c.want {
			t.Errorf("camp has %d%c: %v, want %v", c.file, 'a'+c.rank-1, got, c.want)
		}
	}
	if r, err := ParseRegion("camp"); err != nil || r != Camp || r.String() != "camp" {
		t.Errorf("ParseRegion(camp) = %v, %v", r, err)
	}
}
