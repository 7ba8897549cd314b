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

// bank import and export carry the rules and the stipulation; the query
// flags --rules and --stip select by them; a format that cannot hold
// them is refused.
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
	for _, f := range []string{"sfen", "kif"} {
		_, errs, code := runBankCLI(t, context.Background(), "", "bank", "export", "--bank", db, "--format", f)
		if code != ExitError || !strings.Contains(errs, "use jsonl") {
			t.Errorf("export --format %s: exit %d, %s", f, code, errs)
		}
	}
	if list := mustRun(t, "bank", "query", "--bank", db); !strings.Contains(list, "(annan mate)") || !strings.Contains(list, "(standard help)") {
		t.Errorf("query:\n%s", list)
	}
	_, errs, code := runBankCLI(t, context.Background(), "", "bank", "query", "--bank", db, "--rules", "anan")
	if code != ExitError || !strings.Contains(errs, "anan") {
		t.Errorf("query --rules anan: exit %d, %s", code, errs)
	}
}
