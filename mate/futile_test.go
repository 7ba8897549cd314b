package mate

import (
	"slices"
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// The search's filter of futile interpositions (withoutFutile, which
// decides drops without playing them) keeps exactly the replies that
// IsFutileInterposition does not call futile, after every check of the
// corpus positions (with the defender holding the remaining pieces, so
// that there are many interposing drops).
func TestWithoutFutileMatchesDefinition(t *testing.T) {
	futileSeen := 0
	for _, p := range readCorpus(t) {
		q, err := WithRemainingHand(&p)
		if err != nil {
			continue
		}
		for _, c := range q.Checks(nil) {
			d := q
			d.DoMove(c)
			replies := d.Evasions(nil)
			var want []shogi.Move
			for _, r := range replies {
				if !IsFutileInterposition(&d, r) {
					want = append(want, r)
				}
			}
			got := withoutFutile(&d, slices.Clone(replies))
			if !slices.Equal(got, want) {
				t.Fatalf("%s: withoutFutile kept %v, the definition keeps %v", d.SFEN(), got, want)
			}
			futileSeen += len(replies) - len(want)
		}
	}
	if futileSeen == 0 {
		t.Fatal("no futile interposition in the corpus: the test checks nothing")
	}
	t.Logf("%d futile interpositions left out", futileSeen)
}

// Rulebook cases of the futile-interposition definition.
func TestIsFutileInterposition(t *testing.T) {
	for _, c := range []struct {
		name, sfen, reply string
		want              bool
	}{
		// Rook on 1i checks the king on 1a down the file; the defender
		// has pieces to drop.
		{"far drop, unguarded", "8k/9/9/9/9/9/9/9/8R w g 1", "G*1e", true},
		{"drop next to the king", "8k/9/9/9/9/9/9/9/8R w g 1", "G*1b", false},
		{"far drop, guarded by a gold", "8k/9/9/7g1/9/9/9/9/8R w g 1", "G*1e", false},
		{"king move is no interposition", "8k/9/9/9/9/9/9/9/8R w g 1", "1a2a", false},
		// A board piece moved between (移動合) counts, far and unguarded
		// as it is: it changes the board, which a drop does not.
		{"far move, unguarded", "8k/9/9/9/7g1/9/9/9/8R w - 1", "2e1e", false},
		// The rook on 5i is pinned to the attacker's own king by the
		// rook on 3i: it cannot capture, so the interposition counts.
		{"checker pinned", "4k4/9/9/9/9/9/9/9/2K1R1r2 w g 1", "G*5e", false},
		{"checker free", "4k4/9/9/9/9/9/9/9/2K1R4 w g 1", "G*5e", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, err := shogi.ParseSFEN(c.sfen)
			if err != nil {
				t.Fatal(err)
			}
			m, err := p.ParseUSIMove(c.reply)
			if err != nil {
				t.Fatal(err)
			}
			if !p.IsLegal(m) {
				t.Fatalf("%s is not legal in %s", c.reply, c.sfen)
			}
			if got := IsFutileInterposition(&p, m); got != c.want {
				t.Errorf("IsFutileInterposition(%s) = %v, want %v", c.reply, got, c.want)
			}
			if got := len(withoutFutile(&p, []shogi.Move{m})) == 0; got != c.want {
				t.Errorf("withoutFutile drops %s: %v, want %v", c.reply, got, c.want)
			}
		})
	}
}

// The position of 図巧第33番 in miniature: the horse on 4i checks the king
// on 9d; a pawn interposed on 8e, next to the king, is answered by P*9e,
// K×9e, +B×8e — the position after 9d9e, 4i8e, two plies later. The king
// cannot leave by 8d (the gold on 7e guards it), nor by 9c or 8c (its own
// silvers).
const transpositionSFEN = "9/9/ss7/k8/2G6/9/9/9/5+B3 w Pp 1"

// Cases of the futile-by-transposition definition, through both
// instantiations (the royal gold for the king: package variant's only).
func TestFutileByTransposition(t *testing.T) {
	for _, c := range []struct {
		name, sfen, reply string
		want              bool
	}{
		{"P*8e is put off by two plies", transpositionSFEN, "P*8e", true},
		// The king also escapes to 8d after P*9e: that reply does not
		// transpose.
		{"a second escape", "9/9/ss7/k8/9/9/9/9/5+B3 w Pp 1", "P*8e", false},
		// Without a pawn in hand the attacker has no P*9e, and capturing
		// the pawn on 8e leaves it one pawn richer than without it.
		{"no pawn to drop", "9/9/ss7/k8/2G6/9/9/9/5+B3 w p 1", "P*8e", false},
		// A far interposition with the same answer brings the pawn back
		// elsewhere.
		{"far interposition", transpositionSFEN, "P*7f", false},
		{"a king move is no interposition", transpositionSFEN, "9d9e", false},
		// A royal gold for the king: the same transposition.
		{"royal gold", "9/9/ss7/$g8/2G6/9/9/9/5+B3 w Pp 1", "P*8e", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			vp, err := variant.ParseSFEN(c.sfen)
			if err != nil {
				t.Fatal(err)
			}
			m, err := vp.ParseMove(c.reply)
			if err != nil {
				t.Fatal(err)
			}
			if !vp.IsLegal(m) {
				t.Fatalf("%s is not legal in %s", c.reply, c.sfen)
			}
			if got := VariantFutileByTransposition(&vp, m); got != c.want {
				t.Errorf("variant: futileByTransposition(%s) = %v, want %v", c.reply, got, c.want)
			}
			p, ok := vp.Shogi()
			if !ok {
				return
			}
			if got := futileByTransposition(std(&p), m); got != c.want {
				t.Errorf("futileByTransposition(%s) = %v, want %v", c.reply, got, c.want)
			}
		})
	}
	// The interposition next to the king is not futile by the plain rule:
	// only the transposition discounts it.
	p := mustParse(t, transpositionSFEN)
	m, _ := p.ParseUSIMove("P*8e")
	if IsFutileInterposition(&p, m) {
		t.Errorf("P*8e is futile by the plain rule")
	}
}

