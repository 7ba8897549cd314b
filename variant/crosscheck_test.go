package variant

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

// sortedMoves returns the moves sorted, as uint32 values.
func sortedMoves(ms []Move) []Move {
	out := slices.Clone(ms)
	slices.Sort(out)
	return out
}

// sameAsShogi compares the legal moves, the check and the SFEN of a
// standard position in both packages.
func sameAsShogi(t *testing.T, sp *shogi.Position, vp *Position) {
	t.Helper()
	if sp.SFEN() != vp.SFEN() {
		t.Fatalf("SFEN: shogi %q, variant %q", sp.SFEN(), vp.SFEN())
	}
	want := sortedMoves(sp.LegalMoves(nil))
	got := sortedMoves(vp.LegalMoves(nil))
	if !slices.Equal(want, got) {
		t.Fatalf("%s: legal moves differ:\nshogi   %v\nvariant %v", sp.SFEN(), want, got)
	}
	if sp.InCheck() != vp.InCheck() {
		t.Fatalf("%s: in check shogi %v, variant %v", sp.SFEN(), sp.InCheck(), vp.InCheck())
	}
}

func TestPerftPublished(t *testing.T) {
	limit := map[string]uint64{"startpos": 1e6, "matsuri": 5e6, "max-legal-moves": 2e5}
	for _, c := range perftCases(t) {
		p := mustParse(t, c.sfen)
		for i, d := range c.depth {
			max, ok := limit[c.id]
			if !ok {
				max = 1e6
			}
			if testing.Short() {
				max /= 20
			}
			if c.nodes[i] > max {
				continue
			}
			n, err := Perft(context.Background(), &p, d)
			if err != nil || n != c.nodes[i] {
				t.Errorf("%s perft %d: %d (%v); want %d", c.id, d, n, err, c.nodes[i])
			}
		}
	}
}

func TestPerftEqualsShogi(t *testing.T) {
	for _, c := range perftCases(t) {
		sp, err := shogi.ParseSFEN(c.sfen)
		if err != nil {
			t.Fatal(err)
		}
		vp := mustParse(t, c.sfen)
		d := 2
		if len(sp.LegalMoves(nil)) < 100 {
			d = 3
		}
		want := shogi.Perft(&sp, d)
		got, _ := Perft(context.Background(), &vp, d)
		if got != want {
			t.Errorf("%s perft %d: variant %d, shogi %d", c.id, d, got, want)
		}
	}
}

// TestRandomPlayEqualsShogi plays random games in both packages and
// compares the legal moves at every position.
func TestRandomPlayEqualsShogi(t *testing.T) {
	starts := perftSFENs(t)
	rng := rand.New(rand.NewPCG(1, 15))
	positions := 0
	games := 120
	if testing.Short() {
		games = 20
	}
	for g := 0; g < games; g++ {
		sfen := starts[g%len(starts)]
		sp, _ := shogi.ParseSFEN(sfen)
		vp := mustParse(t, sfen)
		for ply := 0; ply < 150; ply++ {
			sameAsShogi(t, &sp, &vp)
			positions++
			moves := sp.LegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			m := moves[rng.IntN(len(moves))]
			// Prefer captures and checks now and then, to reach the rarer
			// positions (evasions, drops that mate).
			if rng.IntN(3) == 0 {
				for _, c := range moves {
					if sp.GivesCheck(c) {
						m = c
						break
					}
				}
			}
			sp.DoMove(m)
			vp.DoMove(m)
			if vp.Key() != vp.ComputeKey() {
				t.Fatalf("%s: incremental key differs after %v", vp.SFEN(), m)
			}
		}
	}
	if positions < 2000 {
		t.Errorf("only %d positions compared", positions)
	}
}

