package mate

import (
	"slices"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

func mustParse(t testing.TB, sfen string) shogi.Position {
	t.Helper()
	p, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatalf("ParseSFEN(%q): %v", sfen, err)
	}
	return p
}

func usiList(ms []shogi.Move) string {
	s := make([]string, len(ms))
	for i, m := range ms {
		s[i] = m.String()
	}
	return strings.Join(s, " ")
}

// TestMate1Situations is the rulebook of mate-in-1: each case names a
// situation, a position (hands as given) and every mating move.
func TestMate1Situations(t *testing.T) {
	cases := []struct {
		name, sfen, mates string
	}{
		// 頭金: the gold on 5b is guarded by the silver and covers 4a–6b.
		{"mate by drop", "4k4/9/4S4/9/9/9/9/9/9 b G 1", "G*5b"},
		{"mate by drop, attacker with a king", "4k4/9/4S4/9/9/9/9/9/4K4 b G 1", "G*5b"},
		// The lance on 5i guards 5b once the gold has left 5c.
		{"mate by a board move", "3lkl3/9/4G4/9/9/9/9/9/4L4 b - 1", "5c5b"},
		// A tokin covers 4b and 6b; an unpromoted pawn does not.
		{"mate by promotion only", "3lkl3/9/4P4/9/9/9/9/9/4L4 b - 1", "5c5b+"},
		// A knight checks 1a from 2c; promoted it would not check at all.
		{"mate by non-promotion only", "7lk/7np/9/9/6N2/9/9/9/9 b - 1", "3e2c"},
		// Silver 1c-2b leaves 1b open: the king escapes to the square the
		// checker guarded before it moved. Promoted, it covers 1b.
		{"the king escapes to a square the checker left", "7nk/9/6G1S/9/9/9/9/9/9 b - 1", "1c2b+ 3c2b"},
		{"mate by discovered check", "7lk/7p1/9/9/8S/9/9/9/8R b - 1", "1e2d 1e2f"},
		// Unpromoted, the knight and the rook check together and the
		// defender's pawn drop or capture cannot answer both.
		{"mate by double check", "7lk/7p1/9/9/8N/9/9/9/8R b p 1", "1e2c"},
		{"no mate: the checker can be captured", "4k4/9/9/9/9/9/9/9/9 b G 1", ""},
		{"no mate: the king escapes", "4k4/9/9/9/9/9/9/9/9 b R 1", ""},
		// With the defender's hand empty the rook mates from 1c only: from
		// 1d the knight on 2b takes it, from farther it interposes on 1d.
		{"mate when nothing can interpose", "7lk/7n1/9/9/9/9/9/9/9 b R 1", "R*1c"},
		{"mate from afar when nothing can interpose", "7lk/7p1/9/9/9/9/9/9/9 b R 1", "R*1c R*1d R*1e R*1f R*1g R*1h R*1i"},
		{"no mate: a drop interposes", "7lk/7n1/9/9/9/9/9/9/9 b Rp 1", ""},
		{"drop-pawn mate is illegal, never a mate", "7lk/9/7G1/9/9/9/9/9/9 b P 1", ""},
		{"a pawn move that mates is a mate", "7lk/9/7GP/9/9/9/9/9/9 b - 1", "1c1b 1c1b+ 2c1b"},
		// The gold on 3a may not capture on 2b: it is pinned by the rook.
		{"a pinned defender cannot capture", "4R1g1k/9/7P1/9/9/9/9/9/9 b G 1", "G*2b"},
		{"an unpinned defender captures", "6g1k/9/7P1/9/9/9/9/9/9 b G 1", ""},
		{"the king cannot capture a guarded checker", "8k/9/7S1/9/9/9/9/9/9 b G 1", "G*1b G*2b"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := mustParse(t, c.sfen)
			if got := usiList(Mate1(&p)); got != c.mates {
				t.Errorf("Mate1(%s) = [%s], want [%s]", c.sfen, got, c.mates)
			}
		})
	}
}

func TestAnalyzeCountsANonMatingPawnDropCheck(t *testing.T) {
	p := mustParse(t, "7lk/9/9/9/9/9/9/9/9 b P 1")
	var r Result
	Analyze(&p, &r)
	// 72 pawn drops (no rank a); P*1b checks, the king takes it or steps to 2b.
	if r.Legal != 72 || r.Checks != 1 || r.Replies != 2 || len(r.Mates) != 0 {
		t.Fatalf("L=%d C=%d R=%d mates=[%s], want 72 1 2 []", r.Legal, r.Checks, r.Replies, usiList(r.Mates))
	}
	want := CheckStats{Move: r.ByCheck[0].Move, Replies: 2, KingMoves: 1, KingCaptures: 1}
	if r.ByCheck[0] != want || r.ByCheck[0].Move.String() != "P*1b" {
		t.Errorf("by check = %+v, want %+v for P*1b", r.ByCheck[0], want)
	}
}