// An exclusion applies to its board whenever the attacker holds at least
// the hand it was found with; the proofs and disproofs of that board are
// stored with hands that keep hand superiority on the right side of it.
func TestExclusionHands(t *testing.T) {
	p := mustParse(t, transpositionSFEN)
	m, _ := p.ParseUSIMove("P*8e")
	found := p.Hand(shogi.Black) // one pawn
	s := newSearch[stdPos, *stdPos](nil, shogi.Black)
	s.futile, s.excluded = true, []exclusion{{board: p.BoardKey(), hand: found, move: m}}
	has := func(q *shogi.Position) bool {
		for _, r := range s.replies(std(q), make([]shogi.Move, 0, shogi.MaxMoves)) {
			if r == m {
				return true
			}
		}
		return false
	}
	if has(&p) {
		t.Errorf("P*8e not excluded with the hand it was found with")
	}
	richer := p
	richer.SetHand(shogi.Black, found.Add(shogi.Gold))
	if has(&richer) {
		t.Errorf("P*8e not excluded with a larger attacker hand")
	}
	poorer := p
	poorer.SetHand(shogi.Black, 0)
	if !has(&poorer) {
		t.Errorf("P*8e excluded with a smaller attacker hand")
	}
	s.futile = false
	if !has(&p) {
		t.Errorf("P*8e excluded with every reply counting")
	}
	s.futile = true

	// A proof made with the exclusion needs at least its hand; a proof
	// without it is unchanged.
	gold := shogi.Hand(0).Add(shogi.Gold)
	if got := s.excludedProofHand(p.BoardKey(), found.Add(shogi.Gold), gold); got != found.Add(shogi.Gold) {
		t.Errorf("proof hand %v, want %v", got, found.Add(shogi.Gold))
	}
	if got := s.excludedProofHand(p.BoardKey(), gold, gold); got != gold {
		t.Errorf("proof hand without the exclusion %v, want %v", got, gold)
	}
	// A disproof made without the exclusion must not reach a hand with
	// it; one made with it is unchanged.
	if got := s.excludedDisproofHand(p.BoardKey(), gold, fullHand); got.Dominates(found) {
		t.Errorf("disproof hand %v reaches the exclusion's hand %v", got, found)
	}
	if got := s.excludedDisproofHand(p.BoardKey(), found, fullHand); got != fullHand {
		t.Errorf("disproof hand with the exclusion %v, want %v", got, fullHand)
	}
}

// 図巧第33番: counting every interposition, the mate takes 19 plies (the
// raw length the reference data confirms); discounting the futile ones,
// 15, the recorded solution: after ▲８三飛不成 the pawn interposed next to
// the king (△８五歩打) is futile by transposition. The bishop may promote
// at ply 11 (the record) or at ply 13: the same mate (成生の非限定).
func TestFutileRuleChangesTheLength(t *testing.T) {
	const (
		sfen     = "l8/1n7/np3B3/SR1+P5/k1N6/9/1Ps6/1N7/5+B3 b r4g2s3l15p 1"
		recorded = "8d8e 9e9d 8e8c 9d9e 4i8e 9c8e 8c9c 9a9c P*9f 9e9d 4c6a+ 9d8d 6a8c 8d7e 6d6e"
		later    = "8d8e 9e9d 8e8c 9d9e 4i8e 9c8e 8c9c 9a9c P*9f 9e9d 4c6a 9d8d 6a8c+ 8d7e 6d6e"
	)
	for _, c := range []struct {
		rule FutileRule
		want int
	}{{Count, 19}, {Discount, 15}} {
		sol := solve(t, sfen, SolverOptions{HashMB: 64, MaxTime: 60 * time.Second, Futile: c.rule})
		if sol.Status != Mate || !sol.LengthExact || sol.Length != c.want || !sol.SoundnessChecked {
			t.Errorf("--futile %s: %v length %d (exact %v, soundness checked %v), want %d: %v",
				c.rule, sol.Status, sol.Length, sol.LengthExact, sol.SoundnessChecked, c.want, sol.PV)
		}
		if line := usiList(sol.PV); c.rule == Discount && line != recorded && line != later {
			t.Errorf("--futile discount: main line %s, recorded %s", line, recorded)
		}
	}
}

// When a limit stops the round that solves again without the
// interposition, the exact solution of the round before is kept as a
// mating line, its length a bound.
func TestTranspositionRoundStopped(t *testing.T) {
	const sfen = "l8/1n7/np3B3/SR1+P5/k1N6/9/1Ps6/1N7/5+B3 b r4g2s3l15p 1"
	// The first round ends before 26,000 nodes (its first proof at about
	// 11,000), the second's proof at about 35,000.
	sol := solve(t, sfen, SolverOptions{HashMB: 64, MaxNodes: 30000, SkipSoundness: true})
	if sol.Status != Mate || sol.LengthExact || sol.Length != 17 || len(sol.PV) != 17 {
		t.Errorf("%v length %d (exact %v): %v", sol.Status, sol.Length, sol.LengthExact, sol.PV)
	}
}