// checkInvariants holds the generator against the independent IsLegal,
// and checks the hash, GivesCheck and the move text, in p.
func checkInvariants(t testing.TB, p *Position, rng *rand.Rand) {
	t.Helper()
	legal := p.LegalMoves(nil)
	pseudo := p.PseudoLegalMoves(nil)
	inLegal := map[Move]bool{}
	for _, m := range legal {
		if inLegal[m] {
			t.Fatalf("%s: %s generated twice", p.SFEN(), MoveString(m))
		}
		inLegal[m] = true
	}
	inPseudo := map[Move]bool{}
	for _, m := range pseudo {
		inPseudo[m] = true
		if p.IsLegal(m) != inLegal[m] {
			t.Fatalf("%s: %s: IsLegal %v, generated %v", p.SFEN(), MoveString(m), p.IsLegal(m), inLegal[m])
		}
	}
	for _, m := range legal {
		if !inPseudo[m] {
			t.Fatalf("%s: legal %s is not pseudo-legal", p.SFEN(), MoveString(m))
		}
		q := *p
		q.DoMove(m)
		if q.Key() != q.ComputeKey() {
			t.Fatalf("%s: key after %s differs from the recomputed one", p.SFEN(), MoveString(m))
		}
		if q.IsIllegalPosition() {
			t.Fatalf("%s: %s leaves an illegal position", p.SFEN(), MoveString(m))
		}
		if p.GivesCheck(m) != q.InCheck() {
			t.Fatalf("%s: GivesCheck(%s) differs from the child's InCheck", p.SFEN(), MoveString(m))
		}
		if r, err := p.ParseMove(MoveString(m)); err != nil || r != m {
			t.Fatalf("%s: ParseMove(%q) = %v, %v", p.SFEN(), MoveString(m), r, err)
		}
	}
	// Random words: IsLegal must accept only generated moves.
	for i := 0; i < 50; i++ {
		m := Move(rng.Uint32() & (1<<22 - 1))
		if i%2 == 0 && len(pseudo) > 0 {
			m = pseudo[rng.IntN(len(pseudo))] ^ 1<<rng.IntN(22)
		}
		if p.IsLegal(m) && !inLegal[m] {
			t.Fatalf("%s: IsLegal(%#x %s) but not generated", p.SFEN(), uint32(m), MoveString(m))
		}
	}
	checksAgainstFilter(t, p, legal)
	if len(legal) == 0 && p.HasLegalMove() || len(legal) > 0 && !p.HasLegalMove() {
		t.Fatalf("%s: HasLegalMove disagrees with LegalMoves", p.SFEN())
	}
}

// randomWalk checks the invariants along a random line from p.
func randomWalk(t testing.TB, p Position, plies int, rng *rand.Rand) {
	for ply := 0; ply < plies; ply++ {
		checkInvariants(t, &p, rng)
		moves := p.LegalMoves(nil)
		if len(moves) == 0 {
			return
		}
		p.DoMove(moves[rng.IntN(len(moves))])
	}
}

var fairySFENs = []string{
	"4k4/9/9/9/4$(GH)4/9/9/9/(li)8 b 2(GH)(LI)P2(gh) 1",
	"$b3k4/9/2(GH)6/9/4(li)4/9/6(gh)2/9/4K3$B b GSPr 1",
	"l(gh)sgkgs(li)l/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/L(LI)SGKGS(GH)L b - 1",
	"4$(li)4/9/9/9/9/9/9/9/4$(GH)4 b 2P2p 1",
	"$p$p$p6/9/9/9/9/9/9/9/6$P$P$P b 2G2g 1",
	"9/9/9/9/4$+B4/9/9/9/9 w 3(GH)2R 1",
	"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
	"8$l/9/9/9/9/9/9/9/8$R b 2(LI)2(li) 1",
}

func TestFairyInvariants(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 15))
	games := 10
	if testing.Short() {
		games = 2
	}
	for _, s := range fairySFENs {
		p := mustParse(t, s)
		for g := 0; g < games; g++ {
			randomWalk(t, p, 40, rng)
		}
	}
}

func TestStandardInvariants(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 15))
	for _, s := range perftSFENs(t) {
		randomWalk(t, mustParse(t, s), 60, rng)
	}
}

func FuzzMoveGen(f *testing.F) {
	for i, s := range append(append([]string{}, fairySFENs...), perftSFENs(f)...) {
		f.Add(s, uint64(i))
	}
	f.Fuzz(func(t *testing.T, s string, seed uint64) {
		p, err := ParseSFEN(s)
		if err != nil || p.Occupied().Count() > 50 {
			return
		}
		// The seed also picks the rules.
		r, err := ParseRules([]string{"", "tenjiku", "annan", "annan,tenjiku"}[seed%4])
		if err != nil {
			t.Fatal(err)
		}
		p.SetRules(r)
		if p.IsIllegalPosition() {
			return
		}
		rng := rand.New(rand.NewPCG(seed, 15))
		randomWalk(t, p, 6, rng)
	})
}
