package verdict

import (
	"context"
	"slices"
	"testing"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
)

// classics returns the classic problems by id, the defender's hand
// applied (the tsume convention).
func classics(t *testing.T) map[string]problem.Problem {
	t.Helper()
	ps, err := problem.ReadTSVFile("../problem/testdata/classic-tsume.tsv")
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]problem.Problem{}
	for _, p := range ps {
		q, err := mate.WithRemainingHand(&p.Position)
		if err != nil {
			t.Fatal(err)
		}
		p.Position = q
		byID[p.ID] = p
	}
	return byID
}

// move parses the USI move s in p.
func move(t *testing.T, p *shogi.Position, s string) shogi.Move {
	t.Helper()
	m, err := p.ParseUSIMove(s)
	if err != nil || !p.IsLegal(m) {
		t.Fatalf("%s: %s is not legal (%v)", p.SFEN(), s, err)
	}
	return m
}

// TestClassicsSolved judges the solver's solutions of short classics
// against what is known of them: 図巧第36番 is sound; 図巧第34番's knight
// may be dropped on 1八 as well as 3八 (非限定, the mate the same; the
// main line takes one, the finding names the other);
// 図巧第85番 and 第33番 allow the other promotion choice in mid-line
// (成生の非限定).
func TestClassicsSolved(t *testing.T) {
	if testing.Short() {
		t.Skip("solves classics")
	}
	byID := classics(t)
	s, err := mate.NewSolver(mate.SolverOptions{HashMB: 64, MaxNodes: 20_000_000, DefenderHand: mate.AsGiven})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		id   string
		o    Overall
		ws   []want    // the attacker's findings only
		pair [2]string // the two moves of a 非限定 of ws, either the main line's
	}{
		{"zukou-036", Sound, nil, [2]string{}},
		{"zukou-034", Blemished, []want{{NonUnique, Blemish, 5, ""}}, [2]string{"N*1h", "N*3h"}},
		{"zukou-085", Blemished, []want{{NonUnique, Blemish, 7, ""}}, [2]string{"4d4c", "4d4c+"}},
		{"zukou-033", Blemished, []want{{NonUnique, Blemish, 11, ""}}, [2]string{"4c6a", "4c6a+"}},
	} {
		t.Run(c.id, func(t *testing.T) {
			p := byID[c.id]
			sol, err := s.Solve(context.Background(), &p.Position)
			if err != nil || !sol.LengthExact || !sol.SoundnessChecked {
				t.Fatalf("solve: %v (exact %v, checked %v)", err, sol.LengthExact, sol.SoundnessChecked)
			}
			v, err := Judge(context.Background(), sol, Options{MaxNodes: 2_000_000})
			if err != nil {
				t.Fatal(err)
			}
			var attacker Verdict
			attacker.Overall = v.Overall
			for _, f := range v.Findings {
				if f.Ply%2 == 1 {
					attacker.Findings = append(attacker.Findings, f)
				}
				if f.Ply%2 == 0 && f.Severity == Flaw {
					t.Errorf("defender finding at ply %d: %s", f.Ply, f.Describe())
				}
			}
			ws := slices.Clone(c.ws)
			if len(ws) == 1 && ws[0].class == NonUnique {
				// Which of the two equal moves is the main line's and
				// which the 非限定 alternative depends on the search.
				w := &ws[0]
				pair := c.pair
				played := sol.PV[w.ply-1].String()
				switch played {
				case pair[0]:
					w.move = pair[1]
				case pair[1]:
					w.move = pair[0]
				default:
					t.Fatalf("ply %d of the main line is %s, want %s or %s", w.ply, played, pair[0], pair[1])
				}
			}
			checkFindings(t, &attacker, c.o, ws)
		})
	}
	t.Run("undecided", func(t *testing.T) {
		p := byID["zukou-034"]
		sol, err := s.Solve(context.Background(), &p.Position)
		if err != nil {
			t.Fatal(err)
		}
		v, err := Judge(context.Background(), sol, Options{MaxNodes: 1})
		if err != nil {
			t.Fatal(err)
		}
		if v.Overall != Undecided || v.Undecided() == 0 {
			t.Errorf("node limit 1: %q with %d undecided findings, want undecided", v.Overall, v.Undecided())
		}
	})
}

// TestClassicRecordedLine judges the recorded 13-ply line of 図巧第7番, a
// line-only record: the solver mates in 15 because the defender's △9四同玉
// at ply 6 lasts longer than the record's 8三玉 (変長).
func TestClassicRecordedLine(t *testing.T) {
	if testing.Short() {
		t.Skip("solves a classic")
	}
	p := classics(t)["zukou-007"]
	v, err := JudgeLine(context.Background(), &p.Position, p.Line, Options{MaxNodes: 2_000_000})
	if err != nil {
		t.Fatal(err)
	}
	if v.Overall != Unsound {
		t.Errorf("overall %q, want unsound", v.Overall)
	}
	found := false
	for _, f := range v.Findings {
		if f.Class == LongerVariation && f.Ply == 6 && f.Move.String() == "8c9d" && f.Length == 10 && f.MainLength == 8 && !f.Undecided {
			found = true
		}
	}
	if !found {
		t.Errorf("no 変長 8c9d at ply 6 (10 plies against 8) in %+v", v.Findings)
	}
}

// TestZukou99 classifies the alternatives the solver finds along the main
// line of 図巧第99番 (117 plies; `tsume solve` lists five), without
// searching: the last move's alternative is tolerated (最終手余詰), the one
// at ply 11 plays ▲7三と before its time and meets the main line again
// after ply 15 (手順前後), and the dragon's other squares at plies 41 and
// 73 keep the continuation (非限定).
func TestZukou99(t *testing.T) {
	p := classics(t)["zukou-099"]
	j := newJudge[stdPos](context.Background(), stdPos{p.Position}, p.Line, Options{}, nil)
	n := len(p.Line)
	last := 0
	for _, m := range mate.Mate1(&j.pos[n-1].Position) {
		if m == p.Line[n-1] {
			continue
		}
		last++
		if f := j.classify(n-1, m, 1, false); f.Class != LastMoveCook || f.Severity != Tolerated {
			t.Errorf("ply %d %s: %s, want 最終手余詰", n, m, f.Describe())
		}
	}
	if last == 0 {
		t.Errorf("no other mate at ply %d", n)
	}
	for _, c := range []struct {
		ply    int
		move   string
		class  Class
		rejoin int
	}{
		{11, "6d7c", Transposition, 15},
		{41, "9d8c", NonUnique, 0},
		{41, "9d8e", NonUnique, 0},
		{73, "5c5d", NonUnique, 0},
	} {
		m := move(t, &j.pos[c.ply-1].Position, c.move)
		f := j.classify(c.ply-1, m, n-c.ply+1, false)
		if f.Class != c.class || f.Severity != Blemish || c.class == Transposition && f.Rejoin != c.rejoin {
			t.Errorf("ply %d %s: %s, want %s", c.ply, c.move, f.Describe(), c.class)
		}
	}
}
