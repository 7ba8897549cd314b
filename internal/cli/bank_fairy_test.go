package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// bankFairyJSONL are two problems in generate's jsonl: issue 28's 安南 mate
// in 3 (its knight drop on the second rank legal only under 安南) and the
// same position as a standard helpmate.
const bankFairyJSONL = `{"sfen":"9/2k6/N8/1R7/1B7/4S4/4G4/9/9 b GN 1","solution":"G*7c 7b7a N*7b","rules":"annan"}
{"sfen":"9/2k6/N8/1R7/1B7/4S4/4G4/9/9 b GN 1","solution":"","stip":"help"}
`

// bank import and export carry the rules and the stipulation, in jsonl
// and kif; the query flags --rules and --stip select by them; a format
// that cannot hold them is refused.
func TestBankFairyImportExport(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "fairy.jsonl")
	if err := os.WriteFile(in, []byte(bankFairyJSONL), 0o644); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "fairy.db")
	mustRun(t, "bank", "import", "--bank", db, in)
	out := mustRun(t, "bank", "export", "--bank", db, "--format", "jsonl")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], `"rules":"annan"`) || strings.Contains(lines[0], `"stip"`) ||
		!strings.Contains(lines[1], `"stip":"help"`) || strings.Contains(lines[1], `"rules"`) {
		t.Errorf("export:\n%s", out)
	}
	for _, tc := range []struct {
		flags []string
		want  int
	}{
		{[]string{"--rules", "annan"}, 1},
		{[]string{"--rules", "standard"}, 1},
		{[]string{"--stip", "help"}, 1},
		{[]string{"--stip", "mate", "--rules", "standard"}, 0},
	} {
		got := mustRun(t, append([]string{"bank", "export", "--bank", db, "--format", "jsonl"}, tc.flags...)...)
		if n := strings.Count(got, "\n"); n != tc.want {
			t.Errorf("export %v: %d problems, want %d", tc.flags, n, tc.want)
		}
	}
	for _, f := range []string{"sfen", "ki2", "csa"} {
		_, errs, code := runBankCLI(t, context.Background(), "", "bank", "export", "--bank", db, "--format", f)
		if code != ExitError || !strings.Contains(errs, "use jsonl or kif") {
			t.Errorf("export --format %s: exit %d, %s", f, code, errs)
		}
	}
	// kif holds the rules (条件：) and the stipulation (種類：).
	kif := mustRun(t, "bank", "export", "--bank", db, "--format", "kif")
	if !strings.Contains(kif, "条件：annan\n") || !strings.Contains(kif, "種類：ばか詰\n") || !strings.Contains(kif, "   3 ７二桂打") {
		t.Errorf("export --format kif:\n%s", kif)
	}
	if list := mustRun(t, "bank", "query", "--bank", db); !strings.Contains(list, "(annan mate)") || !strings.Contains(list, "(standard help)") {
		t.Errorf("query:\n%s", list)
	}
	_, errs, code := runBankCLI(t, context.Background(), "", "bank", "query", "--bank", db, "--rules", "anan")
	if code != ExitError || !strings.Contains(errs, "anan") {
		t.Errorf("query --rules anan: exit %d, %s", code, errs)
	}
}

// bankFairyBoardJSONL are problems whose positions package shogi cannot
// hold: a 天竺 mate in 3 with the attacker's royal horse, and a mate in 1
// by a Grasshopper under the standard rules.
const bankFairyBoardJSONL = `{"sfen":"9/9/9/3k5/5R3/1n7/4$+B4/9/9 b Nrb4g4s2n4l18p 1","solution":"N*5f 6d7f 4e7e","rules":"tenjiku","verdict":"sound"}
{"sfen":"k8/Bp7/1G7/9/9/9/9/9/9 b (GH)2rb3g4s4n4l17p 1","solution":"(GH)*9c","verdict":"sound"}
`

