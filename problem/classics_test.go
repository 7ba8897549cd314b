package problem_test

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
)

//go:generate go run ./testdata/classics/convert.go -dir testdata/classics

// The classics: 将棋図巧 and 将棋無双 from the Open Tsume dataset
// (testdata/classics/README.md).
const (
	classicsList  = "testdata/classics/classics.tsv"
	classicsNotes = "testdata/classics/notes.tsv"
)

// classicNote is one row of notes.tsv.
type classicNote struct{ kind, text string }

// readClassicNotes reads notes.tsv: the notes of each problem, in order.
func readClassicNotes(t *testing.T) map[string][]classicNote {
	t.Helper()
	f, err := os.Open(classicsNotes)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string][]classicNote{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "id\t") {
			continue
		}
		c := strings.SplitN(line, "\t", 3)
		if len(c) != 3 {
			t.Fatalf("%s:%d: want 3 columns, got %d", classicsNotes, n, len(c))
		}
		out[c[0]] = append(out[c[0]], classicNote{c[1], c[2]})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// first returns the text of the first note of kind, "" if there is none.
func first(notes []classicNote, kind string) string {
	for _, n := range notes {
		if n.kind == kind {
			return n.text
		}
	}
	return ""
}

// flags returns the flags of notes, each cut at its first colon.
func flags(notes []classicNote) map[string]string {
	out := map[string]string{}
	for _, n := range notes {
		if n.kind == "flag" {
			name, _, _ := strings.Cut(n.text, ":")
			out[name] = n.text
		}
	}
	return out
}

