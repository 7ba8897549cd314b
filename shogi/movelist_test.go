package shogi_test

import (
	"slices"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

// LegalMoves, Checks and Evasions append to the caller's slice: whatever it
// holds stays in front, and the moves that follow are the same whatever
// the slice's length, capacity and the contents beyond its length.
func TestMoveListsAppend(t *testing.T) {
	gens := []struct {
		name string
		gen  func(p *shogi.Position, dst []shogi.Move) []shogi.Move
	}{
		{"LegalMoves", (*shogi.Position).LegalMoves},
		{"Checks", (*shogi.Position).Checks},
		{"Evasions", (*shogi.Position).Evasions},
	}
	prefix := []shogi.Move{shogi.NoMove, 0x12345, 0x3fff}
	for _, sfen := range append(slices.Clone(variedPositions), "4r3k/9/9/9/9/9/3n5/3G5/4K4 b G 1") {
		p := mustSFEN(t, sfen)
		for _, g := range gens {
			want := usiSet(t, g.name, g.gen(&p, nil))
			bufs := map[string][]shogi.Move{
				"exact-capacity":    slices.Clip(slices.Clone(prefix)),
				"capacity-MaxMoves": append(make([]shogi.Move, 0, shogi.MaxMoves), prefix...),
				"large-with-garbage-beyond-len": func() []shogi.Move {
					b := make([]shogi.Move, 2*shogi.MaxMoves)
					for i := range b {
						b[i] = shogi.Move(0xdead0 + i)
					}
					copy(b, prefix)
					return b[:len(prefix)]
				}(),
			}
			for bname, dst := range bufs {
				got := g.gen(&p, dst)
				if !slices.Equal(got[:len(prefix)], prefix) {
					t.Errorf("%s: %s(%s) overwrote the caller's moves: %v", sfen, g.name, bname, got[:len(prefix)])
					continue
				}
				if d := diffSets(usiSet(t, g.name, got[len(prefix):]), want); d != "" {
					t.Errorf("%s: %s(%s): %s", sfen, g.name, bname, d)
				}
			}
		}
	}
}
