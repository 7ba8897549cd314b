package shogi

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestCaptures checks Captures against LegalMoves filtered to captures
// (or to every move in check) along random games.
func TestCaptures(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var buf, want []Move
	for game := 0; game < 40; game++ {
		p := Startpos()
		for ply := 0; ply < 160; ply++ {
			all := p.LegalMoves(nil)
			if len(all) == 0 {
				break
			}
			want = want[:0]
			for _, m := range all {
				if p.InCheck() || !m.IsDrop() && p.PieceAt(m.To()) != NoPiece {
					want = append(want, m)
				}
			}
			buf = p.Captures(buf[:0])
			got := slices.Clone(buf)
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("%s: Captures %v, want %v", p.SFEN(), got, want)
			}
			// Prefer captures, so that the games reach positions with few pieces.
			m := all[r.IntN(len(all))]
			if len(buf) > 0 && r.IntN(2) == 0 {
				m = buf[r.IntN(len(buf))]
			}
			p.DoMove(m)
		}
	}
}

func TestCapturesAllocs(t *testing.T) {
	p, err := ParseSFEN("lnsgkgsnl/1r5b1/pppp1pppp/9/4p4/9/PPPP1PPPP/1B5R1/LNSGKGSNL b - 1")
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]Move, 0, MaxMoves)
	if n := testing.AllocsPerRun(100, func() { buf = p.Captures(buf[:0]) }); n != 0 {
		t.Errorf("Captures allocates %v times", n)
	}
}