func readClassics(t *testing.T) []problem.Problem {
	t.Helper()
	ps, err := problem.ReadTSVFile(classicsList)
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

// The list holds the 200 problems, 図巧1 … 図巧100 then 無双1 … 無双100, each
// a valid position with the attacker to move.
func TestClassicsListHoldsBothCollections(t *testing.T) {
	ps := readClassics(t)
	if len(ps) != 200 {
		t.Fatalf("%d problems, want 200", len(ps))
	}
	for i := range ps {
		want := fmt.Sprintf("図巧%d", i+1)
		if i >= 100 {
			want = fmt.Sprintf("無双%d", i-99)
		}
		p := &ps[i]
		if p.ID != want {
			t.Errorf("problem %d is %q, want %q", i+1, p.ID, want)
		}
		if err := p.Position.Validate(); err != nil {
			t.Errorf("%s: %v", p.ID, err)
		}
		if p.Position.SideToMove() != shogi.Black {
			t.Errorf("%s: the defender is to move", p.ID)
		}
	}
}

// Every recorded line replays (ReadTSV checks each move), is as long as
// the list says and as the record declares, and ends in mate unless it is
// flagged; a line that does not replay is in the notes with the move that
// fails named, and fails there.
func TestClassicsLinesReplayOrAreFlagged(t *testing.T) {
	ps, notes := readClassics(t), readClassicNotes(t)
	for i := range ps {
		p := &ps[i]
		ns := notes[p.ID]
		fl := flags(ns)
		declared, err := strconv.Atoi(first(ns, "declared"))
		if err != nil {
			t.Errorf("%s: declared length %q", p.ID, first(ns, "declared"))
			continue
		}
		if f, ok := fl["line-illegal"]; ok {
			checkIllegal(t, p, first(ns, "line"), f)
			continue
		}
		if len(p.Line) != p.Stipulation.Plies || p.Stipulation.Plies != declared {
			t.Errorf("%s: line of %d plies, list %d, record %d", p.ID, len(p.Line), p.Stipulation.Plies, declared)
		}
		q := p.Position
		for j, m := range p.Line {
			q.DoMove(m)
			if j%2 == 0 && !q.InCheck() {
				if _, ok := fl["line-no-check"]; !ok {
					t.Errorf("%s: move %d %s does not check, not flagged", p.ID, j+1, m)
				}
			}
		}
		mate := q.InCheck() && !q.HasLegalMove()
		_, futile := fl["line-ends-futile"]
		_, notMate := fl["line-not-mate"]
		switch {
		case mate && (futile || notMate):
			t.Errorf("%s: the line ends in mate but is flagged %v", p.ID, fl)
		case !mate && !futile && !notMate:
			t.Errorf("%s: the line does not end in mate and is not flagged", p.ID)
		case futile && !everyReplyMated(&q):
			t.Errorf("%s: flagged line-ends-futile, but a reply is not mated at once", p.ID)
		}
		wantStatus := problem.LineOnly
		if len(fl) > 0 && !futile {
			if _, onlyDataset := fl["dataset-unverified"]; !onlyDataset || len(fl) > 1 {
				wantStatus = problem.UnknownStatus
			}
		}
		if p.Status != wantStatus {
			t.Errorf("%s: status %v, want %v (flags %v)", p.ID, p.Status, wantStatus, fl)
		}
	}
}

// checkIllegal checks a flagged line: it must fail at the move the flag
// names ("line-illegal: move N …").
func checkIllegal(t *testing.T, p *problem.Problem, line, flag string) {
	t.Helper()
	var n int
	if _, err := fmt.Sscanf(flag, "line-illegal: move %d", &n); err != nil {
		t.Errorf("%s: flag %q names no move", p.ID, flag)
		return
	}
	q := p.Position
	for i, s := range strings.Fields(line) {
		m, err := q.ParseUSIMove(s)
		if err != nil {
			var ie *shogi.IllegalMoveError
			if i+1 != n || !errors.As(err, &ie) {
				t.Errorf("%s: the line fails at move %d (%v), the flag says %d", p.ID, i+1, err, n)
			}
			return
		}
		q.DoMove(m)
	}
	t.Errorf("%s: flagged %q, but the line replays", p.ID, flag)
}

// everyReplyMated reports whether every reply in p is answered by a mate.
func everyReplyMated(p *shogi.Position) bool {
	for _, r := range p.LegalMoves(nil) {
		q := *p
		q.DoMove(r)
		mated := false
		for _, c := range q.Checks(nil) {
			x := q
			x.DoMove(c)
			if !x.HasLegalMove() {
				mated = true
				break
			}
		}
		if !mated {
			return false
		}
	}
	return true
}

// Every problem has the record's id, declared length and verified flag in
// the notes, and the flag dataset-unverified exactly where the record
// says its line is not verified.
func TestClassicsNotesKeepTheRecords(t *testing.T) {
	ps, notes := readClassics(t), readClassicNotes(t)
	if len(notes) != len(ps) {
		t.Errorf("notes for %d problems, want %d", len(notes), len(ps))
	}
	unverified := 0
	for i := range ps {
		id := ps[i].ID
		ns := notes[id]
		src := first(ns, "source")
		num, _ := strconv.Atoi(strings.TrimLeft(id, "図巧無双"))
		coll := "zukou"
		if strings.HasPrefix(id, "無双") {
			coll = "musou"
		}
		if want := fmt.Sprintf("%s-%03d", coll, num); src != want {
			t.Errorf("%s: source %q, want %q", id, src, want)
		}
		v := first(ns, "verified")
		if v != "true" && v != "false" {
			t.Errorf("%s: verified %q", id, v)
		}
		_, flagged := flags(ns)["dataset-unverified"]
		if flagged != (v == "false") {
			t.Errorf("%s: verified %s, flagged dataset-unverified %v", id, v, flagged)
		}
		if flagged {
			unverified++
		}
	}
	if unverified != 3 {
		t.Errorf("%d records unverified, the dataset has 3 (無双37, 73, 88)", unverified)
	}
}

var (
	classicsAll   = flag.Bool("classics", false, "solve all 200 classics and check every claimed length (slow: minutes)")
	classicsNodes = flag.Uint64("classics-nodes", 3_000_000, "with -classics, the node limit of each problem")
)

// checkClaim checks what sol claims about p, independently of the search
// that found it: a mate's line is a tsume solution (mate.VerifyLine) and,
// when the length is claimed exact, as long as claimed, and no mate two
// plies shorter exists (mate.Solver.MateWithin; a search a limit stops
// proves nothing and is only logged).
func checkClaim(t *testing.T, s *mate.Solver, p *problem.Problem, sol *mate.Solution) {
	t.Helper()
	if sol.Status != mate.Mate {
		return
	}
	if len(sol.PV) > 0 {
		if err := mate.VerifyLine(&p.Position, sol.PV, mate.Discount); err != nil {
			t.Errorf("%s: the main line is not a solution: %v", p.ID, err)
		}
	}
	if !sol.LengthExact {
		if sol.Length < len(sol.PV) && len(sol.PV) > 0 {
			t.Errorf("%s: bound %d below its own line of %d plies", p.ID, sol.Length, len(sol.PV))
		}
		return
	}
	if len(sol.PV) != sol.Length {
		t.Errorf("%s: exact length %d, line of %d plies", p.ID, sol.Length, len(sol.PV))
	}
	if sol.Length < 3 {
		return
	}
	w, err := s.MateWithin(context.Background(), &p.Position, sol.Length-2)
	switch {
	case err != nil:
		t.Errorf("%s: %v", p.ID, err)
	case w.Status == mate.Mate:
		t.Errorf("%s: claimed exact %d, but a mate within %d plies exists (%d)", p.ID, sol.Length, sol.Length-2, w.Length)
	case w.Status == mate.Unknown:
		t.Logf("%s: no mate within %d plies not confirmed within the limit", p.ID, sol.Length-2)
	}
}

// classicsByID returns the classics by id.
func classicsByID(t *testing.T) map[string]*problem.Problem {
	t.Helper()
	ps := readClassics(t)
	out := make(map[string]*problem.Problem, len(ps))
	for i := range ps {
		out[ps[i].ID] = &ps[i]
	}
	return out
}

// knownClassics are classics whose length two sources other than tsume
// agree on, the recorded line and the df-pn solver of the Open Tsume
// dataset (notes.tsv, kind dfpn), with no crosscheck of the record against
// it, and which tsume proves in well under a second: the fast subset.
var knownClassics = []struct {
	id    string
	plies int
}{
	{"無双77", 11}, {"図巧92", 13}, {"図巧2", 21}, {"図巧42", 27}, {"図巧68", 27}, {"図巧51", 31},
	{"図巧60", 29}, {"図巧81", 17}, {"図巧36", 13}, {"図巧85", 15}, {"図巧94", 23}, {"無双69", 31},
	{"無双90", 37}, {"無双41", 47}, {"無双33", 25}, {"図巧58", 29}, {"無双60", 45},
}

// The fast subset: each known classic is a mate of its known length,
// proven exact, and the claim holds (checkClaim). The search is limited in
// nodes, not time, so that a slow machine does not change the result.
func TestClassicsKnownLengths(t *testing.T) {
	ps, notes := classicsByID(t), readClassicNotes(t)
	s, err := mate.NewSolver(mate.SolverOptions{HashMB: 64, MaxNodes: 5_000_000, SkipSoundness: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range knownClassics {
		p, ok := ps[k.id]
		if !ok {
			t.Fatalf("no problem %s", k.id)
		}
		ns := notes[k.id]
		if first(ns, "dfpn") != strconv.Itoa(k.plies) || p.Stipulation.Plies != k.plies || first(ns, "crosscheck") != "" {
			t.Errorf("%s: %d plies is not a known length (record %d, df-pn %q, crosscheck %q)", k.id, k.plies,
				p.Stipulation.Plies, first(ns, "dfpn"), first(ns, "crosscheck"))
		}
		sol, err := s.Solve(context.Background(), &p.Position)
		if err != nil {
			t.Fatalf("%s: %v", k.id, err)
		}
		if sol.Status != mate.Mate || !sol.LengthExact || sol.Length != k.plies {
			t.Errorf("%s: %v in %d (exact %v, %d nodes), want mate in %d", k.id, sol.Status, sol.Length, sol.LengthExact, sol.Nodes, k.plies)
			continue
		}
		checkClaim(t, s, p, sol)
	}
}

// With -classics every classic is solved within -classics-nodes and every
// claim checked (checkClaim); the counts are logged. Nothing is expected
// of the lengths: docs/classics-report.md says what is known.
func TestClassicsAll(t *testing.T) {
	if !*classicsAll {
		t.Skip("solves all 200 classics: go test ./problem -run ClassicsAll -classics -v")
	}
	s, err := mate.NewSolver(mate.SolverOptions{HashMB: 256, MaxNodes: *classicsNodes, SkipSoundness: true})
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	ps := readClassics(t)
	for i := range ps {
		p := &ps[i]
		sol, err := s.Solve(context.Background(), &p.Position)
		if err != nil {
			t.Fatalf("%s: %v", p.ID, err)
		}
		what := sol.Status.String()
		if sol.Status == mate.Mate {
			what = "mate, bound"
			if sol.LengthExact {
				what = "mate, exact"
			}
		}
		count[what]++
		t.Logf("%s: %s %d (%d nodes)", p.ID, what, sol.Length, sol.Nodes)
		checkClaim(t, s, p, sol)
	}
	t.Logf("%d problems, %d nodes each at most: %v", len(ps), *classicsNodes, count)
}

// An exact length does not depend on the table. 図巧73 was "37, exact"
// with a table of 256 MB and "35, exact" with 64 MB (session 19): a
// defender's node was stored disproven to the depth of a dropped
// interposition's own disproof, an interposition never tested for
// futility by capture, which with fewer plies left was futile. Its
// length is 35 with any table now.
func TestClassicsExactLengthIndependentOfTheTable(t *testing.T) {
	p, ok := classicsByID(t)["図巧73"]
	if !ok {
		t.Fatal("no 図巧73")
	}
	for _, mb := range []int{64, 256} {
		s, err := mate.NewSolver(mate.SolverOptions{HashMB: mb, MaxNodes: 5_000_000, SkipSoundness: true})
		if err != nil {
			t.Fatal(err)
		}
		sol, err := s.Solve(context.Background(), &p.Position)
		if err != nil {
			t.Fatal(err)
		}
		if sol.Status != mate.Mate || !sol.LengthExact || sol.Length != 35 {
			t.Errorf("図巧73 with a %d MB table: %v in %d (exact %v), want mate in 35, exact", mb, sol.Status, sol.Length, sol.LengthExact)
		}
	}
}
