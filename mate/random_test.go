package mate

import (
	"flag"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
)

var update = flag.Bool("update", false, "rewrite testdata files")

// corpusFile holds tsume-like positions for the property tests and the
// benchmark; go test ./mate -run TestCorpusFile -update rewrites it.
const corpusFile = "testdata/tsume-like.sfen"

// randomTsumeLike returns a random legal position in the shape of a tsume
// problem: Black to move without a king, White's king in the top three
// ranks, a few pieces of both sides near it, a few pieces in Black's hand
// and the rest in White's hand.
func randomTsumeLike(rng *rand.Rand) shogi.Position {
	kinds := []shogi.Kind{shogi.Pawn, shogi.Lance, shogi.Knight, shogi.Silver, shogi.Gold, shogi.Bishop, shogi.Rook}
	for {
		var p shogi.Position
		ksq := shogi.NewSquare(1+rng.IntN(9), 1+rng.IntN(3))
		p.Put(ksq, shogi.NewPiece(shogi.White, shogi.King))
		var count [shogi.NumKinds]int
		n := 1 + rng.IntN(7)
		for i := 0; i < n; i++ {
			k := kinds[rng.IntN(len(kinds))]
			if count[k] >= shogi.MaxCount(k) {
				continue
			}
			f := min(9, max(1, ksq.File()+rng.IntN(7)-3))
			r := min(9, max(1, ksq.Rank()+rng.IntN(6)-2))
			s := shogi.NewSquare(f, r)
			if p.PieceAt(s) != shogi.NoPiece {
				continue
			}
			c := shogi.Black
			if rng.IntN(3) == 0 {
				c = shogi.White
			}
			pk := k
			if k.CanPromote() && rng.IntN(4) == 0 {
				pk = k.Promote()
			}
			p.Put(s, shogi.NewPiece(c, pk))
			count[k]++
		}
		var h shogi.Hand
		for i := rng.IntN(4); i > 0; i-- {
			k := kinds[rng.IntN(len(kinds))]
			if count[k] < shogi.MaxCount(k) {
				h = h.Add(k)
				count[k]++
			}
		}
		p.SetHand(shogi.Black, h)
		q, err := WithRemainingHand(&p)
		if err != nil {
			continue
		}
		if q.Validate() == nil {
			return q
		}
	}
}

// readCorpus reads the committed tsume-like positions.
func readCorpus(t testing.TB) []shogi.Position {
	t.Helper()
	ps, err := problem.ReadSFENFile(corpusFile)
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

// TestCorpusFile checks that the committed corpus is what the seeded
// generator makes (and rewrites it with -update).
func TestCorpusFile(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var b strings.Builder
	b.WriteString("# 2000 random tsume-like positions (mate/random_test.go, seed 1,2)\n")
	for i := 0; i < 2000; i++ {
		p := randomTsumeLike(rng)
		b.WriteString(p.SFEN() + "\n")
	}
	if *update {
		if err := os.WriteFile(corpusFile, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(corpusFile)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != b.String() {
		t.Errorf("%s differs from the generator's output; run go test ./mate -run TestCorpusFile -update", corpusFile)
	}
}
