package cli

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/theme"
)

// Several lengths make one output: --n problems of each length, in the
// order given, the same for one worker and two, each problem the one
// its length's run alone would make at its index, and the variety cap
// held over all of them together, as it holds within one run.
func TestGenerateSeveralLengths(t *testing.T) {
	const seed = "2" // its lengths run apart break the joint cap (checked below)
	args := []string{"--length", "5,3", "--n", "3", "--seed", seed, "--format", "jsonl"}
	out, errs, code := runGenerateCLI(t, context.Background(), append(args, "--workers", "1")...)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if two, _, _ := runGenerateCLI(t, context.Background(), append(args, "--workers", "2")...); two != out {
		t.Errorf("one worker and two differ:\n%s\n%s", out, two)
	}
	for _, want := range []string{"五手詰: generated 3 problems", "三手詰: generated 3 problems", "generated 6 problems in all"} {
		if !strings.Contains(errs, want) {
			t.Errorf("the summary lacks %q:\n%s", want, errs)
		}
	}
	ps := readJSONLProblems(t, out)
	var lengths []int
	for _, p := range ps {
		lengths = append(lengths, len(p.Line))
	}
	if !slices.Equal(lengths, []int{5, 5, 5, 3, 3, 3}) {
		t.Fatalf("lengths %v, want three of 5 plies, then three of 3", lengths)
	}
	// Each problem is its index's of its length alone (--indices has no
	// cap, so it shows every index's problem).
	for _, p := range ps {
		one, errs, code := runGenerateCLI(t, context.Background(), "--length", strconv.Itoa(len(p.Line)), "--indices", strconv.Itoa(p.Provenance.Index+1),
			"--seed", seed, "--format", "jsonl")
		if code != ExitOK {
			t.Fatalf("exit %d: %s", code, errs)
		}
		alone := readJSONLProblems(t, one)
		if last := alone[len(alone)-1]; last.Provenance.Index != p.Provenance.Index || last.Position.SFEN() != p.Position.SFEN() {
			t.Errorf("%d plies, index %d: %s, alone %s (index %d)", len(p.Line), p.Provenance.Index, p.Position.SFEN(), last.Position.SFEN(), last.Provenance.Index)
		}
	}
	// The cap, over both lengths: of the first k problems at most
	// max(1, 10k/100), one each here, of a class; the last move's class
	// and the king's contact count three times (worksheetClasses).
	if c := overCap(ps, worksheetClasses); c != "" {
		t.Errorf("class %q is over the cap", c)
	}
	// A line's classes, over the problems of its length alone.
	for _, of := range [][]problem.Problem{ps[:3], ps[3:]} {
		if c := overCap(of, worksheetLineClasses); c != "" {
			t.Errorf("%d plies: class %q is over the cap of the length's problems", len(of[0].Line), c)
		}
	}
	// The lengths run alone, their outputs one after the other, break it:
	// the shared cap is what holds it.
	var apart []problem.Problem
	for _, n := range []string{"5", "3"} {
		one, errs, code := runGenerateCLI(t, context.Background(), "--length", n, "--n", "3", "--seed", seed, "--format", "jsonl")
		if code != ExitOK {
			t.Fatalf("exit %d: %s", code, errs)
		}
		apart = append(apart, readJSONLProblems(t, one)...)
	}
	if overCap(apart, worksheetClasses) == "" {
		t.Error("the lengths run apart keep the cap too: the test proves nothing")
	}
}

// Several lengths are made longest first and written in the order given:
// 3,5 and 5,3 make the same problems, each in its own order.
func TestGenerateSeveralLengthsOrder(t *testing.T) {
	var sets [2][]problem.Problem
	for i, lengths := range []string{"3,5", "5,3"} {
		out, errs, code := runGenerateCLI(t, context.Background(), "--length", lengths, "--n", "3", "--seed", "9", "--format", "jsonl")
		if code != ExitOK {
			t.Fatalf("--length %s: exit %d: %s", lengths, code, errs)
		}
		sets[i] = readJSONLProblems(t, out)
		if len(sets[i]) != 6 {
			t.Fatalf("--length %s: %d problems, want 6", lengths, len(sets[i]))
		}
		first := int(lengths[0] - '0')
		for j, p := range sets[i] {
			want := first
			if j >= 3 {
				want = 8 - first
			}
			if len(p.Line) != want {
				t.Errorf("--length %s: problem %d has %d plies, want %d", lengths, j+1, len(p.Line), want)
			}
		}
	}
	if !slices.EqualFunc(sets[0][:3], sets[1][3:], sameProblem) || !slices.EqualFunc(sets[0][3:], sets[1][:3], sameProblem) {
		t.Error("3,5 and 5,3 make different problems")
	}
}

