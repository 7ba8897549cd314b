package variant

import (
	"math/rand/v2"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

// checksAgainstFilter holds Checks to the legal moves filtered by
// GivesCheck, move for move and in order; legal is p.LegalMoves. It
// returns the number of checks.
func checksAgainstFilter(t testing.TB, p *Position, legal []Move) int {
	t.Helper()
	var want []Move
	for _, m := range legal {
		if p.GivesCheck(m) {
			want = append(want, m)
		}
	}
	got := p.Checks(nil)
	if len(got) != len(want) {
		t.Fatalf("%s: Checks gives %d moves %v, the filter %d %v", p.SFEN(), len(got), moveTexts(got), len(want), moveTexts(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("%s: Checks[%d] = %s, the filter's %s", p.SFEN(), i, MoveString(got[i]), MoveString(want[i]))
		}
	}
	return len(got)
}

// randomAttack returns a random position made for checks: the side to
// move with many pieces and a full hand around the opponent's royals
// (one to three, any kind), some hoppers now and then, under rules.
func randomAttack(rng *rand.Rand, rules *Rules) Position {
	for {
		var p Position
		att := Color(rng.IntN(2))
		def := att.Opp()
		for range 1 + rng.IntN(3) {
			s := Square(rng.IntN(numSquares))
			k := Kind(1 + rng.IntN(int(NumKinds)-1))
			if p.board[s] == NoPiece && !tbl.dead[def][k].Has(s) {
				p.Put(s, NewPiece(def, k, true))
			}
		}
		for range 4 + rng.IntN(14) {
			s := Square(rng.IntN(numSquares))
			c := att
			if rng.IntN(3) == 0 {
				c = def
			}
			k := Kind(1 + rng.IntN(int(NumKinds)-1))
			if k == shogi.King || tbl.hopKinds.Has(k) && rng.IntN(3) != 0 {
				continue
			}
			if p.board[s] == NoPiece && !tbl.dead[c][k].Has(s) {
				p.Put(s, NewPiece(c, k, false))
			}
		}
		var h Hand
		for _, k := range handKinds {
			if rng.IntN(2) == 0 && (!kindDefs[k].Fairy || rng.IntN(4) == 0) {
				h = h.Set(k, 1+rng.IntN(2))
			}
		}
		p.SetHand(att, h)
		p.SetSideToMove(att)
		p.SetRules(rules)
		if p.royals[def].Any() && !p.IsIllegalPosition() && p.pawnFilesOK() {
			return p
		}
	}
}

// pawnFilesOK reports whether no file holds two unpromoted pawns of one
// side (二歩 on the board).
func (p *Position) pawnFilesOK() bool {
	for c := shogi.Black; c <= shogi.White; c++ {
		var files [9]int
		for b := p.Pieces(c, shogi.Pawn); b.Any(); {
			f := sqFile(b.PopLSB())
			if files[f]++; files[f] > 1 {
				return false
			}
		}
	}
	return true
}

// TestChecksAgainstFilter: over random positions made for checks, under
// every rule set, Checks is exactly the legal moves that give check.
func TestChecksAgainstFilter(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 4))
	n := 3000
	if testing.Short() {
		n = 500
	}
	for _, name := range []string{"", "tenjiku", "annan"} {
		rules, err := ParseRules(name)
		if err != nil {
			t.Fatal(err)
		}
		checks, positions := 0, 0
		for range n {
			p := randomAttack(rng, rules)
			checks += checksAgainstFilter(t, &p, p.LegalMoves(nil))
			positions++
		}
		t.Logf("rules %q: %d checks in %d positions", name, checks, positions)
		if checks < n {
			t.Errorf("rules %q: only %d checks", name, checks)
		}
	}
}

// checksPositions are random positions made for checks, standard rules:
// those where the mover has a hopper on the board when hoppers is set, the
// others when not.
func checksPositions(hoppers bool) []Position {
	rng := rand.New(rand.NewPCG(7, 7))
	var out []Position
	for len(out) < 200 {
		p := randomAttack(rng, nil)
		if p.byKind[Grasshopper].Or(p.byKind[Lion]).Intersects(p.byColor[p.side]) == hoppers {
			out = append(out, p)
		}
	}
	return out
}

// benchChecks measures Checks, or with filter the legal moves filtered by
// GivesCheck (what the fairy solvers did before Checks), over ps.
func benchChecks(b *testing.B, ps []Position, filter bool) {
	buf := make([]Move, 0, MaxMoves)
	for b.Loop() {
		for i := range ps {
			p := &ps[i]
			if !filter {
				buf = p.Checks(buf[:0])
				continue
			}
			n := 0
			buf = p.LegalMoves(buf[:0])
			for _, m := range buf {
				if p.GivesCheck(m) {
					buf[n] = m
					n++
				}
			}
			buf = buf[:n]
		}
	}
}

func BenchmarkChecksStandard(b *testing.B)         { benchChecks(b, checksPositions(false), false) }
func BenchmarkChecksStandardByFilter(b *testing.B) { benchChecks(b, checksPositions(false), true) }
func BenchmarkChecksHoppers(b *testing.B)          { benchChecks(b, checksPositions(true), false) }
func BenchmarkChecksHoppersByFilter(b *testing.B)  { benchChecks(b, checksPositions(true), true) }
