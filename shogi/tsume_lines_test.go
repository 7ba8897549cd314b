package shogi_test

import (
	"testing"

	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
)

// classicTsumePath is the reference data of package problem (public-domain
// problems; the records are CC0, see the file's header).
const classicTsumePath = "../problem/testdata/classic-tsume.tsv"

// classicTsume is a classic problem with its recorded main line in USI.
type classicTsume struct {
	ID    string
	SFEN  string
	Plies int
	Moves []string
}

func readClassicTsume(t testing.TB) []classicTsume {
	t.Helper()
	ps, err := problem.ReadTSVFile(classicTsumePath)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]classicTsume, len(ps))
	for i, p := range ps {
		out[i] = classicTsume{ID: p.ID, SFEN: p.Position.SFEN(), Plies: p.Stipulation.Plies}
		for _, m := range p.Line {
			out[i].Moves = append(out[i].Moves, m.String())
		}
	}
	return out
}

// The recorded main lines of classic tsume problems (Edo period, checked by
// independent programs) are legal move by move: every attacker move is a
// check, every defender move a reply to check, and the line ends in mate.
// The attacker has no king, and the lines are full of drops, promotions
// and non-promotions.
func TestClassicTsumeLines(t *testing.T) {
	recs := readClassicTsume(t)
	if len(recs) == 0 {
		t.Fatal("no problems read")
	}
	for _, r := range recs {
		t.Run(r.ID, func(t *testing.T) {
			p := mustSFEN(t, r.SFEN)
			if err := p.Validate(); err != nil {
				t.Fatalf("Validate: %v", err)
			}
			if len(r.Moves) != r.Plies || r.Plies%2 != 1 {
				t.Fatalf("the line has %d moves, the record says %d plies", len(r.Moves), r.Plies)
			}
			for i, u := range r.Moves {
				m, err := p.ParseUSIMove(u)
				if err != nil {
					t.Fatalf("ply %d in %s: %v", i+1, p.SFEN(), err)
				}
				if m.String() != u {
					t.Errorf("ply %d: %s reads back as %s", i+1, u, m)
				}
				if i%2 == 0 {
					if !p.GivesCheck(m) || !usiSet(t, "Checks", p.Checks(nil))[u] {
						t.Errorf("ply %d in %s: the attacker's %s is not a check (GivesCheck %v)", i+1, p.SFEN(), u, p.GivesCheck(m))
					}
				} else {
					if !p.InCheck() || !usiSet(t, "Evasions", p.Evasions(nil))[u] {
						t.Errorf("ply %d in %s: the defender's %s is not an evasion", i+1, p.SFEN(), u)
					}
				}
				p.DoMove(m)
				if err := p.Validate(); err != nil {
					t.Fatalf("after ply %d (%s): %v", i+1, u, err)
				}
			}
			if !p.InCheck() || len(p.LegalMoves(nil)) != 0 {
				t.Errorf("the line ends in %s: in check %v with %d legal moves, want mate", p.SFEN(), p.InCheck(), len(p.LegalMoves(nil)))
			}
		})
	}
}

// The attacker's first moves of each problem are exactly the checks found
// by the slow oracle.
func TestClassicTsumeFirstChecks(t *testing.T) {
	for _, r := range readClassicTsume(t) {
		p := mustSFEN(t, r.SFEN)
		want := map[string]bool{}
		for _, m := range oracleLegal(&p) {
			q := p
			q.DoMove(m)
			if naiveInCheck(&q, shogi.White) {
				want[m.String()] = true
			}
		}
		if d := diffSets(usiSet(t, "Checks", p.Checks(nil)), want); d != "" {
			t.Errorf("%s: Checks: %s", r.ID, d)
		}
		if !want[r.Moves[0]] {
			t.Errorf("%s: the recorded first move %s is not among the checks", r.ID, r.Moves[0])
		}
	}
}
