package mate

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
)

var bruteFull = flag.Bool("brute.full", false, "TestSolveAgreesWithBruteForce: check all of the corpus, not a sample")

// bruteMaxPlies is the horizon of the agreement test: mates up to this
// many plies are compared exactly.
const bruteMaxPlies = 7

// bruteMateLength returns the length in plies of the shortest forced mate
// of p, at most n plies, or -1 when there is none within n plies. The
// defender first gets every remaining piece (WithRemainingHand, as Solve
// does by default).
//
// It is plain depth-bounded minimax, written to be obviously right rather
// than fast, and shares no code with the solver beyond the rules core
// (LegalMoves, DoMove, InCheck, Key) and WithRemainingHand; it does not use
// Position.Checks or Evasions:
//
//   - the attacker (the side to move in p) may play every legal move that
//     gives check, and only those; with no check it cannot mate;
//   - the defender may play every legal reply, every interposition and
//     every interposing drop included (futile interpositions count);
//     a defender in check without a legal reply is mated;
//   - a position that repeats one earlier on the current line is no mate.
//
// It searches 1, 3, 5, … plies in turn and returns the first depth that
// mates.
//
// The memo. Let V(x, d) be "mate within d plies from x" of minimax without
// the repetition rule. V depends on x and d only and is monotone in d, so
// the memo keeps, per position key, the smallest d known to mate and the
// largest d known not to. The repetition rule cannot change the answer at
// the root: along a shortest mate the distance to mate falls by one every
// ply, so no position repeats on it. It can make a node's answer depend on
// the line that led to it, though (a "no mate" because the mate would pass
// through an ancestor), so a "no mate" that used a repetition cut anywhere
// below it is not stored. Every stored answer is then a true value of V,
// and by induction each node's answer lies between minimax with the
// repetition rule on its line and V, which coincide at the root.
func bruteMateLength(p *shogi.Position, n int) int {
	q, err := WithRemainingHand(p)
	if err != nil {
		panic(fmt.Sprintf("bruteMateLength: %s: %v", p.SFEN(), err))
	}
	b := newBrute()
	return b.mateLength(&q, n)
}

// brute is the state of bruteMateLength, kept between calls to reuse its
// memory.
type brute struct {
	memo  map[uint64]bruteEntry
	path  []uint64       // keys of the positions on the current line
	bufs  [][]shogi.Move // move lists, one per ply of the line
	nodes uint64

	noMemo bool // search without the memo (to test the memo)
}

// bruteEntry records what is known of one position: it mates within mate
// plies, and it does not mate within noMate plies.
type bruteEntry struct {
	mate, noMate int8
}

const bruteUnknownMate = 127

func newBrute() *brute {
	return &brute{memo: make(map[uint64]bruteEntry)}
}

// mateLength is bruteMateLength for a position that already has the
// defender's hand it should have.
func (b *brute) mateLength(p *shogi.Position, n int) int {
	clear(b.memo)
	if n > 100 {
		panic("bruteMateLength: depth too large")
	}
	for len(b.bufs) < n+1 {
		b.bufs = append(b.bufs, make([]shogi.Move, 0, shogi.MaxMoves))
	}
	for d := 1; d <= n; d += 2 {
		b.path = b.path[:0]
		if mate, _ := b.attack(p, d, 0); mate {
			return d
		}
	}
	return -1
}

func (b *brute) onPath(key uint64) bool {
	for _, k := range b.path {
		if k == key {
			return true
		}
	}
	return false
}

func (b *brute) storeMate(key uint64, d int) {
	e, ok := b.memo[key]
	if !ok {
		e = bruteEntry{mate: bruteUnknownMate, noMate: -1}
	}
	if d < int(e.mate) {
		e.mate = int8(d)
	}
	b.memo[key] = e
}

func (b *brute) storeNoMate(key uint64, d int) {
	e, ok := b.memo[key]
	if !ok {
		e = bruteEntry{mate: bruteUnknownMate, noMate: -1}
	}
	if d > int(e.noMate) {
		e.noMate = int8(d)
	}
	b.memo[key] = e
}

