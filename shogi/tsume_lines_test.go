package shogi_test

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

// classicTsumePath is the reference data copied from ../shared/testdata
// (public-domain problems; the records are CC0, see the file's header).
var classicTsumePath = filepath.Join("testdata", "classic-tsume.tsv")

type tsumeRecord struct {
	id    string
	plies int
	sfen  string
	line  []string
}

func readClassicTsume(t testing.TB) []tsumeRecord {
	t.Helper()
	f, err := os.Open(classicTsumePath)
	if os.IsNotExist(err) {
		t.Fatalf("%s not found", classicTsumePath)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var recs []tsumeRecord
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "id\t") {
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) != 6 {
			t.Fatalf("%s: want 6 columns: %q", classicTsumePath, line)
		}
		plies, err := strconv.Atoi(cols[1])
		if err != nil {
			t.Fatalf("%s: bad plies %q", classicTsumePath, cols[1])
		}
		recs = append(recs, tsumeRecord{cols[0], plies, cols[4], strings.Fields(cols[5])})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return recs
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
		t.Run(r.id, func(t *testing.T) {
			p := mustSFEN(t, r.sfen)
			if err := p.Validate(); err != nil {
				t.Fatalf("Validate: %v", err)
			}
			if len(r.line) != r.plies || r.plies%2 != 1 {
				t.Fatalf("the line has %d moves, the record says %d plies", len(r.line), r.plies)
			}
			for i, u := range r.line {
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
		p := mustSFEN(t, r.sfen)
		want := map[string]bool{}
		for _, m := range oracleLegal(&p) {
			q := p
			q.DoMove(m)
			if naiveInCheck(&q, shogi.White) {
				want[m.String()] = true
			}
		}
		if d := diffSets(usiSet(t, "Checks", p.Checks(nil)), want); d != "" {
			t.Errorf("%s: Checks: %s", r.id, d)
		}
		if !want[r.line[0]] {
			t.Errorf("%s: the recorded first move %s is not among the checks", r.id, r.line[0])
		}
	}
}
