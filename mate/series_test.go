package mate

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

// newSeries returns a Series of opts or ends the test.
func newSeries(t testing.TB, opts SolverOptions) *Series {
	t.Helper()
	r, err := NewSeries(opts)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// seriesLine returns p and the positions after each pair of a random
// check and a random reply from it, up to pairs pairs: the positions of
// one attacker two plies apart, each in the search tree of the one
// before, as the positions of a game during a fight for a mate.
func seriesLine(rng *rand.Rand, p shogi.Position, pairs int) []shogi.Position {
	line := []shogi.Position{p}
	var buf []shogi.Move
	for range pairs {
		buf = p.Checks(buf[:0])
		if len(buf) == 0 {
			break
		}
		p.DoMove(buf[rng.IntN(len(buf))])
		buf = p.LegalMoves(buf[:0])
		if len(buf) == 0 {
			break
		}
		p.DoMove(buf[rng.IntN(len(buf))])
		line = append(line, p)
	}
	return line
}

// A Series decides what the exhaustive search decides: searched in turn
// with one table kept, the positions of lines of checks and replies from
// the corpus positions mate within 7 plies exactly when the brute force
// mates within 7, with a proof no shorter than its mate; and a fresh
// Solver's MateWithin agrees (when neither ran out of its budget).
func TestSeriesAgreesWithBruteForce(t *testing.T) {
	ps := readCorpus(t)
	n := 150
	if testing.Short() {
		n = 40
	}
	opts := SolverOptions{HashMB: 16, MaxNodes: 50_000, Futile: Count, SkipSoundness: true}
	r := newSeries(t, opts)
	fresh := newSolver(t, opts)
	b := newBrute()
	rng := rand.New(rand.NewPCG(27, 13))
	const plies = 7
	var searched, kept, mates, unknown int
	for _, p := range ps[:n] {
		q, err := WithRemainingHand(&p)
		if err != nil {
			t.Fatalf("%s: %v", p.SFEN(), err)
		}
		r.Reset()
		for i, x := range seriesLine(rng, q, 4) {
			want := b.mateLength(&x, plies)
			got, err := r.MateWithin(context.Background(), &x, plies)
			if err != nil {
				t.Fatalf("%s: %v", x.SFEN(), err)
			}
			f, err := fresh.MateWithin(context.Background(), &x, plies)
			if err != nil {
				t.Fatalf("%s: %v", x.SFEN(), err)
			}
			searched++
			if i > 0 {
				kept++
			}
			switch {
			case got.Status == Unknown:
				unknown++
			case want > 0 && (got.Status != Mate || got.Length < want || got.Length > plies):
				t.Errorf("%s (position %d of its line): brute force mates in %d, the Series gives %+v", x.SFEN(), i, want, got)
			case want < 0 && got.Status != NoMate:
				t.Errorf("%s (position %d of its line): no mate within %d by brute force, the Series gives %+v", x.SFEN(), i, plies, got)
			case f.Status != Unknown && f.Status != got.Status:
				t.Errorf("%s (position %d of its line): the Series gives %v, a fresh MateWithin %v", x.SFEN(), i, got.Status, f.Status)
			}
			if want > 0 {
				mates++
			}
		}
	}
	t.Logf("%d positions (%d with the table of the ones before), %d mates within %d, %d unknown at the budget", searched, kept, mates, plies, unknown)
	if kept < searched/3 || mates == 0 {
		t.Errorf("the lines are too short to test the kept table: %d positions, %d after the first of their line, %d mates", searched, kept, mates)
	}
}

// A Series keeps its table from one search to the next only for the same
// attacker and the same pieces in play, and not after Reset: a position
// is an attacker's node for one colour and a defender's for the other,
// and the entries do not hold the defender's hand.
func TestSeriesStartsAfresh(t *testing.T) {
	r := newSeries(t, SolverOptions{HashMB: 1, Futile: Count, DefenderHand: AsGiven, SkipSoundness: true})
	const (
		black      = "4k4/9/4P4/9/9/9/9/9/4K4 b G2r2b3g4s4n4l17p 1"
		black2     = "3k5/9/4P4/9/9/9/9/9/4K4 b G2r2b3g4s4n4l17p 1"
		white      = "4k4/9/4P4/9/9/9/9/9/4K4 w G2r2b3g4s4n4l17p 1"
		blackFewer = "4k4/9/4P4/9/9/9/9/9/4K4 b G2r2b3g4s4n4l16p 1"
	)
	steps := []struct {
		sfen, why string
		fresh     bool
	}{
		{black, "the first search", true},
		{black2, "the same attacker and pieces", false},
		{white, "the other attacker", true},
		{white, "the same attacker again", false},
		{black, "the other attacker", true},
		{blackFewer, "one pawn fewer in play", true},
		{blackFewer, "the same pieces again", false},
	}
	for _, st := range steps {
		p, err := shogi.ParseSFEN(st.sfen)
		if err != nil {
			t.Fatal(err)
		}
		gen := r.s.tt.gen
		if _, err := r.MateWithin(context.Background(), &p, 3); err != nil {
			t.Fatal(err)
		}
		if fresh := r.s.tt.gen != gen; fresh != st.fresh {
			t.Errorf("%s (%s): a new table %v, want %v", st.sfen, st.why, fresh, st.fresh)
		}
	}
	r.Reset()
	gen := r.s.tt.gen
	p, _ := shogi.ParseSFEN(blackFewer)
	if _, err := r.MateWithin(context.Background(), &p, 3); err != nil {
		t.Fatal(err)
	}
	if r.s.tt.gen == gen {
		t.Errorf("the search after Reset kept the table")
	}
}

// A disproof that depends on a repetition of the search path holds on
// that path from that root only: a search from another root that comes to
// the same position by the same positions does not take it for a
// disproof, which is what lets a Series keep its table from one root to
// the next.
func TestAnchoredDisproofHoldsFromItsRootOnly(t *testing.T) {
	tt := newTestTable(t)
	h := parseHand(t, "G")
	const rootA, rootB, x = 0x1111, 0x2222, 0x3333
	y := sameCluster(0)
	a := newSearch[stdPos](tt, shogi.Black)
	a.push(rootA)
	a.push(x)
	pnWord, aux := dependentID(a.path[1].prefix)
	tt.store(y, h, false, pnWord, 0, aux, 5, 0, 1, -1)
	if r := tt.lookup(y, h, 5, false, a); r.dn != 0 {
		t.Errorf("on its own path the disproof does not hold: %+v", r)
	}
	b := newSearch[stdPos](tt, shogi.Black)
	b.push(rootB)
	b.push(x)
	if r := tt.lookup(y, h, 5, false, b); r.dn == 0 {
		t.Errorf("from another root the disproof holds: %+v", r)
	}
}

// The hand-made case a table kept across attackers would get wrong.
// Black (a lance in hand) checks with L*1c; White, in check, has a reply
// (Rx1c) and Black no ply left, so the search of Black's mate within 1
// ply stores the position after L*1c as disproven for Black's hand,
// empty. With White to move there and White as the attacker, Rx1c mates
// Black at once (its king in the corner, its pawn and lance in the way);
// taking Black's entry for White's, whose hand is empty too, would make
// it no mate.
func TestSeriesOtherAttackerIsNotMisled(t *testing.T) {
	r := newSeries(t, SolverOptions{HashMB: 1, Futile: Count, DefenderHand: AsGiven, SkipSoundness: true})
	p, err := shogi.ParseSFEN("8k/9/5r3/9/9/9/9/7P1/7LK b L 1")
	if err != nil {
		t.Fatal(err)
	}
	if w, err := r.MateWithin(context.Background(), &p, 1); err != nil || w.Status != NoMate {
		t.Fatalf("%s: %+v, %v; want no mate in 1", p.SFEN(), w, err)
	}
	mv, err := p.ParseUSIMove("L*1c")
	if err != nil {
		t.Fatal(err)
	}
	p.DoMove(mv)
	if w, err := r.MateWithin(context.Background(), &p, 1); err != nil || w.Status != Mate || w.Length != 1 {
		t.Errorf("%s, White to move: %+v, %v; want White's mate in 1", p.SFEN(), w, err)
	}
}