// sameProblem reports whether a and b are the same position.
func sameProblem(a, b problem.Problem) bool { return a.Position.SFEN() == b.Position.SFEN() }

// A run of several lengths cut short writes the problems it made: with
// 3,5 the mate-in-5s, made first, are held back for the mate-in-3s; the
// timeout comes before any mate-in-3 (there are 100,000 mate-in-5s to
// make), and the mate-in-5s found are written all the same.
func TestGenerateSeveralLengthsCutShort(t *testing.T) {
	out, errs, code := runGenerateCLI(t, context.Background(), "--length", "3,5", "--n", "100000", "--seed", "2", "--timeout", "2s", "--format", "jsonl")
	if code != ExitNo {
		t.Fatalf("exit %d, want %d: %s", code, ExitNo, errs)
	}
	ps := readJSONLProblems(t, out)
	if want := fmt.Sprintf("timeout after 2s: found %d of 200000 problems", len(ps)); !strings.Contains(errs, want) {
		t.Errorf("stderr lacks %q:\n%s", want, errs)
	}
	for _, p := range ps {
		if len(p.Line) != 5 {
			t.Errorf("a problem of %d plies: want only mate-in-5s", len(p.Line))
		}
	}
	if len(ps) == 0 {
		t.Log("no mate-in-5 within the timeout: the test shows only that nothing else is written")
	}
}

// overCap returns a class (by classes) that the problems of ps before
// one of its problems, the kth, already hold max(1, 10(k+1)/100) times,
// the cap of gen.Generator.Classes (a class listed twice counts twice),
// or "".
func overCap(ps []problem.Problem, classes func(*problem.Problem) []string) string {
	seen := map[string]int{}
	for k, p := range ps {
		cs := classes(&p)
		for _, c := range cs {
			if seen[c] >= max(1, (k+1)*10/100) {
				return c
			}
		}
		for _, c := range cs {
			seen[c]++
		}
	}
	return ""
}

