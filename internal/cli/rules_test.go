package cli

import (
	"encoding/json"
	"flag"
	"strings"
	"testing"
)

// The fairy golden files live in testdata/fairy/.
const fairyGoldenDir = "testdata/fairy"

// Positions of the fairy cases (helpmate/variant_test.go checks their
// solutions by brute force).
const (
	fLion    = "7lk/7p1/9/9/9/9/9/9/9 b (LI)G 1"               // h#3, unique
	fGH      = "8k/8p/9/9/9/9/9/9/9 b (GH)G 1"                 // h#3, six
	fRoyalB  = "8$b/9/9/9/9/9/9/9/9 b GS 1"                    // h#5: a royal bishop, the only royal
	fKings   = "4k4/9/9/9/9/9/9/9/4K4 b GS 1"                  // h#3 under 天竺, h#5 without
	fAnnan   = "4l4/4k4/9/9/9/9/9/9/9 b GS 1"                  // h#5 under 安南, h#3 without
	fSelf    = "4r4/4k4/9/9/9/9/9/3P1P3/3L$GL3 b G 1"          // hs#2 against a royal gold
	fDiagram = "6$(li)1k/7p1/9/4(GH)4/9/9/9/9/$B8 w (GH)2Pl 1" // every fairy element
	fBatch   = "testdata/fairy/batch.sfen"                     // a batch: mates, a bad token, an illegal position, no royal

	fAnnanMate3  = "9/2k6/N8/1R7/1B7/4S4/4G4/9/9 b GN 1" // 安南: mate in 3 (fmza's), sound
	fTenjikuCook = "8k/9/8B/9/9/9/4K4/9/9 b SN 1"        // 天竺: mate in 3 with a cook (余詰) at ply 1

	// Fairy problems with themes (theme/testdata/fairy-themes.txt).
	fAnnanSacrifice  = "5B2k/8g/9/9/8N/9/9/9/9 b RG 1"  // 安南: the knight sacrificed at ply 3, head gold at 5
	fTenjikuNonPromo = "9/6k2/6nR1/7P1/9/9/9/9/9 b R 1" // 天竺: the rook's non-promotion at plies 3 and 5
	fAnnanDiscovered = "4l2nk/9/9/9/9/9/9/9/9 b GN 1"   // 安南: a check discovered by the rules at ply 5
)

