package web

import (
	"context"
	"errors"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/bank"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/theme"
)

// themedServer returns a server over the test problems with the themes of
// their main lines found, as a bank stores them, and the problems.
func themedServer(t *testing.T) (*Server, []problem.Problem) {
	t.Helper()
	ps := testProblems(t)
	if err := bank.FillThemes(context.Background(), ps); err != nil {
		t.Fatal(err)
	}
	s, err := New(Config{Store: NewMemoryStore(ps), IsNotFound: func(err error) bool { return errors.Is(err, errNotFound) },
		Log: discardLogger()})
	if err != nil {
		t.Fatal(err)
	}
	return s, ps
}

// hasThemes reports whether p's main line has every theme of names.
func hasThemes(p *problem.Problem, names ...string) bool {
	for _, n := range names {
		if !slices.ContainsFunc(p.Themes, func(t problem.Theme) bool { return t.Name == n }) {
			return false
		}
	}
	return true
}

// TestThemeQuery: theme=NAME[,NAME] selects the problems whose main line
// has every theme named, in lists, random picks and counts.
func TestThemeQuery(t *testing.T) {
	s, ps := themedServer(t)
	counts := map[string]int{}
	for i := range ps {
		for _, th := range ps[i].Themes {
			counts[th.Name]++
		}
	}
	if len(counts) < 2 {
		t.Fatalf("the test problems have %d themes: too few to test", len(counts))
	}
	var names []string
	for n := range counts {
		names = append(names, n)
	}
	slices.Sort(names)
	for i, n := range names {
		for _, q := range [][]string{{n}, {n, names[(i+1)%len(names)]}} {
			var want []int64
			for j := range ps {
				if hasThemes(&ps[j], q...) {
					want = append(want, int64(j+1))
				}
			}
			var out struct {
				Count    int       `json:"count"`
				Problems []summary `json:"problems"`
			}
			w := do(t, s, "GET", "/api/v1/problems?theme="+strings.Join(q, ","), nil)
			decode(t, w, &out)
			var got []int64
			for _, p := range out.Problems {
				got = append(got, p.ID)
			}
			if w.Code != 200 || out.Count != len(want) || !slices.Equal(got, want) {
				t.Errorf("theme=%s: status %d, count %d, problems %v; want %v", strings.Join(q, ","), w.Code, out.Count, got, want)
			}
		}
		for seed := range 5 {
			var p problemView
			w := do(t, s, "GET", "/api/v1/problems/random?seed="+itoa(seed)+"&theme="+n, nil)
			decode(t, w, &p)
			if w.Code != 200 || !hasThemes(&ps[p.ID-1], n) {
				t.Errorf("random with theme=%s: status %d, problem %d has themes %v", n, w.Code, p.ID, ps[p.ID-1].Themes)
			}
		}
	}
}

// TestThemeQueryErrors: a theme the catalogue does not have is a bad
// request naming the field and the themes there are.
func TestThemeQueryErrors(t *testing.T) {
	s, _ := themedServer(t)
	for _, path := range []string{
		"/api/v1/problems?theme=flying",
		"/api/v1/problems?theme=lure,,head-gold",
		"/api/v1/problems/random?theme=Lure",
		"/api/v1/worksheet?plies=3&theme=gold",
		"/api/v1/problems?theme=lure&theme=head-gold",
	} {
		e := wantError(t, do(t, s, "GET", path, nil), http.StatusBadRequest, paramTheme)
		if !strings.Contains(path, "&theme=") && !strings.Contains(e.Error, "focal-sacrifice") {
			t.Errorf("%s: %q does not list the themes", path, e.Error)
		}
	}
	// An empty theme is no filter.
	if w := do(t, s, "GET", "/api/v1/problems?theme=", nil); w.Code != 200 {
		t.Errorf("theme= (empty): status %d", w.Code)
	}
}

