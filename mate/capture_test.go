package mate

import (
	"context"
	"testing"
	"time"

	"github.com/tsume-shogi/tsume/shogi"
)

// discountBrute is an exhaustive search for the shortest mate under the
// Discount rules, written from their definition and sharing nothing with
// the solver but the move generator and the two rule predicates
// (IsFutileInterposition, isInterposition): a defender's node is mated
// within d plies when every reply, the futile interpositions of the plain
// rule aside, either leads to a mate within d-1 plies or is an
// interposition futile by capture — the attacker can capture the piece
// with a check after which, the piece given back to the defender, the
// defender is mated within d plies, and (with d > 0) another reply that
// counts is not mated within d-3 plies. Repetitions are ignored: the
// horizon is short.
type discountBrute struct {
	memo  map[bruteKey]bool
	nodes int
}

type bruteKey struct {
	pos shogi.Position
	d   int
}

func newDiscountBrute() *discountBrute { return &discountBrute{memo: make(map[bruteKey]bool)} }

// mateLength returns the shortest mate within n plies, or -1.
func (b *discountBrute) mateLength(p *shogi.Position, n int) int {
	for d := 1; d <= n; d += 2 {
		if b.attack(p, d) {
			return d
		}
	}
	return -1
}

func (b *discountBrute) attack(p *shogi.Position, d int) bool {
	if d < 1 {
		return false
	}
	k := bruteKey{positionKey(p), d}
	if v, ok := b.memo[k]; ok {
		return v
	}
	b.nodes++
	v := false
	for _, m := range p.Checks(nil) {
		q := *p
		q.DoMove(m)
		if b.defend(&q, d-1) {
			v = true
			break
		}
	}
	b.memo[k] = v
	return v
}

func (b *discountBrute) defend(p *shogi.Position, d int) bool {
	if d < 0 {
		return false
	}
	d &^= 1 // a defender's node needs an even number of plies
	k := bruteKey{positionKey(p), d}
	if v, ok := b.memo[k]; ok {
		return v
	}
	b.nodes++
	var replies []shogi.Move
	for _, r := range p.Evasions(nil) {
		if !IsFutileInterposition(p, r) {
			replies = append(replies, r)
		}
	}
	fits := func(r shogi.Move) bool {
		q := *p
		q.DoMove(r)
		return b.attack(&q, d-1)
	}
	v := true
	for _, r := range replies {
		if fits(r) {
			continue
		}
		if !droppedInterposition(std(p), r) || !b.capturedMated(p, r, d) {
			v = false
			break
		}
		if d == 0 {
			continue
		}
		attained := false
		for _, j := range replies {
			if j == r || droppedInterposition(std(p), j) && !fits(j) {
				continue // not a defence that counts
			}
			q := *p
			q.DoMove(j)
			if !b.attack(&q, d-3) {
				attained = true
				break
			}
		}
		if !attained {
			v = false
			break
		}
	}
	b.memo[k] = v
	return v
}

// capturedMated reports whether the attacker can capture the piece that r
// interposes with a check after which, the piece given back, the defender
// is mated within d plies.
func (b *discountBrute) capturedMated(p *shogi.Position, r shogi.Move, d int) bool {
	q := *p
	q.DoMove(r)
	for _, a := range q.Checks(nil) {
		if a.To() != r.To() {
			continue
		}
		qa := capturedBack(p, r, a)
		if b.defend(&qa, d) {
			return true
		}
	}
	return false
}

// TestDiscountAgreesWithBruteForce compares the solver under Discount with
// the exhaustive search of the rules' definition on the random tsume-like
// corpus: for every mate within five plies (seven with -brute.full), the
// same length when the solver says it is exact, and a main line that
// passes VerifyLine. Answers cut short by the node budget are skipped and
// counted. (The futile-by-transposition rule, which reads the main line
// only, is not part of the definition; no position of the corpus within
// the horizon has such an interposition.)
func TestDiscountAgreesWithBruteForce(t *testing.T) {
	ps := readCorpus(t)
	horizon, limit, budget := 5, len(ps), 20*time.Second
	switch {
	case *bruteFull:
		horizon, budget = 7, time.Hour
	case testing.Short():
		limit, budget = len(ps)/4, 10*time.Second
	}
	s := newSolver(t, SolverOptions{HashMB: 16, MaxNodes: 20000, MaxTime: 10 * time.Second, SkipSoundness: true})
	b := newDiscountBrute()
	start := time.Now()
	var agree, skipped, mates, changed, failures int
	count := newBrute()
	for _, p := range ps[:limit] {
		if time.Since(start) > budget {
			break
		}
		q, err := WithRemainingHand(&p)
		if err != nil {
			t.Fatal(err)
		}
		if len(b.memo) > 2_000_000 {
			b.memo = make(map[bruteKey]bool)
		}
		want := b.mateLength(&q, horizon)
		if want < 0 {
			continue // the solver's no-mate answers are checked by the Count test
		}
		mates++
		if raw := count.mateLength(&q, horizon); raw != want {
			changed++
		}
		sol, err := s.Solve(context.Background(), &p)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case sol.Status != Mate:
			skipped++
		case !sol.LengthExact && sol.Length >= want:
			skipped++
		case sol.Length != want:
			if failures++; failures < 20 {
				t.Errorf("%s: the definition mates in %d, the solver in %d (exact %v): %v", q.SFEN(), want, sol.Length, sol.LengthExact, sol.PV)
			}
		default:
			if err := VerifyLine(&sol.Position, sol.PV, Discount); err != nil {
				t.Errorf("%s: %v fails VerifyLine: %v", q.SFEN(), sol.PV, err)
			}
			agree++
		}
	}
	t.Logf("%d mates within %d plies by the definition (%d of them shorter than with every interposition counted): %d agree, %d skipped (limits); %d brute-force nodes",
		mates, horizon, changed, agree, skipped, b.nodes)
	if changed == 0 {
		t.Errorf("no position of the corpus is changed by the futile rules: the test shows nothing")
	}
}

