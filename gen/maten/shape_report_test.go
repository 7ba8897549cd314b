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
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/verdict"
)

var shapeFiles = flag.String("shape-files", "", "TestShapeReport: comma-separated jsonl files of generate, whose shares of docs/generation.md (\"Style\") to print")

// TestShapeReport prints, for each jsonl file of -shape-files, the shares
// of its problems with the king on ranks 1–3 and on ranks 7–9, a guard, a
// gift, no idle piece (every piece taken away in turn, the rest judged by
// a fresh solver of at most 100,000 nodes a search and the verdict on the
// same line) and no capture on the first move.
func TestShapeReport(t *testing.T) {
	if *shapeFiles == "" {
		t.Skip("with -shape-files")
	}
	s, err := mate.NewSolver(mate.SolverOptions{HashMB: 16, Futile: mate.Discount, MaxNodes: 100_000})
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range strings.Split(*shapeFiles, ",") {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var n, camp, far, guard, gift, idle, capture int
		sc := bufio.NewScanner(strings.NewReader(string(data)))
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var rec struct{ SFEN, Solution string }
			if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
				t.Fatal(err)
			}
			q, pv := line(t, rec.SFEN, strings.Fields(rec.Solution)...)
			n++
			k := q.King(shogi.White).Rank()
			camp += b2i(k <= 3)
			far += b2i(k >= 7)
			guard += b2i(HasGuard(&q))
			sh := MeasureShape(&q, pv)
			gift += b2i(sh.Gifts > 0)
			capture += b2i(sh.FirstCapture)
			idle += b2i(hasIdle(s, &q, pv))
		}
		pc := func(x int) string { return fmt.Sprintf("%.0f%%", 100*float64(x)/float64(max(n, 1))) }
		t.Logf("| %s | %d | %s | %s | %s | %s | %s | %s |", path, n, pc(camp), pc(far), pc(guard), pc(gift), pc(n-idle), pc(n-capture))
	}
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
