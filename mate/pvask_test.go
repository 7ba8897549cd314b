package mate

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
)

// TestTsumeLineAsksFewer: the main line read with the depth-limited
// search left out for a defender's last candidate reply (as Solve reads
// it) is the line read with every candidate asked, on every mate of the
// bench list and the quick classics: leaving the question out changes the
// nodes, never the line.
func TestTsumeLineAsksFewer(t *testing.T) {
	rows, err := problem.ReadTSV(bytes.NewReader(BenchList()), "bench.tsv")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, r := range rows {
		if r.Status == problem.NoMate {
			continue
		}
		t.Run(r.ID, func(t *testing.T) {
			s := newSolver(t, SolverOptions{HashMB: 64, SkipSoundness: true})
			p := r.Position
			sol, err := s.Solve(context.Background(), &p)
			if err != nil {
				t.Fatal(err)
			}
			if sol.Status != Mate || !sol.LengthExact {
				t.Skipf("%v, exact %v", sol.Status, sol.LengthExact)
			}
			q := sol.Position
			sr := newSearch[stdPos](s.tt, q.SideToMove())
			sr.futile = true
			all := sr.line(std(&q), sol.Length, false, sr.longestReply(true, true))
			fewer := sr.tsumeLine(std(&q), sol.Length)
			if !slices.Equal(fewer, all) || !slices.Equal(fewer, sol.PV) {
				t.Errorf("the line asking fewer %v, asking every reply %v, Solve's %v", moves(fewer), moves(all), moves(sol.PV))
			}
			checked++
		})
	}
	if checked < 10 {
		t.Errorf("only %d lines compared", checked)
	}
}

// moves writes a line in USI.
func moves(line []shogi.Move) []string {
	out := make([]string, len(line))
	for i, m := range line {
		out[i] = m.String()
	}
	return out
}

// TestTiedReplyTakesTheSacrifice: among the defender's replies equally
// long and leaving equally many spare pieces (変同), the main line shows
// the one that takes the piece the attacker has just moved, as a
// composer writes it: the sacrifice accepted rather than the king
// stepping aside, unless the table already knows another to be as long
// (the last case). Each case's other reply ties (the verdict lists it as
// 変同).
func TestTiedReplyTakesTheSacrifice(t *testing.T) {
	for _, c := range []struct {
		name, sfen string
		from       int    // the ply, from 1, where line starts
		line       string // the main line from that ply on, or its first moves
	}{
		// After ▲８九銀打, △９九玉 ties △同飛成: the rook takes.
		{"the last reply of a mate in 3", "9/9/9/9/9/+PG7/1r7/k1+B6/9 b RSb3g3s4n4l17p 1", 1, "S*8i 8g8i+ R*9g"},
		// After ▲１五歩打, △１三玉 ties △同玉: the king takes the pawn.
		{"the last reply of a mate in 5", "9/9/8k/8p/8R/9/7R+L/9/9 b L2b4g4s4n2l17p 1", 1, "1e1d 1c1d P*1e 1d1e L*1f"},
		// 図巧第28番, 39 plies: after ▲９一角成 (ply 25), △７一玉 (the
		// recorded line's) ties △同玉. The table's knowledge comes first
		// among equals (longestReply): the search that proved the length
		// left △７一玉's disproof, which depends on a repetition of a
		// position of the line, and the line shows it, without asking
		// △同玉 (until session 49 the disproof was not read on the
		// line's path, and the line showed △同玉).
		{"a reply mid-line the table knows (図巧28, ply 26)", "6+PlG/6p2/2p1p1+r2/5S1k+p/6P1R/9/8P/9/9 b B3Nb3g3sn3l11p 1", 25, "8c9a+ 8a7a"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := newSolver(t, SolverOptions{HashMB: 64})
			p, err := shogi.ParseSFEN(c.sfen)
			if err != nil {
				t.Fatal(err)
			}
			sol, err := s.Solve(context.Background(), &p)
			if err != nil {
				t.Fatal(err)
			}
			want := strings.Fields(c.line)
			got := moves(sol.PV[min(c.from-1, len(sol.PV)):])
			got = got[:min(len(want), len(got))]
			if sol.Status != Mate || !sol.LengthExact || !slices.Equal(got, want) {
				t.Errorf("%v (exact %v), from ply %d %v, want %v", sol.Status, sol.LengthExact, c.from, got, want)
			}
		})
	}
}

// TestTsumeLineReadsDisproofsOnItsPath: the search that proves a mate's
// length exact (no mate two plies shorter) leaves in the table, for the
// defender's replies along the main line, disproofs that depend on a
// repetition of a position of that line. Read with the line as their
// path, they hold, and the main line takes such a reply without asking
// it again. On 将棋無双 第16番 under the count rule the line then costs no
// search at all; read without the path, asking the one reply left cost
// 33,459 nodes at its 29th ply (docs/performance.md, "Session 49"). The
// test replays Solve's steps on a new table (the first proof, then depth
// limits two plies shorter each time until one fails) and counts the
// nodes of the line alone.
func TestTsumeLineReadsDisproofsOnItsPath(t *testing.T) {
	p, err := shogi.ParseSFEN("5g1ks/2l1s1p1p/3N1p3/4P1G1L/5N1p1/4G1N1+p/+B3+R3B/1R7/5L2L b N2Pg2s10p 1")
	if err != nil {
		t.Fatal(err)
	}
	opts := SolverOptions{HashMB: 256, SkipSoundness: true, Futile: Count}
	sol, err := newSolver(t, opts).Solve(context.Background(), &p)
	if err != nil {
		t.Fatal(err)
	}
	if sol.Status != Mate || !sol.LengthExact || sol.Length != 53 {
		t.Fatalf("%v, length %d (exact %v), want an exact mate in 53", sol.Status, sol.Length, sol.LengthExact)
	}

	s := newSolver(t, opts)
	s.tt.newGeneration()
	sr := newSearch[stdPos](s.tt, p.SideToMove())
	q := p
	length := int(sr.searchAt(nil, std(&q), unlimited).length)
	for {
		r := sr.searchAt(nil, std(&q), uint16(length-2))
		if r.pn != 0 {
			if r.dn != 0 {
				t.Fatalf("the step to %d plies ended undecided", length-2)
			}
			break
		}
		length = int(r.length)
	}
	if length != 53 {
		t.Fatalf("the steps ended at %d plies, want 53", length)
	}
	before := sr.nodes
	line := sr.tsumeLine(std(&q), length)
	if !slices.Equal(line, sol.PV) {
		t.Errorf("the line %v, Solve's %v", moves(line), moves(sol.PV))
	}
	if n := sr.nodes - before; n != 0 {
		t.Errorf("reading the line searched %d nodes, want none", n)
	}
}