// matedWithin reports whether the defender to move in the position of
// sfen after the attacker's move first is mated within d plies under rule,
// by the solver's search.
func matedWithin(t *testing.T, sfen, first string, d uint16, rule FutileRule) bool {
	t.Helper()
	p, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	m, err := p.ParseUSIMove(first)
	if err != nil {
		t.Fatal(err)
	}
	p.DoMove(m)
	tt, err := newTable(16)
	if err != nil {
		t.Fatal(err)
	}
	s := newSearch[stdPos](tt, p.SideToMove().Opp())
	s.futile = rule == Discount
	s.maxNodes = 1 << 40
	r := s.searchAt(nil, std(&p), d)
	if r.pn != 0 && r.dn != 0 {
		t.Fatalf("%s %s: no answer within %d plies", sfen, first, d)
	}
	return r.pn == 0
}

// Futile by capture, at once: ▲１一竜 checks the king on 3a along the
// first rank; the pawn interposed next to the king (△２一歩打, guarded by
// the king, so the plain rule counts it) is taken by the dragon, protected
// by the horse, and that is mate again: the interposition is futile and
// ▲１一竜 is a mate in one, as ▲５一飛成 is in the books' example.
func TestFutileByCaptureAtOnce(t *testing.T) {
	const sfen = "6k2/9/9/4+BR2+R/9/9/9/9/9 b Sb4g3s4n4l18p 1"
	for _, c := range []struct {
		rule FutileRule
		want int
	}{{Discount, 1}, {Count, 3}} {
		sol := solve(t, sfen, SolverOptions{Futile: c.rule, SkipSoundness: true})
		if sol.Status != Mate || !sol.LengthExact || sol.Length != c.want || sol.PV[0].String() != "1d1a" {
			t.Errorf("--futile %s: %v length %d (exact %v), want %d from 1d1a: %v", c.rule, sol.Status, sol.Length, sol.LengthExact, c.want, sol.PV)
		}
	}
}

// Futile by capture, the piece taken by another piece than the checker:
// after ▲９二飛打 (the king on 7b), △８二歩打 next to the king is taken
// by the bishop (▲８二角成 from 6d), which mates: the defender is mated
// within no ply under Discount, not under Count.
func TestFutileByCaptureOtherPiece(t *testing.T) {
	const sfen = "4n4/2k6/N8/1SBB5/9/9/9/9/9 b RGPr3g3s2n4l17p 1"
	if !matedWithin(t, sfen, "R*9b", 2, Discount) {
		t.Errorf("Discount: R*9b does not mate within 3 plies")
	}
	if matedWithin(t, sfen, "R*9b", 2, Count) {
		t.Errorf("Count: R*9b mates within 3 plies")
	}
}

