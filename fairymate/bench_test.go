package fairymate

import (
	"context"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

func BenchmarkZukou036(b *testing.B) {
	sp, _ := shogi.ParseSFEN("9/6nS1/4s4/4r1P1g/5Sk1B/5+pbR1/4Nsp2/9/4N4 b 3Gn4l15p 1")
	p := variant.FromShogi(&sp)
	for b.Loop() {
		Solve(context.Background(), &p, Options{MaxNodes: 200000})
	}
}