// A worksheet of several lengths lists the last move's class, the
// king's contact, a chain of sacrifices, the start and the last five and
// three plies three times, and
// each kind that stays unpromoted twice, so that the cap shared by its
// lengths counts them so; a run of one length lists the first ones once
// and has no start class.
func TestWorksheetClasses(t *testing.T) {
	pos, err := shogi.ParseSFEN("4kN3/9/4S4/9/9/9/9/9/9 b G 1")
	if err != nil {
		t.Fatal(err)
	}
	m, err := pos.ParseUSIMove("G*5b")
	if err != nil {
		t.Fatal(err)
	}
	p := problem.Problem{Position: pos, Line: []shogi.Move{m}}
	count := func(cs []string, c string) int {
		n := 0
		for _, x := range cs {
			if x == c {
				n++
			}
		}
		return n
	}
	// The thirtieth read's mate-in-3 4: ▲７二銀不成 △５二玉 ▲６三と.
	silver := problemOf(t, "1S1ksg3/5g3/2+P2s3/9/9/9/9/9/9 b 2r2b2gs4n4l17p 1", "8a7b 6a5b 7c6c")
	// The thirty-second read's mate-in-5 11: ▲２三桂 △同金 ▲２二桂成 (a
	// double check, the lance behind the knight) △同玉 ▲１二飛.
	double := problemOf(t, "6gnk/8g/6s2/8N/9/8L/9/9/9 b RNr2b2g3sn3l18p 1", "N*2c 1b2c 1d2b+ 1a2b R*1b")
	double.Themes = []problem.Theme{{Name: theme.DiscoveredCheck, Ply: 3}, {Name: theme.DoubleCheck, Ply: 3}}
	// The forty-third read's mate-in-5 20 (a chain of two sacrifices) and
	// mate-in-3 3 (one).
	chain := problemOf(t, "6+B2/9/5pk2/4sn3/7+R1/9/4N4/9/9 b Prb4g3s2n4l16p 1", "5g4e 5d4e P*3d 4e3d 2e2b")
	single := problemOf(t, "1g7/l8/k8/9/GL7/9/9/9/9 b B2rb2g4s4n2l18p 1", "B*8b 8a8b 9e8d")
	// The forty-fifth read's mate-in-7 23.
	long := problemOf(t, "6k2/4+Rsg2/8P/9/6S2/9/9/9/9 b 2Gr2bg2s4n4l17p 1", "G*2a 3a2a 5b4a 2a2b 4a1a 2b1a G*1b")
	// The fifty-sixth read's mate-in-5 19 and mate-in-7 28, one file
	// apart: the second plays the first's line after two plies.
	five := problemOf(t, "2k1+B4/1g7/3s5/9/R8/9/9/9/9 b Grb2g3s4n4l18p 1", "9e9a+ 7a7b G*7c 8b7c 5a6a")
	seven := problemOf(t, "2k2+B3/2g6/4s4/9/9/9/9/1+R7/9 b 2Grbg3s4n4l18p 1", "G*6a 7a6a 8h8a 6a6b G*6c 7b6c 4a5a")
	for _, c := range []struct {
		p           *problem.Problem
		class       string
		times, once int // in worksheetClasses, in composedClasses
	}{
		{&p, "end G d 5b", 3, 1},
		{&p, "contact 5a N4a", 3, 1},
		{&silver, "不成 S", 2, 1},
		{&double, "double check", 2, 0},
		{&p, "double check", 0, 0},
		{&chain, "sacrifices NmxS PdxS", 3, 1},
		{&single, "sacrifices BdxG", 1, 1},
		{&single, "start B 2b G 2b", 3, 0},
		{&long, "start G 2a K 2a", 3, 0},
		{&five, "last five +R m -2 0 K 0 1 G d 0 1 x G +B m 1 -1", 3, 0},
		{&seven, "last five +R m -2 0 K 0 1 G d 0 1 x G +B m 1 -1", 3, 0},
		{&single, "last three d -1 -1 x G m -1 1", 3, 0},
	} {
		if n := count(worksheetClasses(c.p), c.class); n != c.times {
			t.Errorf("worksheetClasses lists %q %d times, want %d: %q", c.class, n, c.times, worksheetClasses(c.p))
		}
		if n := count(composedClasses(c.p), c.class); n != c.once {
			t.Errorf("composedClasses lists %q %d times, want %d: %q", c.class, n, c.once, composedClasses(c.p))
		}
	}
	for _, c := range worksheetClasses(&single) {
		if strings.HasPrefix(c, "last five") {
			t.Errorf("a mate-in-3 has the class %q", c)
		}
	}
	for _, c := range worksheetClasses(&seven) {
		if strings.HasPrefix(c, "last three") {
			t.Errorf("a mate-in-7 has the class %q", c)
		}
	}
	if count(worksheetClasses(&five), "last three d 0 1 x G m -1 -1") != 3 {
		t.Errorf("the mate-in-5 lacks its last three plies thrice: %q", worksheetClasses(&five))
	}
}

// problemOf returns the problem of sfen with the main line line (USI
// moves).
func problemOf(t *testing.T, sfen, line string) problem.Problem {
	t.Helper()
	pos, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	p := problem.Problem{Position: pos}
	q := pos
	for _, u := range strings.Fields(line) {
		m, err := q.ParseUSIMove(u)
		if err != nil {
			t.Fatal(err)
		}
		q.DoMove(m)
		p.Line = append(p.Line, m)
	}
	return p
}