// An interposition counts when the attacker needs the piece: after ▲８四香打
// the silver interposed at 8c (△８三銀打) is taken (▲８三香成) and the mate
// follows only with the silver in hand; without it (Q') there is none
// within the plies left. The interposition is then a real defence under
// Discount too.
func TestInterpositionCountsWhenThePieceIsNeeded(t *testing.T) {
	const sfen = "9/1k7/2p6/B3G4/3+R5/9/9/9/9 b Lrb3g4s4n3l17p 1"
	p, _ := shogi.ParseSFEN(sfen)
	q, _ := WithRemainingHand(&p)
	for _, line := range [][]string{{"L*8d", "S*8c"}} {
		n := q
		for _, u := range line {
			m, err := n.ParseUSIMove(u)
			if err != nil {
				t.Fatal(err)
			}
			n.DoMove(m)
		}
		// After the capture, with the silver: mated within 2 plies.
		a, _ := n.ParseUSIMove("8d8c+")
		full := n
		full.DoMove(a)
		b := newDiscountBrute()
		if !b.defend(&full, 2) {
			t.Fatalf("after %v 8d8c+: not mated within 2 plies", line)
		}
		// Without it: not mated within 4.
		before := q
		m0, _ := before.ParseUSIMove(line[0])
		before.DoMove(m0)
		m1, _ := before.ParseUSIMove(line[1])
		if back := capturedBack(&before, m1, a); b.defend(&back, 4) {
			t.Fatalf("Q' is mated within 4 plies: the test shows nothing")
		}
	}
	sol := solve(t, sfen, SolverOptions{SkipSoundness: true})
	if sol.Length != 5 || !sol.LengthExact {
		t.Errorf("length %d (exact %v), want 5: %v", sol.Length, sol.LengthExact, sol.PV)
	}
	// After L*8d, S*8c counts: L*8d does not mate within 3 plies.
	if matedWithin(t, sfen, "L*8d", 2, Discount) {
		t.Errorf("L*8d mates within 3 plies: the silver interposition was discounted")
	}
}

// An interposition futile by capture whose capture leads to a mate as
// long as another defence that counts: after ▲８二飛打 (the king on 6b),
// △７二歩打 is taken (▲同飛成) and the mate takes 6 more plies without the
// pawn; the knight interposed there instead (△７二桂打) also takes 6, and
// counts (the attacker needs the knight). The pawn is futile: 7 plies, not
// the 9 of the pawn's line (which ends with spare pieces).
func TestFutileByCaptureEqualDefence(t *testing.T) {
	const sfen = "9/3k5/9/2R6/6+N2/9/9/9/9 b RNP 1"
	for _, c := range []struct {
		rule FutileRule
		want int
	}{{Discount, 7}, {Count, 9}} {
		sol := solve(t, sfen, SolverOptions{Futile: c.rule, SkipSoundness: true})
		if sol.Status != Mate || !sol.LengthExact || sol.Length != c.want {
			t.Errorf("--futile %s: %v length %d (exact %v), want %d: %v", c.rule, sol.Status, sol.Length, sol.LengthExact, c.want, sol.PV)
		}
		if c.rule == Discount && (len(sol.PV) < 2 || sol.PV[1].String() != "N*7b") {
			t.Errorf("main line %v: the defender answers %v, want N*7b", sol.PV, sol.PV[1])
		}
	}
}

// 図巧第79番 (13 plies by the record): counting the pawn interposed next
// to the king after ▲１四角 (△３六歩打, taken by the horse and not needed)
// gave 15 plies; futile by capture, 13.
func TestZukou79(t *testing.T) {
	if testing.Short() {
		t.Skip("a few seconds")
	}
	const sfen = "9/5lB2/9/4n1+b2/3+P5/3+pk+rG2/3p2S2/3s2s2/5Ns2 b R2Gg2n3l15p 1"
	sol := solve(t, sfen, SolverOptions{HashMB: 256, MaxTime: 60 * time.Second, SkipSoundness: true})
	if sol.Status != Mate || !sol.LengthExact || sol.Length != 13 {
		t.Errorf("%v length %d (exact %v), want 13: %v", sol.Status, sol.Length, sol.LengthExact, sol.PV)
	}
}

// Solve's first step counts every interposition, and the discount rule's
// length steps start from its table. A check on the last ply that the
// count search had left unfinished (the defender has a reply under that
// rule) was disproven on those numbers, although under Discount its only
// replies were interpositions futile by capture at once: here, after
// R*1f P*1g 3h2i 1h1i B*3g P*2h, the check 1f1g, answered only by
// interpositions on 1h. The position is a mate in 7 (R*1f P*1g 3h2i 1h2g
// B*3h 2g3g 9b4g; a fresh MateWithin(7) finds it) and Solve answered 9,
// exact. It is 図巧第66番 after its 8th ply.
func TestCountNumbersDoNotDisproveAMateAtOnce(t *testing.T) {
	const sfen = "1p3ls1+P/+B4+P1gg/7P1/6S1g/8n/9/4s4/1r4S1k/5+p3 b RBNg2n3l13p 9"
	for _, c := range []struct {
		rule FutileRule
		want int
	}{{Discount, 7}, {Count, 9}} {
		sol := solve(t, sfen, SolverOptions{Futile: c.rule, SkipSoundness: true})
		if sol.Status != Mate || !sol.LengthExact || sol.Length != c.want {
			t.Errorf("--futile %s: %v length %d (exact %v), want %d: %v", c.rule, sol.Status, sol.Length, sol.LengthExact, c.want, sol.PV)
		}
	}
}

