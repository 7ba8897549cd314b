package mate

import (
	"context"
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/shogi"
)

// TestChildThresholdAboveSecond: the best child's threshold is above the
// second best number for every number, the saturated infinity-1 included,
// so that searching the best child can always change something.
func TestChildThresholdAboveSecond(t *testing.T) {
	for _, v := range []uint32{0, 1, 2, 3, 4, 5, 100, 1 << 20, infinity/2 + 7, infinity - 3, infinity - 2, infinity - 1} {
		if th := childThreshold(v); th <= v {
			t.Errorf("childThreshold(%d) = %d, not above it", v, th)
		}
	}
}

// TestSaturatedNumbersMakeProgress: a search whose every node below the
// root starts with a proof number saturated at infinity-1 (as sums over
// transpositions and cycles can make them: 図巧第79番 under the count rule
// with a 512 MB table, docs/performance.md) still searches below them and
// proves the mate. It used to call the root's best child again and again,
// each call returning at once with the same numbers, until the node limit.
func TestSaturatedNumbersMakeProgress(t *testing.T) {
	p := mustParse(t, "8k/8B/9/9/9/9/9/9/9 b RB 1") // m7-corner, 7 plies
	p, err := WithRemainingHand(&p)
	if err != nil {
		t.Fatal(err)
	}
	tt, err := newTable(16)
	if err != nil {
		t.Fatal(err)
	}
	tt.newGeneration()
	attacker := p.SideToMove()
	// Every position two plies from the root and every one after a check
	// there, as a previous search would have left them: unfinished, with
	// a saturated proof number.
	saturate := func(q *shogi.Position) {
		tt.store(q.BoardKey(), q.Hand(attacker), false, infinity-1, 1, 1, 0, 0, -1, -1)
	}
	for _, check := range p.Checks(nil) {
		q := p
		q.DoMove(check)
		saturate(&q)
		for _, reply := range q.Evasions(nil) {
			r := q
			r.DoMove(reply)
			saturate(&r)
		}
	}
	s := newSearch[stdPos](tt, attacker)
	const budget = 100_000
	s.setBudget(context.Background(), budget, 0, time.Now())
	r := s.searchAt(nil, std(&p), unlimited)
	if r.pn != 0 || s.stopped != nil {
		t.Fatalf("not proven: pn %d dn %d after %d nodes (stopped: %v)", r.pn, r.dn, s.nodes, s.stopped)
	}
	t.Logf("proven in %d nodes, length %d", s.nodes, r.length)
}

// TestBranchCountsItself: a defender's node with two replies or more has
// the sum of its replies' proof numbers plus branchPn, the node itself; a
// node with one reply has its reply's number. Each node is searched to a
// proof threshold of 2 and its numbers read back with its replies'.
func TestBranchCountsItself(t *testing.T) {
	for _, c := range []struct {
		name, sfen string
		replies    int
		extra      uint32
	}{
		// The rook's check on the 1st file: the king steps to 2一 or 2二.
		{"two replies", "8k/9/9/9/9/9/9/9/8R w - 1", 2, branchPn},
		// The gold on 3三 guards 2二: the king's one step is to 2一.
		{"one reply", "8k/9/6G2/9/9/9/9/9/8R w - 1", 1, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := mustParse(t, c.sfen)
			tt, err := newTable(16)
			if err != nil {
				t.Fatal(err)
			}
			tt.newGeneration()
			s := newSearch[stdPos](tt, shogi.Black)
			s.setBudget(context.Background(), 1000, 0, time.Now())
			s.frame(0).pos = *std(&p)
			s.mid(0, 2, infinity)
			r := s.lookupAt(std(&p), unlimited)
			replies := p.Evasions(nil)
			if len(replies) != c.replies {
				t.Fatalf("%d replies, want %d", len(replies), c.replies)
			}
			var sum uint32
			for _, m := range replies {
				q := p
				q.DoMove(m)
				sum += s.lookupAt(std(&q), unlimited).pn
			}
			if r.dn == 0 || r.pn != sum+c.extra {
				t.Errorf("proof number %d (disproof %d), want the replies' %d + %d", r.pn, r.dn, sum, c.extra)
			}
		})
	}
}