// The route of a line (maten.Route) is a class of its length from 5
// plies: the twenty-sixth read's mate-in-5 12 has one, a mate-in-3 none.
// So are the takers of two sacrifices or more (maten.Takers): the
// twenty-seventh read's mate-in-5 13. The last three plies (maten.Tail)
// are a class of every length: the thirtieth read's mate-in-7s 26 and 27
// share one. The key with its square (maten.Key) is a class of a
// worksheet's length alone: 22 and 27 share one; so are the lure
// (maten.Lure: the thirty-fourth read's mate-in-3s 1 and 10 share one, a
// line without a sacrifice has none), the free finish
// (maten.FreeFinish: the thirty-fifth read's mate-in-7s 26 and 28) and
// the capture of a standing piece (maten.StandingCapture: the
// thirty-eighth read's mate-in-7 23), and the loose finish
// (maten.LooseFinish: the forty-third read's 21 and 12, not 30).
func TestLineClasses(t *testing.T) {
	for _, c := range []struct {
		sfen, line, class, want string
	}{
		{"+R1g6/G1+P6/1k7/1gs6/9/9/9/9/9 b R2bg3s4n4l17p 1", "9b8b 7a8b R*7c 8b7c 7b8b", "route", "route 2b 3c 2b"},
		{"8k/9/9/9/9/9/9/9/9 b GP 1", "P*1b 1a1b G*1c", "route", ""},
		{"7ks/6s2/8S/8+R/9/6R2/9/9/9 b BSb4g4n4l18p 1", "1d2c 3b2c B*1b 1a1b S*2b", "takers", "takers S S"},
		{"6g1k/5+R2g/9/9/6N2/9/9/9/9 b Lr2b2g4s3n3l18p 1", "3e2c 1b2c L*1c 2c1c 4b3a 1a1b G*2b", "key", "key N m= 2c"},
		{"6k2/7g1/6s1P/9/6N1L/9/1+B7/9/5R3 b rb3g3s3n3l17p 1", "3e2c 2b2c 8g2a 3a2a 4i4a+ 2a2b 1c1b+", "key", "key N m= 2c"},
		{"6k2/7g1/6s1P/9/6N1L/9/1+B7/9/5R3 b rb3g3s3n3l17p 1", "3e2c 2b2c 8g2a 3a2a 4i4a+ 2a2b 1c1b+", "tail", "tail R K P m+"},
		{"7k1/5G1g1/5P1s+R/9/5L3/9/9/9/9 b Nr2b2g3s3n3l17p 1", "N*3c 2b3c 4b3a 2a3a 1c1a 3a3b 4c4b+", "tail", "tail R K P m+"},
		{"8k/9/9/9/9/9/9/9/9 b GP 1", "P*1b 1a1b G*1c", "tail", "tail P Kx G d"},
		{"4gk3/4g1Ls1/5S3/7N1/9/9/9/9/9 b N2r2b2g2s2n3l18p 1", "3b3a+ 2b3a N*3c", "lure", "lure S 3a"},
		{"4gs3/4gk1s1/9/5S3/9/6L2/9/9/9 b S2r2b2g4n3l18p 1", "S*3a 2b3a 3f3c+", "lure", "lure S 3a"},
		{"4k4/9/4P4/9/9/9/9/9/9 b G 1", "G*5b", "lure", ""},
		{"1ksG5/2s1g4/1S2p4/9/3N5/9/9/9/9 b Rr2b2gs3n4l17p 1", "6e7c 7b7c 6a7a 8a7a S*7b 7a6b R*6a", "finish", "finish free"},
		{"k8/2gS5/g8/p1nN5/1R7/9/9/9/9 b Sr2b2g2s2n4l17p 1", "8e8a+ 9a8a 6d7b+ 8a7b S*7c 7b6c G*5c", "finish", "finish free, finish loose"},
		{"8k/9/9/9/9/9/9/9/9 b GP 1", "P*1b 1a1b G*1c", "finish", "finish loose"},
		{"k8/2g6/p8/g1s6/3N5/6+B2/1R7/9/9 b Srb2g2s3n4l17p 1", "8g8a+ 9a8a 3f7b 8a7b S*7c 7b6a G*6b", "finish", "finish free, finish loose"},
		{"3s5/3s5/Skgg5/8+R/2S6/9/9/9/9 b r2b2g4n4l18p 1", "1d8d 7c8d 7e8d 8c7b G*8b", "finish", "finish free, finish loose"},
		{"3k5/4PG3/2ssS4/2L1N4/9/9/9/9/9 b S2r2b3g3n3l17p 1", "5d6b+ 7c6b 5b5a+ 6b5a 4b5b 5a5b S*6b", "finish", ""},
		{"9/k1+B6/9/1gg6/1GG6/9/9/9/9 b S2rb3s4n4l18p 1", "S*9c 9b9c 7e8d 7d8d 8e9d 8d9d G*8c", "capture", "capture standing"},
		{"8k/9/9/9/9/9/9/9/9 b GP 1", "P*1b 1a1b G*1c", "capture", ""},
	} {
		p := problemOf(t, c.sfen, c.line)
		classes := lineClasses
		if c.class == "key" || c.class == "lure" || c.class == "finish" || c.class == "capture" {
			classes = worksheetLineClasses
			if cs := lineClasses(&p); slices.ContainsFunc(cs, func(cl string) bool { return strings.HasPrefix(cl, c.class+" ") }) {
				t.Errorf("%s %s: a run of one length has a key, lure, finish or capture class: %q", c.sfen, c.line, cs)
			}
		}
		var found []string
		for _, cl := range classes(&p) {
			if strings.HasPrefix(cl, c.class+" ") {
				found = append(found, cl)
			}
		}
		if got := strings.Join(found, ", "); got != c.want {
			t.Errorf("%s %s: %s classes %q, want %q (%q)", c.sfen, c.line, c.class, got, c.want, classes(&p))
		}
	}
}

