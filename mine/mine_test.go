package mine

import (
	"context"
	"os"
	"reflect"
	"testing"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/record"
	"github.com/tsume-shogi/tsume/shogi"
)

// The games of the tests, as USI position commands. In each the mates
// are known by construction.
const (
	// Black mates at once with the head gold, G*5b.
	gameMate1 = "position sfen 4k4/9/p3P3p/9/9/9/9/9/4K4 b G 1 moves G*5b"
	// Black has the head gold mate and moves its king instead; after
	// White's pawn move it plays the mate.
	gameMissed = "position sfen 4k4/9/p3P3p/9/9/9/9/9/4K4 b G 1 moves 5i5h 9c9d G*5b"
	// Black has G*5b (mate in 1) and plays R*5b, a check that keeps a
	// mate (in 3) but not the shortest.
	gameLonger = "position sfen 4k4/9/p3P3p/9/9/9/9/9/4K4 b GR 1 moves R*5b 5a4a G*4b"
	// Black's king steps next to White's pawn, and White mates with a
	// gold drop.
	gameAllowed = "position sfen 4k4/9/9/9/9/9/4p4/5K3/9 b g 1 moves 4h5i G*5h"
)

func readUSI(t *testing.T, text string) *record.Game {
	t.Helper()
	g, err := record.ReadUSI([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// readKIFFile reads the KIF record of file.
func readKIFFile(t testing.TB, file string) *record.Game {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	g, err := record.ReadKIF(data)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func newMiner(t *testing.T, o Options) *Miner {
	t.Helper()
	m, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// mineAndVerify mines the game text and checks every finding with a
// solver of its own (verify).
func mineAndVerify(t *testing.T, m *Miner, text string) *Result {
	t.Helper()
	g := readUSI(t, text)
	res, err := m.MineGame(context.Background(), g, Source{})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range res.Findings {
		verify(t, f, m.Options().MaxLength)
	}
	return res
}

// verify checks a finding from its position alone, with a fresh solver:
// the mate claimed is there and its line mates; a missed mate has a reply
// to the move played after which the mover has no mate within the plies
// left, a played mate none; an allowed mate was not there before the
// move.
func verify(t *testing.T, f Finding, maxLength int) {
	t.Helper()
	s, err := mate.NewSolver(mate.SolverOptions{HashMB: 16, Futile: mate.Count, DefenderHand: mate.AsGiven, SkipSoundness: true})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	within := func(p *shogi.Position, plies int) mate.Status {
		if plies < 1 {
			return mate.NoMate
		}
		w, err := s.MateWithin(ctx, p, plies)
		if err != nil {
			t.Fatal(err)
		}
		return w.Status
	}
	after := f.Position
	after.DoMove(f.Played)
	from := f.Position
	if f.Kind == Allowed {
		from = after
	}
	if st := within(&from, f.Length); st != mate.Mate {
		t.Errorf("%s at move %d: no mate in %d from %s (%v)", f.Kind, f.MoveNumber, f.Length, from.SFEN(), st)
	}
	if err := mate.VerifyLine(&from, f.Line, mate.Count); err != nil || f.Exact && len(f.Line) != f.Length {
		t.Errorf("%s at move %d: line %v of %d plies (length %d): %v", f.Kind, f.MoveNumber, f.Line, len(f.Line), f.Length, err)
	}
	switch f.Kind {
	case Missed, Played:
		refuted := false
		for _, r := range after.LegalMoves(nil) {
			q := after
			q.DoMove(r)
			if within(&q, maxLength-2) == mate.NoMate {
				refuted = true
				break
			}
		}
		mated := after.InCheck() && !after.HasLegalMove()
		if f.Kind == Missed && (!refuted || mated) {
			t.Errorf("missed at move %d: %v keeps the mate", f.MoveNumber, f.Played)
		}
		if f.Kind == Played && refuted {
			t.Errorf("played at move %d: %v does not keep the mate", f.MoveNumber, f.Played)
		}
	case Allowed:
		if !f.Position.InCheck() {
			q := f.Position
			q.DoNullMove()
			if st := within(&q, maxLength); st != mate.NoMate {
				t.Errorf("allowed at move %d: the opponent had a mate before the move (%v)", f.MoveNumber, st)
			}
		}
	}
}

// kinds returns the kinds of the findings with their move numbers.
func kinds(res *Result) []string {
	var out []string
	for _, f := range res.Findings {
		out = append(out, string(f.Kind)+"@"+itoa(f.MoveNumber))
	}
	return out
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// A mate played to the end is a played mate, the shortest.
func TestPlayedMate(t *testing.T) {
	res := mineAndVerify(t, newMiner(t, Options{}), gameMate1)
	if got := kinds(res); !equal(got, []string{"played@1"}) {
		t.Fatalf("findings %v, want played@1", got)
	}
	if f := res.Findings[0]; f.Length != 1 || !f.Exact || !f.Shortest {
		t.Errorf("played mate: length %d exact %v shortest %v; want 1, true, true", f.Length, f.Exact, f.Shortest)
	}
}

// A move that gives up the mate is a missed mate, with the shortest mate
// the side had; the mate played later is a played mate.
func TestMissedMate(t *testing.T) {
	res := mineAndVerify(t, newMiner(t, Options{}), gameMissed)
	if got := kinds(res); !equal(got, []string{"missed@1", "played@3"}) {
		t.Fatalf("findings %v, want missed@1 played@3", got)
	}
	if f := res.Findings[0]; f.Length != 1 || f.Line[0].String() != "G*5b" || f.Played.String() != "5i5h" {
		t.Errorf("missed mate: length %d line %v played %v; want 1, G*5b, 5i5h", f.Length, f.Line, f.Played)
	}
}

// A move that keeps a mate, but a longer one, is a played mate that is
// not the shortest: never a missed one.
func TestLongerMateIsNotMissed(t *testing.T) {
	res := mineAndVerify(t, newMiner(t, Options{}), gameLonger)
	if got := kinds(res); !equal(got, []string{"played@1", "played@3"}) {
		t.Fatalf("findings %v, want played@1 played@3", got)
	}
	if f := res.Findings[0]; f.Shortest || !f.Exact || f.Length != 1 {
		t.Errorf("R*5b: shortest %v exact %v length %d; want a played mate of 1 that is not the shortest", f.Shortest, f.Exact, f.Length)
	}
	if !res.Findings[1].Shortest {
		t.Error("G*4b, which mates, is not the shortest")
	}
}

// A move after which the opponent mates, when it could not before, is an
// allowed mate; the opponent's mate is a played mate, of White.
func TestAllowedMate(t *testing.T) {
	res := mineAndVerify(t, newMiner(t, Options{}), gameAllowed)
	if got := kinds(res); !equal(got, []string{"allowed@1", "played@2"}) {
		t.Fatalf("findings %v, want allowed@1 played@2", got)
	}
	if f := res.Findings[0]; f.Side != shogi.Black || f.Length != 1 || f.Line[0].String() != "G*5h" {
		t.Errorf("allowed: side %v length %d line %v; want black, 1, G*5h", f.Side, f.Length, f.Line)
	}
	if f := res.Findings[1]; f.Side != shogi.White {
		t.Errorf("played by %v, want white", f.Side)
	}
}

// A mate in 3 of the bench list, with the defender holding every other
// piece as the tsume convention gives it and a Black king in the corner:
// each of the attacker's moves is a played mate, the first of 3 plies.
func TestPlayedMateIn3(t *testing.T) {
	res := mineAndVerify(t, newMiner(t, Options{}),
		"position sfen 7k1/9/7S1/9/9/9/9/9/K8 b Rr2b4g3s4n4l18p 1 moves R*2b 2a1a 2c1b+")
	if got := kinds(res); !equal(got, []string{"played@1", "played@3"}) {
		t.Fatalf("findings %v, want played@1 played@3", got)
	}
	if f := res.Findings[0]; f.Length != 3 || !f.Shortest {
		t.Errorf("R*2b: length %d shortest %v; want 3, true", f.Length, f.Shortest)
	}
}

// Positions without a check are decided without a search.
func TestNoCheckNoSearch(t *testing.T) {
	res := mineAndVerify(t, newMiner(t, Options{}), "position startpos moves 2g2f 8c8d 2f2e 8d8e")
	if len(res.Findings) != 0 || res.Searches != 0 {
		t.Errorf("opening: %d findings, %d searches; want none", len(res.Findings), res.Searches)
	}
	for i, st := range res.Positions {
		if st.Mate != mate.NoMate || st.Searched {
			t.Errorf("position %d: %v searched %v", i, st.Mate, st.Searched)
		}
	}
}

// A search stopped by its budget claims nothing: with a budget too small
// to prove a mate in 13 (a classic problem, zukou-036, with a Black king
// added), the move that gives it up is not reported, and the position's
// status is unknown.
func TestBudgetClaimsNothing(t *testing.T) {
	const zukou036 = "9/6nS1/4s4/4r1P1g/5Sk1B/5+pbR1/4Nsp2/9/K3N4 b 3Gn4l15p 1"
	res := mineAndVerify(t, newMiner(t, Options{MaxNodes: 1}), "position sfen "+zukou036+" moves 9i9h")
	for _, f := range res.Findings {
		t.Errorf("claim %s at move %d made with a budget of one node", f.Kind, f.MoveNumber)
	}
	if res.Positions[0].Mate != mate.Unknown {
		t.Errorf("the first position is %v with a budget of one node, want unknown", res.Positions[0].Mate)
	}
	// A mate in 3 given up: with the default budget, a missed mate.
	res = mineAndVerify(t, newMiner(t, Options{}), "position sfen 7k1/9/7S1/9/9/9/9/9/K8 b Rr2b4g3s4n4l18p 1 moves 9i9h")
	if got := kinds(res); !equal(got, []string{"missed@1"}) {
		t.Errorf("findings %v, want missed@1", got)
	}
}

// A mate longer than MaxLength is not looked for: with a longest mate
// of 2 plies the mate in 3 is not seen, and the king's move that lets the
// mate in 1 come is an allowed mate (forced or not: allowed says what
// the move did, not whether another would have done better).
func TestMaxLength(t *testing.T) {
	res := mineAndVerify(t, newMiner(t, Options{MaxLength: 2}),
		"position sfen 7k1/9/7S1/9/9/9/9/9/K8 b Rr2b4g3s4n4l18p 1 moves R*2b 2a1a 2c1b+")
	if got := kinds(res); !equal(got, []string{"allowed@2", "played@3"}) {
		t.Errorf("findings %v with a longest mate of 2 plies, want allowed@2 played@3", got)
	}
}

// The end of the context ends the mining with its error.
func TestCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := newMiner(t, Options{}).MineGame(ctx, readUSI(t, gameMissed), Source{}); err != context.Canceled {
		t.Errorf("canceled: %v, want context.Canceled", err)
	}
}

// The positions of a game searched and its moves classified by two or
// three solvers at once give the same result as by one, findings and
// counts: each search starts afresh, each move is one solver's.
func TestParallelSameResult(t *testing.T) {
	g := readKIFFile(t, "testdata/selfplay-3.kif")
	var results []*Result
	for _, p := range []int{1, 2, 3} {
		res, err := newMiner(t, Options{Parallel: p}).MineGame(context.Background(), g, Source{})
		if err != nil {
			t.Fatal(err)
		}
		results = append(results, res)
	}
	if len(results[0].Findings) == 0 {
		t.Fatal("no finding: the classification is not tested")
	}
	for p := 1; p < len(results); p++ {
		if !reflect.DeepEqual(results[0], results[p]) {
			t.Errorf("one solver: %d findings, %d searches, %d nodes; %d: %d, %d, %d", len(results[0].Findings), results[0].Searches, results[0].Nodes,
				p+1, len(results[p].Findings), results[p].Searches, results[p].Nodes)
		}
	}
}

// The slow games mined by two workers give the result of one, findings,
// statuses and counts: the statuses searched from the end back, each
// move classified as soon as its statuses are known, and the rounds of
// kept shared with an idle worker do not change what is found or
// counted.
func TestParallelSameResultSlowGames(t *testing.T) {
	if testing.Short() {
		t.Skip("a few seconds a game")
	}
	one, two := newMiner(t, Options{}), newMiner(t, Options{Parallel: 2})
	for _, file := range slowGames {
		g := readKIFFile(t, file)
		a, err := one.MineGame(context.Background(), g, Source{})
		if err != nil {
			t.Fatal(err)
		}
		b, err := two.MineGame(context.Background(), g, Source{})
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%s: one worker: %d findings, %d undecided, %d searches, %d nodes; two: %d, %d, %d, %d", file,
				len(a.Findings), a.Undecided, a.Searches, a.Nodes, len(b.Findings), b.Undecided, b.Searches, b.Nodes)
		}
	}
}

// The rounds of kept (small budgets for every reply, then the whole
// budget for the undecided ones) find what one round with the whole
// budget finds: the same findings, the same undecided claims, on the
// games with a known missed, played, longer and allowed mate and on two
// records of engine games; each finding is verified by a solver of its
// own.
func TestQuickRoundLosesNothing(t *testing.T) {
	games := []*record.Game{readUSI(t, gameMate1), readUSI(t, gameMissed), readUSI(t, gameLonger), readUSI(t, gameAllowed)}
	for _, file := range []string{"testdata/selfplay-1.kif", "testdata/selfplay-3.kif"} {
		games = append(games, readKIFFile(t, file))
	}
	two := newMiner(t, Options{})
	if len(two.workers[0].rounds) < 2 {
		t.Fatal("one round: the first rounds are not tested")
	}
	one := newMiner(t, Options{})
	one.workers[0].rounds = one.workers[0].rounds[len(one.workers[0].rounds)-1:]
	kinds := map[Kind]int{}
	for k, g := range games {
		a, err := two.MineGame(context.Background(), g, Source{})
		if err != nil {
			t.Fatal(err)
		}
		b, err := one.MineGame(context.Background(), g, Source{})
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(a.Findings, b.Findings) || a.Undecided != b.Undecided {
			t.Errorf("game %d: three rounds: %d findings, %d undecided; one round: %d, %d", k, len(a.Findings), a.Undecided, len(b.Findings), b.Undecided)
		}
		for _, f := range a.Findings {
			verify(t, f, two.Options().MaxLength)
			kinds[f.Kind]++
		}
	}
	if kinds[Missed] == 0 || kinds[Played] == 0 || kinds[Allowed] == 0 {
		t.Errorf("findings %v: want every kind", kinds)
	}
}