// lookup returns whether the memo decides "mate within d" for key, and
// the answer.
func (b *brute) lookup(key uint64, d int) (known, mate bool) {
	if b.noMemo {
		return false, false
	}
	e, ok := b.memo[key]
	switch {
	case !ok:
		return false, false
	case int(e.mate) <= d:
		return true, true
	case int(e.noMate) >= d:
		return true, false
	}
	return false, false
}

// checks returns the attacker's checks in p: its legal moves after which
// the defender is in check. The filter replays each move rather than
// trusting Position.Checks, which the solver uses.
func (b *brute) checks(p *shogi.Position, ply int) []shogi.Move {
	all := p.LegalMoves(b.bufs[ply][:0])
	n := 0
	for _, m := range all {
		q := *p
		q.DoMove(m)
		if q.InCheck() {
			all[n] = m
			n++
		}
	}
	b.bufs[ply] = all
	return all[:n]
}

// attack reports whether the side to move of p mates within d plies (an
// OR node). cut is true when a "no mate" answer used the repetition rule
// somewhere below.
func (b *brute) attack(p *shogi.Position, d, ply int) (mate, cut bool) {
	b.nodes++
	if d < 1 {
		return false, false
	}
	key := p.Key()
	if b.onPath(key) {
		return false, true
	}
	if known, mate := b.lookup(key, d); known {
		return mate, false
	}
	b.path = append(b.path, key)
	defer func() { b.path = b.path[:len(b.path)-1] }()
	for _, m := range b.checks(p, ply) {
		q := *p
		q.DoMove(m)
		mate, c := b.defend(&q, d-1, ply+1)
		if mate {
			b.storeMate(key, d)
			return true, false
		}
		cut = cut || c
	}
	if !cut {
		b.storeNoMate(key, d)
	}
	return false, cut
}

// defend reports whether the side to move of p, in check from the
// attacker's last move, is mated within d plies (an AND node).
func (b *brute) defend(p *shogi.Position, d, ply int) (mate, cut bool) {
	b.nodes++
	replies := p.LegalMoves(b.bufs[ply][:0])
	b.bufs[ply] = replies
	if len(replies) == 0 {
		if !p.InCheck() {
			panic("bruteMateLength: defender not in check after a check")
		}
		return true, false
	}
	if d < 2 {
		return false, false
	}
	key := p.Key()
	if b.onPath(key) {
		return false, true
	}
	if known, mate := b.lookup(key, d); known {
		return mate, false
	}
	b.path = append(b.path, key)
	defer func() { b.path = b.path[:len(b.path)-1] }()
	for _, r := range replies {
		q := *p
		q.DoMove(r)
		mate, c := b.attack(&q, d-1, ply+1)
		if !mate {
			if !c {
				b.storeNoMate(key, d)
			}
			return false, c
		}
	}
	b.storeMate(key, d)
	return true, false
}

// TestBruteMateLength checks the brute force itself: a few positions with
// known answers, then on the corpus a mate in one exactly when Mate1 lists
// one, the same answers within smaller horizons, and the same answer
// without the memo.
func TestBruteMateLength(t *testing.T) {
	for _, c := range []struct {
		sfen string
		want int
	}{
		{"4k4/9/4S4/9/9/9/9/9/9 b G 1", 1},
		{"4k4/9/4S4/9/9/9/9/9/9 b - 1", -1}, // no check at all
		{"4k4/9/9/9/9/9/9/9/9 b G 1", -1},
		{"8k/9/9/9/9/9/9/9/9 b R 1", -1},                                // endless rook checks
		{"9/6nS1/4s4/4r1P1g/5Sk1B/5+pbR1/4Nsp2/9/4N4 b 3Gn4l15p 1", -1}, // zukou-036, 13 plies
	} {
		p := mustParse(t, c.sfen)
		if got := bruteMateLength(&p, bruteMaxPlies); got != c.want {
			t.Errorf("%s: bruteMateLength(%d) = %d, want %d", c.sfen, bruteMaxPlies, got, c.want)
		}
	}

	ps := readCorpus(t)
	n := 400
	if testing.Short() {
		n = 100
	}
	b, plain := newBrute(), newBrute()
	plain.noMemo = true
	mates := 0
	for _, p := range ps[:n] {
		q, err := WithRemainingHand(&p)
		if err != nil {
			t.Fatal(err)
		}
		l7 := bruteMateLength(&q, 7)
		if (len(Mate1(&q)) > 0) != (l7 == 1) {
			t.Errorf("%s: Mate1 %v, brute force %d", q.SFEN(), Mate1(&q), l7)
		}
		if lp := plain.mateLength(&q, 7); lp != l7 {
			t.Errorf("%s: brute force within 7: %d with the memo, %d without", q.SFEN(), l7, lp)
		}
		// Within n plies the answer is the one within 7 if that is at
		// most n, and no mate otherwise.
		for _, n := range []int{5, 3, 1} {
			want := l7
			if want > n {
				want = -1
			}
			if got := b.mateLength(&q, n); got != want {
				t.Errorf("%s: brute force within 7: %d, within %d: %d", q.SFEN(), l7, n, got)
			}
		}
		if l7 > 0 {
			mates++
		}
	}
	t.Logf("%d positions, %d mates within 7 plies; %d nodes within 1, 3 and 5 plies with the memo, %d within 7 without", n, mates, b.nodes, plain.nodes)
}

