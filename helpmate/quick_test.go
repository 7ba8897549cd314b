package helpmate

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

func TestQuick(t *testing.T) {
	f := os.Getenv("HM")
	if f == "" {
		t.Skip()
	}
	b, _ := os.ReadFile(f)
	p, err := shogi.ParseSFEN(strings.TrimSpace(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	r, err := Solve(context.Background(), &p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%v len %d count %d states %d gen %d peak %d mem %dMB %v leftover %v", r.Status, r.Length, r.Count, r.States, r.Generated, r.PeakFrontier, r.MemoryBytes>>20, r.Elapsed, r.Leftover())
}

func TestQuickDiff(t *testing.T) {
	f := os.Getenv("HM")
	if f == "" {
		t.Skip()
	}
	b, _ := os.ReadFile(f)
	p, _ := shogi.ParseSFEN(strings.TrimSpace(string(b)))
	r, _ := Solve(context.Background(), &p, Options{MaxLines: 4})
	for k := 1; k < len(r.Solutions); k++ {
		a, c := r.Solutions[0].USI, r.Solutions[k].USI
		for i := range a {
			if a[i] != c[i] {
				t.Logf("sol %d differs at ply %d: %v vs %v", k, i+1, a[i:min(i+4, len(a))], c[i:min(i+4, len(a))])
				break
			}
		}
	}
}