func TestAnalyzeSplitsReplies(t *testing.T) {
	// R*1e checks along file 1. White may interpose with the knight
	// (2b-1d), drop its pawn on 1b, 1c or 1d, or... the king has no square.
	p := mustParse(t, "7lk/7n1/9/9/9/9/9/9/9 b Rp 1")
	var r Result
	Analyze(&p, &r)
	for _, st := range r.ByCheck {
		if st.Move.String() != "R*1e" {
			continue
		}
		want := CheckStats{Move: st.Move, Replies: 4, InterpositionsMove: 1, InterpositionsDrop: 3}
		if st != want {
			t.Errorf("R*1e: %+v, want %+v", st, want)
		}
		return
	}
	t.Fatal("R*1e not among the checks")
}

// bruteForce computes the analysis the slow way: every legal move is
// played, checks are found by asking the new position whether it is in
// check, and replies are every legal move of the defender there, classified
// by looking at the board.
func bruteForce(p *shogi.Position) Result {
	var r Result
	legal := p.LegalMoves(nil)
	r.Legal = len(legal)
	for _, m := range legal {
		q := *p
		q.DoMove(m)
		if !q.InCheck() {
			continue
		}
		st := CheckStats{Move: m}
		ksq := q.King(q.SideToMove())
		attackers := q.AttackersTo(p.SideToMove(), ksq)
		for _, rep := range q.LegalMoves(nil) {
			st.Replies++
			takes := attackers.Has(rep.To())
			switch {
			case rep.From() == ksq && takes:
				st.KingCaptures++
			case rep.From() == ksq:
				st.KingMoves++
			case rep.IsDrop():
				st.InterpositionsDrop++
			case takes:
				st.OtherCaptures++
			default:
				st.InterpositionsMove++
			}
		}
		r.Checks++
		r.Replies += st.Replies
		r.ByCheck = append(r.ByCheck, st)
		if st.Replies == 0 {
			r.Mates = append(r.Mates, m)
		}
	}
	slices.SortFunc(r.Mates, func(a, b shogi.Move) int { return strings.Compare(a.String(), b.String()) })
	return r
}

// TestAnalyzeAgreesWithBruteForce compares Analyze with bruteForce on the
// committed corpus of random tsume-like positions.
func TestAnalyzeAgreesWithBruteForce(t *testing.T) {
	var r Result
	mates, checks := 0, 0
	for _, p := range readCorpus(t) {
		Analyze(&p, &r)
		want := bruteForce(&p)
		if usiList(r.Mates) != usiList(want.Mates) || r.Legal != want.Legal || r.Checks != want.Checks || r.Replies != want.Replies {
			t.Fatalf("%s:\n got mates [%s] L=%d C=%d R=%d\nwant mates [%s] L=%d C=%d R=%d", p.SFEN(),
				usiList(r.Mates), r.Legal, r.Checks, r.Replies, usiList(want.Mates), want.Legal, want.Checks, want.Replies)
		}
		if !slices.Equal(r.ByCheck, want.ByCheck) {
			t.Fatalf("%s: per-check statistics differ:\n got %+v\nwant %+v", p.SFEN(), r.ByCheck, want.ByCheck)
		}
		mates += len(r.Mates)
		checks += r.Checks
	}
	if mates < 100 || checks < 1000 {
		t.Errorf("corpus too tame: %d mates, %d checks", mates, checks)
	}
}