// TestSolveAgreesWithBruteForce compares the solver, with every
// interposition counting (Futile: Count), with bruteMateLength on the
// random tsume-like corpus: mate or not within bruteMaxPlies plies, and the
// length of the mate; and MateWithin within 3, 5 and 7 plies. The solver
// must find every mate the brute force finds, with the same length when it
// says the length is exact, and no
// mate within the horizon where the brute force finds none; every line it
// returns must pass VerifyLine. Answers cut short by the solver's node
// budget (Unknown, or a length that is only an upper bound) are skipped
// and counted.
//
// The brute force is cheap and the solver is not, so by default the solver
// sees every position the brute force mates and every fourth of the others
// (-short: the first half of the corpus, every eighth of the others), with
// a time budget for the whole test; -brute.full gives it every position,
// a larger node budget and no time budget.
func TestSolveAgreesWithBruteForce(t *testing.T) {
	ps := readCorpus(t)
	limit, every, maxNodes, budget := len(ps), 4, uint64(20000), 50*time.Second
	switch {
	case *bruteFull:
		every, maxNodes, budget = 1, 100000, 0
	case testing.Short():
		limit, every, budget = len(ps)/2, 8, 30*time.Second
	}
	s := newSolver(t, SolverOptions{
		HashMB:        16,
		MaxNodes:      maxNodes,
		MaxTime:       10 * time.Second, // a guard; the node budget should end a search long before
		Futile:        Count,
		SkipSoundness: true,
	})
	b := newBrute()
	start := time.Now()
	var (
		bruteTime, solverTime time.Duration
		byLength              [bruteMaxPlies + 1]int // brute-force mates by length, of the positions searched
		none                  int                    // no mate within the horizon
		solved                int                    // positions given to the solver
		agree, unknown        int
		inexact, notReached   int
		longer                int // no mate within the horizon; the solver's mate is longer
		failures              int
		withinAgree           int // MateWithin's answers that agree
		withinUnknown         int // and those cut short by the node budget
	)
	fail := func(format string, args ...any) {
		t.Helper()
		t.Errorf(format, args...)
		if failures++; failures >= 20 {
			t.Fatalf("too many disagreements")
		}
	}
	for i, p := range ps[:limit] {
		q, err := WithRemainingHand(&p)
		if err != nil {
			t.Fatalf("%s: %v", p.SFEN(), err)
		}
		t0 := time.Now()
		want := b.mateLength(&q, bruteMaxPlies)
		bruteTime += time.Since(t0)
		if want > 0 {
			byLength[want]++
		} else {
			none++
		}
		if want < 0 && i%every != 0 {
			continue
		}
		if budget > 0 && time.Since(start) > budget {
			notReached++
			continue
		}
		solved++
		t0 = time.Now()
		sol, err := s.Solve(context.Background(), &p)
		solverTime += time.Since(t0)
		if err != nil {
			fail("%s: %v", q.SFEN(), err)
			continue
		}
		sfen := q.SFEN()
		if got := sol.Position.SFEN(); got != sfen {
			fail("%s: the solver solved %s", sfen, got)
			continue
		}
		if sol.Status == Mate && (len(sol.PV) == 0 || sol.LengthExact && sol.Length != len(sol.PV) || sol.Length < len(sol.PV)) {
			fail("%s: mate of length %d with main line %v", sfen, sol.Length, sol.PV)
			continue
		}
		if len(sol.PV) > 0 {
			if err := VerifyLine(&sol.Position, sol.PV, Count); err != nil {
				fail("%s: %v %v fails VerifyLine: %v", sfen, sol.Status, sol.PV, err)
				continue
			}
		}
		// The depth-limited searches, whose nodes near the limit are
		// decided by mate-in-one tests under this rule (node.go): a mate
		// within plies exactly when the brute force finds one, no
		// shorter than its length.
		for plies := 3; plies <= bruteMaxPlies; plies += 2 {
			w, err := s.MateWithin(context.Background(), &p, plies)
			switch {
			case err != nil:
				fail("%s: MateWithin %d: %v", sfen, plies, err)
			case w.Status == Unknown:
				withinUnknown++
			case (w.Status == Mate) != (want >= 0 && want <= plies):
				fail("%s: brute force mates in %d, MateWithin %d gives %v", sfen, want, plies, w.Status)
			case w.Status == Mate && (w.Length < want || w.Length > plies):
				fail("%s: brute force mates in %d, MateWithin %d mates in %d", sfen, want, plies, w.Length)
			default:
				withinAgree++
			}
		}
		switch {
		case sol.Status == Unknown:
			unknown++
		case want >= 0 && sol.Status != Mate:
			fail("%s: brute force mates in %d, solver %v", sfen, want, sol.Status)
		case want >= 0 && sol.Length < want:
			// The main line ends in mate, so the defence on it is not
			// the best.
			fail("%s: brute force mates in %d, solver in %d (exact %v): %v", sfen, want, sol.Length, sol.LengthExact, sol.PV)
		case want >= 0 && !sol.LengthExact:
			inexact++ // Length is an upper bound, at least want
		case want >= 0 && sol.Length != want:
			fail("%s: brute force mates in %d, solver in exactly %d: %v", sfen, want, sol.Length, sol.PV)
		case want >= 0:
			agree++
		case sol.Status == Mate && sol.Length <= bruteMaxPlies:
			fail("%s: brute force finds no mate within %d, solver mates in %d (exact %v): %v", sfen, bruteMaxPlies, sol.Length, sol.LengthExact, sol.PV)
		case sol.Status == Mate && !sol.LengthExact:
			inexact++ // consistent: an upper bound above the horizon
		case sol.Status == Mate:
			longer++
			agree++
		default: // NoMate
			agree++
		}
	}
	t.Logf("%d positions, brute force (%d nodes, %v): mates in 1/3/5/7: %d/%d/%d/%d, none within %d: %d",
		limit, b.nodes, bruteTime.Round(time.Millisecond), byLength[1], byLength[3], byLength[5], byLength[7], bruteMaxPlies, none)
	t.Logf("solver (%d nodes max, %v) on %d: agree %d (of which mate beyond %d: %d), skipped: unknown %d, inexact length %d; not reached in the time budget: %d",
		maxNodes, solverTime.Round(time.Millisecond), solved, agree, bruteMaxPlies, longer, unknown, inexact, notReached)
	t.Logf("MateWithin 3, 5 and 7 on the same positions: agree %d, unknown %d", withinAgree, withinUnknown)
}

// TestBenchList checks BenchList: it parses, the ids are unique, and the
// lengths of the constructed problems (every interposition counted) agree
// with the exhaustive search, which shares nothing with the solver.
func TestBenchList(t *testing.T) {
	rows, err := problem.ReadTSV(bytes.NewReader(BenchList()), "bench.tsv")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, r := range rows {
		if seen[r.ID] {
			t.Errorf("id %s twice", r.ID)
		}
		seen[r.ID] = true
		p := r.Position
		if !r.Status.LengthChecked() {
			continue
		}
		if r.RawPlies == 0 || r.RawPlies > 7 || testing.Short() && r.RawPlies > 5 {
			continue
		}
		if got := bruteMateLength(&p, r.RawPlies); got != r.RawPlies {
			t.Errorf("%s: the shortest mate has %d plies, the list says %d", r.ID, got, r.RawPlies)
		}
	}
}