// Problems with fairy pieces go through bank import and export: the
// jsonl written again byte for byte by a second bank, the query list with
// the fairy SFEN, --board and --mating-piece (GH); kif writes them with
// their royals and fairy pieces, and is refused on import; the formats
// that cannot hold them are refused.
func TestBankFairyBoard(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "fairy.jsonl")
	if err := os.WriteFile(in, []byte(bankFairyBoardJSONL), 0o644); err != nil {
		t.Fatal(err)
	}
	db, db2, again := filepath.Join(dir, "a.db"), filepath.Join(dir, "b.db"), filepath.Join(dir, "again.jsonl")
	mustRun(t, "bank", "import", "--bank", db, in)
	first := mustRun(t, "bank", "export", "--bank", db, "--format", "jsonl")
	if err := os.WriteFile(again, []byte(first), 0o644); err != nil {
		t.Fatal(err)
	}
	mustRun(t, "bank", "import", "--bank", db2, again)
	if second := mustRun(t, "bank", "export", "--bank", db2, "--format", "jsonl"); second != first {
		t.Errorf("exported again:\n%s\nwant\n%s", second, first)
	}
	for _, want := range []string{`"sfen":"9/9/9/3k5/5R3/1n7/4$+B4/9/9 b Nrb4g4s2n4l18p 1"`, `"solution":"(GH)*9c"`, `"solution_ja":"▲９三グ打"`} {
		if !strings.Contains(first, want) {
			t.Errorf("export has no %s:\n%s", want, first)
		}
	}
	list := mustRun(t, "bank", "query", "--bank", db, "--board", "fairy")
	if !strings.Contains(list, "4$+B4") || !strings.Contains(list, "(GH)2rb") || !strings.Contains(list, "(standard mate)") {
		t.Errorf("query --board fairy:\n%s", list)
	}
	for flags, want := range map[string]int{"--board standard": 0, "--board fairy": 2, "--mating-piece (GH)": 1, "--rules tenjiku": 1} {
		got := mustRun(t, append([]string{"bank", "export", "--bank", db, "--format", "jsonl"}, strings.Fields(flags)...)...)
		if n := strings.Count(got, "\n"); n != want {
			t.Errorf("export %s: %d problems, want %d", flags, n, want)
		}
	}
	kif := mustRun(t, "bank", "export", "--bank", db, "--format", "kif")
	for _, want := range []string{"異王：▲５七馬\n", "条件：tenjiku\n", "   2 ７六玉(64)", "先手の持駒：グ\n", "   1 ９三グ打", "まで1手で詰み"} {
		if !strings.Contains(kif, want) {
			t.Errorf("kif has no %q:\n%s", want, kif)
		}
	}
	kifFile := filepath.Join(dir, "fairy.kif")
	if err := os.WriteFile(kifFile, []byte(kif), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errs, code := runBankCLI(t, context.Background(), "", "bank", "import", "--bank", db2, kifFile)
	if code != ExitError || !strings.Contains(errs, "fairy.kif:") || !strings.Contains(errs, "import its jsonl") {
		t.Errorf("import of the kif: exit %d, %s", code, errs)
	}
	for _, f := range []string{"sfen", "ki2", "csa"} {
		_, errs, code := runBankCLI(t, context.Background(), "", "bank", "export", "--bank", db, "--format", f)
		if code != ExitError || !strings.Contains(errs, "fairy pieces or royals") || !strings.Contains(errs, "jsonl or kif") {
			t.Errorf("export --format %s: exit %d, %s", f, code, errs)
		}
	}
	for _, flags := range [][]string{{"--board", "chess"}, {"--mating-piece", "+(GH)"}} {
		_, errs, code := runBankCLI(t, context.Background(), "", append([]string{"bank", "query", "--bank", db}, flags...)...)
		if code != ExitError || !strings.Contains(errs, flags[0]) {
			t.Errorf("query %v: exit %d, %s", flags, code, errs)
		}
	}
}

// bank add solves and judges fairy positions as solve does: a fairy SFEN,
// or --rules for every position; the problem is stored with its rules and
// its fairy SFEN; bad rules and bad tokens are named.
func TestBankAddFairy(t *testing.T) {
	ctx := context.Background()
	db := filepath.Join(t.TempDir(), "add.db")
	out := mustRun(t, "bank", "add", "--bank", db, "--rules", "tenjiku", "--sfen", "9/9/9/3k5/5R3/1n7/4$+B4/9/9 b N 1")
	if want := "added: 9/9/9/3k5/5R3/1n7/4$+B4/9/9 b Nrb4g4s2n4l18p 1 mate in 3 (sound): N*5f 6d7f 4e7e  (tenjiku mate)\n"; out != want {
		t.Errorf("add:\n%s\nwant\n%s", out, want)
	}
	stdin := "k8/Bp7/1G7/9/9/9/9/9/9 b (GH) 1\n9/9/9/3k5/5R3/1n7/4$+B4/9/9 b N 1\n"
	// Under the standard rules the royal horse's position has no mate:
	// the king, checked by the knight, escapes with a king's step.
	out, errs, code := runBankCLI(t, ctx, stdin, "bank", "add", "--bank", db)
	if code != ExitNo || out != "added: k8/Bp7/1G7/9/9/9/9/9/9 b (GH)2rb3g4s4n4l17p 1 mate in 1 (sound): (GH)*9c  (standard mate)\n" ||
		!strings.Contains(errs, "stdin:2: 9/9/9/3k5/5R3/1n7/4$+B4/9/9 b N 1: no mate") {
		t.Errorf("add from stdin: exit %d\n%s%s", code, out, errs)
	}
	if list := mustRun(t, "bank", "query", "--bank", db, "--board", "fairy"); strings.Count(list, "\n") != 3 {
		t.Errorf("query --board fairy:\n%s", list)
	}
	for _, tc := range []struct{ args []string }{
		{[]string{"--rules", "anan", "--sfen", "4k4/9/4P4/9/9/9/9/9/9 b G 1"}},
		{[]string{"--sfen", "4k4/9/4P4/9/9/9/9/9/9 b (GX) 1"}},
	} {
		_, errs, code := runBankCLI(t, ctx, "", append([]string{"bank", "add", "--bank", db}, tc.args...)...)
		want := map[bool]string{true: `"anan"`, false: `hands field`}[tc.args[0] == "--rules"]
		if code != ExitError || !strings.Contains(errs, want) {
			t.Errorf("add %v: exit %d, %s", tc.args, code, errs)
		}
	}
}
