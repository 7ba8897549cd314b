package bank

import (
	"context"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/theme"
)

// fairyBoardProblems are problems whose positions package shogi cannot
// hold, as the solver wrote them: a 安南 mate in 3 against a royal bishop,
// a 天竺 mate in 1 by a Grasshopper and the same as a helpmate under the
// standard rules.
func fairyBoardProblems(t *testing.T) []problem.Problem {
	t.Helper()
	mk := func(sfen, rules, line string, goal problem.Goal) problem.Problem {
		p, err := problem.Parse(sfen, rules, goal, strings.Fields(line))
		if err != nil {
			t.Fatal(err)
		}
		p.Verdict, p.Provenance = "sound", problem.Provenance{Method: "fairy", Seed: 2}
		if goal == problem.Mate {
			p.Themes = []problem.Theme{} // looked for, none found (TestFairyThemes)
		}
		return p
	}
	return []problem.Problem{
		mk("6$b2/5s3/9/6p2/9/9/9/9/9 b RSrb4g2s4n4l17p 1", "annan", "R*2a 3a1c S*2d", problem.Mate),
		mk("k8/Bp7/1G7/9/9/9/9/9/9 b (GH)2rb3g4s4n4l17p 1", "tenjiku", "(GH)*9c", problem.Mate),
		mk("k8/Bp7/1G7/9/9/9/9/9/9 b (GH)2rb3g4s4n4l17p 1", "", "(GH)*9c", problem.Help),
	}
}

// sameJSON checks that got's JSON form is want's, byte for byte.
func sameJSON(t *testing.T, what string, got, want problem.Problem) {
	t.Helper()
	g, err := problem.AppendJSONL(nil, &got)
	if err != nil {
		t.Fatal(err)
	}
	w, err := problem.AppendJSONL(nil, &want)
	if err != nil {
		t.Fatal(err)
	}
	if string(g) != string(w) {
		t.Errorf("%s:\n got %s\nwant %s", what, g, w)
	}
}

// A problem with fairy pieces is stored with its fairy SFEN, its line in
// variant's USI, its rules and stipulation, and reads back as it was
// added, its JSON form byte for byte.
func TestFairyBoardRoundTrip(t *testing.T) {
	ctx := context.Background()
	b, _ := openTemp(t)
	ps := fairyBoardProblems(t)
	if n, err := b.Add(ctx, ps...); err != nil || n != len(ps) {
		t.Fatalf("added %d (%v), want %d", n, err, len(ps))
	}
	for i, p := range ps {
		e, err := b.Get(ctx, int64(i+1))
		if err != nil {
			t.Fatal(err)
		}
		if e.Problem.Variant == nil {
			t.Fatalf("entry %d read back as a standard position", e.ID)
		}
		sameProblem(t, "read back", e.Problem, p)
		sameJSON(t, "read back", e.Problem, p)
		var sfen, line string
		var fairy int
		if err := b.db.QueryRowContext(ctx, "SELECT sfen, line, fairy FROM problems WHERE id = ?", e.ID).Scan(&sfen, &line, &fairy); err != nil {
			t.Fatal(err)
		}
		if sfen != p.SFEN() || line != p.LineUSI() || fairy != 1 {
			t.Errorf("entry %d stored as %q, %q, fairy %d; want %q, %q, 1", e.ID, sfen, line, fairy, p.SFEN(), p.LineUSI())
		}
	}
}

// The key of a fairy position is the smaller of its SFEN and its mirror
// image's: the mirror image is a duplicate; the same position under
// other rules is not.
func TestFairyBoardKey(t *testing.T) {
	ctx := context.Background()
	b, _ := openTemp(t)
	ps := fairyBoardProblems(t)
	if _, err := b.Add(ctx, ps...); err != nil {
		t.Fatal(err)
	}
	m := ps[1]
	mv := m.Variant.Mirror()
	m.Variant = &mv
	ms, err := m.ParseLine([]string{"(GH)*1c"})
	if err != nil {
		t.Fatal(err)
	}
	m.Line = ms
	if KeyOf(&m) != KeyOf(&ps[1]) {
		t.Errorf("mirror image: key %q, want %q", KeyOf(&m), KeyOf(&ps[1]))
	}
	if n, err := b.Add(ctx, m); err != nil || n != 0 {
		t.Errorf("the mirror image added: %d (%v), want a duplicate", n, err)
	}
	if got, want := VariantKey(ps[0].Variant), "2$b6/3s5/9/2p6/9/9/9/9/9 b RSrb4g2s4n4l17p"; got != want {
		t.Errorf("VariantKey = %q, want %q", got, want)
	}
	// A standard position has the same key either way.
	std := generated(t, 1, 5)[0]
	if v, err := std.VariantPosition(); err != nil || VariantKey(&v) != Key(&std.Position) {
		t.Errorf("standard position: VariantKey %q, Key %q (%v)", VariantKey(&v), Key(&std.Position), err)
	}
}

