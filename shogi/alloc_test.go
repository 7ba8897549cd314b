//go:build !race

package shogi_test

// Allocation guards: move generation, legality tests and copy-make are
// called millions of times by a solver and must not allocate. (The race
// detector changes allocation counts, so these run without it.)

import (
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

func TestAllocations(t *testing.T) {
	if testing.CoverMode() != "" {
		t.Skip("coverage instrumentation changes allocation counts")
	}
	for _, sfen := range variedPositions {
		p := mustSFEN(t, sfen)
		buf := make([]shogi.Move, 0, shogi.MaxMoves)
		legal := p.LegalMoves(nil)
		if len(legal) == 0 {
			t.Fatalf("%s: no legal moves", sfen)
		}
		m := legal[len(legal)/2]
		checks := p.Checks(nil)
		var sink int
		var sinkB bool
		cases := []struct {
			name string
			f    func()
			want float64
		}{
			{"LegalMoves", func() { sink += len(p.LegalMoves(buf[:0])) }, 0},
			{"Checks", func() { sink += len(p.Checks(buf[:0])) }, 0},
			{"Evasions", func() { sink += len(p.Evasions(buf[:0])) }, 0},
			{"IsLegal", func() {
				for _, m := range legal {
					sinkB = sinkB != p.IsLegal(m)
				}
			}, 0},
			{"GivesCheck", func() { sinkB = sinkB != p.GivesCheck(m) }, 0},
			{"CountChecks", func() { sink += p.CountChecks() }, 0},
			{"KingEscapes", func() { sink += p.KingEscapes() }, 0},
			{"KingEscapesAfter", func() { sink += p.KingEscapesAfter(m) }, 0},
			{"ChecksWithoutEscape", func() { ms, n := p.ChecksWithoutEscape(buf[:0]); sink += len(ms) + n }, 0},
			{"WithoutEscape", func() { sink += len(p.WithoutEscape(checks, buf[:0])) }, 0},
			{"DoMove-on-a-copy", func() { q := p; q.DoMove(m); sink += int(q.Key() & 1) }, 0},
			{"HasLegalMove", func() { sinkB = sinkB != p.HasLegalMove() }, 0},
			{"InCheck", func() { sinkB = sinkB != p.InCheck() }, 0},
			{"Key", func() { sink += int(p.Key() & 1) }, 0},
			// Perft allocates its per-ply positions and move buffers once
			// per call (two slices), and nothing in the recursion.
			{"Perft-depth-2", func() { sink += int(shogi.Perft(&p, 2)) }, 2},
		}
		for _, c := range cases {
			if got := testing.AllocsPerRun(20, c.f); got != c.want {
				t.Errorf("%s: %s allocates %v times per call, want %v", sfen, c.name, got, c.want)
			}
		}
		_, _ = sink, sinkB
	}
}

// TestIsValidAllocations: IsValid finds a broken rule without allocating
// (the generators reject many candidates with it).
func TestIsValidAllocations(t *testing.T) {
	if testing.CoverMode() != "" {
		t.Skip("coverage instrumentation changes allocation counts")
	}
	for _, c := range []struct {
		sfen  string
		valid bool
	}{
		{"4k4/9/9/9/4R4/9/9/9/4K4 b - 1", false},   // the side not to move in check
		{"P3k4/9/9/9/9/9/9/9/4K4 w - 1", false},    // a pawn that could never move
		{"4k4/9/9/4p4/4p4/9/9/9/4K4 w - 1", false}, // 二歩
		{"4k4/9/9/9/9/9/9/9/G3K4 b 4G 1", false},   // five golds
		{"4k4/9/9/9/9/9/9/9/4K4 b - 1", true},
	} {
		p := mustSFEN(t, c.sfen)
		if p.IsValid() != c.valid {
			t.Fatalf("%s: IsValid %v, want %v", c.sfen, !c.valid, c.valid)
		}
		var sink bool
		if got := testing.AllocsPerRun(20, func() { sink = sink != p.IsValid() }); got != 0 {
			t.Errorf("%s: IsValid allocates %v times per call, want 0", c.sfen, got)
		}
	}
}