// TestWorksheetThemes: the worksheet takes a theme, and its answer key
// names the themes of each problem in Japanese.
func TestWorksheetThemes(t *testing.T) {
	s, ps := themedServer(t)
	// The most common theme of the 3-ply problems (ids 7–12).
	counts := map[string]int{}
	for _, p := range ps[6:12] {
		seen := map[string]bool{}
		for _, th := range p.Themes {
			if !seen[th.Name] {
				seen[th.Name] = true
				counts[th.Name]++
			}
		}
	}
	best := ""
	for n, c := range counts {
		if best == "" || c > counts[best] || c == counts[best] && n < best {
			best = n
		}
	}
	if best == "" {
		t.Fatal("no theme among the 3-ply test problems")
	}
	w := do(t, s, "GET", "/api/v1/worksheet?plies=3&theme="+best, nil)
	page := w.Body.String()
	if w.Code != 200 {
		t.Fatalf("status %d: %s", w.Code, page)
	}
	answers := regexp.MustCompile(`<li value="[0-9]+">[^<]+<code>[^<]+</code><br><span class="themes">手筋：([^<]+)</span></li>`).FindAllStringSubmatch(page, -1)
	if len(answers) != counts[best] {
		t.Fatalf("%d answers naming their themes, want %d (the 3-ply problems with %s)", len(answers), counts[best], best)
	}
	for _, a := range answers {
		if !strings.Contains(a[1], theme.Japanese(best)) {
			t.Errorf("answer %q does not name %s (%s)", a[0], best, theme.Japanese(best))
		}
	}
	// The answer key of each problem, themes and all.
	for i := 6; i < 12; i++ {
		p := &ps[i]
		if !hasThemes(p, best) {
			if strings.Contains(page, "SFEN "+p.Position.SFEN()) {
				t.Errorf("problem %d has no %s but is on the sheet", i+1, best)
			}
			continue
		}
		found := make([]theme.Found, len(p.Themes))
		for j, th := range p.Themes {
			found[j] = theme.Found(th)
		}
		if !strings.Contains(page, "手筋："+theme.Summary(found)+"</span>") {
			t.Errorf("problem %d: the answer key lacks 手筋：%s", i+1, theme.Summary(found))
		}
	}
}

// TestThemeSelectors: the practice page and the worksheet form offer
// every theme of the catalogue, by its Japanese and ASCII names.
func TestThemeSelectors(t *testing.T) {
	s, _ := themedServer(t)
	for path, id := range map[string]string{"/": "theme", "/worksheet": "ws-theme"} {
		body := do(t, s, "GET", path, nil).Body.String()
		if !strings.Contains(body, `<select id="`+id+`" name="theme">`) || !strings.Contains(body, `<option value="">any</option>`) {
			t.Errorf("%s has no theme selector %q", path, id)
		}
		for _, th := range theme.Catalogue() {
			if opt := `<option value="` + th.Name + `">` + th.Japanese + ` (` + th.Name + `)</option>`; !strings.Contains(body, opt) {
				t.Errorf("%s lacks %s", path, opt)
			}
		}
	}
}

// TestSolveThemes: the solve page's answer names the themes of the main
// line as solve --json does, with their Japanese terms, and its KIF
// record names them in a header.
func TestSolveThemes(t *testing.T) {
	s, _ := themedServer(t)
	var a struct {
		Solution struct {
			Themes []theme.Found `json:"themes"`
		} `json:"solution"`
		ThemesJA []string `json:"themes_ja"`
		KIF      string   `json:"kif"`
	}
	// The README's mate in 3: ▲３三角打, a distant drop.
	w := do(t, s, "POST", "/api/v1/solve", solveRequest{Input: "8k/9/9/7Rs/9/9/9/9/9 b B 1"})
	decode(t, w, &a)
	want := []theme.Found{{Name: theme.DistantDrop, Ply: 1}}
	if w.Code != 200 || !slices.Equal(a.Solution.Themes, want) || !slices.Equal(a.ThemesJA, []string{"遠打"}) {
		t.Errorf("status %d, themes %v %v; want %v [遠打]", w.Code, a.Solution.Themes, a.ThemesJA, want)
	}
	if !strings.Contains(a.KIF, "手筋：1手目 遠打\n") {
		t.Errorf("the KIF record does not name the theme:\n%s", a.KIF)
	}
	// No mate: no themes, an empty list.
	a.Solution.Themes, a.ThemesJA = nil, nil
	w = do(t, s, "POST", "/api/v1/solve", solveRequest{Input: "8k/9/9/9/9/9/9/9/9 b P 1"})
	decode(t, w, &a)
	if w.Code != 200 || a.Solution.Themes == nil || len(a.Solution.Themes) != 0 || a.ThemesJA == nil || len(a.ThemesJA) != 0 {
		t.Errorf("no mate: status %d, themes %v %v; want []", w.Code, a.Solution.Themes, a.ThemesJA)
	}
}