// The derived columns of a fairy position: the size without the
// defender's royal, the mating piece as variant writes it, the region of
// the defender's one royal; Board selects by the pieces.
func TestFairyBoardQuery(t *testing.T) {
	ctx := context.Background()
	b, _ := openTemp(t)
	if _, err := b.Add(ctx, fairyBoardProblems(t)...); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Add(ctx, fairyProblems(t)...); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		q    Query
		want int
	}{
		{Query{}, 7},
		{Query{Board: BoardFairy}, 3},
		{Query{Board: BoardStandard}, 4},
		{Query{Board: BoardFairy, Rules: "standard"}, 1},
		{Query{Board: BoardFairy, Rules: "annan"}, 1},
		{Query{MatingPiece: "(GH)"}, 2},
		{Query{MatingPiece: "S", Board: BoardFairy}, 1},
		{Query{KingRegion: Corner, Board: BoardFairy}, 2},
		{Query{KingRegion: Edge, Board: BoardFairy}, 1},
		{Query{MinPieces: 4, MaxPieces: 4, Board: BoardFairy}, 3},
	} {
		if n, err := b.Count(ctx, tc.q); err != nil || n != tc.want {
			t.Errorf("Count(%+v) = %d, %v; want %d", tc.q, n, err, tc.want)
		}
	}
	if _, err := b.Count(ctx, Query{Board: "chess"}); err == nil || !strings.Contains(err.Error(), "board") {
		t.Errorf("Board chess: %v, want an error naming the board", err)
	}
}

// A row that cannot be read is an error naming the entry and the column:
// an unknown rules name, a bad fairy token, an illegal line.
func TestFairyBoardBadRows(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct{ set, want string }{
		{"rules = 'anan'", "entry 1: rules"},
		{"sfen = '4k4/9/9/9/9/9/9/9/9 b (GX) 1'", "entry 1: sfen"},
		{"line = '(GH)*9a'", "entry 1: line"}, // the king's square
	} {
		b, _ := openTemp(t)
		if _, err := b.Add(ctx, fairyBoardProblems(t)[1]); err != nil {
			t.Fatal(err)
		}
		if _, err := b.db.ExecContext(ctx, "UPDATE problems SET "+tc.set+" WHERE id = 1"); err != nil {
			t.Fatal(err)
		}
		_, err := b.Get(ctx, 1)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error naming %q", tc.set, err, tc.want)
		}
		if _, err := b.Query(ctx, Query{}); err == nil {
			t.Errorf("%s: Query read the row", tc.set)
		}
	}
	// Nor does Add store a problem under rules it does not know.
	b, _ := openTemp(t)
	p := fairyBoardProblems(t)[1]
	p.Rules = "anan"
	if _, err := b.Add(ctx, p); err == nil || !strings.Contains(err.Error(), "problem 1") || !strings.Contains(err.Error(), "rules: ") {
		t.Errorf("Add under rules anan: %v, want an error naming the problem and the rules", err)
	}
}

// Add finds the themes of a fairy problem that comes without them, as
// theme.FindVariant finds them under its rules; a helpmate has none.
func TestFairyThemes(t *testing.T) {
	ctx := context.Background()
	b, _ := openTemp(t)
	// theme/testdata/fairy-themes.txt: under 天竺 the knight promotes on
	// 1a to be taken by the king, mated there by the gold.
	p, err := problem.Parse("9/8k/7N1/9/7R1/9/9/9/9 b G 1", "tenjiku", problem.Mate, strings.Fields("2c1a+ 1b1a G*2b"))
	if err != nil {
		t.Fatal(err)
	}
	ps := fairyBoardProblems(t)
	for i := range ps {
		ps[i].Themes = nil
	}
	if _, err := b.Add(ctx, append([]problem.Problem{p}, ps...)...); err != nil {
		t.Fatal(err)
	}
	es, err := b.Query(ctx, Query{})
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range es {
		got := e.Problem.Themes
		if e.Problem.Stipulation.Goal != problem.Mate {
			if got != nil {
				t.Errorf("entry %d, a helpmate: themes %v", e.ID, got)
			}
			continue
		}
		v, err := e.Problem.VariantPosition()
		if err != nil {
			t.Fatal(err)
		}
		found, err := theme.FindVariant(ctx, &v, e.Problem.Line, theme.Options{})
		if err != nil {
			t.Fatal(err)
		}
		want := []problem.Theme{}
		for _, f := range found {
			want = append(want, problem.Theme(f))
		}
		if !reflect.DeepEqual(got, want) || i == 0 && !slices.Contains(got, problem.Theme{Name: "sacrifice", Ply: 1}) {
			t.Errorf("entry %d: themes %v, want %v (a sacrifice at ply 1 in the first)", e.ID, got, want)
		}
	}
	if n, err := b.Count(ctx, Query{Themes: []string{"lure"}}); err != nil || n != 1 {
		t.Errorf("the lure: %d problems (%v), want 1", n, err)
	}
}