var fairyGoldenCases = []goldenCase{
	{"help_lion", []string{"solve", "--stip", "help", "--sfen", fLion}, ""},
	{"help_lion_json", []string{"solve", "--stip", "help", "--sfen", fLion, "--json"}, ""},
	{"help_grasshopper", []string{"solve", "--stip", "help", "--sfen", fGH, "--lines", "2"}, ""},
	{"help_royal_bishop", []string{"solve", "--stip", "help", "--sfen", fRoyalB}, ""},
	{"help_tenjiku", []string{"solve", "--stip", "help", "--rules", "tenjiku", "--sfen", fKings}, ""},
	{"help_annan", []string{"solve", "--stip", "help", "--rules", "annan", "--sfen", fAnnan, "--lines", "1"}, ""},
	{"helpself_royal_gold", []string{"solve", "--stip", "helpself", "--sfen", fSelf}, ""},
	{"perft_grasshopper_d2", []string{"perft", "--sfen", fGH, "--depth", "2"}, ""},
	{"perft_annan_divide_d1", []string{"perft", "--rules", "annan", "--depth", "1", "--divide"}, ""},
	{"perft_tenjiku_d3", []string{"perft", "--rules", "tenjiku", "--depth", "3"}, ""},
	{"render_text", []string{"render", "--sfen", fDiagram}, ""},
	{"render_text_rules", []string{"render", "--sfen", fDiagram, "--rules", "annan,tenjiku", "--title", "異王"}, ""},
	{"render_svg", []string{"render", "--sfen", fDiagram, "--format", "svg", "--move", "L*5a"}, ""},
	{"render_bod", []string{"render", "--sfen", fDiagram, "--format", "bod", "--rules", "tenjiku"}, ""},
	{"render_sfen", []string{"render", "--sfen", fDiagram, "--format", "sfen", "--moves", "L*5a (GH)*5e"}, ""},
	{"mate_royal_bishop", []string{"solve", "--sfen", "8$b/9/7S1/9/9/9/9/9/9 b G 1"}, ""},
	{"mate_tenjiku_json", []string{"solve", "--rules", "tenjiku", "--sfen", "4k4/9/4P4/9/9/9/9/9/9 b G 1", "--json"}, ""},
	{"mate_annan", []string{"solve", "--rules", "annan", "--sfen", fAnnanMate3, "--futile", "count"}, ""},
	{"mate_annan_json", []string{"solve", "--rules", "annan", "--sfen", fAnnanMate3, "--futile", "count", "--json"}, ""},
	{"mate_tenjiku_cook_json", []string{"solve", "--rules", "tenjiku", "--sfen", fTenjikuCook, "--as-given", "--json"}, ""},
	{"mate_leftover", []string{"solve", "--sfen", "8$b/9/7S1/9/9/9/9/9/9 b GP 1", "--as-given"}, ""},
	{"verify_annan_mate3", []string{"verify", "--rules", "annan", "--sfen", fAnnanMate3, "--length", "3"}, ""},
	{"verify_tenjiku_cook_json", []string{"verify", "--rules", "tenjiku", "--sfen", fTenjikuCook, "--as-given", "--json"}, ""},
	{"verify_royal_bishop", []string{"verify", "--sfen", "8$b/9/7S1/9/9/9/9/9/9 b G 1"}, ""},
	{"verify_tenjiku_json", []string{"verify", "--rules", "tenjiku", "--sfen", "4k4/9/4P4/9/9/9/9/9/9 b G 1", "--json"}, ""},
	{"verify_no_mate", []string{"verify", "--sfen", fLion}, ""},
	{"themes_annan_sacrifice_json", []string{"solve", "--rules", "annan", "--sfen", fAnnanSacrifice, "--json"}, ""},
	{"themes_tenjiku_non_promotion", []string{"solve", "--rules", "tenjiku", "--sfen", fTenjikuNonPromo}, ""},
	{"themes_annan_discovered_verify", []string{"verify", "--rules", "annan", "--sfen", fAnnanDiscovered}, ""},
	{"themes_annan_discovered_verify_json", []string{"verify", "--rules", "annan", "--sfen", fAnnanDiscovered, "--json"}, ""},
	{"verify_annan", []string{"verify", "--rules", "annan", "--sfen", fAnnan}, ""},
	{"verify_grasshopper_json", []string{"verify", "--sfen", fGH, "--json"}, ""},

	{"solve_batch_tenjiku", []string{"solve", "--rules", "tenjiku", "--batch", fBatch, "--hash", "16"}, ""},
	{"solve_batch_json", []string{"solve", "--rules", "standard", "--batch", fBatch, "--hash", "16", "--json"}, ""},
	{"verify_batch_annan", []string{"verify", "--rules", "annan", "--sfen", "-"}, fBatch},
	{"verify_records_annan", []string{"verify", "--rules", "annan", "--kif", "testdata/fairy/two.kif"}, ""},
	{"verify_batch_json", []string{"verify", "--rules", "standard", "--batch", fBatch, "--json"}, ""},
	{"err_batch_rules", []string{"verify", "--rules", "frob", "--batch", fBatch}, ""},
	{"err_bad_token", []string{"solve", "--stip", "help", "--sfen", "8k/9/9/9/9/9/9/9/9 b (GX) 1"}, ""},
	{"err_bad_rules", []string{"perft", "--rules", "tenjiku,frob", "--depth", "1"}, ""},
	{"err_no_royal", []string{"solve", "--stip", "help", "--sfen", "8b/9/9/9/9/9/9/9/9 b (GH) 1"}, ""},
	{"err_illegal", []string{"perft", "--sfen", "8k/8p/9/9/9/9/9/9/8(LI) b - 1", "--depth", "1"}, ""},
	{"err_render_format", []string{"render", "--sfen", fDiagram, "--format", "kif"}, ""},
	{"err_render_move", []string{"render", "--sfen", fDiagram, "--moves", "(GH)*5a"}, ""},
}