// TestHasMate1AgreesWithMate1: on every position of the corpus (and the
// rulebook's), HasMate1 answers whether Mate1 lists a mate.
func TestHasMate1AgreesWithMate1(t *testing.T) {
	yes := 0
	for _, p := range readCorpus(t) {
		want := len(Mate1(&p)) > 0
		if got := HasMate1(&p); got != want {
			t.Fatalf("HasMate1(%s) = %v, want %v (Mate1: [%s])", p.SFEN(), got, want, usiList(Mate1(&p)))
		}
		if want {
			yes++
		}
	}
	if yes < 50 {
		t.Errorf("corpus too tame: %d positions with a mate", yes)
	}
	for _, sfen := range []string{
		"7lk/9/7G1/9/9/9/9/9/9 b P 1",    // drop-pawn mate: no mate
		"7lk/7n1/9/9/9/9/9/9/9 b Rp 1",   // a drop interposes: no mate
		"7lk/7n1/9/9/9/9/9/9/9 b R 1",    // nothing to interpose: mate
		"4R1g1k/9/7P1/9/9/9/9/9/9 b G 1", // a pinned defender: mate
		"8k/9/7S1/9/9/9/9/9/9 b G 1",     // a guarded checker: mate
		"7lk/7p1/9/9/8N/9/9/9/8R b p 1",  // double check: mate
		"4k4/9/9/9/9/9/9/9/9 b R 1",      // the king escapes: no mate
	} {
		p := mustParse(t, sfen)
		if got, want := HasMate1(&p), len(Mate1(&p)) > 0; got != want {
			t.Errorf("HasMate1(%s) = %v, want %v", sfen, got, want)
		}
	}
}

// TestAppendMates1AgreesWithMate1: on every position of the corpus,
// AppendMates1 lists Mate1's moves in Mate1's order, after what dst
// held, and allocates nothing into a slice with room.
func TestAppendMates1AgreesWithMate1(t *testing.T) {
	ps := readCorpus(t)
	several := 0
	for i := range ps {
		want := Mate1(&ps[i])
		got := AppendMates1([]shogi.Move{shogi.NoMove}, &ps[i])
		if got[0] != shogi.NoMove || !slices.Equal(got[1:], want) {
			t.Fatalf("AppendMates1(%s) = [%s] after NoMove, want [%s]", ps[i].SFEN(), usiList(got[1:]), usiList(want))
		}
		if len(want) > 1 {
			several++
		}
	}
	if several < 5 {
		t.Errorf("corpus too tame: %d positions with two mates or more", several)
	}
	buf := make([]shogi.Move, 0, shogi.MaxMoves)
	allocs := testing.AllocsPerRun(10, func() {
		for i := range ps[:100] {
			buf = AppendMates1(buf[:0], &ps[i])
		}
	})
	if allocs != 0 {
		t.Errorf("AppendMates1 allocates %.1f times per 100 positions, want 0", allocs)
	}
}

func TestHasMate1AllocatesNothing(t *testing.T) {
	ps := readCorpus(t)[:100]
	allocs := testing.AllocsPerRun(10, func() {
		for i := range ps {
			HasMate1(&ps[i])
		}
	})
	if allocs != 0 {
		t.Errorf("HasMate1 allocates %.1f times per 100 positions, want 0", allocs)
	}
}

func BenchmarkHasMate1(b *testing.B) {
	ps := readCorpus(b)
	n := 0
	for b.Loop() {
		for i := range ps {
			HasMate1(&ps[i])
		}
		n += len(ps)
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "positions/s")
}

func TestAnalyzeAllocatesNothing(t *testing.T) {
	ps := readCorpus(t)[:100]
	var r Result
	for i := range ps {
		Analyze(&ps[i], &r) // grow the slices once
	}
	allocs := testing.AllocsPerRun(10, func() {
		for i := range ps {
			Analyze(&ps[i], &r)
		}
	})
	if allocs != 0 {
		t.Errorf("Analyze allocates %.1f times per 100 positions, want 0", allocs)
	}
}

func BenchmarkAnalyze(b *testing.B) {
	ps := readCorpus(b)
	var r Result
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		for i := range ps {
			Analyze(&ps[i], &r)
		}
		n += len(ps)
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "positions/s")
}

// TestTempting: a tempting check is a check other than the key that
// leaves the defender one or two replies; a mate (no reply), a check
// with three replies and the key itself are not.
func TestTempting(t *testing.T) {
	q, err := shogi.ParseSFEN("7k1/7s1/5G1N1/9/5N3/9/9/8R/9 b r2b3g3s2n4l18p 1")
	if err != nil {
		t.Fatal(err)
	}
	var r Result
	Analyze(&q, &r)
	key, err := q.ParseUSIMove("4e3c")
	if err != nil {
		t.Fatal(err)
	}
	// ▲3三桂不成 is the key; six other checks leave one or two replies.
	if got := r.Tempting(key); got != 6 {
		t.Errorf("Tempting(%v) = %d, want 6", key, got)
	}
	r = Result{ByCheck: []CheckStats{{Move: key, Replies: 1}, {Replies: 0}, {Replies: 1}, {Replies: 2}, {Replies: 3}}}
	if got := r.Tempting(key); got != 2 {
		t.Errorf("Tempting over replies 1 (key), 0, 1, 2, 3 = %d, want 2", got)
	}
}