// 図巧第66番: Solve and MateWithin agree under Discount, a mate in 15
// (Solve said 17, exact, while MateWithin(15) found the mate: the flaw of
// TestCountNumbersDoNotDisproveAMateAtOnce, deeper down).
func TestZukou66(t *testing.T) {
	if testing.Short() {
		t.Skip("about a second")
	}
	const sfen = "1p3ls1+P/+B4+P1gg/7P1/6S1g/8n/7n1/4sS3/1r4+r1G/5+p1k1 b BLP2n2l12p 1"
	sol := solve(t, sfen, SolverOptions{HashMB: 64, SkipSoundness: true})
	if sol.Status != Mate || !sol.LengthExact || sol.Length != 15 {
		t.Errorf("%v length %d (exact %v), want 15: %v", sol.Status, sol.Length, sol.LengthExact, sol.PV)
	}
	p := mustParse(t, sfen)
	for _, c := range []struct {
		plies int
		want  Status
	}{{13, NoMate}, {15, Mate}} {
		w, err := newSolver(t, SolverOptions{HashMB: 64}).MateWithin(context.Background(), &p, c.plies)
		if err != nil {
			t.Fatal(err)
		}
		if w.Status != c.want {
			t.Errorf("MateWithin(%d): %v, want %v", c.plies, w.Status, c.want)
		}
	}
}

// A moved interposition (移動合) counts, far from the king and unguarded
// as it is: ▲１九飛 (the gold on 3b guards 2a and 2b) △１五金 (from 2e)
// ▲同飛, 3 plies, exact. The rule that discounted it could not prove the
// length: with the gold given back, the defender could drop it.
func TestMovedInterpositionCounts(t *testing.T) {
	const sfen = "8k/6G2/9/9/7g1/9/9/9/7R1 b - 1"
	for _, rule := range []FutileRule{Discount, Count} {
		sol := solve(t, sfen, SolverOptions{Futile: rule, DefenderHand: AsGiven, SkipSoundness: true})
		if sol.Status != Mate || !sol.LengthExact || sol.Length != 3 || sol.PV[1].String() != "2e1e" {
			t.Errorf("--futile %s: %v length %d (exact %v): %v, want 2i1i 2e1e 1i1e", rule, sol.Status, sol.Length, sol.LengthExact, sol.PV)
		}
	}
}

// 将棋無双第96番 after its 14th ply: the defender answers ▲５六角 with
// pieces moved between, one after another along the bishop's line
// (△４五香, △３四歩, …). Counted, the mate takes 41 plies, as with every
// interposition counted; discounted, as tsume did, 7.
func TestMusou96MovedInterpositions(t *testing.T) {
	if testing.Short() {
		t.Skip("a few seconds")
	}
	const sfen = "2g2+P1ll/l+R7/5spk1/2Ps1l2P/2+b4S1/4p4/3B1p3/p8/8+p b 2Pr3gs4n8p 15"
	for _, rule := range []FutileRule{Discount, Count} {
		sol := solve(t, sfen, SolverOptions{Futile: rule, HashMB: 64, SkipSoundness: true})
		if sol.Status != Mate || !sol.LengthExact || sol.Length != 41 {
			t.Errorf("--futile %s: %v length %d (exact %v), want 41: %v", rule, sol.Status, sol.Length, sol.LengthExact, sol.PV)
		}
	}
}

// A dropped interposition that refutes a defender's node with d plies
// left does so because it is not futile by capture with d plies; with
// more it may be, so the node's disproof holds to d plies, however deep
// the interposition's own disproof. 将棋無双 第47番: after S*5e 6f5g B*1c
// the pawn on 3e (P*3e) is futile by capture with 14 plies left (1c3e+
// and the mate of 14 plies that P*4f also leaves), and a search with
// fewer plies left stored "no mate within 15" for the node from P*3e's
// own disproof, so that Solve with a 256 MB table answered 19, exact,
// and with 1 GB 17 as a bound with a line of 21 plies. It is a mate in
// 17 (a fresh MateWithin(17) finds it).
func TestInterpositionDisproofKeepsItsDepth(t *testing.T) {
	if testing.Short() {
		t.Skip("a few seconds")
	}
	const sfen = "3l5/9/2+bl2S2/1+R3+R3/+p8/1+p1kl1g2/1NN6/2G1pL3/3+p5 b BS2g2s2n14p 1"
	for _, mb := range []int{64, 256, 1024} {
		sol := solve(t, sfen, SolverOptions{HashMB: mb, SkipSoundness: true})
		if sol.Status != Mate || !sol.LengthExact || sol.Length != 17 || len(sol.PV) != 17 {
			t.Errorf("%d MB: %v length %d (exact %v), want 17: %v", mb, sol.Status, sol.Length, sol.LengthExact, sol.PV)
		}
	}
}