func TestFairyGolden(t *testing.T) {
	testGoldenCases(t, fairyGoldenDir, fairyGoldenCases, func(s string) string { return normaliseHelp(normaliseSolve(s)) })
}

func TestFairyGoldenFilesUsed(t *testing.T) {
	testGoldenFilesUsed(t, fairyGoldenDir, fairyGoldenCases)
}

func TestFairyErrorsAreOneLine(t *testing.T) {
	for _, cmd := range []string{"solve", "perft", "render"} {
		var cs []goldenCase
		for _, c := range fairyGoldenCases {
			if c.args[0] == cmd {
				cs = append(cs, c)
			}
		}
		testErrorCases(t, cs, "tsume "+cmd+": ")
	}
}

// TestRulesFlagIsOne checks that --rules means one thing: the commands
// with a fairy path declare it, and every command that declares it does
// so with the one help (rules.go).
func TestRulesFlagIsOne(t *testing.T) {
	want := map[string]bool{"solve": true, "verify": true, "perft": true, "render": true}
	for _, c := range commandList() {
		fs := flag.NewFlagSet("tsume "+c.name, flag.ContinueOnError)
		c.setup(fs)
		f := fs.Lookup("rules")
		switch {
		case f == nil && want[c.name]:
			t.Errorf("%s has no --rules", c.name)
		case f != nil && f.Usage != rulesUsage:
			t.Errorf("%s --rules: %q, want %q", c.name, f.Usage, rulesUsage)
		}
	}
}

// TestFairyJSONIsStandardShape checks that the JSON objects of fairy
// problems are the standard ones: verify's by the rules of its standard
// objects, solve's by TestSolveJSONShape.
func TestFairyJSONIsStandardShape(t *testing.T) {
	for _, args := range [][]string{
		{"verify", "--json", "--sfen", "8$b/9/7S1/9/9/9/9/9/9 b G 1"},
		{"verify", "--json", "--rules", "tenjiku", "--sfen", "4k4/9/4P4/9/9/9/9/9/9 b G 1"},
		{"verify", "--json", "--sfen", fLion},
		{"verify", "--json", "--rules", "annan", "--batch", fBatch},
	} {
		_, out, errs := runCLI(args...)
		if out == "" {
			t.Fatalf("%v: no output; stderr %q", args, errs)
		}
		for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
			checkVerifyJSONLine(t, line)
			var v struct{ Rules string }
			if err := json.Unmarshal([]byte(line), &v); err != nil || v.Rules == "" {
				t.Errorf("%v: no rules in %s (%v)", args, line, err)
			}
		}
	}
	// A standard problem's objects have no "rules".
	for _, args := range [][]string{
		{"verify", "--json", "--sfen", "4k4/9/4P4/9/9/9/9/9/9 b G 1"},
		{"solve", "--json", "--sfen", "4k4/9/4P4/9/9/9/9/9/9 b G 1"},
	} {
		_, out, _ := runCLI(args...)
		if strings.Contains(out, `"rules"`) || strings.Contains(out, `"pv_incomplete"`) {
			t.Errorf("%v: %s", args, out)
		}
	}
}

// TestAnnanLiftsDeadPieces checks the rule of docs/fairy.md that 安南
// lifts the dead-piece rule (fmza, lishogi): a knight on the last rank
// of a standard SFEN is taken under --rules annan (it may move as the
// piece behind it), refused under the standard rules and 天竺 with the
// square named.
func TestAnnanLiftsDeadPieces(t *testing.T) {
	const sfen = "N1k6/9/9/1R7/1B7/4S4/4G4/9/9 b GN 1" // the knight on 9a, dead in shogi
	code, out, errs := runCLI("solve", "--rules", "annan", "--sfen", sfen)
	if code != 0 || !strings.Contains(out, "status: mate") {
		t.Errorf("solve --rules annan: exit %d, stdout %q, stderr %q; want a mate", code, out, errs)
	}
	for _, rules := range []string{"standard", "tenjiku"} {
		code, _, errs := runCLI("solve", "--rules", rules, "--sfen", sfen)
		if code == 0 || !strings.Contains(errs, "knight on 9a could never move again") {
			t.Errorf("solve --rules %s: exit %d, stderr %q; want the dead knight on 9a named", rules, code, errs)
		}
	}
}
