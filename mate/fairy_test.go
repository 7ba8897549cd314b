package mate

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// TestInstancesAgree holds the two instantiations' position methods to
// each other on random standard positions in check: package variant's
// (fairyPos, which reads royals and powers) must give what package
// shogi's (stdPos) gives where the rules are the same — the replies, the
// drops among them, the check line, the interpositions, the plain futile
// rule, the checks and the king's escapes.
func TestInstancesAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 1))
	checked := 0
	for i := 0; checked < 500 && i < 100000; i++ {
		sp := randomCheck(rng)
		if !sp.InCheck() {
			continue
		}
		checked++
		vp := variant.FromShogi(&sp)
		s, f := std(&sp), (*fairyPos)(&vp)
		sfen := sp.SFEN()
		sameSet(t, sfen, "Evasions", s.Evasions(nil), f.Evasions(nil))
		sm, sd, sl, ss := s.EvasionsCountingDrops(nil)
		fm, fd, fl, fs := f.EvasionsCountingDrops(nil)
		sameSet(t, sfen, "EvasionsCountingDrops", sm, fm)
		if sd != fd {
			t.Fatalf("%s: %d drops, variant %d", sfen, sd, fd)
		}
		// Between two adjacent squares, or a knight and the king, shogi
		// has an empty line where variant has no ride.
		if ss && sl.Any() != (fs && fl.Any()) || sl.Any() && sl != fl {
			t.Fatalf("%s: check line %v %v, variant %v %v", sfen, sl, ss, fl, fs)
		}
		all := s.Evasions(nil)
		for _, r := range all {
			if s.IsInterposition(r) != f.IsInterposition(r) {
				t.Fatalf("%s: %s interposition %v, variant %v", sfen, r, s.IsInterposition(r), f.IsInterposition(r))
			}
		}
		sk, sr := s.SplitFutile(slices.Clone(all), []shogi.Move{})
		fk, fr := f.SplitFutile(slices.Clone(all), []shogi.Move{})
		sameSet(t, sfen, "kept", sk, fk)
		sameSet(t, sfen, "futile", sr, fr)
		// The attacker's side: after a reply, the checks and escapes.
		for _, r := range all[:min(len(all), 3)] {
			sq, fq := *s, *f
			sq.DoMove(r)
			fq.DoMove(r)
			if sq.CountChecks(nil) != fq.CountChecks(nil) {
				t.Fatalf("%s after %s: %d checks, variant %d", sfen, r, sq.CountChecks(nil), fq.CountChecks(nil))
			}
			for _, c := range sq.Checks(nil) {
				if a, b := sq.KingEscapesAfter(c), fq.KingEscapesAfter(c); a != b {
					t.Fatalf("%s after %s, %s: %d escapes, variant %d", sfen, r, c, a, b)
				}
			}
		}
	}
	if checked < 500 {
		t.Fatalf("only %d positions in check", checked)
	}
}

// randomCheck returns a random standard position, White to move, with
// White's king among a few pieces of both sides and a hand for each.
func randomCheck(rng *rand.Rand) shogi.Position {
	kinds := []shogi.Kind{shogi.Pawn, shogi.Lance, shogi.Knight, shogi.Silver, shogi.Gold, shogi.Bishop, shogi.Rook, shogi.Horse, shogi.Dragon}
	var p shogi.Position
	p.Put(shogi.Square(rng.IntN(81)), shogi.NewPiece(shogi.White, shogi.King))
	for range 4 + rng.IntN(10) {
		s := shogi.Square(rng.IntN(81))
		k := kinds[rng.IntN(len(kinds))]
		if p.PieceAt(s) == shogi.NoPiece && !(k == shogi.Pawn || k == shogi.Lance || k == shogi.Knight) {
			p.Put(s, shogi.NewPiece(shogi.Color(rng.IntN(2)), k))
		}
	}
	var bh, wh shogi.Hand
	for _, k := range []shogi.Kind{shogi.Pawn, shogi.Gold, shogi.Knight, shogi.Lance, shogi.Silver} {
		bh, wh = bh.Set(k, rng.IntN(2)), wh.Set(k, rng.IntN(2))
	}
	p.SetHand(shogi.Black, bh)
	p.SetHand(shogi.White, wh)
	p.SetSideToMove(shogi.White)
	if p.Validate() != nil {
		return shogi.Position{}
	}
	return p
}

// sameSet fails the test unless a and b hold the same moves.
func sameSet(t *testing.T, sfen, what string, a, b []shogi.Move) {
	t.Helper()
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	if !slices.Equal(a, b) {
		t.Fatalf("%s: %s %v, variant %v", sfen, what, a, b)
	}
}

// TestSearchAllocs: once its frames and buffers have grown, the search
// allocates nothing per node, through either instantiation (a position
// whose address reaches a call through the type parameter would escape
// to the heap: the search keeps them in its frames).
func TestSearchAllocs(t *testing.T) {
	sp := mustParse(t, "9/6nS1/4s4/4r1P1g/5Sk1B/5+pbR1/4Nsp2/9/4N4 b 3Gn4l15p 1") // 図巧第36番
	if err := sp.Validate(); err != nil {
		t.Fatal(err)
	}
	vp := variant.FromShogi(&sp)
	// perNode is the allocations a node may make: none of the search's;
	// package variant's test of a pawn drop's mate (hasLegalMoveNested)
	// allocates now and then (about one node in thirteen), which is
	// variant's to fix.
	check := func(name string, perNode float64, run func() uint64) {
		run() // the frames and buffers grow
		var nodes uint64
		allocs := testing.AllocsPerRun(1, func() { nodes = run() })
		if nodes < 1000 || allocs > 100+perNode*float64(nodes) {
			t.Errorf("%s: %.0f allocations for %d nodes", name, allocs, nodes)
		}
	}
	tt, err := newTable(16)
	if err != nil {
		t.Fatal(err)
	}
	ss := newSearch[stdPos](tt, shogi.Black)
	check("standard", 0, func() uint64 {
		tt.newGeneration()
		ss.nodes = 0
		ss.searchAt(nil, std(&sp), 9)
		return ss.nodes
	})
	fs := newSearch[fairyPos](tt, shogi.Black)
	check("variant", 0.1, func() uint64 {
		tt.newGeneration()
		fs.nodes = 0
		fs.searchAt(nil, (*fairyPos)(&vp), 9)
		return fs.nodes
	})
}
