package maten

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/theme"
	"github.com/tsume-shogi/tsume/verdict"
)

var shapeFiles = flag.String("shape-files", "", "TestShapeReport: comma-separated jsonl files of generate, whose shares of docs/generation.md (\"Style\") to print")

// TestShapeReport prints, for each jsonl file of -shape-files, a row of
// issue 26's targets (docs/generation.md, "Style"), each the share of the
// file's problems, by the generator's own definitions: the king on ranks
// 1–3 and on ranks 7–9 (from the defender's side), a guard (HasGuard), two castle guards
// (CastleGuards), a heavy hand (HeavyHand), at
// least one attacker theme (HasAttackerTheme over the themes found anew,
// findThemes), a sacrifice (the theme), a one-piece chase (chaseMoves,
// the chase of Score), an edge climb (EdgeClimbs, the composed style's
// wider rule), a staircase of drops (Staircase), a heavy battery
// (HeavyBattery), a king walking along an edge (EdgeWalks), an obvious
// key without a choice and a spare flight (MeasureDefence), a gift and a
// capture on the first move (MeasureShape), no idle piece (every piece taken away in turn, the rest
// judged by a fresh solver of at most 100,000 nodes a search and the
// verdict on the same line), then the largest share of one (mating piece
// kind, king region) pair and of one (main theme, mating piece kind, king
// region) triple and of one skeleton (Skeleton), the classes of the
// variety cap, each with its class.
func TestShapeReport(t *testing.T) {
	if *shapeFiles == "" {
		t.Skip("with -shape-files")
	}
	s, err := mate.NewSolver(mate.SolverOptions{HashMB: 16, Futile: mate.Discount, MaxNodes: 100_000})
	if err != nil {
		t.Fatal(err)
	}
	t.Log("| file | problems | king on ranks 1–3 | on 7–9 | a guard | two castle guards | a placed piece | six attacker pieces or more | a heavy hand | an attacker theme | a sacrifice | a chase | an edge climb | a staircase | a heavy battery | an edge walk | an obvious key, no choice | a spare flight | a gift | no idle piece | no first-move capture | top pair | top triple | top skeleton |")
	for _, path := range strings.Split(*shapeFiles, ",") {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var n, camp, far, guard, castle, placed, crowded, heavy, themed, sacrifice, chase, climb, stair, battery, walk, obvious, spare, gift, idle, capture int
		pairs, triples, skeletons := map[string]int{}, map[string]int{}, map[string]int{}
		sc := bufio.NewScanner(strings.NewReader(string(data)))
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var rec struct{ SFEN, Solution string }
			if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
				t.Fatal(err)
			}
			q, pv := line(t, rec.SFEN, strings.Fields(rec.Solution)...)
			themes, err := findThemes(context.Background(), &q, pv)
			if err != nil {
				t.Fatalf("%s: %v", rec.SFEN, err)
			}
			n++
			k := q.King(shogi.White).Rank()
			camp += b2i(k <= 3)
			far += b2i(k >= 7)
			guard += b2i(HasGuard(&q))
			castle += b2i(CastleGuards(&q) >= minCastleGuards)
			placed += b2i(PlacedPieces(&q) > 0)
			crowded += b2i(HeavyAttack(&q, 3)) // six or more, whatever the length
			heavy += b2i(HeavyHand(&q, len(pv)))
			themed += b2i(HasAttackerTheme(themes))
			sacrifice += b2i(slices.ContainsFunc(themes, func(t problem.Theme) bool { return t.Name == theme.Sacrifice }))
			chase += b2i(chaseMoves(&q, pv) > 0)
			climb += b2i(EdgeClimbs(pv) > 0)
			stair += b2i(Staircase(pv))
			battery += b2i(HeavyBattery(&q))
			walk += b2i(EdgeWalks(pv) > 0)
			d, _ := MeasureDefence(&q, pv, nil)
			obvious += b2i(d.ObviousKey && !d.Choice)
			spare += b2i(d.SpareFlight)
			skeletons[Skeleton(&q, pv)]++
			sh := MeasureShape(&q, pv)
			gift += b2i(sh.Gifts > 0)
			capture += b2i(sh.FirstCapture)
			idle += b2i(hasIdle(s, &q, pv))
			pair := matingKind(pv) + " " + kingRegion(&q)
			pairs[pair]++
			triples[MainTheme(themes)+" "+pair]++
		}
		pc := func(x int) string { return fmt.Sprintf("%.0f%%", 100*float64(x)/float64(max(n, 1))) }
		top := func(m map[string]int) string {
			best := ""
			for c, x := range m {
				if best == "" || x > m[best] || x == m[best] && c < best {
					best = c
				}
			}
			return fmt.Sprintf("%s (%s)", pc(m[best]), best)
		}
		t.Logf("| %s | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |", path, n, pc(camp), pc(far), pc(guard), pc(castle), pc(placed), pc(crowded), pc(heavy),
			pc(themed), pc(sacrifice), pc(chase), pc(climb), pc(stair), pc(battery), pc(walk), pc(obvious), pc(spare), pc(gift), pc(n-idle), pc(n-capture),
			top(pairs), top(triples), top(skeletons))
	}
}

// matingKind and kingRegion are the mating piece kind and the king's
// region of a problem as the variety cap classes it (bank.MatingPiece,
// bank.KingRegion, which the layering keeps this package's tests from
// importing): the kind after the last move in SFEN letters, and corner,
// edge or centre by problem.CornerSquare and problem.EdgeSquare.
func matingKind(pv []shogi.Move) string {
	m := pv[len(pv)-1]
	if m.IsDrop() {
		return m.DroppedKind().Letter()
	}
	return m.PieceAfter().Kind().Letter()
}

func kingRegion(q *shogi.Position) string {
	switch k := q.King(shogi.White); {
	case problem.CornerSquare(k):
		return "corner"
	case problem.EdgeSquare(k):
		return "edge"
	}
	return "centre"
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// hasIdle reports whether a piece of q (on the board, the kings aside, or
// in Black's hand) can be taken away with q staying sound with the line
// pv, by s and the verdict.
func hasIdle(s *mate.Solver, q *shogi.Position, pv []shogi.Move) bool {
	still := func(r *shogi.Position) bool {
		h, err := mate.RemainingHand(r, shogi.Black)
		if err != nil {
			return false
		}
		r.SetHand(shogi.White, h)
		if !r.IsValid() || r.InCheck() {
			return false
		}
		sol, err := s.Solve(context.Background(), r)
		if err != nil || sol.Status != mate.Mate || !sol.LengthExact || !sol.Unique || sol.Leftover || !slices.Equal(sol.PV, pv) {
			return false
		}
		v, err := verdict.JudgeLine(context.Background(), r, pv, verdict.Options{Futile: mate.Discount})
		return err == nil && v.Overall == verdict.Sound
	}
	for sq := range shogi.Square(shogi.NumSquares) {
		if pc := q.PieceAt(sq); pc == shogi.NoPiece || pc.Kind() == shogi.King {
			continue
		}
		r := *q
		r.Put(sq, shogi.NoPiece)
		if still(&r) {
			return true
		}
	}
	for _, k := range allKinds {
		if q.Hand(shogi.Black).Has(k) {
			r := *q
			r.SetHand(shogi.Black, r.Hand(shogi.Black).Remove(k))
			if still(&r) {
				return true
			}
		}
	}
	return false
}