// A worksheet of several lengths numbers its problems in order and names
// each picture's length.
func TestGenerateSeveralLengthsWorksheet(t *testing.T) {
	const seed = "2" // its lengths run apart break the joint cap (checked below)
	dir := t.TempDir()
	if _, errs, code := runGenerateCLI(t, context.Background(), "--length", "3,5", "--n", "2", "--seed", seed, "--format", "svg", "--out", dir); code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	page, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), "<h1>三手詰・五手詰 — Black to play and mate in 3 or 5</h1>") {
		t.Errorf("index.html does not name both lengths:\n%.600s", page)
	}
	for i, want := range []string{"第1問 三手詰", "第2問 三手詰", "第3問 五手詰", "第4問 五手詰"} {
		pic, err := os.ReadFile(filepath.Join(dir, "000"+strconv.Itoa(i+1)+".svg"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(pic), want) {
			t.Errorf("picture %d lacks the title %q", i+1, want)
		}
	}
}

// readJSONLProblems reads generate's jsonl output.
func readJSONLProblems(t *testing.T, out string) []problem.Problem {
	t.Helper()
	ps, err := problem.ReadJSONL(strings.NewReader(out), "stdout")
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

// A key that uncovers a check, a double check among them, is a class of
// the composed style up to 5 plies; the same theme later in the line is
// not, nor a 7-ply line's key.
func TestDiscoveredKeyClass(t *testing.T) {
	for _, c := range []struct {
		themes []problem.Theme
		plies  int
		want   bool
	}{
		{[]problem.Theme{{Name: "discovered-check", Ply: 1}}, 3, true},
		{[]problem.Theme{{Name: "sacrifice", Ply: 1}, {Name: "double-check", Ply: 1}}, 5, true},
		{[]problem.Theme{{Name: "discovered-check", Ply: 3}}, 3, false},
		{[]problem.Theme{{Name: "sacrifice", Ply: 1}}, 3, false},
		{[]problem.Theme{{Name: "discovered-check", Ply: 1}}, 7, false},
	} {
		p := problem.Problem{Themes: c.themes, Line: make([]shogi.Move, c.plies)}
		if got := discoveredKey(&p); got != c.want {
			t.Errorf("themes %v: discoveredKey %v, want %v", c.themes, got, c.want)
		}
	}
}

// A problem's chain of sacrifices is a class of the composed style when
// it has one: the eighteenth read's problems 25 and 26 share theirs, and
// a problem without a sacrifice has no such class.
func TestSacrificeChainClass(t *testing.T) {
	class := func(sfen, line string) string { return classOf(t, "sacrifices ", sfen, line) }
	a := class("6k1l/5Ls1l/5G3/6N2/9/9/9/9/9 b LP2r2b3g3s3n17p 1", "4b4a+ 3b4a P*3b 4a3b 4c4b 3a2a L*2b")
	b := class("5s3/3Lsk3/3+R5/7G1/9/9/9/9/9 b SPr2b3gs4n3l17p 1", "2d3c 4b5a 6b6a+ 5b6a P*5b 4a5b S*4b")
	if a == "" || a != b {
		t.Errorf("problems 25 and 26: classes %q and %q, want one", a, b)
	}
	if c := class("2ks5/9/2S1+b4/5N3/9/9/6B2/9/9 b 2r4g2s3n4l18p 1", "7c8b 7a6b 3g7c+"); c != "" {
		t.Errorf("a line without a sacrifice has the class %q", c)
	}
}

// classOf returns the first composed class with the given prefix of the
// problem sfen with main line line (USI moves), or "".
func classOf(t *testing.T, prefix, sfen, line string) string {
	t.Helper()
	p := problemOf(t, sfen, line)
	for _, c := range composedClasses(&p) {
		if strings.HasPrefix(c, prefix) {
			return c
		}
	}
	return ""
}

// The chain without the pieces that take is a class too: the
// twenty-first read's problems 22 and 30 share one, though a silver takes
// the gold in one and a gold in the other; a line with one sacrifice has
// none.
func TestSacrificedClass(t *testing.T) {
	class := func(sfen, line string) string { return classOf(t, "sacrificed ", sfen, line) }
	a := class("k1s6/s1g6/p1N6/9/3B5/9/9/9/9 b BG2r2g2s3n4l17p 1", "G*8a 9b8a 7c8a+ 9a8a S*9b 8a8b B*9a")
	b := class("1ks6/1g7/P2S5/9/9/9/9/9/9 b GN2r2b2g2s3n4l17p 1", "N*7c 8a9a G*8a 8b8a 7c8a+ 9a8a G*9b")
	if a == "" || a != b {
		t.Errorf("read 21, problems 22 and 30: classes %q and %q, want one", a, b)
	}
	if c := class("k1G6/1n7/9/S8/9/9/9/9/9 b LP2r2b3g3s3n3l17p 1", "P*9b 9a9b L*9c"); c != "" {
		t.Errorf("a line with one sacrifice has the class %q", c)
	}
}

// A worksheet's mate-in-7 with four defender pieces or more besides the
// king, or that mates with four attacker pieces or more on the board, has
// a crowd class (crowdClasses): the thirty-eighth read's 22 (five
// defenders) and the thirty-ninth's 21 (four attacker pieces at the mate,
// its final_pieces as generate measured it); a mate-in-5 with five
// defenders (the thirty-ninth read's 11) has none, nor has a run of one
// length.
func TestCrowdClasses(t *testing.T) {
	for _, c := range []struct {
		sfen, line  string
		finalPieces int
		want        []string
	}{
		{"ksGg5/s2s5/S2n5/9/9/9/9/9/9 b 2N2r2b2gn4l18p 1", "N*8c 9b8c 7a8a 9a8a S*8b 8a7b N*6d", 3, []string{"crowd defenders"}},
		{"2+B6/k2G5/1g1G5/n8/3S5/2N6/9/9/9 b L2rbg3s2n3l18p 1", "7f8d 8c8d L*9c 9b8c 6c7c 8c7c 7a7b", 4, []string{"crowd mate"}},
		{"4s4/1gs6/1pk1S4/4R4/1g7/9/9/9/9 b BSrb2g4n4l17p 1", "B*8d 8e8d S*6b 5a6b 5c6d+", 2, nil},
	} {
		p := problemOf(t, c.sfen, c.line)
		p.Composer = &problem.Composer{FinalPieces: c.finalPieces}
		var got []string
		for _, cl := range worksheetLineClasses(&p) {
			if strings.HasPrefix(cl, "crowd ") {
				got = append(got, cl)
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s %s: crowds %q, want %q", c.sfen, c.line, got, c.want)
		}
		if cs := lineClasses(&p); slices.ContainsFunc(cs, func(cl string) bool { return strings.HasPrefix(cl, "crowd ") }) {
			t.Errorf("%s: a run of one length has a crowd class: %q", c.sfen, cs)
		}
	}
}

// TestPlainClasses: a worksheet's plain mate-in-3s (a plain key, a
// drop blocking a flight square), mate-in-5s and mate-in-7s each have a
// class of their length; a run of one length has none.
func TestPlainClasses(t *testing.T) {
	for _, c := range []struct {
		sfen, line       string
		sacrifices, rank int
		want             bool
		themes           []string
	}{
		// A mate-in-3 without a sacrifice, its key the first check.
		{"7gs/8k/6ns1/9/9/8N/8L/9/9 b B2rb3g2s2n3l18p 1", "1f2d 1b2b B*1c", 0, 1, true, nil},
		// A rook sacrificed by a key ranked tenth, and second.
		{"3g5/5s3/3gk4/2R3+B2/9/9/9/9/9 b Rb2g3s4n4l18p 1", "R*5b 6a5b 3d4d", 1, 10, false, nil},
		{"3g5/5s3/3gk4/2R3+B2/9/9/9/9/9 b Rb2g3s4n4l18p 1", "R*5b 6a5b 3d4d", 1, 2, true, nil},
		// The forty-sixth read's mate-in-3 7: a silver dropped for the
		// guard to take onto the king's flight square (a "no": "the third
		// drop-sacrifice-to-block-a-flight-square on the sheet"), its key
		// ranked fourth; a drop that lures instead is not plain.
		{"3s1+R3/3s5/1S1kg4/R3g4/9/9/9/9/9 b S2b2g4n4l18p 1", "S*7b 6a7b 8c7d+", 1, 4, true, []string{theme.Sacrifice, theme.DropSacrifice, theme.FlightBlock}},
		{"3s1+R3/3s5/1S1kg4/R3g4/9/9/9/9/9 b S2b2g4n4l18p 1", "S*7b 6a7b 8c7d+", 1, 4, false, []string{theme.Sacrifice, theme.DropSacrifice, theme.Lure}},
		// A mate-in-5 with one sacrifice and two defenders.
		{"l8/sk1S5/9/9/9/6+B2/9/9/9 b GL2rb3g2s4n2l18p 1", "3f7b 8b7b G*7c 7b8a L*8b", 1, 1, true, nil},
		// One sacrifice, three defenders.
		{"3g5/4kPs2/3n2S2/3+R5/9/9/9/9/9 b GNr2b2g2s2n4l17p 1", "G*5c 5b5a 4b4a+ 3b4a N*4c", 1, 1, false, nil},
		// Two sacrifices, two defenders.
		{"9/9/skS6/g8/2L6/L8/9/9/9 b RGr2b2g2s4n2l18p 1", "G*8b 9c8b R*8d 9d8d 7c7b", 2, 1, false, nil},
		// A mate-in-7 with two sacrifices and three defenders (the
		// forty-fifth read's 21, "the king sits among three silvers").
		{"4ks3/2G1s1S2/3G2s2/8B/9/9/9/9/9 b 2rb2g4n4l18p 1", "7b6b 5a4b 6b5b 4a5b S*4c 5b4c 3b4a+", 2, 1, true, nil},
		// Three sacrifices, three defenders (the forty-fourth read's 22).
		{"2k1sG3/3s1G3/1S1sG4/9/9/9/9/9/9 b Rr2bg4n4l18p 1", "R*6a 7a6a 4a5a 6b5a 4b5b 5a5b S*6b", 3, 1, false, nil},
		// Two sacrifices, two defenders (the forty-fourth read's 23).
		{"5k3/3G4G/5n1p1/5N1GR/5S3/9/9/9/9 b r2bg3s2n4l17p 1", "6b5b 4a3a 4d3b+ 3a3b 2d3c 3b3c 1d3d", 2, 1, false, nil},
	} {
		p := problemOf(t, c.sfen, c.line)
		p.Composer = &problem.Composer{Sacrifices: c.sacrifices}
		p.Quality = &problem.Quality{KeyRank: c.rank}
		for _, n := range c.themes {
			p.Themes = append(p.Themes, problem.Theme{Name: n, Ply: 1})
		}
		got := slices.ContainsFunc(worksheetLineClasses(&p), func(cl string) bool { return strings.HasPrefix(cl, "plain ") })
		if got != c.want {
			t.Errorf("%s %s (%d sacrifices, key ranked %d): plain %v, want %v", c.sfen, c.line, c.sacrifices, c.rank, got, c.want)
		}
		if cs := lineClasses(&p); slices.ContainsFunc(cs, func(cl string) bool { return strings.HasPrefix(cl, "plain ") }) {
			t.Errorf("%s: a run of one length has a plain class: %q", c.sfen, cs)
		}
	}
}
