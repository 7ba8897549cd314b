// Package parity holds the tests that hold package fairymate to package
// mate on standard positions (a package above both, as the layers
// require).
package parity

import (
	"bufio"
	"context"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/fairymate"
	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// mateSolve solves p with package mate (its default conventions, under
// the futile rule f).
func mateSolve(t *testing.T, p *shogi.Position, nodes uint64, f mate.FutileRule) *mate.Solution {
	t.Helper()
	s, err := mate.NewSolver(mate.SolverOptions{HashMB: 16, MaxNodes: nodes, SkipSoundness: true, Futile: f})
	if err != nil {
		t.Fatal(err)
	}
	sol, err := s.Solve(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	return sol
}

// fairyRule returns fairymate's futile rule for mate's.
func fairyRule(f mate.FutileRule) fairymate.FutileRule {
	if f == mate.Count {
		return fairymate.Count
	}
	return fairymate.Discount
}

// compare solves the standard position sp with both solvers under the
// futile rule f and fails when they disagree on a status both decided, or
// (both having proven a mate) on the length, its exactness or the main
// line's length. It reports whether both decided.
func compare(t *testing.T, name string, sp *shogi.Position, nodes uint64, f mate.FutileRule) (decided bool) {
	t.Helper()
	ms := mateSolve(t, sp, nodes, f)
	if ms.Status == mate.Unknown || ms.Status == mate.Mate && !ms.LengthExact {
		return false
	}
	p := variant.FromShogi(sp)
	fs, err := fairymate.Solve(context.Background(), &p, fairymate.Options{TableMB: 16, MaxNodes: nodes, Futile: fairyRule(f), SkipSoundness: true})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if testing.Verbose() {
		t.Logf("%s (%v): mate %v %d (%d nodes), fairymate %v %d exact %v (%d nodes, %v)", name, f, ms.Status, ms.Length, ms.Nodes, fs.Status, fs.Length, fs.LengthExact, fs.Nodes, fs.Time.Round(time.Millisecond))
	}
	if fs.Status == fairymate.Unknown {
		return false
	}
	if ms.Status.String() != fs.Status.String() {
		t.Errorf("%s (%v) %s: mate says %v, fairymate %v", name, f, sp.SFEN(), ms.Status, fs.Status)
		return true
	}
	if fs.Status != fairymate.Mate {
		return true
	}
	if !ms.LengthExact || !fs.LengthExact {
		// A limit cut the search for the shortest: no length to compare.
		return false
	}
	if fs.Length != ms.Length || len(fs.PV) != len(ms.PV) || !fs.PVComplete {
		t.Errorf("%s (%v) %s: mate says %d plies (line %d), fairymate %d (line %d, complete %v)", name, f, sp.SFEN(), ms.Length, len(ms.PV), fs.Length, len(fs.PV), fs.PVComplete)
	}
	// fairymate's attacker also prefers a line without a spare piece
	// (mate's takes the first mate it proves), so it may find one where
	// mate does not, never the other way round.
	if fs.Leftover && !ms.Leftover {
		t.Errorf("%s (%v) %s: leftover: mate none, fairymate some", name, f, sp.SFEN())
	}
	if err := mate.VerifyLine(&ms.Position, toShogi(fs.PV), f); err != nil {
		t.Errorf("%s (%v): fairymate's line %v: %v", name, f, fs.PV, err)
	}
	return true
}

// toShogi converts moves of standard pieces (bit for bit the same).
func toShogi(ms []variant.Move) []shogi.Move {
	out := make([]shogi.Move, len(ms))
	copy(out, ms)
	return out
}

// benchRow is a problem of mate's bench list.
type benchRow struct {
	id, sfen string
	plies    int
}

// benchRows returns the problems of mate's bench list of at most maxPlies
// plies (the lines-only ones left out).
func benchRows(t *testing.T, maxPlies int) []benchRow {
	t.Helper()
	f, err := os.Open("../../mate/testdata/bench.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []benchRow
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 5 || strings.HasPrefix(cols[0], "#") || cols[0] == "id" || cols[3] == "line-only" {
			continue
		}
		plies, err := strconv.Atoi(cols[1])
		if err != nil || plies > maxPlies {
			continue
		}
		rows = append(rows, benchRow{cols[0], cols[4], plies})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// TestBenchAgainstMate compares the statuses and lengths with package
// mate on the short problems of mate's bench list (all up to 13 plies;
// with -short, up to 7).
func TestBenchAgainstMate(t *testing.T) {
	maxPlies := 13
	if testing.Short() {
		maxPlies = 7
	}
	rows := benchRows(t, maxPlies)
	for _, r := range rows {
		sp, err := shogi.ParseSFEN(r.sfen)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range []mate.FutileRule{mate.Discount, mate.Count} {
			if !compare(t, r.id, &sp, 0, f) {
				t.Errorf("%s (%v): undecided", r.id, f)
			}
		}
	}
	if len(rows) < 10 {
		t.Fatalf("only %d problems compared", len(rows))
	}
}

// randomTsume returns a random legal tsume-like standard position: Black
// to move without a king, White's king in the top three ranks with a few
// pieces around it, a few pieces in Black's hand, the rest White's.
func randomTsume(rng *rand.Rand) shogi.Position {
	kinds := []shogi.Kind{shogi.Pawn, shogi.Lance, shogi.Knight, shogi.Silver, shogi.Gold, shogi.Bishop, shogi.Rook}
	for {
		var p shogi.Position
		ks := shogi.NewSquare(1+rng.IntN(9), 1+rng.IntN(3))
		p.Put(ks, shogi.NewPiece(shogi.White, shogi.King))
		for i := 1 + rng.IntN(6); i > 0; i-- {
			s := shogi.NewSquare(min(9, max(1, ks.File()+rng.IntN(7)-3)), min(9, max(1, ks.Rank()+rng.IntN(6)-2)))
			if p.PieceAt(s) != shogi.NoPiece {
				continue
			}
			c := shogi.Black
			if rng.IntN(3) == 0 {
				c = shogi.White
			}
			k := kinds[rng.IntN(len(kinds))]
			if k.CanPromote() && rng.IntN(4) == 0 {
				k = k.Promote()
			}
			p.Put(s, shogi.NewPiece(c, k))
		}
		var h shogi.Hand
		for i := rng.IntN(3); i > 0; i-- {
			h = h.Add(kinds[rng.IntN(len(kinds))])
		}
		p.SetHand(shogi.Black, h)
		q, err := mate.WithRemainingHand(&p)
		if err == nil && q.Validate() == nil {
			return q
		}
	}
}

// TestRandomAgainstMate compares both solvers on random positions whose
// shortest mate, by package mate, is 1 or 3 plies, and on as many of the
// positions without a mate.
func TestRandomAgainstMate(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 3))
	want := 60
	if testing.Short() {
		want = 20
	}
	var m1, m3, none int
	for i := 0; i < 20000 && (m1 < want || m3 < want || none < want); i++ {
		sp := randomTsume(rng)
		ms := mateSolve(t, &sp, 20000, mate.Discount)
		switch {
		case ms.Status == mate.Mate && ms.LengthExact && ms.Length == 1 && m1 < want:
			m1++
		case ms.Status == mate.Mate && ms.LengthExact && ms.Length == 3 && m3 < want:
			m3++
		case ms.Status == mate.NoMate && none < want:
			none++
		default:
			continue
		}
		compare(t, "random", &sp, 200000, mate.Discount)
		compare(t, "random", &sp, 200000, mate.Count)
	}
	t.Logf("compared %d mates in 1, %d in 3, %d without a mate", m1, m3, none)
	if m1 < want || m3 < want {
		t.Errorf("too few: %d mates in 1, %d in 3", m1, m3)
	}
}

// TestFutileAgainstMate: on standard positions the adapted rule is mate's
// (every reply to every check of random positions).
func TestFutileAgainstMate(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	futile := 0
	for range 400 {
		sp := randomTsume(rng)
		for _, m := range sp.LegalMoves(nil) {
			if !sp.GivesCheck(m) {
				continue
			}
			sq := sp
			sq.DoMove(m)
			p := variant.FromShogi(&sq)
			for _, r := range sq.LegalMoves(nil) {
				want := mate.IsFutileInterposition(&sq, r)
				if got := fairymate.IsFutileInterposition(&p, r); got != want {
					t.Fatalf("%s, reply %s: futile %v, mate says %v", sq.SFEN(), r, got, want)
				}
				if want {
					futile++
				}
			}
		}
	}
	if futile < 100 {
		t.Fatalf("only %d futile interpositions seen", futile)
	}
	t.Logf("%d futile interpositions agree", futile)
}
